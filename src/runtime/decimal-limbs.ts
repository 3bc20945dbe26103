// Integer powers of decimals of up to 50 digits (x = C × 10^e: the scaled form of decimal.ts, a
// wide 34-digit value, a BigInt coefficient) without BigInt work in the loop: binary floating point
// with seven 24-bit limbs held in doubles (168 bits), every product of limbs and every column sum
// exact, only the columns below the seventh dropped. A product is then within δ = 2^-141 of its
// exact value, relative; powering counts those errors, and the 34-digit result is taken only when
// no number within the bound lies on the other side of a rounding boundary (docs/numbers.md).
// Otherwise, or when the result falls outside [10^-39, 10^34), the caller takes the general path
// (decimal-functions.ts).
import { BIG_TERM_STEPS, tick } from "./budget.js";
import { type Wide, round34 } from "./decimal-wide.js";

const L = 7;
const LOG10_2 = Math.log10(2);
const BASE = 16777216; // 2^24
const INV = 1 / BASE;
/** A product's relative error: the dropped columns (< 2^-141.6) and a cut limb (< 2^-144 each). */
const DELTA = 2 ** -141;
/** Exponents up to this stay here: the error bound grows with n. */
export const LIMB_POWER_MAX = 4096;

/** A positive value Σ limb[i] × 2^(24 (ex - i)), limb[0] ≥ 1, each limb an integer below 2^24. */
interface Float {
  limbs: Float64Array;
  ex: number;
}

/** A product's column sums, highest first (in a typed array: doubles passed as arguments are boxed). */
const C = new Float64Array(L + 1);

/**
 * out = a × b, the top seven limbs of the product (the columns below the seventh dropped), for
 * top limbs a[0], b[0] ≥ 1. Returns 1 when the product gained a limb (its exponent is the sum of
 * a's and b's plus that), else 0. out may be a or b.
 */
function mul(a: Float64Array, b: Float64Array, out: Float64Array): number {
  const a0 = a[0]!,
    a1 = a[1]!,
    a2 = a[2]!,
    a3 = a[3]!,
    a4 = a[4]!,
    a5 = a[5]!,
    a6 = a[6]!;
  const b0 = b[0]!,
    b1 = b[1]!,
    b2 = b[2]!,
    b3 = b[3]!,
    b4 = b[4]!,
    b5 = b[5]!,
    b6 = b[6]!;
  // every column sum is below 8 × 2^48: exact in a double
  C[0] = a0 * b0;
  C[1] = a0 * b1 + a1 * b0;
  C[2] = a0 * b2 + a1 * b1 + a2 * b0;
  C[3] = a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0;
  C[4] = a0 * b4 + a1 * b3 + a2 * b2 + a3 * b1 + a4 * b0;
  C[5] = a0 * b5 + a1 * b4 + a2 * b3 + a3 * b2 + a4 * b1 + a5 * b0;
  C[6] = a0 * b6 + a1 * b5 + a2 * b4 + a3 * b3 + a4 * b2 + a5 * b1 + a6 * b0;
  C[7] = a1 * b6 + a2 * b5 + a3 * b4 + a4 * b3 + a5 * b2 + a6 * b1;
  return carried(out);
}

/** out = a × a, as mul(a, a, out) with each cross product taken once. */
function square(a: Float64Array, out: Float64Array): number {
  const a0 = a[0]!,
    a1 = a[1]!,
    a2 = a[2]!,
    a3 = a[3]!,
    a4 = a[4]!,
    a5 = a[5]!,
    a6 = a[6]!;
  C[0] = a0 * a0;
  C[1] = 2 * a0 * a1;
  C[2] = 2 * a0 * a2 + a1 * a1;
  C[3] = 2 * (a0 * a3 + a1 * a2);
  C[4] = 2 * (a0 * a4 + a1 * a3) + a2 * a2;
  C[5] = 2 * (a0 * a5 + a1 * a4 + a2 * a3);
  C[6] = 2 * (a0 * a6 + a1 * a5 + a2 * a4) + a3 * a3;
  C[7] = 2 * (a1 * a6 + a2 * a5 + a3 * a4);
  return carried(out);
}

/**
 * The column sums in C carried into limbs below 2^24 (scaling by 2^-24 and flooring are exact),
 * the top seven written to out; 1 when a carry out of the top column made a new top limb.
 */
function carried(out: Float64Array): number {
  let c0 = C[0]!,
    c1 = C[1]!,
    c2 = C[2]!,
    c3 = C[3]!,
    c4 = C[4]!,
    c5 = C[5]!,
    c6 = C[6]!;
  let carry = Math.floor(C[7]! * INV);
  c6 += carry;
  carry = Math.floor(c6 * INV);
  c6 -= carry * BASE;
  c5 += carry;
  carry = Math.floor(c5 * INV);
  c5 -= carry * BASE;
  c4 += carry;
  carry = Math.floor(c4 * INV);
  c4 -= carry * BASE;
  c3 += carry;
  carry = Math.floor(c3 * INV);
  c3 -= carry * BASE;
  c2 += carry;
  carry = Math.floor(c2 * INV);
  c2 -= carry * BASE;
  c1 += carry;
  carry = Math.floor(c1 * INV);
  c1 -= carry * BASE;
  c0 += carry;
  carry = Math.floor(c0 * INV);
  c0 -= carry * BASE;
  if (carry > 0) {
    out[0] = carry;
    out[1] = c0;
    out[2] = c1;
    out[3] = c2;
    out[4] = c3;
    out[5] = c4;
    out[6] = c5;
    return 1;
  }
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
  out[3] = c3;
  out[4] = c4;
  out[5] = c5;
  out[6] = c6;
  return 0;
}

/** N × 2^scale (N > 0) as a Float, its limbs cut (within 2^-144, relative). */
function floatOf(N: bigint, scale: number): Float {
  const top = scale + N.toString(2).length - 1; // the value lies in [2^top, 2^(top+1))
  const ex = Math.floor(top / 24);
  const shift = scale - 24 * (ex - (L - 1)); // N × 2^shift is the limbs read as one integer
  let Q = shift >= 0 ? N << BigInt(shift) : N >> BigInt(-shift);
  const limbs = new Float64Array(L);
  for (let i = L - 1; i >= 0; i--) {
    limbs[i] = Number(Q & 0xffffffn);
    Q >>= 24n;
  }
  return { limbs, ex };
}

/** 10^-k for 1 ≤ k ≤ MAX_TENTH, within 2^-144 (the quotient has over 24 L + 16 bits), made when first asked for. */
const TENTHS: Float[] = [];
const MAX_TENTH = 120;
const tenths = (k: number): Float =>
  (TENTHS[k] ??= floatOf((1n << BigInt(24 * L + 16 + 4 * k)) / 10n ** BigInt(k), -(24 * L + 16 + 4 * k)));
/** 10^j exactly, 0 ≤ j ≤ 72 (5^72 < 2^168 fits seven limbs), made when first asked for. */
const TENS: Float[] = [];
const MAX_TEN = 72;
const tens = (j: number): Float => (TENS[j] ??= floatOf(10n ** BigInt(j), 0));
/** 10^33 and 10^34 as the integer limbs of a Float with exponent 4 (limbs 0 to 4). */
const LOW = tens(33);
const HIGH = tens(34);

// scratch registers: the power, the base's squares, a temporary, the result's decimal limbs
const P = new Float64Array(L);
const X = new Float64Array(L);
const T = new Float64Array(L);
const D = new Float64Array(L);

/** Writes the safe integer m > 0 into out; returns its exponent. */
function setInteger(out: Float64Array, m: number): number {
  out.fill(0);
  const hi = Math.floor(m / 2 ** 48);
  const mid = Math.floor(m / BASE) % BASE;
  const lo = m % BASE;
  const ex = hi > 0 ? 2 : mid > 0 ? 1 : 0;
  out[ex] = lo;
  if (ex > 0) out[ex - 1] = mid;
  if (ex > 1) out[0] = hi;
  return ex;
}

/** Integers up to this have a reciprocal by long division in doubles (remainder × 2^24 < 2^53). */
const SHORT = 2 ** 29;

/** Writes 1/a for an integer 1 ≤ a ≤ SHORT into out (cut after seven limbs); returns its exponent. */
function setReciprocal(out: Float64Array, a: number): number {
  if (a === 1) return setInteger(out, 1);
  // long division, a limb at a time (2^-24, 2^-48, …), the leading zero limbs skipped
  let r = 1;
  let scale = 0;
  let ex = 0;
  for (let i = 0; i < L;) {
    r *= BASE;
    scale--;
    let q = Math.floor(r / a);
    // the division is rounded, so the quotient may be one off; the products are exact
    if (q * a > r) q--;
    else if ((q + 1) * a <= r) q++;
    r -= q * a;
    if (i === 0) {
      if (q === 0) continue;
      ex = scale;
    }
    out[i++] = q;
  }
  return ex;
}

/** Writes a double d > 0 (finite, normal) into out exactly; returns its exponent. */
function setDouble(out: Float64Array, d: number): number {
  const ex = Math.floor(Math.log2(d) / 24);
  // log2 may round: make sure d / 2^(24 ex) lies in [1, 2^24)
  const e = d * 2 ** (-24 * ex) >= BASE ? ex + 1 : d * 2 ** (-24 * ex) < 1 ? ex - 1 : ex;
  let rest = d * 2 ** (-24 * e);
  for (let i = 0; i < L; i++) {
    out[i] = Math.floor(rest);
    rest = (rest - out[i]!) * BASE;
  }
  return e;
}

/** The top three limbs as a double: the whole value to within 2^-47, relative (a top limb is at least 1). */
const head = (a: Float64Array): number => (a[0]! * BASE + a[1]!) * BASE + a[2]!;

/**
 * The correctly rounded (m × 10^-k)^n for a safe integer m ≠ 0, 0 ≤ k ≤ 22 and 1 ≤ |n| ≤
 * LIMB_POWER_MAX; null when this path cannot decide or the result lies outside [10^-39, 10^34).
 */
export function limbPower(m: number, k: number, n: number): Wide | null {
  const s = m < 0 && n % 2 !== 0 ? -1 : 1;
  const a = m < 0 ? -m : m;
  // the base in X, within xu δs: m / 10^k, or for a negative power of a short m its reciprocal
  // 10^k / m, so that no reciprocal is needed at the end
  if (n < 0 && a <= SHORT) {
    let xex = setReciprocal(X, a);
    let xu = 1;
    if (k > 0) {
      const ten = tens(k);
      xex += ten.ex + mul(X, ten.limbs, X);
      xu = 2;
    }
    return powerOfX(s, xex, xu, -n, false);
  }
  let xex = setInteger(X, a);
  let xu = 0;
  if (k > 0) {
    xex += tenths(k).ex + mul(X, tenths(k).limbs, X);
    xu = 2;
  }
  return powerOfX(s, xex, xu, n < 0 ? -n : n, n < 0);
}

/**
 * The correctly rounded (s × C × 10^e)^n for a coefficient C of a wide value (limbs of seven
 * digits, least significant first, C below 10^35) and 1 ≤ |n| ≤ LIMB_POWER_MAX; null as limbPower.
 */
export function limbPowerOfWide(s: number, c: readonly number[], e: number, n: number): Wide | null {
  // C in X by Horner's rule, a limb of seven digits at a time (each step exact: below 2^48)
  X.fill(0);
  for (let i = c.length - 1; i >= 0; i--) {
    let carry = c[i]!;
    for (let j = L - 1; j >= 0; j--) {
      const t = X[j]! * 1e7 + carry;
      carry = Math.floor(t * INV);
      X[j] = t - carry * BASE;
    }
  }
  return scaledPower(s, e, n);
}

/** limbPower of s × C × 10^e for a BigInt C > 0 below 2^168 (a value held as an Exact); null as limbPower. */
export function limbPowerOfBig(s: number, C: bigint, e: number, n: number): Wide | null {
  if (C >= 1n << BigInt(24 * L)) return null;
  for (let j = L - 1; j >= 0; j--) {
    X[j] = Number(C & 0xffffffn);
    C >>= 24n;
  }
  return scaledPower(s, e, n);
}

/** The power of X (an integer in limbs, the units in the last) times 10^e, to n. */
function scaledPower(s: number, e: number, n: number): Wide | null {
  if (e < -MAX_TENTH || e > MAX_TEN) return null;
  // the top limb first: drop the leading zero limbs (C > 0 has at least one limb that is not)
  let z = 0;
  while (X[z] === 0) z++;
  if (z > 0) X.copyWithin(0, z).fill(0, L - z);
  let xex = L - 1 - z;
  let xu = 0;
  if (e !== 0) {
    // the exact C times 10^e: a product (one δ) with 10^-k cut within 2^-144 or the exact 10^e
    const ten = e < 0 ? tenths(-e) : tens(e);
    xex += ten.ex + mul(X, ten.limbs, X);
    xu = 2;
  }
  return powerOfX(s < 0 && n % 2 !== 0 ? -1 : 1, xex, xu, n < 0 ? -n : n, n < 0);
}

/**
 * X^k (X within xu δs, exponent xex), or its reciprocal when `reciprocal`, rounded to 34 digits
 * with the sign s; null as limbPower. X is overwritten.
 */
function powerOfX(s: number, xex: number, xu: number, k: number, reciprocal: boolean): Wide | null {
  // binary powering; u counts δs (a square doubles its operand's error, a product adds its own)
  let pex = 0;
  let pu = 0;
  let first = true;
  for (let j = k; ;) {
    tick(BIG_TERM_STEPS);
    if (j % 2 === 1) {
      if (first) {
        P.set(X);
        pex = xex;
        pu = xu;
        first = false;
      } else {
        pex += xex + mul(P, X, P);
        pu += xu + 1;
      }
    }
    j = Math.floor(j / 2);
    if (j === 0) break;
    xex += xex + square(X, X);
    xu = 2 * xu + 1;
  }
  if (reciprocal) {
    // 1 / P by two Newton steps y ← y (2 - P y) from a double's reciprocal (within 2^-47): each
    // step turns the error ε of y into ε² plus three products' δs (and the limb 2 - P y may lose)
    let yex = setDouble(T, 1 / head(P)) - pex + 2;
    for (let step = 0; step < 2; step++) {
      // X = P × y, near 1; then X = 2 - X; then y = y × X
      const tex = pex + yex + mul(P, T, X);
      twoMinus(X, tex);
      const ex2 = X[0]! === 0 ? -1 : 0;
      if (ex2 < 0) X.copyWithin(0, 1).fill(0, L - 1);
      yex += ex2 + mul(T, X, T);
    }
    P.set(T);
    pex = yex;
    pu += 4;
  }
  // one more product makes the 34 digits
  return toDecimal(s, pex, (pu + 1) * DELTA * 1.001);
}

/** X = 2 - X for X near 1 with exponent ex (0 or -1), as a fixed-point number with limb 0 = units. */
function twoMinus(x: Float64Array, ex: number): void {
  // align: units in limb 0 (a value below 1 loses its last limb, 2^-168, far inside δ)
  if (ex === -1) {
    x.copyWithin(1, 0, L - 1);
    x[0] = 0;
  }
  let borrow = 0;
  for (let i = L - 1; i >= 1; i--) {
    const d = -x[i]! - borrow;
    borrow = d < 0 ? 1 : 0;
    x[i] = d + borrow * BASE;
  }
  x[0] = 2 - x[0]! - borrow;
}

/** s × P (exponent pex, relative error below rho) rounded to 34 digits, as a wide value; or null. */
function toDecimal(s: number, pex: number, rho: number): Wide | null {
  let E = Math.floor(Math.log10(head(P)) + 24 * (pex - 2) * LOG10_2) - 33;
  for (let tries = 0; tries < 3; tries++) {
    const j = -E;
    if (j < 0 || j > MAX_TEN) return null;
    // S = value × 10^j: in [10^33, 10^34) its exponent is 4, limbs 0-4 the integer part, 5-6 the fraction
    const ten = tens(j);
    const sex = pex + ten.ex + mul(P, ten.limbs, T);
    const order = sex !== 4 ? Math.sign(sex - 4) : compareInteger(T, LOW.limbs) < 0 ? -1 : compareInteger(T, HIGH.limbs) >= 0 ? 1 : 0;
    if (order !== 0) {
      E += order;
      continue;
    }
    // the fraction, and the error bound in units (S < 2^113); a double's own error is far below
    const fraction = T[5]! * INV + T[6]! * INV * INV;
    const tolerance = rho * 2 ** 113 + 2 ** -50;
    if (Math.abs(fraction - 0.5) <= tolerance) return null;
    if (fraction > 0.5) increment(T);
    // the integer in limbs of seven decimal digits, the wide form's (five hold S ≤ 10^34), by long
    // division by 10^7 (each step exact: below 2^48); round34 drops its trailing zeros
    for (let i = 0; i < 5; i++) {
      let r = 0;
      for (let j = 0; j <= 4; j++) {
        const t = r * BASE + T[j]!;
        const q = Math.floor(t / 1e7);
        r = t - q * 1e7;
        T[j] = q;
      }
      D[i] = r;
    }
    let len = 5;
    while (D[len - 1] === 0) len--;
    return round34(s, D, len, E, false);
  }
  return null;
}

/** Compares the integer limbs (0-4) of two Floats with exponent 4. */
function compareInteger(a: Float64Array, b: Float64Array): number {
  for (let i = 0; i <= 4; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

/** Adds one unit to the integer limbs (0-4). */
function increment(a: Float64Array): void {
  for (let i = 4; i >= 0; i--) {
    if (a[i]! + 1 < BASE) {
      a[i] = a[i]! + 1;
      return;
    }
    a[i] = 0;
  }
}
