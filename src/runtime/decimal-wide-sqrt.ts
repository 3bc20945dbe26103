// The square root of a wide decimal (decimal-wide.ts), correctly rounded to 34 digits, half-even,
// in limbs of seven digits: the method of the BigInt form (decimal-functions.ts). The coefficient
// is widened to N of 67 or 68 digits with an even exponent, whose integer square root r has exactly
// 34 digits; the root lies in [r, r + 1) and is never r + 1/2, so it rounds up exactly when
// N − r² > r. r comes from a double-double root of N's top six limbs (`guess`: within about 10^4
// of √N) and Newton steps y ← y + (N − y²) / 2y, the residual N − y² exact in limbs and only the
// quotient taken in doubles (from three limbs): a step leaves an error of about δ² / 2y plus 10^-13
// of δ, so from 10^4 the first lands within a unit; then squares settle r exactly (two squares in
// all, where a double's root, within 10^20, took three or four). Should they not settle within a
// few steps, the BigInt form takes over.
import { BIG_DIVISION_STEPS, tick } from "./budget.js";
import { BASE, LIMB_DIGITS, type Wide, integerDigits, loadIntegerShifted, loadShifted, round34 } from "./decimal-wide.js";
import { limbsValue, lowPart, productError } from "./decimal-wide-double.js";
import { compareLimbs, multiplyLimbs, trimmed } from "./decimal-wide-divide.js";

const SIZE = 24;
const N = new Float64Array(SIZE);
const Y = new Float64Array(SIZE);
const S = new Float64Array(SIZE);
const D = new Float64Array(SIZE);
const T = new Float64Array(SIZE);
/** The first guess is the root of N's top limbs, at least this many. */
const GUESS_LIMBS = 5;
/** The guess is written g × 10^GUESS_SPLIT × 10^(7h) + rest, g a whole double below 2^53. */
const GUESS_SPLIT = 6;
const SPLIT_SCALE = 10 ** GUESS_SPLIT;
/** Newton steps at most (one is enough from the guess) and unit steps at most. */
const STEPS = 6;
/** The first residual's correction decides the root alone when below this (fromCorrection)... */
const CORRECTION_LIMIT = 1e5;
/** ...and at least this far from a half (its error in doubles is below 10^-7). */
const CLEAR = 1e-6;
/** 10^(7i): the weight of limb i. */
const LIMB_POWERS: readonly number[] = Array.from({ length: SIZE }, (_, i) => 10 ** (7 * i));

/** √x for a positive x, rounded to 34 digits (charged as a big division, budget.ts); null if the last units were not settled in a few steps (never seen). */
export function wideSqrt(x: Wide): Wide | null {
  tick(BIG_DIVISION_STEPS);
  const j = (x.e - (67 - x.n)) % 2 === 0 ? 67 - x.n : 68 - x.n;
  return root(loadShifted(N, x, j), x.e - j);
}

/**
 * √(m × 10^-k) for a safe integer m > 0 and 0 ≤ k ≤ 22 (the scaled form of decimal.ts), as
 * wideSqrt(wideOfScaled(m, k)) without making that Wide: m's limbs loaded into N directly.
 */
export function scaledSqrt(m: number, k: number): Wide | null {
  tick(BIG_DIVISION_STEPS);
  const n = integerDigits(m);
  const j = (-k - (67 - n)) % 2 === 0 ? 67 - n : 68 - n;
  return root(loadIntegerShifted(N, m, j), -k - j);
}

/** The root of N (ln limbs, 67 or 68 digits) × 10^e, e even, rounded to 34 digits. */
function root(ln: number, e: number): Wide | null {
  let ly = guess(ln);
  let sign = residual(ln, ly);
  const decided = fromCorrection(ly, sign);
  if (decided > 0) return round34(1, Y, decided, e / 2, false);
  for (let step = 0; step < STEPS; step++) {
    if (step > 0) sign = residual(ln, ly);
    const delta = sign === 0 ? 0 : Math.round(toDouble(D, residualLength) / (2 * toDouble(Y, ly)));
    if (delta === 0) break;
    ly = sign > 0 ? addDouble(Y, ly, delta) : subtractDouble(Y, ly, delta);
    sign = NaN;
  }
  // r = ⌊√N⌋: N − r² in [0, 2r] (the last residual is still in D unless y has moved since)
  let settled = false;
  for (let step = 0; step < STEPS && !settled; step++) {
    if (sign !== sign) sign = residual(ln, ly);
    if (sign < 0) ly = subtractDouble(Y, ly, 1);
    else if (sign > 0 && compareLimbs(D, residualLength, T, twice(ly)) > 0) ly = addDouble(Y, ly, 1);
    else settled = true;
    if (!settled) sign = NaN;
  }
  if (!settled) return null;
  // D holds N − r²; up when it exceeds r
  if (residualLength > 0 && compareLimbs(D, residualLength, Y, ly) > 0) ly = addDouble(Y, ly, 1);
  return round34(1, Y, ly, e / 2, false);
}

/**
 * The rounded root from the first residual alone, into Y (its length), or -1 when the doubles
 * cannot tell. With R = N − y² (exact in D, its sign given) and q = R / 2y, √N = y + q − ε where
 * ε = (√N − y)² / 2y is below 10^-23 (y has 34 digits and is within 10^5 of √N); q worked out in
 * doubles from three limbs of R and of y is within 10^-7 of R / 2y while |q| < 10^5. The rounded
 * root is y + round(√N − y), and rounding to a whole number moves only where the value passes a
 * half: so where q is more than CLEAR from a half, y + round(q) is the answer (an exact square,
 * R = 0, among them), which saves the second and third squares of the steps below.
 */
function fromCorrection(ly: number, sign: number): number {
  const q = (sign * toDouble(D, residualLength)) / (2 * toDouble(Y, ly));
  if (!(Math.abs(q) < CORRECTION_LIMIT) || Math.abs(q - Math.floor(q) - 0.5) < CLEAR) return -1;
  const step = Math.round(q);
  return step > 0 ? addDouble(Y, ly, step) : step < 0 ? subtractDouble(Y, ly, -step) : ly;
}

/**
 * The first y, into Y (its length): √M × 10^(7h) for M the top 2h limbs of N's ln dropped (M of
 * 5 or 6 limbs, over 28 digits), √M in double-double arithmetic: s = √hi rounded, and
 * (M − s²) / 2s from Dekker's exact square, about 31 digits in all, so that y is within about
 * 10^4 of √N and one Newton step settles it. s (at least 3 × 10^14) is split as g × 10^6 + the
 * rest, g exact below 2^53 and the rest, with the correction, a double of the last digits.
 */
function guess(ln: number): number {
  const h = Math.floor((ln - GUESS_LIMBS) / 2);
  const hi = limbsValue(N, ln, 2 * h);
  const lo = lowPart();
  const s = Math.sqrt(hi);
  const square = s * s;
  const correction = (hi - square - productError(s, s, square) + lo) / (2 * s);
  const g = Math.floor(s / SPLIT_SCALE);
  const whole = g * SPLIT_SCALE;
  const rest = Math.round((s - whole - productError(g, SPLIT_SCALE, whole) + correction) * LIMB_POWERS[h]!);
  const ly = loadIntegerShifted(Y, g, GUESS_SPLIT + LIMB_DIGITS * h);
  return rest >= 1 ? addDouble(Y, ly, rest) : rest <= -1 ? subtractDouble(Y, ly, -rest) : ly;
}

/** The length of |N − y²| in D after residual(). */
let residualLength = 0;

/** |N − y²| into D (its length in residualLength); the sign of N − y². */
function residual(ln: number, ly: number): number {
  const ls = multiplyLimbs(Y, ly, Y, ly, S);
  const order = compareLimbs(N, ln, S, ls);
  residualLength = order >= 0 ? difference(N, ln, S, ls) : difference(S, ls, N, ln);
  return order;
}

/** big − small into D, for big ≥ small; the length. */
function difference(big: Float64Array, lbig: number, small: Float64Array, lsmall: number): number {
  let borrow = 0;
  for (let i = 0; i < lbig; i++) {
    const t = big[i]! - (i < lsmall ? small[i]! : 0) - borrow;
    borrow = t < 0 ? 1 : 0;
    D[i] = t + borrow * BASE;
  }
  return trimmed(D, lbig);
}

/** 2y into T; its length. */
function twice(ly: number): number {
  let carry = 0;
  for (let i = 0; i < ly; i++) {
    const t = 2 * Y[i]! + carry;
    carry = t >= BASE ? 1 : 0;
    T[i] = t - carry * BASE;
  }
  if (carry === 0) return ly;
  T[ly] = 1;
  return ly + 1;
}

/** The number in x[0..len) as a double, from its top three limbs (a relative error below 10^-13). */
function toDouble(x: Float64Array, len: number): number {
  let v = 0;
  for (let i = len - 1; i >= 0 && i >= len - 3; i--) v = v * BASE + x[i]!;
  return len > 3 ? v * LIMB_POWERS[len - 3]! : v;
}

/** The limbs of a whole double d ≥ 1 into T (approximately beyond 2^53: only Newton's steps take such); their count. */
function limbsOf(d: number): number {
  let len = 0;
  for (let v = d; v > 0; len++) {
    const q = Math.floor(v / BASE);
    const r = v - q * BASE;
    T[len] = r < 0 ? 0 : r >= BASE ? BASE - 1 : r;
    v = q;
  }
  return len;
}

/** y + d in place, for a whole double d ≥ 1; the new length. */
function addDouble(y: Float64Array, ly: number, d: number): number {
  const ld = limbsOf(d);
  const len = ly > ld ? ly : ld;
  let carry = 0;
  for (let i = 0; i < len; i++) {
    const t = (i < ly ? y[i]! : 0) + (i < ld ? T[i]! : 0) + carry;
    carry = t >= BASE ? 1 : 0;
    y[i] = t - carry * BASE;
  }
  if (carry === 0) return len;
  y[len] = 1;
  return len + 1;
}

/** y − d in place, for a whole double 1 ≤ d < y; the new length. */
function subtractDouble(y: Float64Array, ly: number, d: number): number {
  const ld = limbsOf(d);
  let borrow = 0;
  for (let i = 0; i < ly; i++) {
    const t = y[i]! - (i < ld ? T[i]! : 0) - borrow;
    borrow = t < 0 ? 1 : 0;
    y[i] = t + borrow * BASE;
  }
  return trimmed(y, ly);
}
