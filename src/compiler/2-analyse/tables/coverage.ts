// Which rules can fire: strict tables end in an else row (all `-`), and in a FIRST table
// nothing after an all-`-` rule is ever reached.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { RuleIR, TableIR } from "../../../ir/ir.js";

const isCatchAll = (r: RuleIR): boolean => r.conditions.every((c) => c.kind === "any");

export function checkCoverage(table: TableIR, ruleRows: number, strict: boolean, sink: Diagnostic[]): void {
  if (ruleRows === 0) {
    sink.push(diagnostic("tables.empty", { variant: "no-rules" }, { address: table.address }));
    return;
  }
  const last = table.rules[table.rules.length - 1];
  if (strict && last && !isCatchAll(last)) sink.push(diagnostic("tables.no-else-row", {}, { address: last.address }));
  if (table.hit !== "FIRST") return;
  const catchAll = table.rules.findIndex(isCatchAll);
  if (catchAll < 0) return;
  for (const r of table.rules.slice(catchAll + 1))
    sink.push(diagnostic("tables.unreachable-rule", { rule: r.index, catchAll: table.rules[catchAll]!.index }, { address: r.address }));
}
