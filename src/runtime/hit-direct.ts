// The pieces generated code combines a multi-hit table's matched rules with, one policy at a
// time (codegen/hit-combine.ts): each takes the matched outputs in rule order, as `hit` would, and
// gives what hit-policies.ts gives for that policy, without its helper object and priority keys.
import { finite } from "./arithmetic.js";
import { tick } from "./budget.js";
import { Decimal, isDecimal } from "./decimal.js";
import { sum } from "./builtins/aggregate.js";
import { eq } from "./equality.js";
import { compareKeys, hitViolation } from "./hit-policies.js";
import { lowestBit } from "./table-index.js";
import { outputRank } from "./tables.js";
import { FeelContext, type FeelValue } from "./values.js";

/** UNIQUE over at least one match: the one output, or the violation when several match. */
export const uniqueHit = (rules: number[], values: FeelValue[]): FeelValue =>
  rules.length > 1 ? hitViolation("UNIQUE", rules) : values[0]!;

/** ANY over at least one match: the output when every output equals the first, else the violation. */
export function anyHit(rules: number[], values: FeelValue[]): FeelValue {
  for (const v of values) if (eq(v, values[0]!) !== true) return hitViolation("ANY", rules);
  return values[0]!;
}

/** The position of the first output of the best rank in `list` (highest priority first). */
export function bestRanked(list: readonly string[] | null, values: FeelValue[]): number {
  if (list === null) return 0;
  let best = 0;
  let rank = outputRank(list, values[0]!);
  for (let i = 1; i < values.length; i++) {
    const r = outputRank(list, values[i]!);
    if (r < rank) [best, rank] = [i, r];
  }
  return best;
}

/** The positions of the outputs by rank in `list`, ties in rule order. */
export function rankOrder(list: readonly string[] | null, values: FeelValue[]): number[] {
  const ranks = values.map((v) => outputRank(list, v));
  return ranks.map((_, i) => i).sort((a, b) => ranks[a]! - ranks[b]! || a - b);
}

/** A multi-output table's output's ranks, column by column: each named entry's rank in its column's list. */
const ranksOf = (lists: readonly (readonly string[] | null)[], names: readonly string[], v: FeelValue): number[] =>
  names.map((name, i) => outputRank(lists[i] ?? null, v instanceof FeelContext ? v.get(name) : null));

/** `bestRanked` for several outputs: ranked by the first column's list, ties by the next column's, then rule order. */
export function bestRankedRow(lists: readonly (readonly string[] | null)[], names: readonly string[], values: FeelValue[]): number {
  let best = 0;
  let rank = ranksOf(lists, names, values[0]!);
  for (let i = 1; i < values.length; i++) {
    const r = ranksOf(lists, names, values[i]!);
    if (compareKeys(r, rank) < 0) [best, rank] = [i, r];
  }
  return best;
}

/** `rankOrder` for several outputs, ranked as `bestRankedRow` ranks them. */
export function rankOrderRows(lists: readonly (readonly string[] | null)[], names: readonly string[], values: FeelValue[]): number[] {
  const ranks = values.map((v) => ranksOf(lists, names, v));
  return ranks.map((_, i) => i).sort((a, b) => compareKeys(ranks[a]!, ranks[b]!) || a - b);
}

/** The items at the positions, in their order. */
export function atPositions<T>(items: readonly T[], positions: readonly number[]): T[] {
  const out: T[] = new Array<T>(positions.length);
  for (let i = 0; i < positions.length; i++) out[i] = items[positions[i]!]!;
  return out;
}

/**
 * An indexed table's matches as positions into its outputs (codegen/hit-combine.ts combineAt):
 * each output's rank in `list` (all 0 without a list), worked out once when the module loads.
 */
export const outputRanks = (list: readonly string[] | null, outputs: readonly FeelValue[]): Int32Array =>
  Int32Array.from(outputs, (v) => outputRank(list, v));

/** `bestRanked` over the outputs at positions `at` (at least one): which of `at` holds the first output of the best rank. */
export function bestAt(ranks: Int32Array, at: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < at.length; i++) if (ranks[at[i]!]! < ranks[at[best]!]!) best = i;
  return best;
}

/**
 * COLLECT SUM of the outputs at positions `at` (at least one): the aggregator's `sum` of them,
 * charged as its call on their list charges (a walk of the list: builtins/metering.ts).
 */
export const sumAt = (outputs: readonly FeelValue[], at: readonly number[]): FeelValue => summed(atPositions(outputs, at));

function summed(values: FeelValue[]): FeelValue {
  tick(1 + values.length);
  // numbers alone (the common case) summed as `sum` sums them, without its check of each item's kind
  for (let i = 0; i < values.length; i++) if (!isDecimal(values[i])) return sum(values);
  return finite(Decimal.sum(values as Decimal[]), "sum");
}

// The same for a table of at most 32 rules whose index answers its matches as the bits of one word
// (table-index.ts), lowest bit the first rule: no list of positions made.

/** `atPositions` of the positions whose bits `word` sets, in their order. */
export function atBits<T>(items: readonly T[], word: number): T[] {
  const out: T[] = [];
  for (let m = word; m !== 0; m &= m - 1) out.push(items[lowestBit(m)]!);
  return out;
}

/** The position (set in `word`, at least one) whose output ranks best, the first of equals: `bestAt`'s. */
export function bestBit(ranks: Int32Array, word: number): number {
  let best = lowestBit(word);
  for (let m = word & (word - 1); m !== 0; m &= m - 1) {
    const k = lowestBit(m);
    if (ranks[k]! < ranks[best]!) best = k;
  }
  return best;
}

/** `sumAt` of the positions `word` sets. */
export const sumBits = (outputs: readonly FeelValue[], word: number): FeelValue => summed(atBits(outputs, word));
