// One number left out between two rules: among rules that agree on every other column, one
// matches up to a value (excluded) and another from it (excluded), and none matches the value
// itself: `> 0.5` and `(0.3..0.5)` leave 0.5 to a later rule. Usually an off-by-one.
import type { Diagnostic } from "../../../ir/diagnostics.js";
import type { RuleIR, TableIR } from "../../../ir/ir.js";
import type { Interval, ValueSet } from "./cell-sets.js";
import { reportGap } from "./gap-diagnostic.js";

export interface GapSite {
  sink: Diagnostic[];
  cellText(rule: RuleIR, column: number): string;
}

/**
 * For each rule and column, a key that rules share exactly when their cells outside the column are
 * written alike, made in one pass over the cells: each cell's text numbered within its column, then
 * the cells before each column and those after it numbered as classes, one column at a time.
 * (Written out for each column, the key of a rule cost its whole row: n² over a table of n columns.)
 */
function outsideKeys(rules: readonly RuleIR[], columns: number, site: GapSite): (rule: number, column: number) => string {
  const texts = rules.map(() => new Int32Array(columns));
  for (let c = 0; c < columns; c++) {
    const numbered = new Map<string, number>();
    rules.forEach((r, k) => {
      const text = site.cellText(r, c);
      let id = numbered.get(text);
      if (id === undefined) numbered.set(text, (id = numbered.size));
      texts[k]![c] = id;
    });
  }
  // before[k][c]: the class of rule k's cells [0, c); after[k][c]: of its cells [c, columns)
  const before = rules.map(() => new Int32Array(columns + 1));
  const after = rules.map(() => new Int32Array(columns + 1));
  for (let c = 0; c < columns; c++) {
    const [ahead, behind] = [new Map<string, number>(), new Map<string, number>()];
    const back = columns - 1 - c;
    rules.forEach((_, k) => {
      before[k]![c + 1] = classOf(ahead, `${before[k]![c]} ${texts[k]![c]}`);
      after[k]![back] = classOf(behind, `${texts[k]![back]} ${after[k]![back + 1]}`);
    });
  }
  return (k, c) => `${before[k]![c]} ${after[k]![c + 1]}`;
}

function classOf(classes: Map<string, number>, key: string): number {
  let id = classes.get(key);
  if (id === undefined) classes.set(key, (id = classes.size));
  return id;
}

/** Rules that test `column` and whose cells outside it are written alike. */
function siblings(rules: readonly RuleIR[], column: number, keyOf: (rule: number, column: number) => string): RuleIR[][] {
  const groups = new Map<string, RuleIR[]>();
  rules.forEach((r, k) => {
    if (r.conditions[column]!.kind === "any") return;
    const key = keyOf(k, column);
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  });
  return [...groups.values()].filter((g) => g.length > 1);
}

const intervalsOf = (set: ValueSet | undefined) => (set?.kind === "ordered" ? set.intervals : undefined);

/**
 * Whether some interval holds a point: the intervals sorted by lower bound, each with the highest
 * upper bound up to it, so one binary search answers (a point p is held by an interval that starts
 * at or before it, included, and ends after it or at it, included).
 */
function coverage(intervals: readonly Interval[]): (p: number) => boolean {
  const sorted = [...intervals].sort((a, b) => (a.lo < b.lo ? -1 : a.lo > b.lo ? 1 : Number(b.loIn) - Number(a.loIn)));
  // the highest upper bound among sorted[0..k]: [value, 1 when included]
  const highest: [number, number][] = [];
  for (const i of sorted) {
    const last = highest[highest.length - 1];
    const own: [number, number] = [i.hi, i.hiIn ? 1 : 0];
    highest.push(last && (last[0] > own[0] || (last[0] === own[0] && last[1] >= own[1])) ? last : own);
  }
  return (p) => {
    // the intervals starting at or before p, included: lower bound below p, or at p and included
    let [lo, hi] = [0, sorted.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const i = sorted[mid]!;
      if (i.lo < p || (i.lo === p && i.loIn)) lo = mid + 1;
      else hi = mid;
    }
    const h = highest[lo - 1];
    return h !== undefined && (h[0] > p || (h[0] === p && h[1] === 1));
  };
}

function checkGroup(
  group: readonly RuleIR[],
  column: number,
  setsOf: (r: RuleIR) => readonly (ValueSet | undefined)[],
  site: GapSite,
): void {
  const ends = group.flatMap((r) => (intervalsOf(setsOf(r)[column]) ?? []).map((i) => ({ rule: r, ...i })));
  const covered = coverage(ends);
  // the intervals open at each lower bound, in order
  const openAt = new Map<number, (typeof ends)[number][]>();
  for (const i of ends.filter((i) => !i.loIn)) {
    const at = openAt.get(i.lo);
    if (at) at.push(i);
    else openAt.set(i.lo, [i]);
  }
  for (const below of ends) {
    if (below.hiIn || !Number.isFinite(below.hi)) continue;
    const above = openAt.get(below.hi)?.find((i) => i.rule !== below.rule);
    if (!above || covered(below.hi)) continue;
    reportGap(below.hi, below.rule, above.rule, column, site);
  }
}

export function checkGaps(
  table: TableIR,
  rules: readonly RuleIR[],
  setsOf: (r: RuleIR) => readonly (ValueSet | undefined)[],
  site: GapSite,
) {
  if (!table.inputs.some((input) => input.type.kind === "number")) return;
  const keyOf = outsideKeys(rules, table.inputs.length, site);
  table.inputs.forEach((input, column) => {
    if (input.type.kind !== "number") return;
    for (const group of siblings(rules, column, keyOf)) checkGroup(group, column, setsOf, site);
  });
}
