// Certified double-doubles: a number decision's value worked out as hi + lo (two doubles, about
// 106 bits) with a bound E on how far it can be from FEEL's 34-digit decimal result, so that its
// JSON output — the double nearest that decimal — is known without the decimal when every number
// within the bound rounds to the same double (docs/numbers.md, "Certified double-doubles").
//
// Each step returns hi and leaves lo in `ddState[0]` and its bound in `ddState[1]`, which the
// generated code (codegen/certified-dd-code.ts) reads at once into locals. E bounds both the
// double-double's distance and FEEL's distance from the exact real result of the same operations
// on the same operands: every step adds its propagated operand bounds (times 1 + 2^-40, for the
// rounding of the bound's own arithmetic and the second-order terms) and STEP × |result|, which
// covers the double-double step's own error (at most 7u² for a product, about 3u² for a sum, u =
// 2^-53) and FEEL's rounding of the step to 34 digits (at most 5 × 10^-34 of it), each far below
// it. A value the steps cannot bound — an operand that is no number or not read to 106 bits, a
// divisor whose interval holds zero, a result beyond 2^±900 — gives the bound NaN, which spreads
// through every later bound and makes `ddNearest` decline.
import { lowPart, productError, scaledByTen, scaledValue } from "./decimal-wide-double.js";
import { dec, isDecimal, ONE } from "./decimal.js";
import { POW10, scaleOfDouble, upscale } from "./decimal-scaled.js";
import { MODES } from "./decimal-rounding.js";
import type { FeelValue } from "./values.js";
import { refund } from "./budget.js";

/**
 * lo and the bound of the value the last step returned; and, where a decision's double-double is
 * handed to its readers, the passes its loops walked (`ddGiveBack`).
 */
export const ddState = new Float64Array(3);
const S = ddState;

/** A step's own error and FEEL's 34-digit rounding of it, relative: 2^-98, some 40 times both together. */
const STEP = 2 ** -98;
/** A quotient's: Dekker's division with one correction, 2^-96. */
const QUOTIENT_STEP = 2 ** -96;
/** Propagated bounds are widened by this for the rounding of the bound's own arithmetic. */
const WIDEN = 1 + 2 ** -40;
/** Values are kept well inside the doubles' range: Dekker's splitting and products stay exact. */
const SMALLEST = 2 ** -900;
const LARGEST = 2 ** 900;
/** Integers below this are exact doubles, and so are their sums, differences and products below it. */
const EXACT_INTEGERS = 2 ** 53;
/** The largest coefficient of the exact form read: an exact double. */
const MAX_COEFFICIENT = 2n ** 53n;

/** The bound e of a result hi, or NaN when hi is out of the kept range (a zero is fine: exact zeros only reach here). */
function usable(hi: number, e: number): number {
  const size = Math.abs(hi);
  return size === 0 || (size >= SMALLEST && size <= LARGEST) ? e : NaN;
}

/** hi + lo ← a / b for exact doubles a and b (b ≠ 0): the quotient and its correction from the exact remainder. */
const quotient = (a: number, b: number): number => corrected(a, b, a / b);

/** `quotient` given its first step q1, the double nearest a / b. */
function corrected(a: number, b: number, q1: number): number {
  const p = q1 * b;
  const q2 = (a - p - productError(q1, b, p)) / b;
  const hi = q1 + q2;
  S[0] = q2 - (hi - q1);
  return hi;
}

/** The fields of decimal.ts's Decimal that a double-double is read from. */
interface DecimalForms {
  /** 1: scaled m / 10^k; above 1: the quotient m / q at k places; 0: the exact form x; -1: the wide form w */
  q: number;
  m: number;
  k: number;
  x: ExactForm | null;
  w: WideForm | null;
}

/** The fields of decimal.ts's Exact: s × c × 10^e, c of n digits. */
interface ExactForm {
  readonly s: number;
  readonly c: bigint;
  readonly e: number;
  readonly n: number;
}

/** The fields of decimal-wide.ts's Wide: s × C × 10^e, C's limbs base 10^7 least significant first. */
interface WideForm {
  readonly s: number;
  readonly c: number[];
  readonly e: number;
}

/**
 * A decimal as a double-double: a scaled number m / 10^k, a quotient m / d with an exact double
 * divisor, or an exact form's c × 10^e with c below 2^53 and |e| ≤ 22, is one division or exact
 * product of exact doubles (exact for an integer); a wide form (34 digits as a rule) is read by
 * `longRead`, as is an exact form beyond those; any other form, and anything but a number, has the bound NaN.
 */
export function ddRead(x: FeelValue): number {
  S[0] = 0;
  S[1] = NaN;
  if (!isDecimal(x)) return NaN;
  // the decimal's forms read as fields: a runtime built on doubles (decimal-double.ts) has none of
  // them, and every number declines there
  const d = x as unknown as DecimalForms;
  if (d.q === 1 || d.q > 1) return ratio(d.m, d.q === 1 ? POW10[d.k]! : upscale(d.q, d.k));
  if (d.q === -1) return longRead(d.w!);
  const c = d.q === 0 ? d.x! : null;
  if (c === null) return NaN;
  if (c.n > 16 || c.e < -22 || c.e > 22 || c.c > MAX_COEFFICIENT) return longRead(c);
  const m = c.s * Number(c.c);
  if (c.e <= 0) return ratio(m, POW10[-c.e]!);
  // m × 10^e, exactly as hi + lo (Dekker's product)
  const ten = POW10[c.e]!;
  const p = m * ten;
  S[0] = productError(m, ten, p);
  S[1] = usable(p, 0);
  return p;
}

/**
 * A long value's bound, relative: its double-double is within 2^-99 of it (the coefficient read to
 * 2^-106 of it, or the wide form's limbs, then decimal-wide-double.ts `scaledByTen`).
 */
const LONG_STEP = 2 ** -96;
/** The long form `longRead` read last (a value is read again where its reader is called again), and its hi, lo and bound. */
let lastLong: object | null = null;
const LAST = new Float64Array(3);

/**
 * A long value s × C × 10^e — an exact form whose coefficient is beyond 2^53 or whose exponent is
 * beyond ±22, or a wide form (34 digits as a rule) — as a double-double within 2^-99 of it, with
 * the bound LONG_STEP of it; NaN beyond 10^±88 or out of the kept range. The form read last is kept
 * with its double-double: a form is never changed, so the same one reads the same.
 */
function longRead(form: ExactForm | WideForm): number {
  if (form !== lastLong) {
    let h: number;
    if (typeof form.c === "bigint") {
      // C to 2^-106 of it: its nearest double, and the nearest double to what is left (a C beyond
      // the doubles' range declines)
      const c = form.c;
      const ch = Number(c);
      h = ch < Infinity ? scaledByTen(ch, Number(c - BigInt(ch)), form.e) : NaN;
    } else h = scaledValue(form.c, form.e);
    const hi = form.s < 0 ? -h : h;
    LAST[0] = hi;
    LAST[1] = form.s < 0 ? -lowPart() : lowPart();
    LAST[2] = usable(hi, Math.abs(hi) * LONG_STEP);
    lastLong = form;
  }
  S[0] = LAST[1]!;
  S[1] = LAST[2]!;
  return LAST[0]!;
}

/** Whether the decimals have the forms `ddRead` reads (not on a runtime built on doubles, where every number declines). */
const FORMS = (ONE as unknown as Partial<DecimalForms>).q === 1;

/**
 * `ddRead` of a number input read raw from the JSON state (codegen/raw-inputs.ts): a finite double
 * `x` is the input the loader reads as D(x) (runtime/json.ts `numberFromJson`), whose form is the
 * one `scaleOfDouble` finds (a safe integer's own, or x scaled by 10^k), read here without making
 * the decimal; a double no scale holds is read through its decimal, made as the loader makes it. A
 * double that is no finite number declines (the exact path reads the input and reports it); any
 * other value is the input's FEEL value, read by `ddRead`.
 */
export function ddReadInput(x: FeelValue | number): number {
  if (typeof x !== "number") return ddRead(x);
  S[0] = 0;
  S[1] = NaN;
  if (!FORMS || !Number.isFinite(x)) return NaN;
  const scale = scaleOfDouble(x);
  if (scale < 0) return ddRead(dec(x));
  if (scale === 0) return ratio(x, 1);
  // x is m / 10^k rounded to the nearest double (what scaleOfDouble found): the quotient's first step
  const d = POW10[scale]!;
  const hi = corrected(Math.round(x * d), d, x);
  S[1] = usable(hi, Math.abs(hi) * STEP);
  return hi;
}

/** m / d for exact doubles m and d (NaN for no d), its bound: 0 when d is 1, else STEP of it. */
function ratio(m: number, d: number): number {
  if (!(d === d)) return NaN;
  if (d === 1) {
    S[1] = usable(m, 0);
    return m === 0 ? 0 : m;
  }
  const hi = quotient(m, d);
  S[1] = usable(hi, Math.abs(hi) * STEP);
  return hi;
}

/** Both bounds 0 and the result an integer below 2^53 (lo 0): exact, as FEEL's result is. */
const exact = (ea: number, eb: number, hi: number, lo: number) =>
  ea === 0 && eb === 0 && lo === 0 && Number.isInteger(hi) && Math.abs(hi) < EXACT_INTEGERS;

/** (ah + al) + (bh + bl): Knuth's two-sum of the high and of the low parts, renormalised twice. */
export function ddAdd(ah: number, al: number, ea: number, bh: number, bl: number, eb: number): number {
  const s = ah + bh;
  const bb = s - ah;
  let e = ah - (s - bb) + (bh - bb);
  const t = al + bl;
  const tb = t - al;
  const f = al - (t - tb) + (bl - tb);
  e += t;
  let hi = s + e;
  let lo = e - (hi - s);
  lo += f;
  const h2 = hi + lo;
  lo = lo - (h2 - hi);
  hi = h2;
  S[0] = lo;
  S[1] = usable(hi, exact(ea, eb, hi, lo) ? 0 : (ea + eb) * WIDEN + Math.abs(hi) * STEP);
  return hi;
}

/** (ah + al) − (bh + bl). */
export const ddSub = (ah: number, al: number, ea: number, bh: number, bl: number, eb: number): number => ddAdd(ah, al, ea, -bh, -bl, eb);

/** (ah + al) × (bh + bl): Dekker's exact product of the high parts and the cross terms. */
export function ddMul(ah: number, al: number, ea: number, bh: number, bl: number, eb: number): number {
  const p = ah * bh;
  const q = productError(ah, bh, p) + (ah * bl + al * bh);
  const hi = p + q;
  const lo = q - (hi - p);
  S[0] = lo;
  const a = Math.abs(ah);
  const b = Math.abs(bh);
  // a product of non-zeros that comes out zero has underflowed
  const under = hi === 0 && ah !== 0 && bh !== 0;
  const e = exact(ea, eb, hi, lo) ? 0 : (a * eb + b * ea + ea * eb) * WIDEN + Math.abs(hi) * STEP;
  S[1] = under ? NaN : usable(hi, e);
  return hi;
}

/** (ah + al) ÷ (bh + bl): the quotient of the high parts, corrected by the remainder; declined when b's interval holds zero. */
export function ddDiv(ah: number, al: number, ea: number, bh: number, bl: number, eb: number): number {
  const b = Math.abs(bh);
  const q1 = ah / bh;
  const p = q1 * bh;
  // the remainder (ah + al) − q1 × (bh + bl), to about 2^-106 of it
  const r = ah - p - productError(q1, bh, p) + al - q1 * bl;
  const q2 = r / bh;
  const hi = q1 + q2;
  const lo = q2 - (hi - q1);
  S[0] = lo;
  // |a'/b' − a/b| ≤ (|a| eb + |b| ea) / (|b| (|b| − eb)), |b| taken a little low for bl
  const low = b * (1 - 2 ** -50) - eb;
  const e = (Math.abs(ah) * eb + b * ea) / (b * low) + Math.abs(hi) * QUOTIENT_STEP;
  S[1] = low > 0 && (hi !== 0 || ah === 0) ? usable(hi, e * WIDEN) : NaN;
  return hi;
}

/**
 * √(ah + al): the double's root corrected once by the exact remainder (Newton's step, within a few
 * 2^-106 of it). FEEL's operand and the exact one lie within E of the exact one, so both in a ± 2E,
 * above l > 0, so their roots lie within E / (2√l) of each other (√A − √X = (A − X) / (√A + √X)), and so does the
 * double-double's; STEP × the root covers its own error and FEEL's rounding to 34 digits. Declined
 * when the interval reaches zero (a negative operand is null in FEEL, a zero's root its own).
 */
export function ddSqrt(ah: number, al: number, ea: number): number {
  const low = ah * (1 - 2 ** -50) - 2 * ea;
  S[0] = 0;
  if (!(low > 0)) {
    S[1] = NaN;
    return NaN;
  }
  const q = Math.sqrt(ah);
  const p = q * q;
  const q2 = (ah - p - productError(q, q, p) + al) / (2 * q);
  const hi = q + q2;
  S[0] = q2 - (hi - q);
  S[1] = usable(hi, (ea / (2 * Math.sqrt(low))) * WIDEN + hi * STEP);
  return hi;
}

/** |a|: the same bound (|abs(a) − abs(A)| ≤ |a − A|). */
export function ddAbs(ah: number, al: number, ea: number): number {
  S[0] = ah < 0 ? -al : al;
  S[1] = ea;
  return ah < 0 ? -ah : ah;
}

/**
 * min (max when `max`) of a and b: the chosen one with the larger bound (|min(a, b) − min(A, B)| ≤
 * max(|a − A|, |b − B|)), or with its own when the two are farther apart than both bounds: then
 * FEEL's values and the exact results are ordered as a and b are, and FEEL's choice is the same
 * operand (|ah − bh| is within 2^-52 of itself and each lo within 2^-53 of its hi, covered by the
 * last term).
 */
export function ddExtreme(ah: number, al: number, ea: number, bh: number, bl: number, eb: number, max: boolean): number {
  const below = ah < bh || (ah === bh && al < bl);
  const first = below !== max;
  S[0] = first ? al : bl;
  const apart = Math.abs(ah - bh) > 2 * (ea + eb) + (Math.abs(ah) + Math.abs(bh)) * 2 ** -50;
  S[1] = apart ? (first ? ea : eb) : Math.max(ea, eb);
  return first ? ah : bh;
}

/** Rounding modes by decimal.js number that change at whole units (UP, DOWN, CEIL, FLOOR): the unit taken of a value strictly between f and f + 1. */
const DIRECTED: Readonly<Partial<Record<number, (f: number) => number>>> = {
  [MODES.ROUND_UP]: (f) => (f >= 0 ? f + 1 : f),
  [MODES.ROUND_DOWN]: (f) => (f >= 0 ? f : f + 1),
  [MODES.ROUND_CEIL]: (f) => f + 1,
  [MODES.ROUND_FLOOR]: (f) => f,
};
/** The scaled value of a rounding is kept below this: its whole part and the distances to its edges are exact doubles. */
const ROUNDED_RANGE = 2 ** 52;

/**
 * FEEL's rounding of a to `places` (0 to 15) in `mode` (decimal.js numbering: `decimal`, the
 * `round …` built-ins, `floor` and `ceiling`), as a double-double: FEEL's operand lies within 2E of
 * a (E bounds both its distance and the double-double's from the exact result), so FEEL's operand
 * times 10^places lies within 2E' of s = a × 10^places (E' the bound of that product, which covers
 * its own rounding). When the nearest point where the rounding changes — a whole number s = j for
 * the directed modes, j + ½ for the half modes — is farther than that, FEEL's operand rounds as s
 * does, to k / 10^places: read as a decimal literal is (exact for no places, else one corrected
 * quotient of exact doubles). Otherwise, and for |s| ≥ 2^52 or a bound NaN, the bound is NaN.
 */
export function ddRounded(ah: number, al: number, ea: number, places: number, mode: number): number {
  const scale = POW10[places]!;
  const sh = places === 0 ? ah : ddMul(ah, al, ea, scale, 0, 0);
  const sl = places === 0 ? al : S[0]!;
  const es = places === 0 ? ea : S[1]!;
  S[0] = 0;
  S[1] = NaN;
  if (!(es === es) || !(Math.abs(sh) < ROUNDED_RANGE)) return NaN;
  if (es === 0 && sl === 0 && Number.isInteger(sh)) return ratio(sh, scale);
  // the whole part f of sh + sl (sh a whole number and sl below zero: one less), and the distances
  // of sh + sl from f, f + 1 and f + ½: sh less each is exact (a double below 2^52 less a whole
  // number or a half within 1 of it), one rounding after
  let f = Math.floor(sh);
  if (f === sh && sl < 0) f -= 1;
  // the interval of FEEL's scaled operand, widened for the rounding of the bound's own arithmetic
  // and of the distances (both relative, far below 2^-40)
  const bound = 2 * es * WIDEN + Math.abs(sh) * 2 ** -100 + Number.MIN_VALUE;
  const directed = DIRECTED[mode];
  const half = sh - (f + 0.5) + sl;
  const clear = directed ? sh - f + sl > bound && f + 1 - sh - sl > bound : Math.abs(half) > bound;
  if (!clear) return NaN;
  const k = directed ? directed(f) : half < 0 ? f : f + 1;
  // FEEL has no negative zero (Math.ceil(-0.5) is -0)
  return ratio(k === 0 ? 0 : k, scale);
}

/**
 * FEEL's modulo(a, b) = a − b × floor(a / b), the sign of the divisor: the quotient's floor f
 * decided from its interval (`ddRounded`, declined when the interval holds a whole number or the
 * divisor's holds zero), then a − b × f by the rules of × and −.
 */
export function ddModulo(ah: number, al: number, ea: number, bh: number, bl: number, eb: number): number {
  const qh = ddDiv(ah, al, ea, bh, bl, eb);
  const f = ddRounded(qh, S[0], S[1], 0, MODES.ROUND_FLOOR);
  if (S[1] !== 0) {
    S[1] = NaN;
    return NaN;
  }
  const ph = ddMul(bh, bl, eb, f, 0, 0);
  return ddSub(ah, al, ea, ph, S[0], S[1]);
}

/**
 * The JSON output of a value (the double nearest FEEL's decimal, as `toJson` gives it) when the
 * bound decides it, else NaN (the exact path decides). FEEL's value lies within 2E of hi + lo, and
 * rounding is monotone: when both ends of that interval, widened for the rounding of the ends
 * themselves, round to the same double, so does FEEL's value. A zero's sign, which only the exact
 * path knows, is no concern of JSON's (FEEL has no negative zero): an exact zero (bound 0: FEEL's
 * value is the double-double's, `7 - 7`, `max(0, x)` of a negative x) is 0, and any other interval
 * holding zero is declined with the rest.
 */
export function ddNearest(hi: number, lo: number, e: number): number {
  const size = Math.abs(hi);
  if (!(size >= SMALLEST && size <= LARGEST)) return e === 0 && hi === 0 && lo === 0 ? 0 : NaN;
  const b = 4 * e + size * 2 ** -100;
  const low = hi + (lo - b);
  const high = hi + (lo + b);
  return low === high && low !== 0 ? low : NaN;
}

/**
 * `ddNearest` of a value whose code walked loops (`sum(for …)`), each pass a budget step: when it
 * declines, the decimals walk the same loops and count them themselves, so the `ticks` are given back.
 */
export function ddAnswer(hi: number, lo: number, e: number, ticks: number): number {
  const x = ddNearest(hi, lo, e);
  if (!(x === x)) refund(ticks);
  return x;
}

/**
 * The passes a decision's loops walked for the double-double handed to its readers, given back
 * when its decimal is made after all: the decimals walk the same loops and count them themselves.
 */
export function ddGiveBack(ticks: number): void {
  if (ticks > 0) refund(ticks);
}

/**
 * The `sum` (`ddAdd`, in order), `min` or `max` (`ddExtreme`) of n items, item k's double-double
 * read by `read(k)`: a sum's bound grows with every term (the terms' own bounds and STEP of each
 * partial sum, which covers FEEL's rounding of it); FEEL's least (greatest) item is within the
 * bound of the one kept, as for `min(a, b)`, pass by pass. Stopped at the first bound NaN (an item
 * no number); no items (FEEL's null) give the bound NaN too.
 */
export function ddFold(n: number, read: (k: number) => number, how: "sum" | "min" | "max"): number {
  S[0] = 0;
  S[1] = NaN;
  if (n === 0) return NaN;
  let hi = read(0);
  for (let k = 1; k < n && S[1] === S[1]; k++) {
    const lo = S[0]!;
    const e = S[1]!;
    const th = read(k);
    hi = how === "sum" ? ddAdd(hi, lo, e, th, S[0]!, S[1]!) : ddExtreme(hi, lo, e, th, S[0]!, S[1]!, how === "max");
  }
  return hi;
}

/** The items of a named list `ddFold` reads (none for anything but a list: the bound NaN, left to the decimals). */
const itemsOf = (l: FeelValue): readonly FeelValue[] => (Array.isArray(l) ? l : []);

/** `sum(l)` of a named list, each item read as `ddRead` reads it (`ddFold`). */
export function ddSum(l: FeelValue): number {
  const items = itemsOf(l);
  return ddFold(items.length, (k) => ddRead(items[k]!), "sum");
}

/**
 * `count(l)`: the length of a list (or of an input's raw JSON array, each of whose items converts to
 * one), exact; anything but a list (a singleton, null) is left to the decimals: the bound NaN.
 */
export function ddCount(l: FeelValue | readonly unknown[]): number {
  const n = Array.isArray(l) ? l.length : NaN;
  S[0] = 0;
  S[1] = n - n;
  return n;
}

/** `min(l)` (`max(l)` when `max`) of a named list, each item read as `ddRead` reads it (`ddFold`). */
export function ddExtremeOf(l: FeelValue, max: boolean): number {
  const items = itemsOf(l);
  return ddFold(items.length, (k) => ddRead(items[k]!), max ? "max" : "min");
}

/**
 * The passes of `for v in a..b` (a descending range when a > b, as FEEL's): none unless both ends
 * are exact integers below 2^53 (and the sum of none declines).
 */
export function ddPasses(ah: number, al: number, ea: number, bh: number, bl: number, eb: number): number {
  const whole = (h: number, l: number, e: number) => e === 0 && l === 0 && Number.isInteger(h) && Math.abs(h) < EXACT_INTEGERS;
  return whole(ah, al, ea) && whole(bh, bl, eb) ? Math.abs(bh - ah) + 1 : 0;
}

/**
 * The order of a and b (−1, 0 or 1) when the bounds decide it, else NaN. The difference's bound E
 * covers the distance of hi + lo from the exact a − b, and |lo| is at most 2^-53 |hi|: |hi| > 2E
 * gives its sign. Two exact operands whose difference is exact (E = 0) are ordered by it, equal
 * when it is zero; a difference within 2E of zero is left to the decimals (a comparison at
 * equality, a tie).
 */
function ddCompare(ah: number, al: number, ea: number, bh: number, bl: number, eb: number): number {
  const hi = ddSub(ah, al, ea, bh, bl, eb);
  const e = S[1];
  if (e === 0) return hi === 0 ? 0 : hi < 0 ? -1 : 1;
  return Math.abs(hi) > 2 * e ? (hi < 0 ? -1 : 1) : NaN;
}

/** What each comparison answers of an order c (−1, 0 or 1). */
const ORDER: Readonly<Record<string, (c: number) => boolean>> = {
  "=": (c) => c === 0,
  "!=": (c) => c !== 0,
  "<": (c) => c < 0,
  "<=": (c) => c <= 0,
  ">": (c) => c > 0,
  ">=": (c) => c >= 0,
};

/**
 * A condition `a op b` of two double-doubles of a value's own operations, for `ddIf`: 1 (true), 0
 * (false) or NaN (undecided). FEEL's operands are each within their bound of the exact results,
 * as the double-doubles are, so FEEL's difference lies within 2E of hi + lo for the difference's
 * bound E (which holds both): `ddCompare`'s test.
 */
export function ddTest(ah: number, al: number, ea: number, bh: number, bl: number, eb: number, op: string): number {
  const c = ddCompare(ah, al, ea, bh, bl, eb);
  return c === c ? (ORDER[op]!(c) ? 1 : 0) : NaN;
}

/**
 * `if c then t else f` on a condition c of `ddTest`s, names (`ddTruth`) and connectives
 * (runtime/certified.ts `certAnd`, `certOr`, `certNot`: NaN on either side is NaN): the branch FEEL
 * takes when c is 1, or 0 or −1 (false or null: the else branch), with its bound (FEEL's value of the `if` is the branch's value, within its bound of the
 * exact result of the branch's operations); NaN when c is undecided. A branch not taken may have
 * declined: FEEL does not evaluate it either.
 */
export function ddIf(c: number, th: number, tl: number, te: number, fh: number, fl: number, fe: number): number {
  S[0] = c === 1 ? tl : fl;
  S[1] = c === 1 ? te : c === 0 || c === -1 ? fe : NaN;
  return c === 1 ? th : fh;
}

/**
 * A name as a condition, for `ddIf`: 1 for true, 0 for false, −1 for null (the else branch, and
 * the connectives tell it from false); NaN for any other value, which makes FEEL's `if` null.
 */
export const ddTruth = (x: FeelValue): number => (x === true ? 1 : x === false ? 0 : x === null ? -1 : NaN);

/**
 * `x = s` (`x != s` when `eq` is false) of a string literal s, for `ddIf`: 1 or 0 when x is a
 * string (FEEL's equality of two strings is theirs), NaN for anything else.
 */
export const ddSameString = (x: FeelValue, s: string, eq: boolean): number => (typeof x === "string" ? ((x === s) === eq ? 1 : 0) : NaN);

/**
 * `a op b` for a double-double a and a FEEL value b (read as `ddRead` reads it), when the bounds
 * decide it, else undefined (the decimals decide: b not a number nor read to 106 bits, a bound
 * NaN, the two too close).
 */
export function ddOrder(ah: number, al: number, ea: number, b: FeelValue, op: string): boolean | undefined {
  const bh = ddRead(b);
  const c = ddCompare(ah, al, ea, bh, S[0], S[1]);
  return c === c ? ORDER[op]!(c) : undefined;
}

/**
 * The double a table column's raw tests may compare for a value given as a double-double (a
 * certified decision's, with its own bound), or undefined: its JSON output when the bound decides
 * it and that double is none of the column's literals (a value whose double is a literal's may
 * lie on either side of it, or on it: the decimals decide, runtime/column-double.ts).
 */
export function ddColumn(hi: number, lo: number, e: number, literals: ReadonlySet<number>): number | undefined {
  const x = ddNearest(hi, lo, e);
  return x === x && !literals.has(x) ? x : undefined;
}

/**
 * `ddColumn` of a heading whose code walked loops, each pass a budget step: when it gives no
 * double, the decimals walk the same loops and count them themselves, so the `ticks` are given back.
 */
export function ddColumnAnswer(hi: number, lo: number, e: number, literals: ReadonlySet<number>, ticks: number): number | undefined {
  const x = ddColumn(hi, lo, e, literals);
  if (x === undefined && ticks > 0) refund(ticks);
  return x;
}
