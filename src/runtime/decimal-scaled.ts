// Exact arithmetic on scaled integers: a decimal m × 10^-k held as a JS integer m (|m| < 2^53)
// and a scale k (0..22). Every function here either returns the exact answer or says it cannot
// (null / -1), so the caller falls back to the exact form; nothing is ever approximated.
import { MODES, ROUNDS_AWAY, type Position } from "./decimal-rounding.js";

/** The largest integer a double holds exactly, with its neighbours. */
export const SAFE = Number.MAX_SAFE_INTEGER;
/** Scales up to 22: 10^22 is the largest power of ten that is an exact double. */
export const MAX_SCALE = 22;
export const POW10: readonly number[] = Array.from({ length: MAX_SCALE + 1 }, (_, i) => 10 ** i);
// A double with more than 15 significant digits may have two 16-digit decimals that round to it;
// at 15 the decimal a double came from is unique, so it is the one JavaScript prints.
const DOUBLE_DIGITS = 1e15;

/**
 * The scale k of the shortest decimal form of a finite double x — the digits `String(x)` shows —
 * when that decimal is m × 10^-k with |m| < 10^15 and k ≤ 22; -1 otherwise.
 */
export function scaleOfDouble(x: number): number {
  if (Number.isInteger(x)) return Math.abs(x) <= SAFE ? 0 : -1;
  for (let k = 1; k <= MAX_SCALE; k++) {
    const p = POW10[k]!;
    const m = Math.round(x * p);
    // m / p is correctly rounded (both exact), so equality means m × 10^-k is x's decimal
    if (m / p === x) return Math.abs(m) < DOUBLE_DIGITS ? k : -1;
  }
  return -1;
}

/** a × 10^d when that stays a safe integer; NaN otherwise. */
export function upscale(a: number, d: number): number {
  if (d === 0) return a;
  if (d > MAX_SCALE) return NaN;
  const r = a * POW10[d]!;
  return Math.abs(r) <= SAFE ? r : NaN;
}

/**
 * n / d rounded to an integer by `mode`, for safe integers n ≥ 0 and d > 0; the sign of the
 * value is `negative` (modes such as CEIL depend on it). The magnitude is returned.
 */
export function roundedQuotient(n: number, d: number, mode: number, negative: boolean): number {
  const r = remainder(n, d);
  const q = (n - r) / d; // an exact integer
  if (r === 0) return q;
  const twice = 2 * r; // r < d ≤ 2^53, so 2r is exact
  if (mode === MODES.ROUND_HALF_EVEN) return twice > d || (twice === d && isOdd(q)) ? q + 1 : q; // FEEL's own, inline
  const position: Position = twice < d ? "below" : twice === d ? "half" : "above";
  return ROUNDS_AWAY[mode]!(position, negative, isOdd(q)) ? q + 1 : q;
}

/**
 * n mod d for safe integers n ≥ 0 and d > 0. `%` on doubles is a call into C, so the quotient is
 * taken by one division: floor(n / d) is off by at most one (the division is correctly rounded
 * and n / d < 2^53), and while n + d is safe every product and difference below is exact.
 */
export function remainder(n: number, d: number): number {
  if (n + d > SAFE) return n % d;
  const r = n - Math.floor(n / d) * d;
  return r < 0 ? r + d : r >= d ? r - d : r;
}

/** Whether a safe integer q ≥ 0 is odd (halving is exact; `%` would call into C). */
const isOdd = (q: number): boolean => Math.floor(q / 2) * 2 !== q;

/** Plain digits of m × 10^-k (no exponent, no trailing fraction zeros), as decimal.js prints. */
export function scaledToString(m: number, k: number): string {
  const negative = m < 0;
  let digits = String(negative ? -m : m);
  if (k > 0) {
    if (digits.length <= k) digits = "0".repeat(k - digits.length + 1) + digits;
    let end = digits.length;
    const point = end - k;
    while (end > point && digits.charCodeAt(end - 1) === 48) end--;
    digits = end === point ? digits.slice(0, point) : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
  }
  return negative ? `-${digits}` : digits;
}

/** Digits of a plain decimal string with at most 15 of them: [m, k]; null for anything else. */
export function parseScaled(text: string): [number, number] | null {
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (match === null) return null;
  const whole = match[2]!;
  const fraction = match[3] ?? "";
  if (whole.length + fraction.length === 0 || whole.length + fraction.length > 15 || fraction.length > MAX_SCALE) return null;
  const magnitude = Number(whole + fraction);
  return [match[1] === "-" ? -magnitude : magnitude, fraction.length];
}
