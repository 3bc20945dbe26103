// Which rule of a FIRST table an earlier rule covers column by column: the first such earlier
// rule. Thousands of rules make millions of pairs, so the earlier rules wait in a tree by rule
// number whose nodes summarise their cells column by column (number and date columns by the
// lowest lower and highest upper bound, small finite columns by the union of their bits): a
// walk from the left skips every subtree where no rule can hold the rule's cells, and a quick
// test rules most of the remaining pairs out before the exact one.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { RuleIR } from "../../../ir/ir.js";
import { covers, holds, type Interval, type ValueSet } from "./cell-sets.js";

type Sets = readonly (ValueSet | undefined)[];

export const isCatchAll = (r: RuleIR): boolean => r.conditions.every((c) => c.kind === "any");

/** Is every cell of `inner` covered by the same column's cell of `outer`? A cell with no set is covered only by `-`. */
function coveredBy(outer: RuleIR, outerSets: Sets, inner: RuleIR, innerSets: Sets): boolean {
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

/** A bound as a pair (value, tie) ordered lexicographically: the tie decides between bounds at one value. */
interface Key {
  at: number;
  tie: number;
}

const before = (a: Key, b: Key): boolean => a.at < b.at || (a.at === b.at && a.tie <= b.tie);

/**
 * The bounds of a cell's set as keys: `outer` holds `inner` only if low(outer) ≤ low(inner) and
 * high(outer) ≥ high(inner) (`holds`, written as key order: an included lower bound comes first,
 * an included upper bound last). An outer `-` comes before and after every written bound; a cell
 * with no set is held only by `-`; an empty set is held by every cell.
 */
interface Hull {
  low: Key;
  high: Key;
}

const DASH: Hull = { low: { at: -Infinity, tie: -1 }, high: { at: Infinity, tie: 2 } };
const EMPTY: Hull = { low: { at: Infinity, tie: 2 }, high: { at: -Infinity, tie: -1 } };

function hullOf(set: ValueSet | undefined): Hull | undefined {
  if (set?.kind !== "ordered") return undefined;
  const [first, last] = [set.intervals[0], set.intervals[set.intervals.length - 1]];
  if (!first || !last) return EMPTY;
  return { low: { at: first.lo, tie: first.loIn ? 0 : 1 }, high: { at: last.hi, tie: last.hiIn ? 1 : 0 } };
}

/** every bit: a `-` cell of a finite column as the outer rule */
const ALL_BITS = -1;

/**
 * What one column says about which earlier rules can cover a rule: a number or date column by the
 * bounds of its cells, a small finite column by their bits. `outer` is the rule's cell as the
 * covering one (undefined: it covers nothing), `inner` as the covered one.
 */
type Facet =
  { kind: "bounds"; outer: (Hull | undefined)[]; inner: Hull[] } | { kind: "bits"; outer: (number | undefined)[]; inner: number[] };

function facetOf(
  column: number,
  rules: readonly RuleIR[],
  setsAt: readonly Sets[],
  quickAt: readonly (readonly Quick[])[],
): Facet | undefined {
  const dash = (k: number) => rules[k]!.conditions[column]!.kind === "any";
  const sets = setsAt.map((s) => s[column]);
  if (sets.every((s) => s === undefined || s.kind === "ordered") && sets.some((s) => s !== undefined)) {
    const inner = sets.map((s) => hullOf(s) ?? DASH);
    return { kind: "bounds", outer: sets.map((s, k) => (dash(k) ? DASH : hullOf(s))), inner };
  }
  const bits = quickAt.map((q) => q[column]);
  if (sets.every((s) => s === undefined || s.kind === "finite") && bits.some((b) => typeof b === "number")) {
    const inner = bits.map((b) => (typeof b === "number" ? b : ALL_BITS));
    return { kind: "bits", outer: bits.map((b, k) => (dash(k) ? ALL_BITS : typeof b === "number" ? b : undefined)), inner };
  }
  return undefined;
}

/**
 * The earlier rules in a tree by rule number, each node knowing, per indexed column, the lowest
 * lower bound and the highest upper bound of its rules' cells, or the union of their bits: a walk
 * from the left enters only nodes where some rule may hold rule k's cells, so the first rule that
 * covers k is found without trying the rules that cannot.
 */
class EarlierRules {
  private readonly size: number;
  private readonly filled: Uint8Array;
  private readonly lows: Key[][];
  private readonly highs: Key[][];
  private readonly bits: Int32Array[];

  constructor(
    count: number,
    private readonly facets: readonly Facet[],
  ) {
    let size = 1;
    while (size < count) size *= 2;
    this.size = size;
    this.filled = new Uint8Array(2 * size);
    this.lows = facets.map(() => Array.from({ length: 2 * size }, () => EMPTY.low));
    this.highs = facets.map(() => Array.from({ length: 2 * size }, () => EMPTY.high));
    this.bits = facets.map(() => new Int32Array(2 * size));
  }

  add(k: number): void {
    if (this.facets.some((f) => f.outer[k] === undefined)) return; // covers nothing
    for (let node = k + this.size; node >= 1; node >>= 1) {
      this.filled[node] = 1;
      this.facets.forEach((f, c) => {
        if (f.kind === "bits") this.bits[c]![node]! |= f.outer[k]!;
        else {
          const { low, high } = f.outer[k]!;
          if (!before(this.lows[c]![node]!, low)) this.lows[c]![node] = low;
          if (!before(high, this.highs[c]![node]!)) this.highs[c]![node] = high;
        }
      });
    }
  }

  /** may some rule below `node` hold rule k's cells in every indexed column? */
  private mayHold(node: number, k: number): boolean {
    if (!this.filled[node]) return false;
    return this.facets.every((f, c) =>
      f.kind === "bits"
        ? (f.inner[k]! & ~this.bits[c]![node]!) === 0
        : before(this.lows[c]![node]!, f.inner[k]!.low) && before(f.inner[k]!.high, this.highs[c]![node]!),
    );
  }

  /** the first added rule before `limit` that may hold rule k and passes `covers` */
  first(k: number, limit: number, covers: (j: number) => boolean): number {
    const walk = (node: number, from: number, width: number): number => {
      if (from >= limit || !this.mayHold(node, k)) return limit;
      if (width === 1) return covers(from) ? from : limit;
      const half = width >> 1;
      const left = walk(2 * node, from, half);
      return left < limit ? left : walk(2 * node + 1, from + half, half);
    };
    return walk(1, 0, this.size);
  }
}

export function checkShadowed(rules: readonly RuleIR[], setsOf: (r: RuleIR) => Sets, site: { sink: Diagnostic[] }): void {
  const setsAt = rules.map(setsOf);
  const quickAt = setsAt.map((sets) => sets.map(quick));
  const facets = (rules[0]?.conditions ?? []).flatMap((_, i) => facetOf(i, rules, setsAt, quickAt) ?? []);
  const earlier = new EarlierRules(rules.length, facets);
  rules.forEach((rule, k) => {
    const by = earlier.first(
      k,
      k,
      (j) => mayCover(rules[j]!, quickAt[j]!, quickAt[k]!) && coveredBy(rules[j]!, setsAt[j]!, rule, setsAt[k]!),
    );
    earlier.add(k);
    if (by === k) return;
    const variant = isCatchAll(rules[by]!) ? "catch-all" : "shadowed";
    site.sink.push(diagnostic("tables.unreachable-rule", { variant, rule: rule.index, by: rules[by]!.index }, { address: rule.address }));
  });
}
