// Sums, differences and products of short decimals as scaled integers, for the generated code of a
// number decision that holds nothing else (optimise/certify-scaled.ts, codegen/scaled-code.ts): a
// value is m × 10^-k with m a safe integer and 0 ≤ k ≤ 22, held in two JS numbers, so no decimal
// is made. Each step's m is returned and its k left in `scState[0]`; a step whose exact answer is
// not such a pair returns NaN, which every later step carries, and the decimals work the decision
// out instead. While |m| < 2^53 the answer has at most 16 digits, so FEEL's 34-digit decimals hold
// it exactly too: the two agree wherever this code answers.
import { MAX_SCALE, POW10, SAFE, scaleOfDouble, upscale } from "./decimal-scaled.js";
import { isDecimal, ONE } from "./decimal.js";

/** The k of the last step's answer. */
export const scState: number[] = [0];

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
    return k === 0 ? x : Math.round(x * POW10[k]!);
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

/** The JSON number of m × 10^-k: the nearest double (both exact, so the division rounds once), 0 for zero; undefined where a step declined. */
export function scAnswer(m: number, k: number): number | undefined {
  if (!(m === m)) return undefined;
  return m === 0 ? 0 : k === 0 ? m : m / POW10[k]!;
}
