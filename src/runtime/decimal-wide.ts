// A decimal of up to 34 significant digits held without BigInt: s × C × 10^e with the coefficient
// C in limbs of seven digits (base 10^7), least significant first, each a small JS integer. A
// product of two limbs is below 10^14 and a column of them, with its carry, far below 2^53, so
// every step of the arithmetic (decimal-wide-arithmetic.ts) is exact on doubles. This is the form
// of a 34-digit result (a quotient that meets more arithmetic, what follows from it) in decimal.ts;
// the BigInt form (decimal-exact.ts) stays for longer coefficients, extreme exponents and the
// functions. docs/numbers.md, "The wide form".
import { Exact, MAX_E, MIN_E } from "./decimal-exact.js";
import { MODES, ROUNDS_AWAY, type Position, type Rounding } from "./decimal-rounding.js";
import { POW10 } from "./decimal-scaled.js";
import { nearestDouble } from "./decimal-wide-double.js";

export const BASE = 1e7;
export const LIMB_DIGITS = 7;
const PRECISION = 34;

export class Wide {
  /** 1 or -1 */
  readonly s: number;
  /** the limbs of C (base 10^7, least significant first, the last one not zero); C has no trailing zeros */
  readonly c: number[];
  /** the exponent of C's last digit */
  readonly e: number;
  /** C's digit count, 1 to 34 */
  readonly n: number;

  constructor(s: number, c: number[], e: number, n: number) {
    this.s = s;
    this.c = c;
    this.e = e;
    this.n = n;
  }

  /** The exponent of the first digit. */
  get top(): number {
    return this.e + this.n - 1;
  }

  neg(): Wide {
    return new Wide(-this.s, this.c, this.e, this.n);
  }
  abs(): Wide {
    return this.s < 0 ? new Wide(1, this.c, this.e, this.n) : this;
  }

  /** C's digits, without a sign. */
  digits(): string {
    const c = this.c;
    let text = String(c[c.length - 1]);
    for (let i = c.length - 2; i >= 0; i--) text += String(c[i]).padStart(LIMB_DIGITS, "0");
    return text;
  }

  /** The same value in the BigInt form. */
  toExact(): Exact {
    return new Exact(this.s, BigInt(this.digits()), this.e, this.n);
  }

  /**
   * The nearest double: in double-double arithmetic where that decides it (decimal-wide-double.ts),
   * else the digits read once by the engine's correctly rounded conversion.
   */
  toNumber(): number {
    const d = nearestDouble(this.s, this.c, this.e);
    if (d === d) return d;
    return Number(`${this.s < 0 ? "-" : ""}${this.digits()}e${this.e}`);
  }

  /** Plain notation, never an exponent. */
  toString(): string {
    const digits = this.digits();
    const sign = this.s < 0 ? "-" : "";
    if (this.e >= 0) return sign + digits + "0".repeat(this.e);
    const point = digits.length + this.e;
    return sign + (point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${"0".repeat(-point)}${digits}`);
  }
}

/** 10^-i, the nearest doubles. */
const INVERSE10: readonly number[] = POW10.map((p) => 1 / p);

/**
 * floor(x / d) for integers 0 ≤ x and 0 < d with x + d below 2^53, `inverse` the double nearest
 * 1 / d: a product instead of a division (a division takes several times as long). x × inverse is
 * within x / d × 2^-52 of x / d, less than one, so its floor is off by at most one, and the
 * remainder (exact: q × d ≤ x + d) says which way.
 */
export function floorDiv(x: number, d: number, inverse: number): number {
  const q = Math.floor(x * inverse);
  const r = x - q * d;
  return r < 0 ? q - 1 : r >= d ? q + 1 : q;
}

/** floor(n / 10^7) for a safe integer n ≥ 0 below 2^53 − 10^7: the carry out of a limb. */
export function splitLimb(n: number): number {
  return floorDiv(n, BASE, 1e-7);
}

/** The digit count of a limb 0 < x < 10^7. */
function limbDigits(x: number): number {
  // a binary search of 10^1..10^6 (a loop over them is the costliest step of a wide result's rounding)
  return x < 1e3 ? (x < 1e1 ? 1 : x < 1e2 ? 2 : 3) : x < 1e5 ? (x < 1e4 ? 4 : 5) : x < 1e6 ? 6 : 7;
}

/** The digit count of the number in buf[0..len), whose top limb is not zero. */
function digitsOf(buf: Float64Array, len: number): number {
  return (len - 1) * LIMB_DIGITS + limbDigits(buf[len - 1]!);
}

/** |m| × 10^-k for a safe integer m ≠ 0, as a Wide (its coefficient may end in zeros: only arithmetic reads it). */
export function wideOfScaled(m: number, k: number): Wide {
  const s = m < 0 ? -1 : 1;
  let a = m < 0 ? -m : m;
  const c: number[] = [];
  while (a >= BASE) {
    const q = splitLimb(a);
    c.push(a - q * BASE);
    a = q;
  }
  c.push(a);
  return new Wide(s, c, -k, (c.length - 1) * LIMB_DIGITS + limbDigits(a));
}

/** The digit count of a safe integer a > 0. */
export function integerDigits(a: number): number {
  let d = 1;
  while (d < 16 && POW10[d]! <= a) d++;
  return d;
}

/**
 * Into buf: the limbs of the safe integer a > 0 times 10^shift, as loadShifted(buf,
 * wideOfScaled(a, 0), shift) without making that Wide. Returns the length.
 */
export function loadIntegerShifted(buf: Float64Array, a: number, shift: number): number {
  const whole = Math.floor(shift / LIMB_DIGITS);
  const f = POW10[shift - whole * LIMB_DIGITS]!;
  for (let i = 0; i < whole; i++) buf[i] = 0;
  let len = whole;
  let carry = 0;
  while (a > 0) {
    // a's limbs from the lowest (as wideOfScaled splits them), each times f below 10^13
    const q = a >= BASE ? splitLimb(a) : 0;
    const t = (a - q * BASE) * f + carry;
    carry = splitLimb(t);
    buf[len++] = t - carry * BASE;
    a = q;
  }
  if (carry > 0) buf[len++] = carry;
  return len;
}

/** Into buf from offset `at`: the limbs of w's coefficient times 10^shift. Returns the length (from 0). */
export function loadShifted(buf: Float64Array, w: Wide, shift: number): number {
  const whole = Math.floor(shift / LIMB_DIGITS);
  const part = shift - whole * LIMB_DIGITS;
  const c = w.c;
  for (let i = 0; i < whole; i++) buf[i] = 0;
  if (part === 0) {
    for (let i = 0; i < c.length; i++) buf[whole + i] = c[i]!;
    return whole + c.length;
  }
  const f = POW10[part]!;
  let carry = 0;
  for (let i = 0; i < c.length; i++) {
    const t = c[i]! * f + carry; // below 10^13
    carry = splitLimb(t);
    buf[whole + i] = t - carry * BASE;
  }
  if (carry === 0) return whole + c.length;
  buf[whole + c.length] = carry;
  return whole + c.length + 1;
}

/**
 * s × (C + δ) × 10^e, C in buf[0..len) (top limb not zero, len ≥ 1) and 0 ≤ δ < 1 with `sticky`
 * saying δ > 0, rounded so that its last digit is 10^pos in `mode` (at least one digit is dropped
 * when `sticky`). null when the result is zero or beyond the exponent range: the caller then takes
 * the BigInt form, which knows their signs and infinities. buf is overwritten.
 */
function roundLimbs(s: number, buf: Float64Array, len: number, e: number, sticky: boolean, pos: number, mode: Rounding): Wide | null {
  const n = digitsOf(buf, len);
  const drop = pos - e;
  if (drop > 0) {
    let position: Position;
    if (drop > n) {
      position = "below";
      len = 0;
    } else {
      // the first dropped digit and whether anything below it is not zero
      const at = drop - 1;
      const limb = Math.floor(at / LIMB_DIGITS);
      const p = POW10[at - limb * LIMB_DIGITS]!;
      const x = buf[limb]!;
      const above = floorDiv(x, p, INVERSE10[at - limb * LIMB_DIGITS]!);
      const digit = above - floorDiv(above, 10, 0.1) * 10;
      let rest = sticky || x - above * p !== 0;
      for (let i = 0; i < limb && !rest; i++) rest = buf[i] !== 0;
      position = digit > 5 || (digit === 5 && rest) ? "above" : digit === 5 ? "half" : digit > 0 || rest ? "below" : "zero";
      len = shiftDown(buf, len, drop);
    }
    const odd = len > 0 && Math.floor(buf[0]! / 2) * 2 !== buf[0];
    const away =
      mode === MODES.ROUND_HALF_EVEN ? position === "above" || (position === "half" && odd) : ROUNDS_AWAY[mode]!(position, s < 0, odd);
    if (away) len = increment(buf, len);
    e = pos;
  }
  if (len === 0) return null;
  // trailing zeros dropped: whole limbs, then digits
  let zeros = 0;
  while (buf[zeros / LIMB_DIGITS] === 0) zeros += LIMB_DIGITS;
  const low = buf[zeros / LIMB_DIGITS]!;
  for (let i = 1; floorDiv(low, POW10[i]!, INVERSE10[i]!) * POW10[i]! === low; i++) zeros++;
  if (zeros > 0) len = shiftDown(buf, len, zeros);
  const digits = digitsOf(buf, len);
  const top = e + zeros + digits - 1;
  if (top > MAX_E || top < MIN_E) return null;
  const c = new Array<number>(len);
  for (let i = 0; i < len; i++) c[i] = buf[i]!;
  return new Wide(s, c, e + zeros, digits);
}

/** s × (C + δ) × 10^e rounded to 34 significant digits, half-even (as roundLimbs). */
export function round34(s: number, buf: Float64Array, len: number, e: number, sticky: boolean): Wide | null {
  const n = digitsOf(buf, len);
  return roundLimbs(s, buf, len, e, sticky, n > PRECISION ? e + n - PRECISION : e, MODES.ROUND_HALF_EVEN);
}

/** buf[0..len) divided by 10^d (d ≥ 1), truncated, in place; the new length (0 for nothing left). */
function shiftDown(buf: Float64Array, len: number, d: number): number {
  const whole = Math.floor(d / LIMB_DIGITS);
  const part = d - whole * LIMB_DIGITS;
  if (whole >= len) return 0;
  const out = len - whole;
  if (part === 0) for (let i = 0; i < out; i++) buf[i] = buf[i + whole]!;
  else {
    const p = POW10[part]!;
    const inverse = INVERSE10[part]!;
    const up = POW10[LIMB_DIGITS - part]!;
    for (let i = 0; i < out; i++) {
      const low = floorDiv(buf[i + whole]!, p, inverse);
      const next = i + whole + 1 < len ? buf[i + whole + 1]! : 0;
      buf[i] = low + (next - floorDiv(next, p, inverse) * p) * up;
    }
  }
  let n = out;
  while (n > 0 && buf[n - 1] === 0) n--;
  return n;
}

/** buf[0..len) plus one, in place; the new length. */
function increment(buf: Float64Array, len: number): number {
  for (let i = 0; i < len; i++) {
    if (buf[i]! < BASE - 1) {
      buf[i] = buf[i]! + 1;
      return len;
    }
    buf[i] = 0;
  }
  buf[len] = 1;
  return len + 1;
}

const WORK = new Float64Array(8);

/** w rounded so that its last digit is 10^pos in `mode`: w itself when it has no digit below; null as roundLimbs. */
export function roundWide(w: Wide, pos: number, mode: Rounding): Wide | null {
  if (pos <= w.e) return w;
  const c = w.c;
  for (let i = 0; i < c.length; i++) WORK[i] = c[i]!;
  return roundLimbs(w.s, WORK, c.length, w.e, false, pos, mode);
}
