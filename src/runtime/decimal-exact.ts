// The runtime's own big decimals, for every number the scaled form of decimal.ts cannot hold:
// s × c × 10^e with c a BigInt without trailing zeros. Every operation computes the exact result
// and rounds it once to 34 significant digits, half-even (sums, products and remainders are
// exact BigInt work; quotients keep the remainder as a sticky digit), so results are FEEL's
// decimal128 ones, digit for digit what decimal.js configured that way gives (docs/numbers.md).
// Like decimal.js, and unlike IEEE decimal128, there are no subnormals: a result whose first digit
// lies above 10^MAX_E is ±Infinity, below 10^MIN_E a zero of its sign; reading a value keeps all
// its digits (only operations round).
import { digitCount, pow10, trailingZeros } from "./decimal-digits.js";
import { MODES, ROUNDS_AWAY, type Position, type Rounding } from "./decimal-rounding.js";
import { POW10 } from "./decimal-scaled.js";

export const PRECISION = 34;
/** The exponent of the first digit of a finite non-zero value lies in [MIN_E, MAX_E]. */
export const MAX_E = 6144;
export const MIN_E = -6143;

export class Exact {
  /** 1 or -1 (zeros are signed); NaN for NaN */
  readonly s: number;
  /** the digits, without trailing zeros; 0n for zero and for ±Infinity and NaN */
  readonly c: bigint;
  /** the exponent of the last digit: the value is s × c × 10^e */
  readonly e: number;
  /** the number of digits of c; 0 marks ±Infinity and NaN */
  readonly n: number;

  constructor(s: number, c: bigint, e: number, n: number) {
    this.s = s;
    this.c = c;
    this.e = e;
    this.n = n;
  }

  /** From a JS number (its shortest decimal form) or numeric text; throws on anything else. */
  static from(v: number | string): Exact {
    return typeof v === "number" ? fromNumber(v) : parse(v);
  }

  /** m × 10^-k for a safe integer m (-0 included). */
  static fromScaled(m: number, k: number): Exact {
    if (m === 0) return Object.is(m, -0) ? NEG_ZERO : ZERO;
    let a = m < 0 ? -m : m;
    while (a % 10 === 0) {
      a /= 10;
      k--;
    }
    let n = 1;
    for (let p = 10; p <= a; p *= 10) n++;
    return ranged(m < 0 ? -1 : 1, BigInt(a), -k, n);
  }

  /** The exponent of the first digit (decimal.js's `e`). */
  get top(): number {
    return this.e + this.n - 1;
  }

  isFinite(): boolean {
    return this.n !== 0;
  }
  isNaN(): boolean {
    return this.s !== this.s;
  }
  isZero(): boolean {
    return this.n !== 0 && this.c === 0n;
  }
  isNeg(): boolean {
    return this.s < 0;
  }
  isPos(): boolean {
    return this.s > 0;
  }
  isInteger(): boolean {
    return this.n !== 0 && this.e >= 0;
  }

  plus(y: Exact): Exact {
    return add(this, y.s, y);
  }
  minus(y: Exact): Exact {
    return add(this, -y.s, y);
  }
  times(y: Exact): Exact {
    const s = this.s * y.s;
    if (this.c === 0n || y.c === 0n) {
      // a non-finite operand or a zero: NaN for NaN or 0 × Infinity, else ±Infinity or ±0
      if (s !== s || (this.n !== 0 && this.c === 0n && y.n === 0) || (y.n !== 0 && y.c === 0n && this.n === 0)) return NAN;
      return this.n === 0 || y.n === 0 ? infinity(s) : zero(s);
    }
    const c = this.c * y.c;
    return rounded(s, c, this.e + y.e, false, atLeast(c, this.n + y.n - 1));
  }
  div(y: Exact): Exact {
    const s = this.s === y.s ? 1 : -1;
    if (this.c === 0n || y.c === 0n) return divideSpecial(this, y, s);
    // at least 35 digits of quotient, the remainder kept as a sticky digit: one correct rounding
    const k = Math.max(0, PRECISION + 1 + y.n - this.n);
    const num = k === 0 ? this.c : this.c * pow10(k);
    const q = num / y.c;
    return rounded(s, q, this.e - y.e - k, q * y.c !== num, atLeast(q, this.n + k - y.n));
  }
  /** The integer part of the quotient (truncated), rounded to 34 digits like every result. */
  divToInt(y: Exact): Exact {
    const s = this.s === y.s ? 1 : -1;
    if (this.c === 0n || y.c === 0n) return divideSpecial(this, y, s);
    const [a, b] = aligned(this, y);
    return rounded(s, a / b, 0, false);
  }
  /** The truncated remainder (the sign of the dividend), decimal.js's default modulo mode. */
  mod(y: Exact): Exact {
    if (this.n === 0 || y.s !== y.s || (y.n !== 0 && y.c === 0n)) return NAN;
    if (y.n === 0 || this.c === 0n) return this.toSignificantDigits(PRECISION, MODES.ROUND_HALF_EVEN);
    const [a, b, e] = aligned(this, y);
    const r = a % b;
    // an exact zero is +0, as decimal.js subtracts the multiple of y out
    return r === 0n ? ZERO : rounded(this.s, r, e, false);
  }

  /** -1, 0 or 1; NaN when either side is NaN. Zeros are equal whatever their signs. */
  cmp(y: Exact): number {
    const xs = this.s;
    const ys = y.s;
    if (this.n === 0 || y.n === 0) {
      if (xs !== xs || ys !== ys) return NaN;
      if (xs !== ys) return xs;
      if (this.n === y.n) return 0; // infinities of one sign
      return (this.n === 0) !== xs < 0 ? 1 : -1;
    }
    if (this.c === 0n || y.c === 0n) return this.c !== 0n ? xs : y.c !== 0n ? -ys : 0;
    if (xs !== ys) return xs;
    const xt = this.top;
    const yt = y.top;
    if (xt !== yt) return xt > yt !== xs < 0 ? 1 : -1;
    const [a, b] = aligned(this, y);
    return a === b ? 0 : a > b !== xs < 0 ? 1 : -1;
  }

  abs(): Exact {
    return this.s < 0 ? new Exact(1, this.c, this.e, this.n) : this;
  }
  neg(): Exact {
    return new Exact(-this.s, this.c, this.e, this.n);
  }

  /** Rounded so that the last digit kept is 10^-places (places may be negative). */
  toDecimalPlaces(places: number, mode: Rounding): Exact {
    return this.n === 0 ? this : roundAt(this.s, this.c, this.e, this.n, -places, mode, false);
  }
  toSignificantDigits(digits: number, mode: Rounding): Exact {
    return this.n === 0 ? this : roundAt(this.s, this.c, this.e, this.n, this.top - digits + 1, mode, false);
  }
  /** significant digits; with `includeZeros`, the zeros of the integer part count too */
  sd(includeZeros?: boolean): number {
    if (this.n === 0) return NaN;
    return includeZeros && this.top + 1 > this.n ? this.top + 1 : this.n;
  }
  decimalPlaces(): number {
    return this.n === 0 ? NaN : this.e < 0 ? -this.e : 0;
  }

  /** plain notation; with `places`, rounded and padded to exactly that many decimals */
  toFixed(places?: number, mode: Rounding = MODES.ROUND_HALF_EVEN): string {
    let text: string;
    if (places === undefined || this.n === 0) text = plain(this);
    else {
      const r = this.toDecimalPlaces(places, mode);
      text = plain(r);
      const decimals = r.e < 0 && r.c !== 0n ? -r.e : 0;
      // (a value rounded up past 10^6145 is Infinity, not padded)
      if (places > decimals && r.n !== 0) text += (decimals === 0 ? "." : "") + "0".repeat(places - decimals);
    }
    // the sign of the value before rounding, as decimal.js: (-0.001).toFixed(2) is "-0.00"
    return this.s < 0 && !this.isZero() ? `-${text}` : text;
  }
  /** plain notation, never an exponent; negative zero prints as 0 */
  toString(): string {
    return this.s < 0 && !this.isZero() ? `-${plain(this)}` : plain(this);
  }
  /** as toString, but negative zero prints as -0 */
  valueOf(): string {
    return this.s < 0 ? `-${plain(this)}` : plain(this);
  }
  /** the nearest double (one correctly rounded conversion); zero keeps its sign */
  toNumber(): number {
    if (this.n === 0) return this.s * Infinity;
    // up to 15 digits and 10^|e| ≤ 10^22: both exact doubles, so one multiplication or division
    // is the correctly rounded value; otherwise the digits as text, converted once
    if (this.n <= 15 && this.e >= -22 && this.e <= 22) {
      const c = Number(this.c);
      return this.s * (this.e >= 0 ? c * POW10[this.e]! : c / POW10[-this.e]!);
    }
    return Number(`${this.s < 0 ? "-" : ""}${this.c}e${this.e}`);
  }
}

export const ZERO = new Exact(1, 0n, 0, 1);
const NEG_ZERO = new Exact(-1, 0n, 0, 1);
export const ONE = new Exact(1, 1n, 0, 1);
export const NAN = new Exact(NaN, 0n, 0, 0);
const POS_INF = new Exact(1, 0n, 0, 0);
const NEG_INF = new Exact(-1, 0n, 0, 0);

export const zero = (s: number): Exact => (s < 0 ? NEG_ZERO : ZERO);
export const infinity = (s: number): Exact => (s < 0 ? NEG_INF : POS_INF);

/** s × c × 10^e for c without trailing zeros and n its digits: the value, ±Infinity or a signed zero. */
function ranged(s: number, c: bigint, e: number, n: number): Exact {
  const top = e + n - 1;
  if (top > MAX_E) return infinity(s);
  if (top < MIN_E) return zero(s);
  return new Exact(s, c, e, n);
}

/** s × c × 10^e exactly (trailing zeros dropped, the range applied); n is c's digits when known. */
export function normal(s: number, c: bigint, e: number, n = 0): Exact {
  if (c === 0n) return zero(s);
  const z = trailingZeros(c);
  if (z > 0) {
    c /= pow10(z);
    e += z;
    if (n > 0) n -= z;
  }
  return ranged(s, c, e, n > 0 ? n : digitCount(c));
}

/**
 * s × (c + δ) × 10^e rounded so that its last digit is 10^pos, where 0 ≤ δ < 1 and `sticky` says
 * whether δ > 0 (the digits of an inexact quotient or root beyond c). n is c's digit count.
 */
function roundAt(s: number, c: bigint, e: number, n: number, pos: number, mode: Rounding, sticky: boolean): Exact {
  const drop = pos - e;
  if (drop <= 0 || (c === 0n && !sticky)) return normal(s, c, e, n);
  let q = 0n;
  let position: Position;
  if (drop > n)
    position = "below"; // every digit goes, and they are less than half a unit
  else {
    const unit = pow10(drop);
    q = c / unit;
    const r = c - q * unit;
    const half = unit >> 1n; // 5 × 10^(drop-1)
    position = r < half ? (r === 0n && !sticky ? "zero" : "below") : r > half || sticky ? "above" : "half";
  }
  const away =
    mode === MODES.ROUND_HALF_EVEN
      ? position === "above" || (position === "half" && (q & 1n) === 1n)
      : ROUNDS_AWAY[mode]!(position, s < 0, (q & 1n) === 1n);
  if (away) q += 1n;
  const kept = drop > n ? 1 : n - drop;
  // a carry may add a digit (999 + 1); normal() drops the zeros it leaves
  return normal(s, q, pos, q === 0n ? 1 : q === pow10(kept) ? kept + 1 : kept);
}

/** s × (c + δ) × 10^e rounded to 34 significant digits, half-even (`sticky` as in roundAt; n is c's digit count). */
export function rounded(s: number, c: bigint, e: number, sticky: boolean, n = digitCount(c)): Exact {
  return n <= PRECISION && !sticky ? normal(s, c, e, n) : roundAt(s, c, e, n, e + n - PRECISION, MODES.ROUND_HALF_EVEN, sticky);
}

/** x + sy × |y| (sy the sign y takes: minus is plus of the negation). */
function add(x: Exact, sy: number, y: Exact): Exact {
  if (x.n === 0 || y.n === 0) {
    if (x.s !== x.s || sy !== sy) return NAN;
    if (x.n === 0) return y.n !== 0 || x.s === sy ? x : NAN; // Infinity - Infinity
    return infinity(sy);
  }
  if (x.c === 0n) {
    // IEEE 754: a sum of zeros is +0 unless both are -0
    if (y.c === 0n) return zero(x.s === sy ? x.s : 1);
    return rounded(sy, y.c, y.e, false);
  }
  if (y.c === 0n) return rounded(x.s, x.c, x.e, false);
  let a = x;
  let sa = x.s;
  let b = y;
  let sb = sy;
  if (a.top < b.top) {
    [a, b] = [b, a];
    [sa, sb] = [sb, sa];
  }
  // An operand far below the other's last digit and its 35th digit only decides the rounding
  // by its sign; a stand-in of that sign just below those positions rounds the same (docs/numbers.md).
  const floor = Math.min(a.e, a.top - PRECISION - 1) - 1;
  if (b.top < floor) b = new Exact(1, 1n, floor - 1, 1);
  const e = a.e < b.e ? a.e : b.e;
  const ac = a.e === e ? a.c : a.c * pow10(a.e - e);
  const bc = b.e === e ? b.c : b.c * pow10(b.e - e);
  if (sa === sb) {
    const sum = ac + bc;
    return rounded(sa, sum, e, false, atLeast(sum, Math.max(a.n + a.e, b.n + b.e) - e));
  }
  const d = ac - bc;
  if (d === 0n) return ZERO;
  return d > 0n ? rounded(sa, d, e, false) : rounded(sb, -d, e, false);
}

/** The digit count of c, known to be n or n + 1 (a product, a quotient, a sum of one sign). */
const atLeast = (c: bigint, n: number): number => (c >= pow10(n) ? n + 1 : n);

/** Both coefficients at the smaller exponent, and that exponent. */
function aligned(x: Exact, y: Exact): [bigint, bigint, number] {
  const e = x.e < y.e ? x.e : y.e;
  return [x.e === e ? x.c : x.c * pow10(x.e - e), y.e === e ? y.c : y.c * pow10(y.e - e), e];
}

/** x / y when either is zero, ±Infinity or NaN (decimal.js's table). */
function divideSpecial(x: Exact, y: Exact, s: number): Exact {
  const xFinite = x.n !== 0;
  const yFinite = y.n !== 0;
  if (x.s !== x.s || y.s !== y.s || (xFinite ? yFinite && x.c === 0n && y.c === 0n : !yFinite)) return NAN;
  return (xFinite && x.c === 0n) || !yFinite ? zero(s) : infinity(s);
}

/** Plain digits of |x| (no sign, no exponent), "Infinity" or "NaN". */
function plain(x: Exact): string {
  if (x.n === 0) return x.s === x.s ? "Infinity" : "NaN";
  const digits = x.c.toString();
  if (x.e >= 0) return x.e === 0 || x.c === 0n ? digits : digits + "0".repeat(x.e);
  const point = digits.length + x.e;
  return point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${"0".repeat(-point)}${digits}`;
}

const NUMERIC = /^([-+]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([-+]?\d+))?$/;
const SPECIAL = /^([-+]?)(Infinity|NaN)$/;

/** Numeric text as decimal.js reads it (all its digits kept); throws on anything else. */
function parse(text: string): Exact {
  const match = NUMERIC.exec(text);
  if (match === null) {
    const special = SPECIAL.exec(text);
    if (special === null) throw new Error(`[DecimalError] Invalid argument: ${text}`);
    return special[2] === "NaN" ? NAN : infinity(special[1] === "-" ? -1 : 1);
  }
  const s = match[1] === "-" ? -1 : 1;
  const fraction = match[3] ?? match[4] ?? "";
  const digits = (match[2] ?? "") + fraction;
  let start = 0;
  while (start < digits.length && digits.charCodeAt(start) === 48) start++;
  if (start === digits.length) return zero(s);
  let end = digits.length;
  while (digits.charCodeAt(end - 1) === 48) end--;
  const exponent = match[5] === undefined ? 0 : Number(match[5]);
  return ranged(s, BigInt(digits.slice(start, end)), exponent - fraction.length + (digits.length - end), end - start);
}

function fromNumber(v: number): Exact {
  if (v === 0) return zero(Object.is(v, -0) ? -1 : 1);
  if (Number.isSafeInteger(v)) return normal(v < 0 ? -1 : 1, BigInt(v < 0 ? -v : v), 0);
  if (v !== v) return NAN;
  if (v === Infinity || v === -Infinity) return infinity(v);
  return parse(String(v));
}
