// Certified doubles: `decimal(x, 2)` (and the other roundings to literal places) of an arithmetic
// expression worked out in JS doubles, with a bound on how far the double can be from FEEL's
// decimal result, carried along by running error analysis. When the double lies farther than the
// bound from every point where the rounding changes, the decimal result rounds the same way and the
// double's rounding is the answer; otherwise (and for anything not a finite number) the caller
// takes the exact decimal path. The argument is written out in docs/numbers.md.
//
// Generated code (codegen/certified-code.ts) works the expression out as straight JS, a local for
// each value and for its bound, and calls these helpers for each step: a step returns its value and
// leaves its bound in `certifiedError[0]`, which the code reads at once. A step that cannot be
// certified (an operand that is not a number, a divisor whose interval holds zero, a result beyond
// the doubles' range or among the subnormals) gives the bound NaN: every later step's bound is NaN
// too, as NaN spreads through arithmetic, and positions, range endpoints and exponents must have a
// bound of exactly 0, so the rounding at the end declines.
import { refund } from "./budget.js";
import { Decimal, isDecimal } from "./decimal.js";
import { FeelContext, type FeelValue } from "./values.js";

/** Unit roundoff of a double: every correctly rounded operation is within U × |result| of the exact one. */
const U = 2 ** -53;
/** Integers below this are held exactly, and so are the results of + - × on them that stay below it. */
const EXACT_INTEGERS = 2 ** 53;
/** Largest integer exponent worked by squaring: at most 2 × 31 products. */
const MAX_EXPONENT = 2 ** 31;
/** Comfortably above the smallest normal double (2^-1022). */
const MIN_NORMAL = 2 ** -1000;
/** Room for the rounding of the bound's own arithmetic and for FEEL's 34-digit roundings (each far below U). */
const SAFETY = 2;

/** The bound of the value the last step returned. */
export const certifiedError = new Float64Array(1);
const E = certifiedError;

/** The bound e of a result v, or NaN when v is not a number U bounds: beyond the doubles' range or among the subnormals. */
function usable(v: number, e: number): number {
  const size = Math.abs(v);
  return Number.isFinite(size) && Number.isFinite(e) && (size === 0 || size >= MIN_NORMAL) ? e : NaN;
}

/**
 * certRead of an entry read from a raw JSON item (codegen/raw-items.ts), or of a number input read
 * raw from the state (codegen/raw-inputs.ts): a finite double `x` is the value the loader reads as D(x), the shortest decimal that rounds back to x (runtime/json.ts), so
 * its double is x itself (a zero's +0), exact when x is an integer below 2^53 (D(x) is one then,
 * and only then); any other value is the entry's FEEL value, read by certRead.
 */
export function certReadEntry(x: FeelValue | number): number {
  if (typeof x !== "number") return certRead(x);
  const size = Math.abs(x);
  E[0] = NaN;
  // a double that is no finite number is no entry the loader reads: declined, the exact path reads it
  if ((size < MIN_NORMAL && x !== 0) || !(size <= Number.MAX_VALUE)) return NaN;
  E[0] = Number.isInteger(x) && size < EXACT_INTEGERS ? 0 : size * U;
  return x === 0 ? 0 : x;
}

/** A decimal as the nearest double: no error for an integer below 2^53, else half an ulp; anything else NaN. */
export function certRead(x: FeelValue): number {
  E[0] = NaN;
  if (!isDecimal(x)) return NaN;
  const v = x.toNumber();
  const size = Math.abs(v);
  // beyond the doubles' range, or too small for U to bound the conversion (a zero must be one)
  if (!Number.isFinite(v) || (size < MIN_NORMAL && (v !== 0 || !x.isZero()))) return NaN;
  E[0] = Number.isInteger(v) && size < EXACT_INTEGERS && x.isInteger() ? 0 : size * U;
  return v;
}

/** A sum or difference of exact operands that is an integer below 2^53 is exact too (positions such as `i + 1`). */
const exactResult = (ea: number, eb: number, v: number) => ea === 0 && eb === 0 && Number.isInteger(v) && Math.abs(v) < EXACT_INTEGERS;

/** a + b: FEEL's sum and `+` round each step as a double does, to 34 digits. */
export function certAdd(a: number, ea: number, b: number, eb: number): number {
  const v = a + b;
  E[0] = usable(v, exactResult(ea, eb, v) ? 0 : ea + eb + U * Math.abs(v));
  return v;
}

/** a − b, the sum of a and −b. */
export const certSub = (a: number, ea: number, b: number, eb: number): number => certAdd(a, ea, -b, eb);

/** The bound of v = a × b. */
const productError = (a: number, ea: number, b: number, eb: number, v: number) =>
  Math.abs(a) * eb + Math.abs(b) * ea + ea * eb + U * Math.abs(v);

/** a × b. */
export function certMul(a: number, ea: number, b: number, eb: number): number {
  const v = a * b;
  // a product of non-zeros that is zero has underflowed: no bound in units of U holds it
  E[0] = v === 0 && a !== 0 && b !== 0 ? NaN : usable(v, exactResult(ea, eb, v) ? 0 : productError(a, ea, b, eb, v));
  return v;
}

/** a ÷ b; declined when b's interval holds zero, or a quotient of a non-zero underflows to zero. */
export function certDiv(a: number, ea: number, b: number, eb: number): number {
  const size = Math.abs(b);
  const v = a / b;
  E[0] = size > eb && (v !== 0 || a === 0) ? usable(v, (Math.abs(a) * eb + size * ea) / (size * (size - eb)) + U * Math.abs(v)) : NaN;
  return v;
}

/** base ** k by squaring, k a whole number from 0 to MAX_EXPONENT; its bound in E[0]. */
function powerBySquaring(base: number, eBase: number, k: number): number {
  // each product by the rule of `certMul`, in local variables: this loop runs for every power
  let acc = 1;
  let eAcc = 0;
  // in 32-bit integers: `%` on a double is a call into C
  for (let bits = k >>> 0; bits > 0; bits >>>= 1) {
    if ((bits & 1) === 1) {
      const v = acc * base;
      eAcc = productError(acc, eAcc, base, eBase, v);
      acc = v;
    }
    if (bits > 1) {
      const v = base * base;
      eBase = 2 * Math.abs(base) * eBase + eBase * eBase + U * Math.abs(v);
      base = v;
    }
  }
  E[0] = eAcc;
  return acc;
}

/**
 * What one power in the code raised last: its base, the base's bound, |n|, the power and its bound.
 * In a typed array, one for each power the code holds, as a closure's own variables would box every
 * double written to them.
 */
export const certPowerMemo = (): Float64Array => new Float64Array([NaN, NaN, -1, 1, 0]);

/**
 * `base ** n`, n a whole number known exactly. The memo keeps the last base (value and bound) this
 * power raised and the power it got: raising the same base to one more is one product by the rule
 * of `certMul` (a loop's `(1 + r) ** i` costs one multiplication a pass), to the same power no work.
 * Any chain of products bounded by that rule bounds the power, so the remembered power may come
 * from an earlier pass or an earlier call.
 */
export function certPow(last: Float64Array, base: number, eBase: number, n: number, en: number): number {
  // a base the doubles could not work out (a null read, an overflow) declines even for n = 0:
  // FEEL's null ** 0 is null, and squaring would never look at the base
  if (en !== 0 || !Number.isInteger(n) || Math.abs(n) > MAX_EXPONENT || !(usable(base, eBase) >= 0)) return (E[0] = NaN);
  const k = Math.abs(n);
  // a zero base is left to squaring: the sign of a zero power depends on the zero's own sign
  const same = base === last[0] && eBase === last[1] && base !== 0;
  let power: number;
  if (same && k === last[2]! + 1) {
    power = last[3]! * base;
    E[0] = productError(last[3]!, last[4]!, base, eBase, power);
  } else if (same && k === last[2]) {
    power = last[3]!;
    E[0] = last[4]!;
  } else power = powerBySquaring(base, eBase, k);
  const error = E[0]!;
  last[0] = base;
  last[1] = eBase;
  last[2] = k;
  last[3] = power;
  last[4] = error;
  // the power's own checks come after; a reciprocal must not hide a subnormal power
  if (n >= 0) {
    // a zero power of a non-zero base has underflowed
    E[0] = power === 0 && base !== 0 ? NaN : usable(power, error);
    return power;
  }
  if (!(Math.abs(power) >= MIN_NORMAL)) return (E[0] = NaN);
  return certDiv(1, 0, power, error);
}

/** `count(l)`: the length, exact; NaN when l is not a list (FEEL's singletons and nulls are left to the exact path). */
export function certCount(l: FeelValue): number {
  const n = Array.isArray(l) ? l.length : NaN;
  E[0] = n - n;
  return n;
}

/** `sum(l)`: FEEL adds the items in order from zero, each sum rounded; an empty list's sum is null, declined. */
export function certSum(l: FeelValue): number {
  if (!Array.isArray(l) || l.length === 0) return (E[0] = NaN);
  let s = certRead(l[0]!);
  for (let k = 1; k < l.length; k++) {
    const es = E[0]!;
    const t = certRead(l[k]!);
    s = certAdd(s, es, t, E[0]!);
  }
  return s;
}

/** FEEL's `l[p]` read as above; NaN when p is not an exact position in the list. */
export function certItem(l: FeelValue, p: number, ep: number): number {
  // the index is read with the first item as `item`: only a number there leaves every name to the model
  if (!Array.isArray(l) || ep !== 0 || !isDecimal(l[0])) return (E[0] = NaN);
  if (p >= 1 && p <= l.length) return certRead(l[p - 1]!);
  return p <= -1 && p >= -l.length ? certRead(l[l.length + p]!) : (E[0] = NaN);
}

/** The items a `for x in l` passes over: none when l is not a list (and the sum of none declines). */
export const certLength = (l: FeelValue): number => (Array.isArray(l) ? l.length : 0);

/** The passes of `for v in a..b`: none unless a and b are exact integers (a descending range when a > b). */
export function certPasses(a: number, ea: number, b: number, eb: number): number {
  if (ea !== 0 || eb !== 0 || !Number.isInteger(a) || !Number.isInteger(b)) return 0;
  return Math.abs(b - a) + 1;
}

/** The variable of pass j of `for v in a..b`, exact. */
export const certNth = (a: number, b: number, j: number): number => (a <= b ? a + j : a - j);

/** Rounding modes by decimal.js number: UP, DOWN, CEIL and FLOOR change at whole units, the half modes at halves. */
const DIRECTED: Partial<Record<number, (s: number) => number>> = {
  0: (s) => (s > 0 ? Math.ceil(s) : Math.floor(s)),
  1: Math.trunc,
  2: Math.ceil,
  3: Math.floor,
};

/**
 * v (within e of FEEL's value) rounded to `places` in `mode` (decimal.js numbering), when e keeps it
 * clear of the rounding's edges; undefined when the exact path must decide, which walks the same
 * loops again and counts them itself: the `ticks` the code's loops took are given back.
 */
export function certRound(v: number, e: number, places: number, mode: number, ticks: number): Decimal | undefined {
  const answer = rounded(v, e, places, mode);
  if (answer === undefined) refund(ticks);
  return answer;
}

/**
 * The whole number k of units 10^-places that v (within e of FEEL's value) rounds to in `mode`, when
 * e keeps it clear of the rounding's edges; NaN otherwise.
 */
function roundedUnits(v: number, e: number, places: number, mode: number): number {
  if (!(usable(v, e) >= 0)) return NaN;
  const scale = 10 ** places;
  const s = v * scale;
  const bound = SAFETY * (e * scale + U * Math.abs(s)) + Number.MIN_VALUE;
  if (!(Math.abs(s) < 2 ** 52)) return NaN;
  const directed = DIRECTED[mode];
  // the nearest point where the rounding changes: a whole unit (directed modes) or a half
  const edge = directed ? Math.round(s) : Math.floor(s) + 0.5;
  if (Math.abs(s - edge) <= bound) return NaN;
  return directed ? directed(s) : Math.round(s);
}

/**
 * A rounding to `places` (0 to 15) inside the code (`decimal(a / 3, 2) * b`): FEEL's result is the
 * decimal k / 10^places, whose double is k itself (exact) for no places, else within half an ulp
 * (k and 10^places are exact doubles, and one division rounds once); NaN when the bound reaches an
 * edge. A zero is 0 of either sign, as it may be in FEEL: no step that follows tells them apart
 * (a divisor's interval that holds zero declines, and so do a rounded or compared zero's sign).
 */
export function certRounded(v: number, e: number, places: number, mode: number): number {
  const k = roundedUnits(v, e, places, mode);
  if (k !== k) return (E[0] = NaN);
  if (places === 0) {
    E[0] = 0;
    return k;
  }
  const r = k / 10 ** places;
  E[0] = U * Math.abs(r);
  return r;
}

function rounded(v: number, e: number, places: number, mode: number): Decimal | undefined {
  let k = roundedUnits(v, e, places, mode);
  // a zero keeps the sign of what was rounded: the exact path decides it
  if (k !== k || k === 0) return undefined;
  let kept = places;
  while (kept > 0 && k % 10 === 0) [k, kept] = [k / 10, kept - 1];
  return Decimal.scaled(k, kept);
}

/** abs(a): |a| is as far from FEEL's |A| as a is from A. */
export function certAbs(a: number, ea: number): number {
  E[0] = ea;
  return Math.abs(a);
}

/**
 * min(a, b) (`max` when `greatest`): within max(ea, eb) of FEEL's min(A, B), as |min(a, b) − min(A, B)|
 * ≤ max(|a − A|, |b − B|); a NaN bound stays NaN.
 */
export function certExtreme(a: number, ea: number, b: number, eb: number, greatest: boolean): number {
  E[0] = Math.max(ea, eb);
  return greatest ? (a >= b ? a : b) : a <= b ? a : b;
}

/**
 * floor(a) (`ceiling` when `up`): exact when the interval about a that holds FEEL's value holds no
 * whole number (then FEEL's floor is a's), or when a is an exact integer; NaN otherwise, for the
 * exact path to decide.
 */
export function certWhole(a: number, ea: number, up: boolean): number {
  if (!(usable(a, ea) >= 0) || !(Math.abs(a) < 2 ** 52)) return (E[0] = NaN);
  if (ea === 0 && Number.isInteger(a)) {
    E[0] = 0;
    return a;
  }
  const bound = SAFETY * (ea + U * Math.abs(a)) + Number.MIN_VALUE;
  if (Math.abs(a - Math.round(a)) <= bound) return (E[0] = NaN);
  E[0] = 0;
  return up ? Math.ceil(a) : Math.floor(a);
}

/**
 * FEEL's modulo(a, b) = a − b × floor(a / b), the sign of the divisor: certified only when the
 * quotient's interval holds neither zero in its divisor nor a whole number (the floor is then
 * known exactly), and worked out as a − b × f with the rules of × and −.
 */
export function certModulo(a: number, ea: number, b: number, eb: number): number {
  const q = certDiv(a, ea, b, eb);
  const f = certWhole(q, E[0]!, false);
  if (E[0] !== 0) return (E[0] = NaN);
  const p = certMul(b, eb, f, 0);
  return certSub(a, ea, p, E[0]!);
}

/** Comparison operators as generated code numbers them (codegen/certified-code.ts). */
export const CERT_COMPARISONS = ["<", "<=", ">", ">=", "=", "!="] as const;

/**
 * a op b (operators numbered as in CERT_COMPARISONS) for FEEL values within ea of a and eb of b,
 * when the bounds keep the two apart, or both are exact; undefined when the exact path must decide,
 * which walks the same loops again and counts them itself: the `ticks` the code's loops took are
 * given back.
 */
export function certCompare(a: number, ea: number, b: number, eb: number, op: number, ticks: number): boolean | undefined {
  const order = ordered(a, ea, b, eb);
  if (order === undefined) {
    refund(ticks);
    return undefined;
  }
  return op === 0 ? order < 0 : op === 1 ? order <= 0 : op === 2 ? order > 0 : op === 3 ? order >= 0 : op === 4 ? order === 0 : order !== 0;
}

/**
 * The condition `a op b` of an `if` inside the code: 1 when true, 0 when false, NaN when the bounds
 * overlap (the code's bound turns NaN and the whole declines).
 */
export function certTest(a: number, ea: number, b: number, eb: number, op: number): number {
  const order = ordered(a, ea, b, eb);
  if (order === undefined) return NaN;
  const holds =
    op === 0 ? order < 0 : op === 1 ? order <= 0 : op === 2 ? order > 0 : op === 3 ? order >= 0 : op === 4 ? order === 0 : order !== 0;
  return holds ? 1 : 0;
}

/**
 * Conditions in the code are FEEL's three values as numbers: 1 true, 0 false, -1 null, NaN undecided
 * (bounds that overlap). A name's value that is neither a boolean nor null is undecided too: the
 * connectives count it as null, but an `if` on it is null as a whole, which the exact path answers.
 */
export const certTruth = (c: FeelValue): number => (c === true ? 1 : c === false ? 0 : c === null ? -1 : NaN);

/** `a and b`: false when either is false, true when both are, else null; undecided when either is undecided. */
export function certAnd(a: number, b: number): number {
  if (a !== a || b !== b) return NaN;
  return a === 0 || b === 0 ? 0 : a === 1 && b === 1 ? 1 : -1;
}

/** `a or b`: true when either is true, false when both are false, else null; undecided when either is undecided. */
export function certOr(a: number, b: number): number {
  if (a !== a || b !== b) return NaN;
  return a === 1 || b === 1 ? 1 : a === 0 && b === 0 ? 0 : -1;
}

/** `not(a)`: the other boolean, null for null; undecided stays undecided. */
export const certNot = (a: number): number => (a === 1 ? 0 : a === 0 ? 1 : a);

/** `if c then t else f` with c a condition as above: then for true alone, else for false and null; NaN when c is undecided. */
export function certIf(c: number, t: number, et: number, f: number, ef: number): number {
  E[0] = c === 1 ? et : c === 0 || c === -1 ? ef : NaN;
  return c === 1 ? t : f;
}

/**
 * A condition of the model's (`a / 3 < b and flag`) decided by the code: true, false, or undefined
 * when it is null (left to the exact path, which makes the same null) or undecided, when the ticks
 * the code's loops took are given back.
 */
export function certDecide(c: number, ticks: number): boolean | undefined {
  if (c === 1 || c === 0) return c === 1;
  refund(ticks);
  return undefined;
}

/**
 * `base.name` of a context, the entry at the struct type's position `slot` looked for first (as
 * `rt.field`), for certRead: anything else is undefined, read as no number (a list's projection,
 * a missing entry's problem and a temporal value's property are left to the exact path).
 */
export function certMember(base: FeelValue | undefined, slot: number, name: string): FeelValue | undefined {
  if (!(base instanceof FeelContext)) return undefined;
  return slot < 0 ? base.get(name) : base.at(slot, name);
}

/**
 * sqrt(a): FEEL's root, correctly rounded to 34 digits, of A within ea of a > 0 lies within
 * |A − a| / (√A + √a) ≤ ea / √a of √a, and the double's root within half an ulp of that. Declined
 * when the interval about a reaches zero or below (FEEL's root of a negative number is null); an
 * exact zero is its own root, and an exact square of a whole number has its exact root.
 */
export function certSqrt(a: number, ea: number): number {
  if (!(usable(a, ea) >= 0)) return (E[0] = NaN);
  if (a === 0 && ea === 0) {
    E[0] = 0;
    return a;
  }
  if (!(a > SAFETY * ea)) return (E[0] = NaN);
  const v = Math.sqrt(a);
  E[0] = ea === 0 && Number.isInteger(v) && v * v === a ? 0 : usable(v, ea / v + U * v);
  return v;
}

/**
 * The sign of A − B for the FEEL values A and B, or undefined. With A within ea (1 + 10^-17) of a
 * (docs/numbers.md) and B likewise, and the double d = a − b within u (|a| + |b|) of a − b,
 * A − B lies within ea + eb + u (|a| + |b|) of d, scaled by SAFETY for the rounding of the bound's
 * own arithmetic. Two exact values (no bound) compare as their doubles: distinct finite doubles
 * never subtract to zero.
 */
function ordered(a: number, ea: number, b: number, eb: number): number | undefined {
  if (!(usable(a, ea) >= 0) || !(usable(b, eb) >= 0)) return undefined;
  const d = a - b;
  if (ea === 0 && eb === 0) return d > 0 ? 1 : d < 0 ? -1 : 0;
  const bound = SAFETY * (ea + eb + U * (Math.abs(a) + Math.abs(b))) + Number.MIN_VALUE;
  return d > bound ? 1 : d < -bound ? -1 : undefined;
}

/** The error of a literal's double: none for an integer below 2^53 (codegen passes other integers' text as operands), else half an ulp. */
export const certLiteralError = (x: number): number => (Number.isInteger(x) && Math.abs(x) < EXACT_INTEGERS ? 0 : Math.abs(x) * U);

/** The bound of a loop's sum before its first pass: a loop that makes none declines. */
export const certNone = (): number => NaN;
