// Which rules can fire. Strict tables end in an else row (all `-`). A cell that matches every
// value of its kind, or none, is reported; so is a rule of a FIRST table that an earlier rule
// covers column by column. Rules with an error (`broken`) are left out: what they match is not
// known, and a second message about them would only mislead.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { UnaryTests } from "../../../ir/feel-ast.js";
import type { RuleIR, TableIR } from "../../../ir/ir.js";
import type { Type } from "../../../ir/types.js";
import { typeToString } from "../expressions/compat.js";
import { checkBounds } from "./bounds.js";
import { checkGaps } from "./gaps.js";
import { cellSet, covers, domainOf, holds, intersect, isEmpty, type Interval, type ValueSet } from "./cell-sets.js";

const isCatchAll = (r: RuleIR): boolean => r.conditions.every((c) => c.kind === "any");

export interface CoverageSite {
  /** how many rule rows the table has, read or not */
  rows: number;
  /** indices of the rules with errors */
  broken: ReadonlySet<number>;
  strict: boolean;
  sink: Diagnostic[];
  /** each rule's input cells as written, for messages */
  cellText(rule: RuleIR, column: number): string;
}

export function checkCoverage(table: TableIR, site: CoverageSite): void {
  const { sink } = site;
  if (site.rows === 0) {
    // DMN allows a table without rules (Camunda Modeler and dmn-js make them): nothing matches, so
    // it gives its default output or null. Strict models need rules.
    if (site.strict) sink.push(diagnostic("tables.empty", { variant: "no-rules" }, { address: table.address }));
    return;
  }
  const last = table.rules[table.rules.length - 1];
  if (site.strict && last && !site.broken.has(last.index) && !isCatchAll(last))
    sink.push(diagnostic("tables.no-else-row", {}, { address: last.address }));
  const rules = table.rules.filter((r) => !site.broken.has(r.index));
  // a cell's set follows from its text and its column: a large table repeats few texts, each read once
  // (sets are never changed, so rules share them)
  const known = table.inputs.map(() => new Map<string, ValueSet | undefined>());
  const setOf = (r: RuleIR, i: number): ValueSet | undefined => {
    const text = site.cellText(r, i);
    const byText = known[i]!;
    if (byText.has(text)) return byText.get(text);
    const set = cellSet(r.conditions[i]!, table.inputs[i]!.type);
    byText.set(text, set);
    return set;
  };
  const sets = rules.map((r) => r.conditions.map((_, i) => setOf(r, i)));
  const columns = table.inputs.map((c): Column => ({ type: c.type, all: cellSet(ANY, c.type), domain: domainOf(c.type) }));
  const verdicts = rules.map((r, k) => checkCells(columns, r, sets[k]!, site));
  // a rule with a reported cell neither is reported again nor, matching too much, shadows later ones
  const clean = rules.filter((_, k) => verdicts[k] === "clean");
  const setsByRule = new Map(rules.map((r, k) => [r, sets[k]!]));
  const setsOf = (r: RuleIR) => setsByRule.get(r)!;
  if (table.hit === "FIRST") checkShadowed(clean, setsOf, site);
  checkGaps(table, clean, setsOf, site);
  checkBounds(table, clean, setsOf, site);
}

/** A column's type, every value of its kind, and the values its declared type allows. */
interface Column {
  type: Type;
  all: ValueSet | undefined;
  domain: ValueSet | undefined;
}

/** What is wrong with a cell's set of values, if anything. */
function cellProblem(set: ValueSet, { all, domain }: Column): "nothing" | "everything" | "none" | "all" | undefined {
  if (isEmpty(set)) return "nothing";
  if (set.kind !== "finite" && all && covers(set, all)) return "everything";
  if (domain && isEmpty(intersect(set, domain))) return "none";
  if (set.kind === "finite" && domain && covers(set, domain)) return "all";
  return undefined;
}

/** Reports cells that match everything or nothing; whether the rule had one. */
function checkCells(
  columns: readonly Column[],
  rule: RuleIR,
  sets: readonly (ValueSet | undefined)[],
  site: CoverageSite,
): "clean" | "reported" {
  let verdict: "clean" | "reported" = "clean";
  for (let i = 0; i < rule.conditions.length; i++) {
    const set = sets[i];
    if (!set || rule.conditions[i]!.kind === "any") continue;
    const problem = cellProblem(set, columns[i]!);
    if (!problem) continue;
    const { type } = columns[i]!;
    const text = site.cellText(rule, i);
    site.sink.push(
      problem === "nothing" || problem === "everything"
        ? diagnostic("tables.cell-vacuous", { variant: problem, text, type: type.kind }, { address: rule.address, strict: site.strict })
        : diagnostic("tables.cell-outside-type", { variant: problem, text, type: typeToString(type) }, { address: rule.address }),
    );
    verdict = "reported";
  }
  return verdict;
}

const ANY: UnaryTests = { kind: "any", span: { start: 0, end: 0 } };

/** Is every cell of `inner` covered by the same column's cell of `outer`? A cell with no set is covered only by `-`. */
function coveredBy(
  outer: RuleIR,
  outerSets: readonly (ValueSet | undefined)[],
  inner: RuleIR,
  innerSets: readonly (ValueSet | undefined)[],
): boolean {
  for (let i = 0; i < outer.conditions.length; i++) {
    if (outer.conditions[i]!.kind === "any") continue;
    const [a, b] = [outerSets[i], innerSets[i]];
    if (!a || !b || !covers(a, b)) return false;
  }
  return true;
}

/**
 * A cell in a form that compares in a few instructions: the bits of a small finite type's values,
 * or a single interval; undefined for anything else.
 */
type Quick = number | Interval | undefined;

function quick(set: ValueSet | undefined): Quick {
  if (set?.kind === "finite" && set.universe.length <= 31)
    return set.universe.reduce((bits, v, i) => (set.values.has(v) ? bits | (1 << i) : bits), 0);
  if (set?.kind === "ordered" && set.intervals.length === 1) return set.intervals[0];
  return undefined;
}

/** False when the quick forms show that `outer` cannot cover `inner`; true when they cannot tell. */
function mayCover(outer: RuleIR, outerQuick: readonly Quick[], innerQuick: readonly Quick[]): boolean {
  for (let i = 0; i < outerQuick.length; i++) {
    const [o, n] = [outerQuick[i], innerQuick[i]];
    if (outer.conditions[i]!.kind === "any" || o === undefined || n === undefined) continue;
    if (typeof o === "number" ? typeof n === "number" && (n & ~o) !== 0 : typeof n === "object" && !holds(o, n)) return false;
  }
  return true;
}

/**
 * The column whose cells best tell rules apart by their bits (the most distinct bit sets), or -1:
 * an earlier rule can cover a later one only if its bits in that column hold the later one's.
 */
function bucketColumn(rules: readonly RuleIR[], quickAt: readonly (readonly Quick[])[]): number {
  let best = -1;
  let most = 1;
  for (let i = 0; i < (rules[0]?.conditions.length ?? 0); i++) {
    const seen = new Set<number>();
    rules.forEach((r, k) => {
      const q = quickAt[k]![i];
      if (r.conditions[i]!.kind !== "any" && typeof q === "number") seen.add(q);
    });
    if (seen.size > most) [best, most] = [i, seen.size];
  }
  return best;
}

function checkShadowed(rules: readonly RuleIR[], setsOf: (r: RuleIR) => readonly (ValueSet | undefined)[], site: CoverageSite): void {
  // The first earlier rule that covers each rule. Thousands of rules make millions of pairs, so
  // earlier rules wait in buckets by their bits in one column (`-` and other cells in every
  // bucket's reach), and a rule is compared only with the buckets whose bits hold its own: the
  // others fail `mayCover` on that column anyway. Then a quick test rules most pairs out before
  // the exact one.
  const setsAt = rules.map(setsOf);
  const quickAt = setsAt.map((sets) => sets.map(quick));
  const column = bucketColumn(rules, quickAt);
  const bitsOf = (k: number): number | undefined => {
    const q = column < 0 || rules[k]!.conditions[column]!.kind === "any" ? undefined : quickAt[k]![column];
    return typeof q === "number" ? q : undefined;
  };
  const anywhere: number[] = [];
  const buckets = new Map<number, number[]>();
  /** the first rule of `earlier` (ascending) before `limit` that covers rule k */
  const firstCover = (earlier: readonly number[], k: number, limit: number): number => {
    for (const j of earlier) {
      if (j >= limit) break;
      if (mayCover(rules[j]!, quickAt[j]!, quickAt[k]!) && coveredBy(rules[j]!, setsAt[j]!, rules[k]!, setsAt[k]!)) return j;
    }
    return limit;
  };
  rules.forEach((rule, k) => {
    const bits = bitsOf(k);
    let by = firstCover(anywhere, k, k);
    for (const [outer, earlier] of buckets) if (bits === undefined || (bits & ~outer) === 0) by = firstCover(earlier, k, by);
    if (bits === undefined) anywhere.push(k);
    else if (buckets.has(bits)) buckets.get(bits)!.push(k);
    else buckets.set(bits, [k]);
    if (by === k) return;
    const variant = isCatchAll(rules[by]!) ? "catch-all" : "shadowed";
    site.sink.push(diagnostic("tables.unreachable-rule", { variant, rule: rule.index, by: rules[by]!.index }, { address: rule.address }));
  });
}
