// + - × ÷ and comparison of wide decimals (decimal-wide.ts), each the exact result in limbs of
// seven digits rounded once to 34 digits, half-even: the answers of the BigInt form
// (decimal-exact.ts), digit for digit, with every step exact integer work on doubles (a limb
// product is below 10^14; a column with its carry stays far below 2^53). Zeros, infinities, NaN and
// results beyond the exponent range are not handled here: the caller keeps them in the BigInt form.
import { BASE, type Wide, loadShifted, round34, splitLimb } from "./decimal-wide.js";

const PRECISION = 34;
/** Work space: a sum spans at most about 75 digits, a product 70, a widened dividend 70. */
const SIZE = 24;
const A = new Float64Array(SIZE);
const B = new Float64Array(SIZE);
const R = new Float64Array(SIZE);

/** x + sy × |y| rounded to 34 digits (sy the sign y takes: minus is plus of the negation); null for a zero result. */
export function wideAdd(x: Wide, sy: number, y: Wide): Wide | null {
  let a = x;
  let sa = x.s;
  let b = y;
  let sb = sy;
  if (a.top < b.top) {
    a = y;
    sa = sy;
    b = x;
    sb = x.s;
  }
  // an operand far below the other's last digit and its 35th digit decides the rounding only by
  // its sign: a stand-in 10^(floor - 1) of that sign rounds the same (docs/numbers.md, "The exact form")
  const floor = Math.min(a.e, a.top - PRECISION - 1) - 1;
  const be = b.top < floor ? floor - 1 : b.e;
  const e = a.e < be ? a.e : be;
  const la = loadShifted(A, a, a.e - e);
  let lb: number;
  if (be === b.e) lb = loadShifted(B, b, be - e);
  else {
    B[0] = 1;
    lb = 1;
  }
  if (sa === sb) {
    let carry = 0;
    let i = 0;
    for (; i < la; i++) {
      const t = A[i]! + (i < lb ? B[i]! : 0) + carry;
      carry = t >= BASE ? 1 : 0;
      R[i] = t - carry * BASE;
    }
    if (carry > 0) R[i++] = carry;
    return round34(sa, R, i, e, false);
  }
  // different signs: the larger magnitude less the smaller
  const order = compareLimbs(A, la, B, lb);
  if (order === 0) return null;
  const [big, lbig, small, lsmall, s] = order > 0 ? [A, la, B, lb, sa] : [B, lb, A, la, sb];
  let borrow = 0;
  for (let i = 0; i < lbig; i++) {
    const t = big[i]! - (i < lsmall ? small[i]! : 0) - borrow;
    borrow = t < 0 ? 1 : 0;
    R[i] = t + borrow * BASE;
  }
  let len = lbig;
  while (R[len - 1] === 0) len--;
  return round34(s, R, len, e, false);
}

/** x × y rounded to 34 digits; null beyond the exponent range. */
export function wideTimes(x: Wide, y: Wide): Wide | null {
  const a = x.c;
  const b = y.c;
  const len = a.length + b.length;
  for (let i = 0; i < len; i++) R[i] = 0;
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    let carry = 0;
    for (let j = 0; j < b.length; j++) {
      const t = R[i + j]! + ai * b[j]! + carry; // below 10^14 + 2 × 10^7
      carry = splitLimb(t);
      R[i + j] = t - carry * BASE;
    }
    R[i + b.length] = carry;
  }
  return round34(x.s * y.s, R, R[len - 1] === 0 ? len - 1 : len, x.e + y.e, false);
}

/**
 * x / y rounded to 34 digits: x's coefficient widened by 10^k for at least 35 quotient digits,
 * divided by long division in base 10^7 (Knuth's algorithm D); a remainder that is not zero is the
 * sticky digit. null beyond the exponent range.
 */
export function wideDiv(x: Wide, y: Wide): Wide | null {
  const k = Math.max(0, PRECISION + 1 + y.n - x.n);
  let lu = loadShifted(A, x, k);
  const v = y.c;
  const n = v.length;
  if (n === 1) {
    // one limb: r × 10^7 + u < 10^14
    const d = v[0]!;
    let r = 0;
    for (let i = lu - 1; i >= 0; i--) {
      const t = r * BASE + A[i]!;
      const q = Math.floor(t / d);
      const rr = t - q * d;
      // (the floor of a quotient below 2^47 by a divisor below 10^7 is exact; the check costs little)
      const fixed = rr < 0 ? q - 1 : rr >= d ? q + 1 : q;
      R[i] = fixed;
      r = t - fixed * d;
    }
    let len = lu;
    while (R[len - 1] === 0) len--;
    return round34(x.s * y.s, R, len, x.e - y.e - k, r !== 0);
  }
  // normalised: the divisor's top limb at least BASE / 2, so each estimated quotient limb is at
  // most two too large
  const f = Math.floor(BASE / (v[n - 1]! + 1));
  let carry = 0;
  for (let i = 0; i < n; i++) {
    const t = v[i]! * f + carry;
    carry = splitLimb(t);
    B[i] = t - carry * BASE;
  }
  carry = 0;
  for (let i = 0; i < lu; i++) {
    const t = A[i]! * f + carry;
    carry = splitLimb(t);
    A[i] = t - carry * BASE;
  }
  // one more limb on top, as the algorithm needs (the dividend already has at least n: it has 35 or more digits more than the divisor)
  A[lu] = carry;
  lu++;
  const vTop = B[n - 1]!;
  const vNext = B[n - 2]!;
  for (let j = lu - n - 1; j >= 0; j--) {
    const num = A[j + n]! * BASE + A[j + n - 1]!;
    let q = Math.floor(num / vTop);
    let r = num - q * vTop;
    if (r < 0) {
      q--;
      r += vTop;
    }
    while (q >= BASE || q * vNext > r * BASE + A[j + n - 2]!) {
      q--;
      r += vTop;
      if (r >= BASE) break;
    }
    // A[j..j+n] -= q × B
    let mulCarry = 0;
    let borrow = 0;
    for (let i = 0; i < n; i++) {
      const p = q * B[i]! + mulCarry;
      mulCarry = splitLimb(p);
      const t = A[i + j]! - (p - mulCarry * BASE) - borrow;
      borrow = t < 0 ? 1 : 0;
      A[i + j] = t + borrow * BASE;
    }
    const t = A[j + n]! - mulCarry - borrow;
    if (t < 0) {
      // q was one too large: add the divisor back
      q--;
      let c = 0;
      for (let i = 0; i < n; i++) {
        const u = A[i + j]! + B[i]! + c;
        c = u >= BASE ? 1 : 0;
        A[i + j] = u - c * BASE;
      }
      A[j + n] = t + c;
    } else A[j + n] = t;
    R[j] = q;
  }
  let len = lu - n;
  while (R[len - 1] === 0) len--;
  let sticky = false;
  for (let i = 0; i < n && !sticky; i++) sticky = A[i] !== 0;
  return round34(x.s * y.s, R, len, x.e - y.e - k, sticky);
}

/** The order of |x| and |y|: -1, 0 or 1. */
export function wideCompareMagnitude(x: Wide, y: Wide): number {
  if (x.top !== y.top) return x.top > y.top ? 1 : -1;
  const e = x.e < y.e ? x.e : y.e;
  return compareLimbs(A, loadShifted(A, x, x.e - e), B, loadShifted(B, y, y.e - e));
}

/** The order of two numbers in limbs (top limbs not zero). */
function compareLimbs(a: Float64Array, la: number, b: Float64Array, lb: number): number {
  if (la !== lb) return la > lb ? 1 : -1;
  for (let i = la - 1; i >= 0; i--) if (a[i] !== b[i]) return a[i]! > b[i]! ? 1 : -1;
  return 0;
}
