// One threshold written two ways: in a number or date column, one rule bounds the values from a
// value on (or up to it) including the value, and another excluding it — `>= 0.5` here, `> 0.5`
// there. Usually one of them is an off-by-one; which one, only the author knows.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { RuleIR, TableIR } from "../../../ir/ir.js";
import type { ValueSet } from "./cell-sets.js";

export interface BoundSite {
  sink: Diagnostic[];
  cellText(rule: RuleIR, column: number): string;
}

interface Bound {
  rule: RuleIR;
  /** "from" for a lower bound, "to" for an upper one */
  side: "from" | "to";
  at: number;
  inclusive: boolean;
}

function boundsOf(rule: RuleIR, set: ValueSet | undefined): Bound[] {
  if (set?.kind !== "ordered") return [];
  return set.intervals.flatMap((i) => [
    ...(Number.isFinite(i.lo) && i.lo !== i.hi ? [{ rule, side: "from" as const, at: i.lo, inclusive: i.loIn }] : []),
    ...(Number.isFinite(i.hi) && i.lo !== i.hi ? [{ rule, side: "to" as const, at: i.hi, inclusive: i.hiIn }] : []),
  ]);
}

export function checkBounds(
  table: TableIR,
  rules: readonly RuleIR[],
  setsOf: (r: RuleIR) => readonly (ValueSet | undefined)[],
  site: BoundSite,
): void {
  table.inputs.forEach((input, column) => {
    if (input.type.kind !== "number" && input.type.kind !== "date") return;
    const first = new Map<string, Bound>();
    for (const b of rules.flatMap((r) => boundsOf(r, setsOf(r)[column]))) {
      const key = `${b.side} ${b.at}`;
      const earlier = first.get(key);
      if (!earlier) first.set(key, b);
      else if (earlier.inclusive !== b.inclusive && earlier.rule !== b.rule) {
        const params = { text: site.cellText(b.rule, column), other: earlier.rule.index, otherText: site.cellText(earlier.rule, column) };
        site.sink.push(diagnostic("tables.inconsistent-bound", params, { address: b.rule.address }));
      }
    }
  });
}
