// Long division and multiplication of whole numbers in limbs of seven digits (base 10^7, least
// significant first, in Float64Arrays), every step exact on doubles: the wide form's quotients
// (decimal-wide-arithmetic.ts) and square roots (decimal-wide-sqrt.ts).
import { BASE, floorDiv, splitLimb } from "./decimal-wide.js";

/**
 * floor(u / v) into q, for u in u[0..lu) and v in v[0..n) (its top limb not zero, lu ≥ n ≥ 1);
 * returns the quotient's length (its top limb not zero, or 0). u and v are overwritten: afterwards
 * u[0..n) is not all zeros exactly when the remainder is not zero, and with `remainder` it is the
 * remainder itself. u needs room for lu + 1 limbs.
 * Knuth's algorithm D: the divisor scaled so that its top limb is at least BASE / 2, each quotient
 * limb estimated from the top two limbs of the remainder and the divisor's top limb, at most two
 * too large, corrected by the divisor's second limb and at most once more by adding back.
 */
export function divideLimbs(u: Float64Array, lu: number, v: Float64Array, n: number, q: Float64Array, remainder = false): number {
  if (n === 1) {
    // one limb: r × 10^7 + a limb < 10^14
    const d = v[0]!;
    const inverse = 1 / d;
    let r = 0;
    for (let i = lu - 1; i >= 0; i--) {
      const t = r * BASE + u[i]!;
      const g = floorDiv(t, d, inverse);
      q[i] = g;
      r = t - g * d;
    }
    u[0] = r;
    return trimmed(q, lu);
  }
  const f = Math.floor(BASE / (v[n - 1]! + 1));
  if (f > 1) {
    scale(v, n, f);
    u[lu] = scale(u, lu, f);
  } else u[lu] = 0;
  lu++;
  const vTop = v[n - 1]!;
  const vNext = v[n - 2]!;
  const inverse = 1 / vTop;
  for (let j = lu - n - 1; j >= 0; j--) {
    const num = u[j + n]! * BASE + u[j + n - 1]!;
    let g = floorDiv(num, vTop, inverse);
    let r = num - g * vTop;
    while (g >= BASE || g * vNext > r * BASE + u[j + n - 2]!) {
      g--;
      r += vTop;
      if (r >= BASE) break;
    }
    // u[j..j+n] -= g × v
    let carry = 0;
    let borrow = 0;
    for (let i = 0; i < n; i++) {
      const p = g * v[i]! + carry;
      carry = splitLimb(p);
      const t = u[i + j]! - (p - carry * BASE) - borrow;
      borrow = t < 0 ? 1 : 0;
      u[i + j] = t + borrow * BASE;
    }
    const t = u[j + n]! - carry - borrow;
    if (t < 0) {
      // g was one too large: the divisor added back
      g--;
      let c = 0;
      for (let i = 0; i < n; i++) {
        const s = u[i + j]! + v[i]! + c;
        c = s >= BASE ? 1 : 0;
        u[i + j] = s - c * BASE;
      }
      u[j + n] = t + c;
    } else u[j + n] = t;
    q[j] = g;
  }
  if (remainder && f > 1) {
    // the remainder was scaled with the operands: divided back by f, exactly
    const inverse = 1 / f;
    let r = 0;
    for (let i = n - 1; i >= 0; i--) {
      const t = r * BASE + u[i]!;
      const g = floorDiv(t, f, inverse);
      u[i] = g;
      r = t - g * f;
    }
  }
  return trimmed(q, lu - n);
}

/**
 * a[0..la) × b[0..lb) into out (la + lb limbs of room); returns the product's length. The columns
 * are summed first and carried once: a column holds at most min(la, lb) products below 10^14, far
 * below 2^53 for the few limbs of a wide number.
 */
export function multiplyLimbs(a: Float64Array, la: number, b: Float64Array, lb: number, out: Float64Array): number {
  const len = la + lb;
  // column by column in a local, each written once with the carry of the column below
  let carry = 0;
  for (let k = 0; k < len - 1; k++) {
    let t = carry;
    const last = k < la ? k : la - 1;
    for (let i = k < lb ? 0 : k - lb + 1; i <= last; i++) t += a[i]! * b[k - i]!;
    carry = splitLimb(t);
    out[k] = t - carry * BASE;
  }
  out[len - 1] = carry;
  return trimmed(out, len);
}

/** The order of two numbers in limbs (top limbs not zero): -1, 0 or 1. */
export function compareLimbs(a: Float64Array, la: number, b: Float64Array, lb: number): number {
  if (la !== lb) return la > lb ? 1 : -1;
  for (let i = la - 1; i >= 0; i--) if (a[i] !== b[i]) return a[i]! > b[i]! ? 1 : -1;
  return 0;
}

/** The length of x[0..len) without its zero top limbs. */
export function trimmed(x: Float64Array, len: number): number {
  while (len > 0 && x[len - 1] === 0) len--;
  return len;
}

/** x[0..len) × f in place (f < BASE); returns the carry out of the top limb. */
function scale(x: Float64Array, len: number, f: number): number {
  let carry = 0;
  for (let i = 0; i < len; i++) {
    const t = x[i]! * f + carry;
    carry = splitLimb(t);
    x[i] = t - carry * BASE;
  }
  return carry;
}
