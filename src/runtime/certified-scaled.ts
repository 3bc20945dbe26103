// Sums, differences and products of short decimals as scaled integers, for the generated code of a
// number decision that holds nothing else (optimise/certify-scaled.ts, codegen/scaled-code.ts): a
// value is m × 10^-k with m a safe integer and 0 ≤ k ≤ 22, held in two JS numbers, so no decimal
// is made. Each step's m is returned and its k left in `scState[0]`; a step whose exact answer is
// not such a pair returns NaN, which every later step carries, and the decimals work the decision
// out instead. While |m| < 2^53 the answer has at most 16 digits, so FEEL's 34-digit decimals hold
// it exactly too: the two agree wherever this code answers.
import { MAX_SCALE, POW10, remainder, roundedQuotient, SAFE, scaleOfDouble, upscale } from "./decimal-scaled.js";
import { Decimal, isDecimal, ONE } from "./decimal.js";

/** The k of the last step's answer; after `scAnswer`, the answer's k and m. */
export const scState: number[] = [0, 0];

/** The fields of decimal.ts's Decimal that hold its scaled form: the value is m / (q × 10^k), scaled when q is 1. */
interface ScaledForm {
  q: number;
  m: number;
  k: number;
}

/** Whether the decimals have that form (not on a runtime built on doubles, decimal-double.ts, where every value declines). */
const FORMS = (ONE as unknown as Partial<ScaledForm>).q === 1;

/** A number input's raw double or a FEEL value as m (k in scState): a double's shortest decimal, a scaled decimal; NaN for anything else. */
export function scRead(x: unknown): number {
  scState[0] = 0;
  if (!FORMS) return NaN;
  if (typeof x === "number") {
    const k = Number.isFinite(x) ? scaleOfDouble(x) : -1;
    if (k < 0) return NaN;
    scState[0] = k;
    // a state's -0 is 0, as the decimals read it (FEEL has no negative zero)
    return k === 0 ? x + 0 : Math.round(x * POW10[k]!);
  }
  const d = isDecimal(x) ? (x as unknown as ScaledForm) : null;
  if (d !== null && d.q === 1) {
    scState[0] = d.k;
    return d.m;
  }
  return NaN;
}

/** m, or NaN when it is no safe integer (a sum or product past 2^53 is rounded, so it is above SAFE too). */
const safe = (m: number): number => (Math.abs(m) <= SAFE ? m : NaN);

/** a + b for a = m1 × 10^-k1, b = m2 × 10^-k2, at the larger scale. */
export function scAdd(m1: number, k1: number, m2: number, k2: number): number {
  const k = k1 > k2 ? k1 : k2;
  scState[0] = k;
  return safe(upscale(m1, k - k1) + upscale(m2, k - k2));
}

/** a − b. */
export function scSub(m1: number, k1: number, m2: number, k2: number): number {
  return scAdd(m1, k1, -m2, k2);
}

/** a × b: the product of the integers at the sum of the scales. */
export function scMul(m1: number, k1: number, m2: number, k2: number): number {
  const k = k1 + k2;
  scState[0] = k;
  return k > MAX_SCALE ? NaN : safe(m1 * m2);
}

/** |a|. */
export function scAbs(m: number, k: number): number {
  scState[0] = k;
  return Math.abs(m);
}

/** The greater (`max`) or the lesser of a and b, compared at the larger scale; either when equal (the same number). */
export function scExtreme(m1: number, k1: number, m2: number, k2: number, max: boolean): number {
  const k = k1 > k2 ? k1 : k2;
  const a = upscale(m1, k - k1);
  const b = upscale(m2, k - k2);
  if (!(a === a && b === b)) return NaN;
  const first = max ? a >= b : a <= b;
  scState[0] = first ? k1 : k2;
  return first ? m1 : m2;
}

/**
 * a rounded to `places` (0 to 22) by rounding mode `mode` (decimal.ts's modes: `decimal`, `floor`,
 * `ceiling`, `round up`, ...), as the decimals' `toDecimalPlaces` rounds a scaled number: a value
 * of no more places as it is, else its integer divided by a power of ten, rounded.
 */
export function scRound(m: number, k: number, places: number, mode: number): number {
  if (places >= k) {
    scState[0] = k;
    return m;
  }
  scState[0] = places;
  const negative = m < 0 || Object.is(m, -0);
  const r = roundedQuotient(Math.abs(m), POW10[k - places]!, mode, negative);
  return negative ? -r : r;
}

/** modulo(a, b) as the built-in has it (the sign of b, a zero remainder +0); NaN for b zero, which the decimals report. */
export function scModulo(m1: number, k1: number, m2: number, k2: number): number {
  const k = k1 > k2 ? k1 : k2;
  scState[0] = k;
  const a = upscale(m1, k - k1);
  const b = upscale(m2, k - k2);
  if (!(a === a && b === b) || b === 0) return NaN;
  const r = remainder(Math.abs(a), Math.abs(b));
  if (r === 0) return 0;
  // the truncated remainder takes a's sign; one of the other sign than b is moved by b
  const truncated = a < 0 ? -r : r;
  return truncated < 0 !== b < 0 ? truncated + b : truncated;
}

/** A boolean name as a condition: 1 for true, 0 for false, NaN for anything else (null: `not` of it is null too, which the decimals work out). */
export const scFlag = (v: unknown): number => (v === true ? 1 : v === false ? 0 : NaN);

/** The comparisons `scTest` makes, by index. */
export const SC_TESTS = ["<", "<=", ">", ">=", "=", "!="] as const;

const TESTED: readonly ((a: number, b: number) => boolean)[] = [
  (a, b) => a < b,
  (a, b) => a <= b,
  (a, b) => a > b,
  (a, b) => a >= b,
  (a, b) => a === b,
  (a, b) => a !== b,
];

/** Comparison `SC_TESTS[op]` of a and b at the larger scale: 1 when it holds, 0 when not, NaN when either side cannot be brought to that scale. */
export function scTest(m1: number, k1: number, m2: number, k2: number, op: number): number {
  const k = k1 > k2 ? k1 : k2;
  const a = upscale(m1, k - k1);
  const b = upscale(m2, k - k2);
  if (!(a === a && b === b)) return NaN;
  return TESTED[op]!(a, b) ? 1 : 0;
}

/** The JSON number of m × 10^-k: the nearest double (both exact, so the division rounds once), 0 for zero; undefined where a step declined. */
export function scAnswer(m: number, k: number): number | undefined {
  if (!(m === m)) return undefined;
  scState[0] = k;
  scState[1] = m;
  return m === 0 ? 0 : k === 0 ? m : m / POW10[k]!;
}

/**
 * The decimal of the last answer, for the decisions that read a scaled decision: the form the
 * decimals' own steps make of the same integers (decimal.ts `addScaled`, `mulScaled`), since
 * they take the same steps on them.
 */
export const scDecimal = (): Decimal => Decimal.scaled(scState[1]!, scState[0]!);
