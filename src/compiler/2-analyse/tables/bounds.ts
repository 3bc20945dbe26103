// One threshold written two ways: in a number or date column, one rule bounds the values from a
// value on (or up to it) including the value, and another excluding it — `>= 0.5` here, `> 0.5`
// there. Usually one of them is an off-by-one; which one, only the author knows. Two rules that
// another column keeps apart (`food` and `tech`) never meet at the threshold: no warning then.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { RuleIR, TableIR } from "../../../ir/ir.js";
import { intersect, isEmpty, type ValueSet } from "./cell-sets.js";

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

/** Bounds kept per side, value and inclusion: enough to find a rule not kept apart, in any table. */
const MAX_KEPT = 64;

export function checkBounds(
  table: TableIR,
  rules: readonly RuleIR[],
  setsOf: (r: RuleIR) => readonly (ValueSet | undefined)[],
  site: BoundSite,
): void {
  /** Whether a column other than `column` matches no value in both rules. */
  const apart = (a: RuleIR, b: RuleIR, column: number): boolean => {
    const [sa, sb] = [setsOf(a), setsOf(b)];
    return table.inputs.some((_, c) => c !== column && sa[c] !== undefined && sb[c] !== undefined && isEmpty(intersect(sa[c], sb[c])));
  };
  table.inputs.forEach((input, column) => {
    if (input.type.kind !== "number" && input.type.kind !== "date") return;
    // the bounds seen so far at each side and value, by whether they include it
    const seen = new Map<string, Bound[]>();
    for (const b of rules.flatMap((r) => boundsOf(r, setsOf(r)[column]))) {
      const key = `${b.side} ${b.at}`;
      const other = seen.get(`${key} ${!b.inclusive}`) ?? [];
      const earlier = other.find((e) => e.rule !== b.rule && !apart(e.rule, b.rule, column));
      const own = seen.get(`${key} ${b.inclusive}`) ?? [];
      if (own.length < MAX_KEPT) own.push(b);
      seen.set(`${key} ${b.inclusive}`, own);
      if (earlier) {
        const params = { text: site.cellText(b.rule, column), other: earlier.rule.index, otherText: site.cellText(earlier.rule, column) };
        site.sink.push(diagnostic("tables.inconsistent-bound", params, { address: b.rule.address }));
      }
    }
  });
}
