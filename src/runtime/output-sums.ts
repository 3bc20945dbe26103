// COLLECT SUM, MIN, MAX and COUNT of an indexed table's literal outputs at the positions its index
// matched (codegen/hit-combine.ts), without gathering the matched outputs into a list first.
//
// SUM: when every output is a scaled decimal m × 10^-k (decimal.ts) and the magnitudes of all of
// them, brought to the largest scale, add up to a safe integer, the matched ones are added as those
// integers and the sum made once, at the largest scale among the matched ones — the value and the
// form `Decimal.sum` gives, which adds them the same way (any subset's sum is safe too, so it never
// leaves the scaled form). Otherwise — another form, a non-number output, a runtime built on doubles
// (decimal-double.ts has no scaled form) — the general sums of hit-direct.ts.
// MIN and MAX: when every output is a number, each output's rank among them is worked out when the
// module loads, and the matched output of the best rank — the first of equals, as `min` and `max`
// pick it — is the value; otherwise the aggregator over the matched list.
// COUNT: the number of matches. Every call is charged as the aggregator's walk of the matched outputs.
import { tick } from "./budget.js";
import { Decimal, isDecimal } from "./decimal.js";
import { POW10, SAFE } from "./decimal-scaled.js";
import { atBits, atPositions, bestAt, bestBit, sumAt, sumBits } from "./hit-direct.js";
import { aggregator } from "./tables.js";
import { lowestBit } from "./table-index.js";
import type { FeelValue } from "./values.js";

/** The fields of decimal.ts's scaled form: m × 10^-k when q is 1. */
interface ScaledForm {
  q?: number;
  m?: number;
  k?: number;
}

/** The outputs' coefficients at the largest scale, and each one's own scale; null when one is not a scaled decimal or their magnitudes add beyond the safe integers. */
function aligned(outputs: readonly FeelValue[]): { m: Float64Array; k: Int32Array; top: number } | null {
  const forms = outputs.map((v) => (v instanceof Decimal ? (v as unknown as ScaledForm) : null));
  if (!forms.every((f) => f !== null && f.q === 1 && typeof f.m === "number" && typeof f.k === "number")) return null;
  const k = Int32Array.from(forms, (f) => f!.k!);
  const top = Math.max(0, ...k);
  const m = Float64Array.from(forms, (f) => f!.m! * POW10[top - f!.k!]!);
  let magnitude = 0;
  for (let i = 0; i < m.length; i++) magnitude += Math.abs(m[i]!);
  return magnitude <= SAFE ? { m, k, top } : null;
}

/** COLLECT SUM of the outputs whose positions one word's bits give (table-index.ts): `sumBits`'s value and charge. */
export function bitsSum(outputs: readonly FeelValue[]): (word: number) => FeelValue {
  const scaled = aligned(outputs);
  if (scaled === null) return (word) => sumBits(outputs, word);
  const { m, k, top } = scaled;
  return (word) => {
    let sum = 0;
    let scale = 0;
    let n = 0;
    for (let w = word; w !== 0; w &= w - 1) {
      const i = lowestBit(w);
      sum += m[i]!;
      if (k[i]! > scale) scale = k[i]!;
      n++;
    }
    tick(1 + n);
    return made(sum, scale, top);
  };
}

/** COLLECT SUM of the outputs at a list of positions: `sumAt`'s value and charge. */
export function positionsSum(outputs: readonly FeelValue[]): (positions: readonly number[]) => FeelValue {
  const scaled = aligned(outputs);
  if (scaled === null) return (positions) => sumAt(outputs, positions);
  const { m, k, top } = scaled;
  return (positions) => {
    let sum = 0;
    let scale = 0;
    for (let j = 0; j < positions.length; j++) {
      const i = positions[j]!;
      sum += m[i]!;
      if (k[i]! > scale) scale = k[i]!;
    }
    tick(1 + positions.length);
    return made(sum, scale, top);
  };
}

/** The sum of coefficients at scale `top` as a decimal at the matched outputs' largest scale: an exact quotient, each coefficient a multiple of the divisor. */
const made = (sum: number, scale: number, top: number): Decimal => Decimal.scaled(sum / POW10[top - scale]!, scale);

/**
 * Each output's rank by value, least first (greatest first for `sign` 1); null unless every output
 * is a number. The sort is stable, so of equal values the earlier output ranks first: the first of
 * equals, which `min` and `max` pick.
 */
function ranked(outputs: readonly FeelValue[], sign: 1 | -1): Int32Array | null {
  if (!outputs.every(isDecimal)) return null;
  const numbers = outputs as readonly Decimal[];
  const order = numbers.map((_, i) => i).sort((a, b) => numbers[a]!.cmp(numbers[b]!) * -sign);
  const ranks = new Int32Array(numbers.length);
  order.forEach((position, rank) => (ranks[position] = rank));
  return ranks;
}

/** The number of bits `word` sets. */
function bitCount(word: number): number {
  let n = 0;
  for (let w = word; w !== 0; w &= w - 1) n++;
  return n;
}

/** COLLECT MIN (`sign` -1) or MAX (1) of the outputs whose positions one word's bits give (at least one). */
export function bitsExtreme(outputs: readonly FeelValue[], sign: 1 | -1): (word: number) => FeelValue {
  const ranks = ranked(outputs, sign);
  if (ranks === null) {
    const general = aggregator(sign < 0 ? "MIN" : "MAX");
    return (word) => general(atBits(outputs, word));
  }
  return (word) => {
    tick(1 + bitCount(word));
    return outputs[bestBit(ranks, word)]!;
  };
}

/** COLLECT MIN (`sign` -1) or MAX (1) of the outputs at a list of positions (at least one). */
export function positionsExtreme(outputs: readonly FeelValue[], sign: 1 | -1): (positions: readonly number[]) => FeelValue {
  const ranks = ranked(outputs, sign);
  if (ranks === null) {
    const general = aggregator(sign < 0 ? "MIN" : "MAX");
    return (positions) => general(atPositions(outputs, positions));
  }
  return (positions) => {
    tick(1 + positions.length);
    return outputs[positions[bestAt(ranks, positions)]!]!;
  };
}

/** COLLECT COUNT of the matches one word's bits give (none too: 0). */
export function bitsCount(word: number): FeelValue {
  const n = bitCount(word);
  tick(1 + n);
  return Decimal.scaled(n, 0);
}

/** COLLECT COUNT of the matches at a list of positions (none too: 0). */
export function positionsCount(positions: readonly number[]): FeelValue {
  tick(1 + positions.length);
  return Decimal.scaled(positions.length, 0);
}
