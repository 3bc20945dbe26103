// One number left out between two rules: among rules that agree on every other column, one
// matches up to a value (excluded) and another from it (excluded), and none matches the value
// itself: `> 0.5` and `(0.3..0.5)` leave 0.5 to a later rule. Usually an off-by-one.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { RuleIR, TableIR } from "../../../ir/ir.js";
import type { ValueSet } from "./cell-sets.js";

export interface GapSite {
  sink: Diagnostic[];
  cellText(rule: RuleIR, column: number): string;
}

/** Rules that test `column` and whose cells outside it are written alike. */
function siblings(rules: readonly RuleIR[], column: number, site: GapSite): RuleIR[][] {
  const groups = new Map<string, RuleIR[]>();
  for (const r of rules.filter((r) => r.conditions[column]!.kind !== "any")) {
    const key = r.conditions.map((_, i) => (i === column ? "" : site.cellText(r, i))).join("\u0000");
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

const intervalsOf = (set: ValueSet | undefined) => (set?.kind === "ordered" ? set.intervals : undefined);

function checkGroup(
  group: readonly RuleIR[],
  column: number,
  setsOf: (r: RuleIR) => readonly (ValueSet | undefined)[],
  site: GapSite,
): void {
  const ends = group.flatMap((r) => (intervalsOf(setsOf(r)[column]) ?? []).map((i) => ({ rule: r, ...i })));
  const covered = (p: number): boolean => ends.some((i) => (i.lo < p || (i.lo === p && i.loIn)) && (p < i.hi || (p === i.hi && i.hiIn)));
  for (const below of ends) {
    if (below.hiIn || !Number.isFinite(below.hi)) continue;
    const above = ends.find((i) => i.lo === below.hi && !i.loIn && i.rule !== below.rule);
    if (!above || covered(below.hi)) continue;
    const [first, second] = below.rule.index < above.rule.index ? [below.rule, above.rule] : [above.rule, below.rule];
    const params = {
      value: String(below.hi),
      first: first.index,
      firstText: site.cellText(first, column),
      second: second.index,
      secondText: site.cellText(second, column),
    };
    site.sink.push(diagnostic("tables.gap", params, { address: second.address }));
  }
}

export function checkGaps(
  table: TableIR,
  rules: readonly RuleIR[],
  setsOf: (r: RuleIR) => readonly (ValueSet | undefined)[],
  site: GapSite,
) {
  table.inputs.forEach((input, column) => {
    if (input.type.kind !== "number") return;
    for (const group of siblings(rules, column, site)) checkGroup(group, column, setsOf, site);
  });
}
