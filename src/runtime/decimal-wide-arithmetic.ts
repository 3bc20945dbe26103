// + - × ÷ and comparison of wide decimals (decimal-wide.ts), each the exact result in limbs of
// seven digits rounded once to 34 digits, half-even: the answers of the BigInt form
// (decimal-exact.ts), digit for digit, with every step exact integer work on doubles (a limb
// product is below 10^14; a column with its carry stays far below 2^53). Zeros, infinities, NaN and
// results beyond the exponent range are not handled here: the caller keeps them in the BigInt form.
import { BIG_DIVISION_STEPS, tick } from "./budget.js";
import { BASE, type Wide, integerDigits, loadIntegerShifted, loadShifted, round34 } from "./decimal-wide.js";
import { compareLimbs, divideLimbs, multiplyLimbs } from "./decimal-wide-divide.js";

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
  // (chosen field by field: a tuple here would be allocated for every difference)
  const big = order > 0 ? A : B;
  const lbig = order > 0 ? la : lb;
  const small = order > 0 ? B : A;
  const lsmall = order > 0 ? lb : la;
  const s = order > 0 ? sa : sb;
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

/** The exponents x ** n takes here: the exact power of a 34-digit x (five limbs) fits the work space up to the fourth. */
export const WIDE_POWER_MAX = 4;

/**
 * x ** n for 2 ≤ n ≤ WIDE_POWER_MAX, the exact power (products of limbs, no rounding between
 * them) rounded once to 34 digits, as the BigInt form's exact power; null beyond the exponent
 * range. A column of the last product holds at most five limb products (x has at most five limbs).
 */
export function widePower(x: Wide, n: number): Wide | null {
  let len = load(A, x);
  const lx = load(B, x);
  // A × B into R, then R back into A for the next factor: each product exact
  for (let i = 1; i < n; i++) {
    const lr = multiplyLimbs(A, len, B, lx, R);
    if (i === n - 1) return round34(n % 2 === 0 ? 1 : x.s, R, lr, x.e * n, false);
    for (let j = 0; j < lr; j++) A[j] = R[j]!;
    len = lr;
  }
  return null; // n < 2: not asked for
}

/** x × y rounded to 34 digits; null beyond the exponent range. */
export function wideTimes(x: Wide, y: Wide): Wide | null {
  const la = load(A, x);
  const lb = load(B, y);
  return round34(x.s * y.s, R, multiplyLimbs(A, la, B, lb, R), x.e + y.e, false);
}

/** w's limbs into buf; their count. */
function load(buf: Float64Array, w: Wide): number {
  const c = w.c;
  for (let i = 0; i < c.length; i++) buf[i] = c[i]!;
  return c.length;
}

/**
 * x / y rounded to 34 digits: x's coefficient widened by 10^k for at least 35 quotient digits,
 * divided by long division in base 10^7; a remainder that is not zero is the sticky digit. null
 * beyond the exponent range.
 */
export function wideDiv(x: Wide, y: Wide): Wide | null {
  const k = Math.max(0, PRECISION + 1 + y.n - x.n);
  const lu = loadShifted(A, x, k);
  const v = y.c;
  const n = v.length;
  for (let i = 0; i < n; i++) B[i] = v[i]!;
  const len = divideLimbs(A, lu, B, n, R);
  let sticky = false;
  for (let i = 0; i < n && !sticky; i++) sticky = A[i] !== 0;
  return round34(x.s * y.s, R, len, x.e - y.e - k, sticky);
}

/**
 * m / (q × 10^k) rounded to 34 digits, for safe integers m ≠ 0 and q > 0 (the quotient form of
 * decimal.ts): wideDiv(wideOfScaled(m, k), wideOfScaled(q, 0)), the two operands loaded into the
 * work space directly instead of made as Wides first. null beyond the exponent range. Charged as
 * a big division (budget.ts), as the exact form charges it.
 */
export function wideQuotient(m: number, k: number, q: number): Wide | null {
  tick(BIG_DIVISION_STEPS);
  const a = m < 0 ? -m : m;
  const shift = Math.max(0, PRECISION + 1 + integerDigits(q) - integerDigits(a));
  const lu = loadIntegerShifted(A, a, shift);
  const n = loadIntegerShifted(B, q, 0);
  const len = divideLimbs(A, lu, B, n, R);
  let sticky = false;
  for (let i = 0; i < n && !sticky; i++) sticky = A[i] !== 0;
  return round34(m < 0 ? -1 : 1, R, len, -k - shift, sticky);
}

/** Digits an operand of `mod` or `divToInt` may span once aligned (the work space's limbs). */
const ALIGNED_DIGITS = 140;

/**
 * The truncated remainder x − y × trunc(x / y) (the sign of x), exact and rounded to 34 digits as
 * the BigInt form's; `quotient`: trunc(x / y) itself, rounded. null for a zero result, beyond the
 * exponent range, or when the operands aligned at the smaller exponent would span more than 140
 * digits (the BigInt form then).
 */
export function wideRemainder(x: Wide, y: Wide, quotient: boolean): Wide | null {
  // |x| < |y|: the quotient is zero, the remainder x
  if (x.top < y.top) return quotient ? null : x;
  const e = x.e < y.e ? x.e : y.e;
  if (x.top - e + 1 > ALIGNED_DIGITS) return null;
  const lu = loadShifted(A, x, x.e - e);
  const n = loadShifted(B, y, y.e - e);
  const lq = divideLimbs(A, lu, B, n, R, true);
  if (quotient) return lq === 0 ? null : round34(x.s * y.s, R, lq, 0, false);
  let len = n;
  while (len > 0 && A[len - 1] === 0) len--;
  return len === 0 ? null : round34(x.s, A, len, e, false);
}

/** The order of |x| and |y|: -1, 0 or 1. */
export function wideCompareMagnitude(x: Wide, y: Wide): number {
  if (x.top !== y.top) return x.top > y.top ? 1 : -1;
  const e = x.e < y.e ? x.e : y.e;
  return compareLimbs(A, loadShifted(A, x, x.e - e), B, loadShifted(B, y, y.e - e));
}
