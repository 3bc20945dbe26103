// The square root of a wide decimal (decimal-wide.ts), correctly rounded to 34 digits, half-even,
// in limbs of seven digits: the same method as the BigInt form's (decimal-functions.ts). The
// coefficient is widened to N of 67 or 68 digits with an even exponent, whose integer square root r
// has exactly 34 digits; the root lies in [r, r + 1) and is never r + 1/2, so it rounds up exactly
// when N − r² > r. r comes from a double's root of N, ~15 digits g × 10^19 (at or above the root),
// and two Newton steps y ← ⌊(y + ⌊N / y⌋) / 2⌋, each of which stays at or above r (the mean of y and
// N / y is at least √N) and squares the relative error: from 10^-14 to below 10^-27, then below
// 10^-33, within a unit or two of r; squares settle the last units.
import { BASE, type Wide, loadShifted, round34, shiftDown, wideOfScaled } from "./decimal-wide.js";
import { compareLimbs, divideLimbs, multiplyLimbs, trimmed } from "./decimal-wide-divide.js";

const SIZE = 24;
const N = new Float64Array(SIZE);
const U = new Float64Array(SIZE);
const V = new Float64Array(SIZE);
const Q = new Float64Array(SIZE);
const Y = new Float64Array(SIZE);
const S = new Float64Array(SIZE);
/** g × 10^GUESS_SHIFT is the first guess: g has about 15 digits. */
const GUESS_SHIFT = 19;

/** √x for a positive x, rounded to 34 digits; null beyond the exponent range (never, halving the exponent). */
export function wideSqrt(x: Wide): Wide | null {
  const j = (x.e - (67 - x.n)) % 2 === 0 ? 67 - x.n : 68 - x.n;
  const ln = loadShifted(N, x, j);
  // the first guess, from N's top limbs as a double (N ≥ 10^66: five limbs leave out less than 10^-27 of it)
  let nd = 0;
  for (let i = ln - 1; i >= 0 && i >= ln - 5; i--) nd = nd * BASE + N[i]!;
  const g = Math.ceil((Math.sqrt(nd * 10 ** (7 * Math.max(0, ln - 5))) / 10 ** GUESS_SHIFT) * (1 + 1e-13)) + 1;
  // first step: ⌊N / (g × 10^19)⌋ is ⌊⌊N / 10^19⌋ / g⌋
  for (let i = 0; i < ln; i++) U[i] = N[i]!;
  const lu = shiftDown(U, ln, GUESS_SHIFT);
  const lg = loadShifted(V, wideOfScaled(g, 0), 0);
  let lq = divideLimbs(U, lu, V, lg, Q);
  let ly = loadShifted(Y, wideOfScaled(g, 0), GUESS_SHIFT);
  ly = halfSum(Y, ly, Q, lq);
  // second step, by the whole y
  for (let i = 0; i < ln; i++) U[i] = N[i]!;
  for (let i = 0; i < ly; i++) V[i] = Y[i]!;
  lq = divideLimbs(U, ln, V, ly, Q);
  ly = halfSum(Y, ly, Q, lq);
  // y ≥ r: down while y² > N
  let ls = multiplyLimbs(Y, ly, Y, ly, S);
  while (compareLimbs(S, ls, N, ln) > 0) {
    ly = decrement(Y, ly);
    ls = multiplyLimbs(Y, ly, Y, ly, S);
  }
  // N − r² into S, against r
  let borrow = 0;
  for (let i = 0; i < ln; i++) {
    const t = N[i]! - (i < ls ? S[i]! : 0) - borrow;
    borrow = t < 0 ? 1 : 0;
    S[i] = t + borrow * BASE;
  }
  if (compareLimbs(S, trimmed(S, ln), Y, ly) > 0) ly = increment(Y, ly);
  return round34(1, Y, ly, (x.e - j) / 2, false);
}

/** y ← ⌊(y + q) / 2⌋ in place; the new length. */
function halfSum(y: Float64Array, ly: number, q: Float64Array, lq: number): number {
  const len = ly > lq ? ly : lq;
  let carry = 0;
  for (let i = 0; i < len; i++) {
    const t = (i < ly ? y[i]! : 0) + (i < lq ? q[i]! : 0) + carry;
    carry = t >= BASE ? 1 : 0;
    y[i] = t - carry * BASE;
  }
  let top = len;
  if (carry > 0) y[top++] = carry;
  let rest = 0;
  for (let i = top - 1; i >= 0; i--) {
    const t = rest * BASE + y[i]!;
    const h = Math.floor(t / 2);
    y[i] = h;
    rest = t - 2 * h;
  }
  return trimmed(y, top);
}

function decrement(y: Float64Array, ly: number): number {
  for (let i = 0; i < ly; i++) {
    if (y[i]! > 0) {
      y[i] = y[i]! - 1;
      break;
    }
    y[i] = BASE - 1;
  }
  return trimmed(y, ly);
}

function increment(y: Float64Array, ly: number): number {
  for (let i = 0; i < ly; i++) {
    if (y[i]! < BASE - 1) {
      y[i] = y[i]! + 1;
      return ly;
    }
    y[i] = 0;
  }
  y[ly] = 1;
  return ly + 1;
}
