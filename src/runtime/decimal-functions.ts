// Powers, exponentials and natural logarithms of the runtime's big decimals, correctly rounded to
// 34 digits, half-even — what decimal.js gives wherever it is itself correctly rounded (its powers
// near 1 sometimes are not: docs/numbers.md) — with decimal.js's treatment of zeros, infinities,
// NaN and the exponent range (square roots: decimal-sqrt.ts).
//   x ** n    (integer n) exactly when the power has few digits, otherwise by squaring in binary
//             with guard bits and a rounding-boundary check (decimal-approx.ts);
//   exp, ln   binary fixed-point series with proven error bounds, the same check;
//   x ** y    (y = p/q in lowest terms, q dividing a power of ten) exactly when x is a perfect
//             q-th power (4 ** 0.5, 0.008 ** 1.5), otherwise exp(y ln x) with the same check.
// When the check fails, the work is repeated with twice the bits (docs/numbers.md).
import { BIG_TERM_STEPS, tick } from "./budget.js";
import { type Approx, LOG10_2, LOG2_10, MAX_BITS, START_BITS, log10Of, roundApprox } from "./decimal-approx.js";
import { bitLength, digitCount, integerRoot, pow10 } from "./decimal-digits.js";
import { Exact, MAX_E, MIN_E, NAN, ONE, ZERO, infinity, normal, rounded, zero } from "./decimal-exact.js";
import { expApprox, lnFixed, toDouble } from "./decimal-series.js";

/** exp(t) is beyond 10^±6145 when |t| exceeds this (ln 10 × 6145 < 14150). */
const RANGE = 14160;
/** Powers with at most this many digits are computed exactly and rounded once. */
const EXACT_DIGITS = 120;
/** …and when the check fails, up to this many. */
const EXACT_FALLBACK_DIGITS = 600;

export function exp(x: Exact): Exact {
  if (x.n === 0 || x.c === 0n) return x.s !== x.s ? NAN : x.n !== 0 ? ONE : x.s < 0 ? ZERO : x;
  // decimal.js answers at once from 10^18 on; beyond ±14160 the result is out of range anyway
  if (x.top > 17) return x.s < 0 ? ZERO : infinity(1);
  const t = x.toNumber();
  if (t > RANGE) return infinity(1);
  if (t < -RANGE) return ZERO;
  return correctly((w, force) => {
    const f = w + 20;
    const T = fixed(x, f);
    return roundApprox(1, expApprox(T, f, 1), false, force);
  });
}

export function ln(x: Exact): Exact {
  if (x.s !== 1 || x.n === 0 || x.c === 0n || (x.c === 1n && x.e === 0)) {
    // ln(±0) = -Infinity, ln(1) = 0, ln(Infinity) = Infinity; NaN and negative numbers give NaN
    if (x.n !== 0 && x.c === 0n) return infinity(-1);
    return x.s !== 1 ? NAN : x.n !== 0 ? ZERO : x;
  }
  const near = lnMagnitude(x);
  return correctly((w, force) => {
    const f = w + 8 + Math.max(0, Math.ceil(-near));
    const { v, err } = lnFixed(x, f);
    const a = v < 0n ? -v : v;
    const bits = a === 0n ? 0 : bitLength(a);
    // a relative error of err / a ≤ err × 2^(2 - bits): a is at least 2^(bits - 2)
    if (bits < w && !force) return null;
    return roundApprox(v < 0n ? -1 : 1, { m: a, b: -f, d: 0, u: err, w: bits - 2 }, false, force);
  });
}

export function power(x: Exact, y: Exact): Exact {
  // NaN, an infinity or a zero on either side: decimal.js answers as Math.pow does for the doubles
  if (x.c === 0n || y.c === 0n) return Exact.from(Math.pow(x.toNumber(), y.toNumber()));
  if (x.s > 0 && x.c === 1n && x.e === 0) return x;
  if (y.s > 0 && y.c === 1n && y.e === 0) return rounded(x.s, x.c, x.e, false);
  if (y.e >= 0 && y.top < 16) {
    const n = y.toNumber();
    if (Number.isSafeInteger(n)) return integerPower(x, n);
  }
  // a negative base needs an integer exponent (beyond 2^53 here), whose parity gives the sign
  let s = 1;
  if (x.s < 0) {
    if (y.e < 0) return NAN;
    s = y.e > 0 || (y.c & 1n) === 0n ? 1 : -1;
    if (x.c === 1n && x.e === 0) return s < 0 ? x : ONE;
  }
  // decimal.js's estimate of the result's exponent decides what is out of range (and that such a
  // zero is +0), so it is kept as it is
  const yn = y.toNumber();
  const k = Math.pow(x.toNumber(), yn);
  const e = k === 0 || !Number.isFinite(k) ? Math.floor(yn * (Math.log(Number(`0.${x.c}`)) / Math.LN10 + x.top + 1)) : Exact.from(k).top;
  if (e > MAX_E + 1 || e < MIN_E - 1) return e > 0 ? infinity(s) : ZERO;
  const base = x.abs();
  return (y.e < 0 ? rationalPower(base, y) : null) ?? expLnPower(base, y, s);
}

/** x^n for a safe integer n ≠ 0 and a finite non-zero x. */
function integerPower(x: Exact, n: number): Exact {
  const s = x.s < 0 && n % 2 !== 0 ? -1 : 1;
  const k = n < 0 ? -n : n;
  if (x.c === 1n) return normal(s, 1n, x.e * n, 1); // a power of ten
  // few digits and far from the exponent's limits (x² of a 34-digit x): the exact power, as below
  if (k * x.n <= EXACT_DIGITS && k * (Math.abs(x.top) + 1) < MAX_E - 2) return exactPower(x, n, s);
  const lg = n * (log10Of(x.c) + x.e);
  if (lg > MAX_E + 2) return infinity(s);
  if (lg < MIN_E - 2) return zero(s);
  const digits = k * log10Of(x.c);
  if (digits <= EXACT_DIGITS) return exactPower(x, n, s);
  return correctly((w, force) => {
    const r = binaryPower(x, k, w + Math.ceil(Math.log2(k + 1)) + 4);
    const rounded = roundApprox(s, r, n < 0, force);
    // a power that is exactly a half-way point is never decided by an approximation
    return rounded === null && digits <= EXACT_FALLBACK_DIGITS ? exactPower(x, n, s) : rounded;
  });
}

/** x^n from the exact BigInt power, rounded once (a quotient for negative n). */
function exactPower(x: Exact, n: number, s: number): Exact {
  const k = n < 0 ? -n : n;
  const c = x.c ** BigInt(k);
  // x has no trailing zeros and neither has its power, whose exponent may be out of range while
  // its reciprocal is not: made directly, not through normal()
  if (n > 0) return rounded(s, c, x.e * k, false);
  return ONE.div(new Exact(s, c, x.e * k, digitCount(c)));
}

const LIMITS = new Map<number, [bigint, bigint]>();

/**
 * |x|^k (k ≥ 1) by squaring in binary: every product is cut back below 2^2w, each cut losing
 * less than 2^-w of it; the relative error is at most u × 2^-w, u counting the cuts (a square
 * doubles its operand's error).
 */
function binaryPower(x: Exact, k: number, w: number): Approx {
  let limits = LIMITS.get(w);
  if (limits === undefined) LIMITS.set(w, (limits = [1n << BigInt(2 * w), 1n << BigInt(3 * w)]));
  const [two, three] = limits;
  const W = BigInt(w);
  const W2 = BigInt(2 * w);
  // the base as bm × 2^bb within bu × 2^-w: an integer exactly, or cut to about w bits
  let bm: bigint;
  let bb: number;
  let bu: number;
  if (x.e >= 0) {
    bm = x.c * pow10(x.e);
    bb = 0;
    bu = 0;
  } else {
    const shift = w + 2 + Math.ceil((-x.e - x.n + 1) * LOG2_10);
    bm = shift >= 0 ? (x.c << BigInt(shift)) / pow10(-x.e) : x.c / (pow10(-x.e) << BigInt(-shift));
    bb = -shift;
    bu = 1;
  }
  if (bm >= two) {
    const cut = bitLength(bm) - 2 * w;
    bm >>= BigInt(cut);
    bb += cut;
    bu += 1;
  }
  let rm = 0n;
  let rb = 0;
  let ru = 0;
  for (let j = k, first = true; ;) {
    tick(BIG_TERM_STEPS);
    if (j % 2 === 1) {
      if (first) {
        rm = bm;
        rb = bb;
        ru = bu;
        first = false;
      } else {
        rm *= bm;
        rb += bb;
        ru += bu;
        // a product below 2^4w is cut to below 2^2w
        if (rm >= three) {
          rm >>= W2;
          rb += 2 * w;
          ru += 1;
        } else if (rm >= two) {
          rm >>= W;
          rb += w;
          ru += 1;
        }
      }
    }
    j = Math.floor(j / 2);
    if (j === 0) break;
    bm *= bm;
    bb *= 2;
    bu *= 2;
    if (bm >= three) {
      bm >>= W2;
      bb += 2 * w;
      bu += 1;
    } else if (bm >= two) {
      bm >>= W;
      bb += w;
      bu += 1;
    }
  }
  // the products of the (1 + ε) factors are their sums to far below one unit
  return { m: rm, b: rb, d: 0, u: ru * 1.001 + 1, w };
}

/**
 * x^y for x > 0 and y = p/q in lowest terms (q > 1, a divisor of a power of ten) when x is a
 * perfect q-th power: (x^(1/q))^p, exactly as an integer power; null otherwise. Only such powers
 * can be exact (or half-way), so every other one is decided by expLnPower's check.
 */
function rationalPower(x: Exact, y: Exact): Exact | null {
  const places = -y.e;
  let p = y.c;
  let twos = 0;
  let fives = 0;
  for (; twos < places && (p & 1n) === 0n; twos++) p >>= 1n;
  for (; fives < places && p % 5n === 0n; fives++) p /= 5n;
  // x = r^q with r an integer needs q ≤ log2 x (or x a power of ten, q | its exponent)
  const q = 2 ** (places - twos) * 5 ** (places - fives);
  if (q > Math.max(bitLength(x.c), Math.abs(x.e)) || x.e % q !== 0 || p > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const r = integerRoot(x.c, q);
  if (r ** BigInt(q) !== x.c) return null;
  return integerPower(new Exact(1, r, x.e / q, digitCount(r)), y.s * Number(p));
}

/** s × exp(y ln x) for x > 0: ln x to f bits, t = y ln x, then exp(t). */
function expLnPower(x: Exact, y: Exact, s: number): Exact {
  // |y| < 2^yBits: the bits ln x needs beyond those of the result
  const yBits = Math.ceil((y.top + 1) * LOG2_10);
  return correctly((w, force) => {
    const f = w + 24 + Math.max(0, yBits);
    const L = lnFixed(x, f);
    const product = L.v * y.c * (y.e > 0 ? pow10(y.e) : 1n);
    const T = (y.e < 0 ? product / pow10(-y.e) : product) * BigInt(y.s);
    // far out of range (decimal.js's estimate above can miss it: 0.99999999999999991 ** 3e32)
    const t = toDouble(T, f);
    if (t > RANGE) return infinity(s);
    if (t < -RANGE) return zero(s);
    const tErr = L.err * 2 ** yBits + 1;
    return roundApprox(s, expApprox(T, f, tErr), false, force);
  });
}

/** Ziv's loop: an attempt at w bits that may decline, then at twice as many. */
function correctly(attempt: (w: number, force: boolean) => Exact | null): Exact {
  for (let w = START_BITS; ; w *= 2) {
    tick(BIG_TERM_STEPS);
    const force = w >= MAX_BITS;
    const r = attempt(w, force);
    if (r !== null) return r;
    if (force) throw new Error("[DecimalError] no correctly rounded result"); // unreachable: force rounds
  }
}

/** x × 2^f truncated (within one unit), for a finite x. */
function fixed(x: Exact, f: number): bigint {
  const F = BigInt(f);
  const magnitude = x.e >= 0 ? (x.c * pow10(x.e)) << F : (x.c << F) / pow10(-x.e);
  return x.s < 0 ? -magnitude : magnitude;
}

/** About log2 |ln x|, never much above it: near 1, |ln x| ≥ |x - 1| / 2. */
function lnMagnitude(x: Exact): number {
  if ((x.top !== 0 && x.top !== -1) || x.e >= 0) return 0;
  const d = x.c - pow10(-x.e);
  const distance = (log10Of(d < 0n ? -d : d) + x.e) / LOG10_2;
  return Math.min(0, distance - 1);
}
