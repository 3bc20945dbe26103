// The reference for the table checks that compare rules with each other: every pair of rules, as
// plainly as it can be written. The analyser indexes rules to skip pairs; its diagnostics must be
// these, in this order.
import { diagnostic, type Diagnostic } from "../../../src/ir/diagnostics.js";
import type { RuleIR, TableIR } from "../../../src/ir/ir.js";
import { covers, type ValueSet } from "../../../src/compiler/2-analyse/tables/cell-sets.js";
import { reportGap } from "../../../src/compiler/2-analyse/tables/gap-diagnostic.js";

type Sets = readonly (ValueSet | undefined)[];
interface Site {
  sink: Diagnostic[];
  cellText(rule: RuleIR, column: number): string;
}

export const isCatchAll = (r: RuleIR): boolean => r.conditions.every((c) => c.kind === "any");

/** rule j covers rule k when each of j's cells is `-` or holds k's cell (a cell with no set holds nothing) */
const coveredBy = (outer: RuleIR, a: Sets, b: Sets): boolean =>
  outer.conditions.every((c, i) => c.kind === "any" || (a[i] !== undefined && b[i] !== undefined && covers(a[i], b[i])));

/** each rule of a FIRST table that an earlier rule covers, named with the first such rule */
export function checkShadowed(rules: readonly RuleIR[], setsOf: (r: RuleIR) => Sets, site: { sink: Diagnostic[] }): void {
  rules.forEach((rule, k) => {
    const by = rules.slice(0, k).find((earlier) => coveredBy(earlier, setsOf(earlier), setsOf(rule)));
    if (!by) return;
    const variant = isCatchAll(by) ? "catch-all" : "shadowed";
    site.sink.push(diagnostic("tables.unreachable-rule", { variant, rule: rule.index, by: by.index }, { address: rule.address }));
  });
}

/** per number column, rules written alike elsewhere: a value one excludes from above and another from below, held by none */
export function checkGaps(table: TableIR, rules: readonly RuleIR[], setsOf: (r: RuleIR) => Sets, site: Site): void {
  table.inputs.forEach((input, column) => {
    if (input.type.kind !== "number") return;
    const tested = rules.filter((r) => r.conditions[column]!.kind !== "any");
    const key = (r: RuleIR) => r.conditions.map((_, i) => (i === column ? "" : site.cellText(r, i))).join("\u0000");
    const keys = [...new Set(tested.map(key))];
    for (const k of keys) {
      const group = tested.filter((r) => key(r) === k);
      if (group.length < 2) continue;
      const ends = group.flatMap((r) => {
        const set = setsOf(r)[column];
        return set?.kind === "ordered" ? set.intervals.map((i) => ({ rule: r, ...i })) : [];
      });
      const covered = (p: number) => ends.some((i) => (i.lo < p || (i.lo === p && i.loIn)) && (p < i.hi || (p === i.hi && i.hiIn)));
      for (const below of ends) {
        if (below.hiIn || !Number.isFinite(below.hi)) continue;
        const above = ends.find((i) => i.lo === below.hi && !i.loIn && i.rule !== below.rule);
        if (!above || covered(below.hi)) continue;
        reportGap(below.hi, below.rule, above.rule, column, site);
      }
    }
  });
}
