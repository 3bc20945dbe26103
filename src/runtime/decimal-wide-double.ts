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

// A double-double is two locals, hi + lo with |lo| ≤ ulp(hi) / 2; `limbsValue` returns hi and
// leaves lo in LOW[0]: a typed array, since a double kept in a module variable is boxed at every
// store (which took half of the conversion's time).
const LOW = new Float64Array(1);

/** Dekker's product: the q with a × b = p + q exactly, p being the double a × b. */
export function productError(a: number, b: number, p: number): number {
  let t = SPLIT * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLIT * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return al * bl - (p - ah * bh - al * bh - ah * bl);
}

/**
 * s × C × 10^e as the nearest double, C = Σ c[i] × 10^(7i) (limbs below 10^7, the top one not
 * zero); NaN when that is not certain here.
 */
export function nearestDouble(s: number, c: readonly number[], e: number): number {
  const hi = scaledValue(c, e);
  const lo = LOW[0]!;
  const a = hi < 0 ? -hi : hi;
  // far from the ends of the range: no subnormal, no overflow (NaN beyond 10^±88 fails here too)
  if (!(a > 2 ** -1000 && a < 2 ** 1000)) return NaN;
  // every value within the margin rounds as hi + lo does (rounding is monotone): hi is the answer
  const d = a * MARGIN;
  if (hi + (lo - d) !== hi || hi + (lo + d) !== hi) return NaN;
  return s < 0 ? -hi : hi;
}

/**
 * C × 10^e as a double-double, C = Σ c[i] × 10^(7i) (limbs below 10^7, the top one not zero): the
 * high part returned, the low part left in LOW[0] (`lowPart`); within 2^-99 of the value (the
 * limbs' steps and `scaledByTen`'s). NaN beyond 10^±88.
 */
export const scaledValue = (c: readonly number[], e: number): number => scaledByTen(limbsValue(c, c.length, 0), LOW[0]!, e);

/**
 * (hi + lo) × 10^e as a double-double, the low part left in LOW[0]: at most four products or
 * quotients by exact powers of ten, each losing at most about 2^-104 of the value. NaN beyond 10^±88.
 */
export function scaledByTen(hi: number, lo: number, e: number): number {
  if (e > 88 || e < -88) return NaN;
  for (let k = e; k > 0; k -= 22) {
    // hi + lo ← (hi + lo) × 10^k, 10^k an exact double
    const d = TEN[k > 22 ? 22 : k]!;
    const p = hi * d;
    const q = productError(hi, d, p) + lo * d;
    hi = p + q;
    lo = q - (hi - p);
  }
  for (let k = -e; k > 0; k -= 22) {
    // hi + lo ← (hi + lo) / 10^k: q1 × d = p + its product error exactly, and the remainder
    // hi + lo − q1 × d is taken to 2^-106 of the value
    const d = TEN[k > 22 ? 22 : k]!;
    const q1 = hi / d;
    const p = q1 * d;
    const q2 = (hi - p - productError(q1, d, p) + lo) / d;
    hi = q1 + q2;
    lo = q2 - (hi - q1);
  }
  LOW[0] = lo;
  return hi;
}

/** The low part of the double-double `limbsValue` returned last. */
export const lowPart = (): number => LOW[0]!;

/**
 * Σ c[i] × 10^(7(i − from)) for i in [from, to) (limbs below 10^7, the top one not zero) as a
 * double-double: the high part returned, the low part left in LOW[0]. Each limb is shifted in by
 * Dekker's product with 10^7 and Knuth's two-sum, each losing at most about 2^-104 of the value.
 */
export function limbsValue(c: ArrayLike<number>, to: number, from: number): number {
  let hi = c[to - 1]!;
  let lo = 0;
  for (let i = to - 2; i >= from; i--) {
    let p = hi * LIMB;
    let q = productError(hi, LIMB, p) + lo * LIMB;
    hi = p + q;
    lo = q - (hi - p);
    const d = c[i]!;
    p = hi + d;
    const b = p - hi;
    q = hi - (p - b) + (d - b) + lo;
    hi = p + q;
    lo = q - (hi - p);
  }
  LOW[0] = lo;
  return hi;
}
