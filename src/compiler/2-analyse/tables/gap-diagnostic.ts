// The diagnostic of one value two rules leave out (see gaps.ts), apart from how gaps are found.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { RuleIR } from "../../../ir/ir.js";

/** The value `at` left out between two rules' cells in `column`, reported at the later rule. */
export function reportGap(
  at: number,
  a: RuleIR,
  b: RuleIR,
  column: number,
  site: { sink: Diagnostic[]; cellText(rule: RuleIR, column: number): string },
): void {
  const [first, second] = a.index < b.index ? [a, b] : [b, a];
  const params = {
    value: String(at),
    first: first.index,
    firstText: site.cellText(first, column),
    second: second.index,
    secondText: site.cellText(second, column),
  };
  site.sink.push(diagnostic("tables.gap", params, { address: second.address }));
}
