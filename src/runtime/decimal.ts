// FEEL numbers are decimal128-like: 34 significant digits, half-even rounding, every result
// correctly rounded (decimal.js configured that way is the tests' oracle; docs/numbers.md says
// where it is not correctly rounded itself).
// Most numbers a decision model sees are short — money, rates, counts — so a number is held in one
// of three forms:
//   scaled    m × 10^-k with m a safe integer and k ≤ 22: sums, products, comparisons and
//             rounding are exact integer operations (decimal-scaled.ts);
//   quotient  m / (q × 10^k), a division that does not terminate, kept unevaluated: rounding it
//             (decimal(x / y, 2)) and comparing it with a scaled number are exact integer work
//             that provably gives what rounding the 34-digit quotient gives (docs/numbers.md);
//   wide      up to 34 digits in limbs of seven held in doubles (decimal-wide.ts): a quotient
//             that meets more arithmetic, a result of two scaled numbers beyond the safe
//             integers, and what follows from them, without BigInt work;
//   exact     the runtime's own big decimal (a BigInt coefficient, decimal-exact.ts), for
//             everything else (long digits, huge or tiny magnitudes, roots, logarithms, powers:
//             decimal-functions.ts, decimal-sqrt.ts); results come back to the scaled form whenever they fit.
// The API is the part of decimal.js's the runtime uses; decimal-double.ts offers the same part for
// `--numbers double`.
import { BIG_DIVISION_STEPS, tick } from "./budget.js";
import { Exact } from "./decimal-exact.js";
import { exp, ln, power } from "./decimal-functions.js";
import { sqrt } from "./decimal-sqrt.js";
import {
  type Wide,
  WIDE_POWER_MAX,
  roundWide,
  scaledSqrt,
  wideAdd,
  wideCompareMagnitude,
  wideDiv,
  wideOfScaled,
  wideQuotient,
  wideRemainder,
  widePower,
  wideSqrt,
  wideTimes,
} from "./decimal-wide-form.js";
import { LIMB_POWER_MAX, limbPower, limbPowerOfBig, limbPowerOfWide } from "./decimal-limbs.js";
import { MODES, RoundingModes, type Rounding } from "./decimal-rounding.js";
import {
  MAX_SCALE,
  POW10,
  SAFE,
  parseScaled,
  remainder,
  roundedQuotient,
  scaleOfDouble,
  scaledToString,
  upscale,
} from "./decimal-scaled.js";

export type { Rounding } from "./decimal-rounding.js";

type Value = number | string | Decimal;

/** The q of a value held as an Exact. */
const EXACT = 0;
/** The q of a value held as a Wide. */
const WIDE = -1;
/** An Exact coefficient up to this is a safe integer. */
const SAFE_COEFFICIENT = BigInt(SAFE);

export class Decimal extends RoundingModes {
  /** scaled and quotient forms: the value is m / (q × 10^k) */
  m: number;
  k: number;
  /** 1 for a scaled number, the divisor (≥ 2) for a quotient, 0 when `x` holds the value, -1 when `w` does (a scaled number may keep its limbs there too) */
  q: number;
  x: Exact | null;
  w: Wide | null;

  /** From a number, a numeric string or a Decimal; the other parameters are for this module. */
  constructor(v: Value, k = -1, q = 1, x: Exact | null = null) {
    super();
    // fields always in this order, so every Decimal has one shape
    this.m = k >= 0 ? (v as number) : 0;
    this.k = k >= 0 ? k : 0;
    this.q = q;
    this.x = x;
    this.w = null;
    // this module's own forms are complete; reading a value is a method of its own, so that the
    // constructor stays small enough for V8 to inline into every operation that makes a result
    if (k < 0 && x === null) this.read(v);
  }

  private read(v: Value): void {
    if (typeof v === "number") {
      const scale = scaleOfDouble(v);
      if (scale === 0) this.m = v;
      else if (scale > 0) {
        this.m = Math.round(v * POW10[scale]!);
        this.k = scale;
      } else this.exactly(Exact.from(v));
    } else if (v instanceof Decimal) {
      this.m = v.m;
      this.k = v.k;
      this.q = v.q;
      this.x = v.x;
      this.w = v.w;
    } else {
      const parsed = typeof v === "string" ? parseScaled(v) : null;
      if (parsed === null) this.exactly(Exact.from(v as string));
      else [this.m, this.k] = parsed;
    }
  }

  private exactly(x: Exact): void {
    this.q = EXACT;
    this.x = x;
  }

  /** m × 10^-k, for a safe integer m and 0 ≤ k ≤ 22: the scaled form as it is (runtime/certified.ts). */
  static scaled(m: number, k: number): Decimal {
    return new Decimal(m, k);
  }

  /**
   * The items added in order from zero, as `reduce(plus, 0)` adds them: while the items and the
   * partial sums are scaled numbers, the same integer steps without a Decimal made for each.
   */
  static sum(items: readonly Decimal[]): Decimal {
    let m = 0;
    let k = 0;
    let i = 0;
    for (; i < items.length; i++) {
      const b = items[i]!;
      if (b.q !== 1) break;
      const kk = k > b.k ? k : b.k;
      const r = (k === kk ? m : upscale(m, kk - k)) + (b.k === kk ? b.m : upscale(b.m, kk - b.k));
      if (!(Math.abs(r) <= SAFE)) break; // NaN when a side left the safe range
      m = r;
      k = kk;
    }
    let sum = new Decimal(m, k);
    for (; i < items.length; i++) sum = sum.plus(items[i]!);
    return sum;
  }

  /** An exact result, back in the scaled form when it fits. */
  private static of(x: Exact): Decimal {
    // the value is ±c × 10^e
    const { c, e } = x;
    if (x.n !== 0 && c <= SAFE_COEFFICIENT && e >= -MAX_SCALE) {
      const m = Number(c);
      const scaled = e > 0 ? upscale(m, e) : m;
      if (scaled <= SAFE) return new Decimal(x.s < 0 ? -scaled : scaled, e >= 0 ? 0 : -e);
    }
    return new Decimal(0, -1, EXACT, x);
  }

  /** A wide result, in the scaled form when it fits. */
  private static ofWide(w: Wide): Decimal {
    if (w.n <= 15 && w.e >= -MAX_SCALE) {
      const c = w.c;
      const m = c.length === 1 ? c[0]! : c.length === 2 ? c[0]! + c[1]! * 1e7 : c[0]! + c[1]! * 1e7 + c[2]! * 1e14;
      const scaled = w.e > 0 ? upscale(m, w.e) : m;
      if (scaled <= SAFE) return new Decimal(w.s < 0 ? -scaled : scaled, w.e >= 0 ? 0 : -w.e);
    }
    const d = new Decimal(0, 0, WIDE);
    d.w = w;
    return d;
  }

  /** This value as an Exact (a quotient or a wide value is converted once and kept). */
  private exact(): Exact {
    if (this.q === EXACT) return this.x!;
    if (this.q === 1) return Exact.fromScaled(this.m, this.k);
    tick(BIG_DIVISION_STEPS);
    const x = this.q === WIDE ? this.w!.toExact() : Exact.fromScaled(this.m, 0).div(Exact.fromScaled(this.q, -this.k));
    this.exactly(x);
    return x;
  }

  /**
   * This non-zero value as a Wide when it is not held as an Exact (a quotient is divided once, in
   * limbs, and kept as the wide value it rounds to; a scaled number keeps its limbs in `w` beside
   * its scaled form, for a literal that meets wide values at every evaluation); null for an Exact.
   */
  private wide(): Wide | null {
    if (this.q === WIDE) return this.w;
    if (this.q === 1) return (this.w ??= wideOfScaled(this.m, this.k));
    if (this.q === EXACT) return null;
    const w = wideQuotient(this.m, this.k, this.q);
    // (a quotient of safe integers is far inside the exponent range: never null)
    if (w !== null) {
      this.q = WIDE;
      this.w = w;
    }
    return w;
  }

  private get negative(): boolean {
    return this.m < 0 || Object.is(this.m, -0);
  }

  // Two scaled numbers whose sum, product, quotient or remainder leaves the safe integers (or the
  // scales up to 22) go on to the limbs, which round the exact result to 34 digits as the BigInt
  // form does: a product of two 16-digit coefficients made there stays wide, where in the BigInt
  // form every operation after it was BigInt work too.
  plus(y: Value): Decimal {
    const b = operand(y);
    return (bothScaled(this, b) && addScaled(this.m, this.k, b.m, b.k)) || this.wideSum(b, 1) || Decimal.of(this.exact().plus(b.exact()));
  }
  minus(y: Value): Decimal {
    const b = operand(y);
    return (
      (bothScaled(this, b) && addScaled(this.m, this.k, -b.m, b.k)) || this.wideSum(b, -1) || Decimal.of(this.exact().minus(b.exact()))
    );
  }
  times(y: Value): Decimal {
    const b = operand(y);
    const scaled = bothScaled(this, b) && mulScaled(this.m, this.k, b.m, b.k);
    if (scaled) return scaled;
    if (this.isZeroScaled() || b.isZeroScaled()) {
      // zero times a finite non-zero value: a zero of the product's sign
      const other = this.isZeroScaled() ? b : this;
      if (other.q !== EXACT) return new Decimal(this.isNegative() !== b.isNegative() ? -0 : 0, 0);
    }
    const x = this.wide();
    const w = x === null ? null : b.wide();
    const r = w === null ? null : wideTimes(x!, w);
    return r !== null ? Decimal.ofWide(r) : Decimal.of(this.exact().times(b.exact()));
  }
  div(y: Value): Decimal {
    const b = operand(y);
    if (bothScaled(this, b)) {
      // a zero divisor: the BigInt form's infinities and NaN
      if (b.m === 0) return Decimal.of(this.exact().div(b.exact()));
      const scaled = divScaled(this.m, this.k, b.m, b.k);
      if (scaled !== null) return scaled;
    }
    if (this.isZeroScaled() && b.q !== EXACT) return new Decimal(this.negative !== b.isNegative() ? -0 : 0, 0);
    const x = b.isZeroScaled() ? null : this.wide();
    const w = x === null ? null : b.wide();
    const r = w === null ? null : wideDiv(x!, w);
    return r !== null ? Decimal.ofWide(r) : Decimal.of(this.exact().div(b.exact()));
  }

  /**
   * mod or divToInt in limbs when neither is held as an Exact and both are non-zero (two scaled
   * numbers come here only when they cannot be aligned in the safe integers); null otherwise.
   */
  private wideRemainder(b: Decimal, quotient: boolean): Decimal | null {
    if (this.isZero() || b.isZero()) return null;
    const x = this.wide();
    const w = x === null ? null : b.wide();
    const r = w === null ? null : wideRemainder(x!, w, quotient);
    // (x itself: |x| < |y|, the remainder is the dividend as it is)
    return r === null ? null : r === x ? this : Decimal.ofWide(r);
  }

  /** A scaled zero. */
  private isZeroScaled(): boolean {
    return this.q === 1 && this.m === 0;
  }

  /** this + sign × y in limbs, when neither is held as an Exact; null otherwise. */
  private wideSum(b: Decimal, sign: number): Decimal | null {
    // a zero and a finite non-zero value: that value (already of 34 digits), signed
    if (this.isZeroScaled()) return b.q === EXACT ? null : sign < 0 ? b.neg() : b;
    if (b.isZeroScaled()) return this.q === EXACT ? null : this;
    const x = this.wide();
    const w = x === null ? null : b.wide();
    if (w === null) return null;
    const r = wideAdd(x!, sign * w.s, w);
    // null: an exact zero (+0) or a result beyond the exponent range, which the exact form sorts out
    return r === null ? null : Decimal.ofWide(r);
  }
  /** the integer part of the quotient (truncated towards zero) */
  divToInt(y: Value): Decimal {
    const b = operand(y);
    if (bothScaled(this, b) && b.m !== 0) {
      // aligned at the larger scale without a tuple: modulo and divisions by constants run this per state
      const k = this.k > b.k ? this.k : b.k;
      const a = this.k === k ? this.m : upscale(this.m, k - this.k);
      const d = b.k === k ? b.m : upscale(b.m, k - b.k);
      if (a === a && d === d) {
        const negative = (a < 0 || Object.is(a, -0)) !== d < 0;
        const r = roundedQuotient(Math.abs(a), Math.abs(d), MODES.ROUND_DOWN, negative);
        return new Decimal(negative ? -r : r, 0);
      }
    }
    return this.wideRemainder(b, true) ?? Decimal.of(this.exact().divToInt(b.exact()));
  }
  /** truncated remainder (the sign of the dividend), as decimal.js's default modulo mode */
  mod(y: Value): Decimal {
    const b = operand(y);
    if (bothScaled(this, b) && b.m !== 0) {
      const k = this.k > b.k ? this.k : b.k;
      const a = this.k === k ? this.m : upscale(this.m, k - this.k);
      const d = b.k === k ? b.m : upscale(b.m, k - b.k);
      if (a === a && d === d) {
        // integer work (`%` on doubles is a call into C); a zero remainder is +0 as decimal.js
        // subtracts it out, but for a dividend of -0
        const r = remainder(Math.abs(a), Math.abs(d));
        return new Decimal(r !== 0 ? (a < 0 ? -r : r) : Object.is(a, -0) ? -0 : 0, k);
      }
    }
    return this.wideRemainder(b, false) ?? Decimal.of(this.exact().mod(b.exact()));
  }
  pow(y: Value): Decimal {
    const b = operand(y);
    if (bothScaled(this, b) && b.k === 0 && Math.abs(b.m) <= 64) {
      let r: Decimal | null = ONE;
      for (let i = Math.abs(b.m); i > 0 && r !== null; i--) r = mulScaled(r.m, r.k, this.m, this.k);
      if (r !== null) return b.m >= 0 ? r : ONE.div(r);
    }
    // x ** n (2 ≤ n ≤ 4) of a 34-digit x, or of a scaled x whose power left the safe integers: the
    // exact power rounded once, in limbs (a wide result, where the 24-bit limbs below give a BigInt)
    if (b.q === 1 && b.k === 0 && b.m >= 2 && b.m <= WIDE_POWER_MAX && this.q !== EXACT && !this.isZero()) {
      const r = widePower(this.wide()!, b.m);
      if (r !== null) return Decimal.ofWide(r);
    }
    // (1 + r) ** -n: a moderate integer exponent of a short base, a 34-digit one (1 + r / 1200), or
    // a finite one held as an Exact
    if (b.q === 1 && b.k === 0 && b.m !== 0 && Math.abs(b.m) <= LIMB_POWER_MAX && !this.isZero() && this.isFinite()) {
      const r = this.q === 1 ? limbPower(this.m, this.k, b.m) : this.limbPower(b.m);
      if (r !== null) return Decimal.ofWide(r);
    }
    return Decimal.of(power(this.exact(), b.exact()));
  }
  /** this ** n in limbs for a non-zero finite value not held in the scaled form; null as limbPower. */
  private limbPower(n: number): Wide | null {
    const w = this.wide();
    if (w !== null) return limbPowerOfWide(w.s, w.c, w.e, n);
    const x = this.x!;
    return limbPowerOfBig(x.s, x.c, x.e, n);
  }
  sqrt(): Decimal {
    if (this.q > 1) settle(this);
    if (this.q === 1 && this.m > 0) {
      // a square of a decimal (16, 2.25, 0.0004): its root is exact and short, the square of a whole
      // root of m (k even) or of 10m (k odd), which Math.sqrt gives exactly (docs/numbers.md)
      const odd = this.k % 2;
      const n = odd === 0 ? this.m : this.m * 10;
      const r = Math.round(Math.sqrt(n));
      if (r * r === n && n <= SAFE) return new Decimal(r, (this.k + odd) / 2);
      // any other: the root in limbs, m loaded as it is
      const w = scaledSqrt(this.m, this.k);
      if (w !== null) return Decimal.ofWide(w);
    }
    // a positive value not held as an Exact: the root in limbs
    if (this.q !== EXACT && !this.isNegative() && !this.isZero()) {
      const r = wideSqrt(this.wide()!);
      if (r !== null) return Decimal.ofWide(r);
    }
    return Decimal.of(sqrt(this.exact()));
  }
  ln(): Decimal {
    return Decimal.of(ln(this.exact()));
  }
  exp(): Decimal {
    return Decimal.of(exp(this.exact()));
  }
  abs(): Decimal {
    if (this.q === WIDE) return Decimal.ofWide(this.w!.abs());
    return this.q === EXACT ? Decimal.of(this.x!.abs()) : new Decimal(Math.abs(this.m), this.k, this.q);
  }
  neg(): Decimal {
    if (this.q === WIDE) return Decimal.ofWide(this.w!.neg());
    return this.q === EXACT ? Decimal.of(this.x!.neg()) : new Decimal(-this.m, this.k, this.q);
  }
  floor(): Decimal {
    return this.toDecimalPlaces(0, MODES.ROUND_FLOOR);
  }
  ceil(): Decimal {
    return this.toDecimalPlaces(0, MODES.ROUND_CEIL);
  }
  trunc(): Decimal {
    return this.toDecimalPlaces(0, MODES.ROUND_DOWN);
  }
  round(): Decimal {
    return this.toDecimalPlaces(0, MODES.ROUND_HALF_EVEN);
  }

  /** -1, 0 or 1; NaN when either side is NaN */
  cmp(y: Value): number {
    const b = operand(y);
    // two scaled numbers of one scale (integers, amounts in cents): their coefficients in order
    if (this.q === 1 && b.q === 1 && this.k === b.k) return this.m < b.m ? -1 : this.m > b.m ? 1 : 0;
    if (this.q > 0 && b.q > 0) {
      // cross-multiplied; when both products are safe the 34-digit rounding of a quotient cannot
      // change the order (docs/numbers.md)
      const lo = Math.min(this.k, b.k);
      const left = upscale(safeProduct(this.m, b.q), b.k - lo);
      const right = upscale(safeProduct(b.m, this.q), this.k - lo);
      if (left === left && right === right) return left < right ? -1 : left > right ? 1 : 0;
    }
    if (this.q !== EXACT && b.q !== EXACT) {
      // signs first (zeros are equal whatever their signs), then magnitudes in limbs
      const xs = this.isZero() ? 0 : this.isNegative() ? -1 : 1;
      const ys = b.isZero() ? 0 : b.isNegative() ? -1 : 1;
      if (xs !== ys || xs === 0) return xs < ys ? -1 : xs > ys ? 1 : 0;
      const x = this.wide();
      const w = x === null ? null : b.wide();
      if (w !== null) {
        const order = wideCompareMagnitude(x!, w);
        return order === 0 ? 0 : xs * order;
      }
    }
    return this.exact().cmp(b.exact());
  }
  eq(y: Value): boolean {
    return this.cmp(y) === 0;
  }
  lt(y: Value): boolean {
    return this.cmp(y) < 0;
  }
  lte(y: Value): boolean {
    return this.cmp(y) <= 0;
  }
  gt(y: Value): boolean {
    return this.cmp(y) > 0;
  }
  gte(y: Value): boolean {
    return this.cmp(y) >= 0;
  }

  isZero(): boolean {
    return this.q === EXACT ? this.x!.isZero() : this.q !== WIDE && this.m === 0;
  }
  /** true for negative numbers and for -0, like decimal.js */
  isNegative(): boolean {
    if (this.q === WIDE) return this.w!.s < 0;
    return this.q === EXACT ? this.x!.isNeg() : this.negative;
  }
  isNeg(): boolean {
    return this.isNegative();
  }
  isPositive(): boolean {
    if (this.q === WIDE) return this.w!.s > 0;
    return this.q === EXACT ? this.x!.isPos() : !this.negative;
  }
  isPos(): boolean {
    return this.isPositive();
  }
  /** a quotient is never an integer: its divisor does not divide it, and 34 digits cannot round it to one */
  isInteger(): boolean {
    if (this.q === EXACT) return this.x!.isInteger();
    if (this.q === WIDE) return this.w!.e >= 0;
    // (a scale of zero needs no remainder: `%` on a double is a call into C)
    return this.q === 1 && (this.k === 0 || this.m % POW10[this.k]! === 0);
  }
  isFinite(): boolean {
    return this.q !== EXACT || this.x!.isFinite();
  }
  isNaN(): boolean {
    return this.q === EXACT && this.x!.isNaN();
  }
  /** significant digits (decimal.js's `sd`) */
  sd(includeZeros?: boolean): number {
    if (this.q !== WIDE) return this.exact().sd(includeZeros);
    const { n, top } = this.w!;
    return includeZeros && top + 1 > n ? top + 1 : n;
  }
  /** digits after the point, trailing zeros not counted (decimal.js's `decimalPlaces`) */
  decimalPlaces(): number {
    if (this.q === WIDE) return this.w!.e < 0 ? -this.w!.e : 0;
    if (this.q !== 1) return this.exact().decimalPlaces();
    let k = this.k;
    for (let m = this.m; k > 0 && m % 10 === 0; m /= 10) k--;
    return k;
  }
  toSignificantDigits(digits: number, rounding: Rounding = MODES.ROUND_HALF_EVEN): Decimal {
    if (this.q === WIDE) {
      const r = roundWide(this.w!, this.w!.top - digits + 1, rounding);
      if (r !== null) return Decimal.ofWide(r);
    }
    return Decimal.of(this.exact().toSignificantDigits(digits, rounding));
  }

  toDecimalPlaces(places?: number, rounding: Rounding = MODES.ROUND_HALF_EVEN): Decimal {
    if (places === undefined) return this;
    if (this.q === WIDE) {
      const r = roundWide(this.w!, -places, rounding);
      if (r !== null) return r === this.w ? this : Decimal.ofWide(r);
    }
    if (this.q > 0 && places <= MAX_SCALE) {
      if (this.q === 1 && places >= this.k) return this;
      const up = places >= this.k;
      const n = up ? upscale(Math.abs(this.m), places - this.k) : Math.abs(this.m);
      const d = up ? this.q : upscale(this.q, this.k - places);
      if (n === n && d === d) {
        const negative = this.negative;
        const r = roundedQuotient(n, d, rounding, negative);
        return new Decimal(negative ? -r : r, places);
      }
    }
    return Decimal.of(this.exact().toDecimalPlaces(places, rounding));
  }
  /**
   * this / y rounded to `places` (0..22) in one step, as `div` then `toDecimalPlaces` would give it
   * (docs/numbers.md: one rounding of the exact rational); null when either is not scaled, y is
   * zero or the integers leave the safe range, for the caller to take the two steps.
   */
  divToPlaces(y: Decimal, places: number, rounding: Rounding): Decimal | null {
    if (this.q !== 1 || y.q !== 1 || y.m === 0) return null;
    // (am / 10^ak) / (bm / 10^bk) × 10^places = am × 10^e / bm
    const e = y.k - this.k + places;
    const n = e >= 0 ? upscale(Math.abs(this.m), e) : Math.abs(this.m);
    const d = e >= 0 ? Math.abs(y.m) : upscale(Math.abs(y.m), -e);
    if (n !== n || d !== d) return null;
    const negative = this.negative !== y.m < 0;
    const r = roundedQuotient(n, d, rounding, negative);
    // FEEL has no negative zero
    return new Decimal(negative && r !== 0 ? -r : r, places);
  }
  toDP(places?: number, rounding: Rounding = MODES.ROUND_HALF_EVEN): Decimal {
    return this.toDecimalPlaces(places, rounding);
  }
  /** plain notation; with `places`, rounded and padded to exactly that many decimals */
  toFixed(places?: number, rounding: Rounding = MODES.ROUND_HALF_EVEN): string {
    if (places === undefined) return this.toString();
    if (this.q === EXACT) return this.x!.toFixed(places, rounding);
    const r = this.toDecimalPlaces(places, rounding);
    if (r.q !== 1) return this.exact().toFixed(places, rounding);
    const text = scaledToString(Math.abs(r.m), r.k);
    const point = text.indexOf(".");
    const decimals = point < 0 ? 0 : text.length - point - 1;
    const padded = places === 0 ? text : (point < 0 ? `${text}.` : text) + "0".repeat(places - decimals);
    // decimal.js signs a negative value that rounds to zero ("-0.00"), but not zero itself
    return this.isNegative() && !this.isZero() ? `-${padded}` : padded;
  }
  toNumber(): number {
    if (this.q === 1) return this.m / POW10[this.k]!;
    if (this.q === WIDE) return this.w!.toNumber();
    // one correctly rounded division; a divisor below 2^53 keeps the 34-digit rounding out of it
    const divisor = this.q === EXACT ? NaN : upscale(this.q, this.k);
    return divisor === divisor ? this.m / divisor : this.exact().toNumber();
  }
  override toString(): string {
    return this.q === 1 ? scaledToString(this.m, this.k) : this.q === WIDE ? this.w!.toString() : this.exact().toString();
  }
  override valueOf(): string {
    if (this.q === WIDE) return this.w!.toString();
    if (this.q !== 1) return this.exact().valueOf();
    return Object.is(this.m, -0) ? "-0" : scaledToString(this.m, this.k);
  }
  toJSON(): string {
    return this.valueOf();
  }
}

const operand = (y: Value): Decimal => (y instanceof Decimal ? y : new Decimal(y));

/** a × b when the product is a safe integer; NaN otherwise */
function safeProduct(a: number, b: number): number {
  const r = a * b;
  return Math.abs(r) <= SAFE ? r : NaN;
}

function addScaled(am: number, ak: number, bm: number, bk: number): Decimal | null {
  // aligned without a tuple: this runs for every sum
  const k = ak > bk ? ak : bk;
  const a = ak === k ? am : upscale(am, k - ak);
  const b = bk === k ? bm : upscale(bm, k - bk);
  const r = a + b; // NaN when either side left the safe range
  return Math.abs(r) <= SAFE ? new Decimal(r, k) : null;
}

function mulScaled(am: number, ak: number, bm: number, bk: number): Decimal | null {
  let r = am * bm;
  let k = ak + bk;
  if (!(Math.abs(r) <= SAFE)) return null;
  while (k > MAX_SCALE && r % 10 === 0) {
    r /= 10;
    k--;
  }
  return k <= MAX_SCALE ? new Decimal(r, k) : null;
}

/** An exact division is scaled; any other stays a quotient (`settle` finds the ones that terminate). */
function divScaled(am: number, ak: number, bm: number, bk: number): Decimal | null {
  // (am / 10^ak) / (bm / 10^bk) = am × 10^bk / (bm × 10^ak)
  const n = upscale(bm < 0 ? -am : am, bk);
  if (n !== n) return null;
  const d = Math.abs(bm);
  return remainder(Math.abs(n), d) === 0 ? new Decimal(n / d, ak) : new Decimal(n, ak, d);
}

/**
 * A quotient whose digits end (x / 4, x / 80) turns into the scaled number it equals, in place:
 * the value does not change, only its form. Done when a quotient meets arithmetic, not when it is
 * made, so a quotient that is only rounded or compared never pays for the test.
 */
function settle(x: Decimal): void {
  const { m: n, q: d } = x;
  // n / d ends iff d's factors other than 2 and 5 divide n; then max(twos, fives) more digits
  // make it an integer
  let rest = d;
  let twos = 0;
  let fives = 0;
  for (; rest % 2 === 0; twos++) rest /= 2;
  for (; rest % 5 === 0; fives++) rest /= 5;
  if (n % rest !== 0) return;
  const j = Math.max(twos, fives);
  const nj = upscale(n, j);
  if (nj !== nj || x.k + j > MAX_SCALE) return;
  x.m = nj / d;
  x.k += j;
  x.q = 1;
}

/** Whether both operands are (or have settled into) scaled numbers. */
function bothScaled(a: Decimal, b: Decimal): boolean {
  if (a.q > 1) settle(a);
  if (b.q > 1) settle(b);
  return a.q === 1 && b.q === 1;
}

export const isDecimal = (v: unknown): v is Decimal => v instanceof Decimal;
export const dec = (v: number | string | Decimal): Decimal => new Decimal(v);
export const ZERO = new Decimal(0);
export const ONE = new Decimal(1);
