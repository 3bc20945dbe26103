// Correct rounding of an approximation (Ziv's strategy). Powers, exponentials and logarithms are
// computed in binary with guard bits and a proven bound on their error; the value is rounded to
// 34 digits only when every number within that bound rounds the same way, otherwise the caller
// computes again with more bits (docs/numbers.md).
import { bitLength, pow10 } from "./decimal-digits.js";
import { type Exact, PRECISION, normal } from "./decimal-exact.js";

export const LOG10_2 = Math.log10(2);
export const LOG2_10 = Math.log2(10);
/** 10^33 and 10^34: a 34-digit coefficient lies between them. */
const LOW = pow10(PRECISION - 1);
const HIGH = pow10(PRECISION);
/** The first working precision: 34 digits (113 bits) and 24 guard bits. */
export const START_BITS = 137;
/** Beyond this many bits a value is rounded as it stands (never reached: see docs/numbers.md). */
export const MAX_BITS = 1 << 15;

/** A positive value m × 2^b × 10^d whose relative error is at most u × 2^-w. */
export interface Approx {
  m: bigint;
  b: number;
  d: number;
  u: number;
  w: number;
}

/** log10(m) for m > 0, to a double's precision (a little high for numbers beyond doubles). */
export function log10Of(m: bigint): number {
  const v = Number(m);
  return v === Infinity ? bitLength(m) * LOG10_2 : Math.log10(v);
}

/**
 * s × a (or s / a with `inverse`) correctly rounded to 34 digits, half-even; null when a number
 * within a's error bound lies on the other side of a rounding boundary, so that only more
 * precision can tell. With `force`, the approximation is rounded as it stands.
 */
export function roundApprox(s: number, a: Approx, inverse: boolean, force = false): Exact | null {
  const { m, b, d, w } = a;
  const lg = log10Of(m) + b * LOG10_2;
  let E = Math.floor(inverse ? d - lg : d + lg) - (PRECISION - 1);
  // enough fractional bits that the floor of a division is far below the error bound
  const fraction = Math.max(64, w - 100);
  for (let tries = 0; tries < 4; tries++) {
    // S = value / 10^E, held as N / 2^z
    const t = d - E;
    let N: bigint;
    let z: number;
    if (inverse) {
      z = fraction;
      let num = t >= 0 ? pow10(t) : 1n;
      let den = t >= 0 ? m : m * pow10(-t);
      if (z - b >= 0) num <<= BigInt(z - b);
      else den <<= BigInt(b - z);
      N = num / den;
    } else if (t >= 0) {
      z = Math.max(1, -b);
      N = (m * pow10(t)) << BigInt(b + z);
    } else {
      z = Math.max(fraction, -b);
      N = (m << BigInt(b + z)) / pow10(-t);
    }
    const Z = BigInt(z);
    const q = N >> Z;
    if (q < LOW) {
      E--;
      continue;
    }
    if (q >= HIGH) {
      E++;
      continue;
    }
    // the error in units of 2^-z: u × 2^-w relative (twice that for a reciprocal), and one unit
    // for a division's floor
    let tau = inverse || t < 0 ? 1n : 0n;
    if (a.u > 0) tau += ((N * BigInt(Math.ceil(a.u))) >> BigInt(inverse ? w - 1 : w)) + 1n;
    const f = N - (q << Z);
    const half = 1n << (Z - 1n);
    let R: bigint;
    if (f !== half) R = f > half ? q + 1n : q;
    else if (tau === 0n || force) R = q + (q & 1n);
    else return null;
    if (tau > 0n && !force) {
      const at = R << Z;
      if (N + tau >= at + half) return null;
      // below 10^33 the next boundary down is a twentieth of a unit away, not a half
      if (R === LOW ? 10n * (N - tau) <= 10n * at - half : N - tau <= at - half) return null;
    }
    return R === HIGH ? normal(s, LOW, E + 1, PRECISION) : normal(s, R, E, PRECISION);
  }
  return null;
}
