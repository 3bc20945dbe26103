// `--numbers double`: a drop-in for decimal.ts whose numbers are JS doubles (IEEE 754 binary64).
// It implements only the part of the decimal.js API the runtime calls, so packages compiled in
// this mode carry no decimal library. This is OUTSIDE FEEL's semantics (FEEL numbers are
// decimal128): 0.1 + 0.2 is 0.30000000000000004 here. See docs/packages.md.
//
// Rounding (toDecimalPlaces, toFixed with places) works on the shortest decimal form of the
// double — the digits `String(x)` shows — so decimal(2.675, 2) is 2.68 as written, not 2.67 as
// the binary value 2.67499999999999982236431605997495353221893310546875 would round.

import { MODES, RoundingModes, ROUNDS_AWAY, type Position } from "./decimal-rounding.js";

type Value = number | string | Decimal;

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const SPECIAL = /^[-+]?(Infinity|NaN)$/;

function parse(v: Value): number {
  if (typeof v === "number") return v;
  if (v instanceof Decimal) return v.n;
  if (typeof v === "string" && (NUMERIC.test(v) || SPECIAL.test(v))) return Number(v);
  throw new Error(`[DecimalError] Invalid argument: ${String(v)}`);
}

/** The shortest decimal digits of a finite double and the exponent of its first digit. */
function digitsOf(x: number): { negative: boolean; digits: string; exponent: number } {
  const [mantissa, exp] = Math.abs(x).toExponential().split("e") as [string, string];
  return { negative: x < 0 || Object.is(x, -0), digits: mantissa.replace(".", ""), exponent: Number(exp) };
}

/** Plain notation (never an exponent), as decimal.js's toFixed() prints. */
function plain(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const { negative, digits, exponent } = digitsOf(x);
  let text: string;
  if (exponent < 0) text = `0.${"0".repeat(-exponent - 1)}${digits}`;
  else if (exponent >= digits.length - 1) text = digits + "0".repeat(exponent - digits.length + 1);
  else text = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  return negative ? `-${text}` : text;
}

/** Where the discarded digits lie between two neighbouring kept values. */
function position(rest: string): Position {
  if (/^0*$/.test(rest)) return "zero";
  if (rest[0]! < "5") return "below";
  return rest[0] === "5" && /^0*$/.test(rest.slice(1)) ? "half" : "above";
}

function roundToPlaces(x: number, places: number, mode: number): number {
  if (!Number.isFinite(x)) return x;
  const { negative, digits, exponent } = digitsOf(x);
  const keep = exponent + 1 + places; // digits left of the cut
  if (keep >= digits.length) return x;
  const padded = keep < 0 ? "0".repeat(-keep) + digits : digits;
  const cut = Math.max(keep, 0);
  const kept = padded.slice(0, cut);
  const away = ROUNDS_AWAY[mode]!(position(padded.slice(cut)), negative, Number(kept.slice(-1) || "0") % 2 === 1);
  const units = BigInt(kept || "0") + (away ? 1n : 0n);
  const magnitude = Number(`${units}e${-places}`);
  return negative ? -magnitude : magnitude;
}

export class Decimal extends RoundingModes {
  /** the double itself */
  readonly n: number;

  constructor(v: Value) {
    super();
    this.n = parse(v);
  }

  /** m × 10^-k (m a safe integer, 0 ≤ k ≤ 22): one correctly rounded division, the double nearest the decimal. */
  static scaled(m: number, k: number): Decimal {
    return new Decimal(m / 10 ** k);
  }

  /** The items added in order from zero. */
  static sum(items: readonly Decimal[]): Decimal {
    let sum = 0;
    for (const x of items) sum += x.n;
    return new Decimal(sum);
  }

  plus(y: Value): Decimal {
    return new Decimal(this.n + parse(y));
  }
  minus(y: Value): Decimal {
    return new Decimal(this.n - parse(y));
  }
  times(y: Value): Decimal {
    return new Decimal(this.n * parse(y));
  }
  div(y: Value): Decimal {
    return new Decimal(this.n / parse(y));
  }
  /** the integer part of the quotient (truncated towards zero) */
  divToInt(y: Value): Decimal {
    return new Decimal(Math.trunc(this.n / parse(y)));
  }
  /** truncated remainder (the sign of the dividend), as decimal.js's default modulo mode */
  mod(y: Value): Decimal {
    return new Decimal(this.n % parse(y));
  }
  pow(y: Value): Decimal {
    return new Decimal(Math.pow(this.n, parse(y)));
  }
  sqrt(): Decimal {
    return new Decimal(Math.sqrt(this.n));
  }
  ln(): Decimal {
    return new Decimal(Math.log(this.n));
  }
  exp(): Decimal {
    return new Decimal(Math.exp(this.n));
  }
  abs(): Decimal {
    return new Decimal(Math.abs(this.n));
  }
  neg(): Decimal {
    return new Decimal(-this.n);
  }
  floor(): Decimal {
    return new Decimal(Math.floor(this.n));
  }
  ceil(): Decimal {
    return new Decimal(Math.ceil(this.n));
  }
  trunc(): Decimal {
    return new Decimal(Math.trunc(this.n));
  }

  /** -1, 0 or 1; NaN when either side is NaN */
  cmp(y: Value): number {
    const b = parse(y);
    return this.n < b ? -1 : this.n > b ? 1 : this.n === b ? 0 : NaN;
  }
  eq(y: Value): boolean {
    return this.n === parse(y);
  }
  lt(y: Value): boolean {
    return this.n < parse(y);
  }
  lte(y: Value): boolean {
    return this.n <= parse(y);
  }
  gt(y: Value): boolean {
    return this.n > parse(y);
  }
  gte(y: Value): boolean {
    return this.n >= parse(y);
  }

  isZero(): boolean {
    return this.n === 0;
  }
  /** true for negative numbers and for -0, like decimal.js */
  isNegative(): boolean {
    return this.n < 0 || Object.is(this.n, -0);
  }
  isNeg(): boolean {
    return this.isNegative();
  }
  isPositive(): boolean {
    return this.n > 0 || Object.is(this.n, 0);
  }
  isPos(): boolean {
    return this.isPositive();
  }
  isInteger(): boolean {
    return Number.isInteger(this.n);
  }
  isFinite(): boolean {
    return Number.isFinite(this.n);
  }
  isNaN(): boolean {
    return Number.isNaN(this.n);
  }

  toDecimalPlaces(places?: number, rounding: number = MODES.ROUND_HALF_EVEN): Decimal {
    return places === undefined ? this : new Decimal(roundToPlaces(this.n, places, rounding));
  }
  /** Always declines: with doubles there is no one-step rounding, so the caller divides, then rounds. */
  divToPlaces(_y: Decimal, _places: number, _rounding: number): Decimal | null {
    return null;
  }
  toDP(places?: number, rounding?: number): Decimal {
    return this.toDecimalPlaces(places, rounding);
  }
  /** plain notation; with `places`, rounded and padded to exactly that many decimals */
  toFixed(places?: number, rounding: number = MODES.ROUND_HALF_EVEN): string {
    if (places === undefined) return plain(this.n);
    const text = plain(roundToPlaces(this.n, places, rounding));
    if (places <= 0 || !Number.isFinite(this.n)) return text;
    const dot = text.indexOf(".");
    const decimals = dot < 0 ? 0 : text.length - dot - 1;
    return (dot < 0 ? `${text}.` : text) + "0".repeat(places - decimals);
  }
  toNumber(): number {
    return this.n;
  }
  override toString(): string {
    return plain(this.n);
  }
  override valueOf(): string {
    return plain(this.n);
  }
  toJSON(): string {
    return plain(this.n);
  }
}

export const isDecimal = (v: unknown): v is Decimal => v instanceof Decimal;
export const dec = (v: number | string | Decimal): Decimal => new Decimal(v);
export const ZERO = new Decimal(0);
export const ONE = new Decimal(1);
