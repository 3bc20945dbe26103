// Natural logarithms and exponentials in binary fixed point (an integer over 2^f), each with a
// proven bound on its error in units of 2^-f, for the correctly rounded functions of
// decimal-functions.ts. Every step truncates, so each is off by less than one unit; the bounds add
// those units up, and are kept generous (docs/numbers.md).
import { BIG_TERM_STEPS, tick } from "./budget.js";
import type { Approx } from "./decimal-approx.js";
import { pow10 } from "./decimal-digits.js";
import type { Exact } from "./decimal-exact.js";

/** atanh(p / q) × 2^g within one unit, for 0 < p / q ≤ 1/3 (the odd powers' series). */
function atanhFraction(p: bigint, q: bigint, g: number): bigint {
  // each term is off by at most two units; the guard bits absorb them all
  const guard = 8 + Math.ceil(Math.log2(g + 8));
  const G = BigInt(g + guard);
  const p2 = p * p;
  const q2 = q * q;
  let t = (p << G) / q;
  let sum = t;
  for (let i = 3n; t !== 0n; i += 2n) {
    tick(BIG_TERM_STEPS);
    t = (t * p2) / q2;
    sum += t / i;
  }
  return sum >> BigInt(guard);
}

/** ln(r) for a rational r = (q + p) / (q - p) > 1: 2 atanh(p / q) × 2^g within two units. */
function lnRatio(p: bigint, q: bigint, g: number): bigint {
  return (2n * atanhFraction(p, q, g + 4)) >> 4n;
}

interface Constants {
  ln2: bigint;
  ln10: bigint;
  /** ln(1 + j/32) by j + 8, made when first asked for */
  table: (bigint | undefined)[];
}
const CONSTANTS = new Map<number, Constants>();

/** ln 2 and ln 10 × 2^g, each within two units. */
function constants(g: number): Constants {
  let c = CONSTANTS.get(g);
  if (c === undefined) {
    // ln 2 = 2 atanh(1/3); ln 10 = 3 ln 2 + ln(10/8), and 10/8 = (9 + 1) / (9 - 1)
    const a3 = atanhFraction(1n, 3n, g + 4);
    const ln2 = (2n * a3) >> 4n;
    const ln10 = (6n * a3 + 2n * atanhFraction(1n, 9n, g + 4)) >> 4n;
    c = { ln2, ln10, table: [] };
    CONSTANTS.set(g, c);
  }
  return c;
}

/** ln(1 + j/32) × 2^g within two units, for -8 ≤ j ≤ 16. */
function tableLn(j: number, g: number): bigint {
  if (j === 0) return 0n;
  const table = constants(g).table;
  let v = table[j + 8];
  if (v === undefined) {
    // 1 + j/32 = (64 + j + j) / (64 + j - j): ln of it is 2 atanh(j / (64 + j))
    const magnitude = lnRatio(BigInt(Math.abs(j)), BigInt(64 + j), g);
    v = table[j + 8] = j < 0 ? -magnitude : magnitude;
  }
  return v;
}

/** ln 10 × 2^g within two units. */
const ln10Fixed = (g: number): bigint => constants(g).ln10;

/**
 * ln(x) × 2^f and a bound on its error in units, for finite x > 0. With m = x / 10^top in [1, 10):
 * ln x = top ln 10 + k ln 2 + ln(1 + j/32) + ln y, where y = m / (2^k (1 + j/32)) lies within 1/48
 * of 1, and ln y = 2 atanh((y - 1)/(y + 1)) converges by 13 bits a term.
 */
export function lnFixed(x: Exact, f: number): { v: bigint; err: number } {
  const g = f + 12;
  const G = BigInt(g);
  const one = 1n << G;
  // m over 2^g, within one unit
  const M = x.n > 1 ? (x.c << G) / pow10(x.n - 1) : x.c << G;
  // m / 2^k in [0.75, 1.5) is the same integer read over 2^(g+k)
  const k = 2n * M < 3n * one ? 0 : M < 3n * one ? 1 : M < 6n * one ? 2 : 3;
  const gy = g + k;
  const GY = BigInt(gy);
  const unit = 1n << GY;
  const j = Number(((M - unit) * 32n + (unit >> 1n)) >> GY);
  // y within 1 + 32/24 units
  const Y = j === 0 ? M : (M * 32n) / BigInt(32 + j);
  // z = (y - 1)/(y + 1), |z| ≤ 1/95, within 2.2 units (dz/dy ≤ 1/2)
  let Z = ((Y - unit) << GY) / (Y + unit);
  const negative = Z < 0n;
  if (negative) Z = -Z;
  const Z2 = (Z * Z) >> GY;
  let S = Z;
  let T = Z;
  let terms = 0;
  for (let i = 3n; T !== 0n; i += 2n) {
    tick(BIG_TERM_STEPS);
    T = (T * Z2) >> GY;
    S += T / i;
    terms++;
  }
  // atanh(z) within 2.3 (from z) + 2.02 a term + 1 (the tail)
  const errS = 3.3 + 2.02 * terms;
  const h = g + 3;
  const lnY = (negative ? -S : S) << BigInt(4 - k); // 2 atanh(z), over 2^h
  const c = constants(h);
  const total = lnY + BigInt(k) * c.ln2 + tableLn(j, h) + BigInt(x.top) * c.ln10;
  const errH = 2 * errS * 2 ** (3 - k) + 2 * k + 2 + 2 * Math.abs(x.top);
  return { v: total >> BigInt(h - f), err: errH / 2 ** (h - f) + 1 };
}

/** T / 2^f as a double (T may be far beyond double range in units). */
export function toDouble(T: bigint, f: number): number {
  const cut = Math.max(0, f - 60);
  return Number(T >> BigInt(cut)) / 2 ** (f - cut);
}

/**
 * exp(t) for t = T / 2^f known within tErr units of 2^-f. exp t = 10^K exp(r) with
 * r = t - K ln 10 in [-1.16, 1.16]; exp(r) = exp(r / 2^h)^(2^h), the series taken at r / 2^h.
 */
export function expApprox(T: bigint, f: number, tErr: number): Approx {
  const K = Math.round(toDouble(T, f) / Math.LN10);
  let R = T - BigInt(K) * ln10Fixed(f);
  const rErr = tErr + 2 * Math.abs(K);
  const negative = R < 0n;
  if (negative) R = -R;
  const h = Math.ceil(Math.sqrt(f));
  const g = f + h;
  const G = BigInt(g);
  // R read over 2^g is r / 2^h; the series of exp(±r / 2^h), each term within two units
  const one = 1n << G;
  let sum = one;
  let term = one;
  let terms = 0;
  for (let i = 1n; term !== 0n; i++) {
    tick(BIG_TERM_STEPS);
    term = ((term * R) >> G) / i;
    sum = negative && (i & 1n) === 1n ? sum - term : sum + term;
    terms++;
  }
  // each squaring doubles the relative error and adds at most 2^(2-g) (the value stays above 1/4)
  tick(BIG_TERM_STEPS * h);
  for (let i = 0; i < h; i++) sum = (sum * sum) >> G;
  return { m: sum, b: -g, d: K, u: (2.02 * terms + 2 + rErr) * 1.01 + 8, w: f };
}
