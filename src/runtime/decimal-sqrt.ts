// Square roots of the runtime's big decimals, correctly rounded to 34 digits, half-even, with
// decimal.js's treatment of zeros, infinities and NaN: the integer square root of the coefficient
// widened to 70 digits, exact digits and a sticky remainder, rounded once. A module of its own, so
// that a bundle of a model that takes no square root leaves it out (6-package/bundle.ts).
import { BIG_DIVISION_STEPS, tick } from "./budget.js";
import { integerSqrt, pow10 } from "./decimal-digits.js";
import { type Exact, NAN, PRECISION, normal, rounded } from "./decimal-exact.js";

export function sqrt(x: Exact): Exact {
  if (x.s !== 1 || x.n === 0 || x.c === 0n) {
    // sqrt(±0) and sqrt(Infinity) are themselves; NaN and negative numbers give NaN
    return x.s !== x.s || (x.s < 0 && x.c !== 0n) || (x.s < 0 && x.n === 0) ? NAN : x;
  }
  tick(BIG_DIVISION_STEPS);
  // up to 67 digits: widened to 67 or 68 (an even exponent), whose integer root has exactly 34
  // digits r; the exact root lies in [r, r + 1) and is never r + 1/2 ((r + 1/2)² is no integer),
  // so it rounds up exactly when N > (r + 1/2)², that is N - r² > r
  if (x.n <= 2 * PRECISION - 1) {
    const j = (x.e - (2 * PRECISION - 1 - x.n)) % 2 === 0 ? 2 * PRECISION - 1 - x.n : 2 * PRECISION - x.n;
    const N = x.c * pow10(j);
    const r = integerSqrt(N);
    const e = (x.e - j) / 2;
    if (N - r * r <= r) return normal(1, r, e, PRECISION);
    const up = r + 1n;
    return up === pow10(PRECISION) ? normal(1, up, e) : normal(1, up, e, PRECISION);
  }
  // longer: an even exponent and at least 70 digits, so that the root has 35 or more
  let j = Math.max(0, 2 * (PRECISION + 1) - x.n);
  if ((x.e - j) % 2 !== 0) j++;
  const N = x.c * pow10(j);
  const r = integerSqrt(N);
  return rounded(1, r, (x.e - j) / 2, r * r !== N);
}
