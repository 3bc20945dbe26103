// The nearest double to a wide decimal (decimal-wide.ts) without printing its digits: the
// coefficient and the power of ten in double-double arithmetic (a value as an unevaluated sum
// hi + lo of two doubles, about 106 bits), then the rounding decided only where that is safe.
// Each step below (Dekker's exact products and Knuth's exact sums) loses at most about 2^-104 of
// the value, a dozen of them less than 2^-99; the answer is hi + lo rounded to a double, and it is
// the correctly rounded value of the decimal whenever every number within 2^-90 of the value
// (relative) rounds to the same double. Otherwise — near a half-way point between two doubles,
// beyond 10^±88 from the coefficient, near the ends of the double range — NaN: the caller reads
// the digits as text (docs/numbers.md, "The wide form").

/** 2^27 + 1, Dekker's splitter. */
const SPLIT = 134217729;
/** Powers of ten up to 10^22, exact doubles. */
const TEN: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);
const MARGIN = 2 ** -90;
const LIMB = 1e7;

// the double-double being built: hi + lo with |lo| ≤ ulp(hi) / 2 (module registers: a pair
// returned as an array would be allocated at every step)
let hi = 0;
let lo = 0;

/** Dekker's product: the q with a × b = p + q exactly, p being the double a × b. */
function productError(a: number, b: number, p: number): number {
  let t = SPLIT * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLIT * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return al * bl - (p - ah * bh - al * bh - ah * bl);
}

/** hi + lo ← hi + lo times d, d an exact double. */
function times(d: number): void {
  const p = hi * d;
  normalise(p, productError(hi, d, p) + lo * d);
}

/** hi + lo ← hi + lo divided by d, d an exact double. */
function divide(d: number): void {
  const q1 = hi / d;
  // q1 × d = p + its product error exactly; the remainder hi + lo − q1 × d is taken to 2^-106 of the value
  const p = q1 * d;
  const q2 = (hi - p - productError(q1, d, p) + lo) / d;
  normalise(q1, q2);
}

/** hi + lo ← hi + lo plus d. */
function plus(d: number): void {
  // Knuth's two-sum: hi + d = s + r exactly
  const s = hi + d;
  const b = s - hi;
  const r = hi - (s - b) + (d - b);
  normalise(s, r + lo);
}

/** hi + lo ← a + b, renormalised (|a| ≥ |b| or a zero a, as every caller has). */
function normalise(a: number, b: number): void {
  hi = a + b;
  lo = b - (hi - a);
}

/**
 * s × C × 10^e as the nearest double, C = Σ c[i] × 10^(7i) (limbs below 10^7, the top one not
 * zero); NaN when that is not certain here.
 */
export function nearestDouble(s: number, c: readonly number[], e: number): number {
  if (e > 88 || e < -88) return NaN;
  hi = c[c.length - 1]!;
  lo = 0;
  for (let i = c.length - 2; i >= 0; i--) {
    times(LIMB);
    plus(c[i]!);
  }
  for (let k = e; k > 0; k -= 22) times(TEN[k > 22 ? 22 : k]!);
  for (let k = -e; k > 0; k -= 22) divide(TEN[k > 22 ? 22 : k]!);
  const a = hi < 0 ? -hi : hi;
  // far from the ends of the range: no subnormal, no overflow
  if (!(a > 2 ** -1000 && a < 2 ** 1000)) return NaN;
  // every value within the margin rounds as hi + lo does (rounding is monotone): hi is the answer
  const d = a * MARGIN;
  if (hi + (lo - d) !== hi || hi + (lo + d) !== hi) return NaN;
  return s < 0 ? -hi : hi;
}
