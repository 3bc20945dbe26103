// The 34-digit value of a quotient a / (d × 10^k) of safe integers, as an Exact, by long division
// on doubles: digits come in chunks of up to 15 while the remainder times the chunk's power of ten
// stays a safe integer, so every step is exact integer work. The 34 significant digits are joined
// into one BigInt at the end (a few conversions, no BigInt division), and the remainder decides the
// rounding: half-even, 2r against d. This is the quotient form's step into the exact form when it
// meets more arithmetic (decimal.ts); the result is the one Exact's own division gives
// (docs/numbers.md), only cheaper.
import { pow10 } from "./decimal-digits.js";
import { type Exact, PRECISION, normal, ranged } from "./decimal-exact.js";
import { POW10, SAFE, remainder } from "./decimal-scaled.js";

/** The widest chunk: 15 digits, so that a chunk joined to the digits before it stays safe while they are few. */
const CHUNK = 15;

/**
 * ±a / (d × 10^k) rounded to 34 significant digits, half-even, for safe integers a > 0 and
 * d ≥ 2 with d × 10 safe, and k ≥ 0; s is the sign (1 or -1).
 */
export function quotientExact(s: number, a: number, d: number, k: number): Exact {
  // the chunk width c: r × 10^c ≤ (d - 1) × 10^c must stay safe
  let c = 1;
  while (c < CHUNK && d * POW10[c + 1]! <= SAFE) c++;
  let r = remainder(a, d);
  const whole = (a - r) / d;
  // digits kept so far: `big` then `acc` (its `width` digits, fewer than 16); `need` still to come
  let big = 0n;
  let joined = false; // whether `big` holds digits
  let acc = whole;
  let width = 0;
  let need = PRECISION;
  if (whole > 0) {
    while (width < 16 && POW10[width]! <= whole) width++;
    need -= width;
  }
  let places = 0; // digits after the point generated
  let last = whole;
  while (need > 0) {
    // before the first significant digit a chunk is as wide as it can be; after, no wider than needed
    const w = width === 0 ? c : c < need ? c : need;
    const n = r * POW10[w]!;
    r = remainder(n, d);
    const g = (n - r) / d;
    places += w;
    last = g;
    if (width === 0) {
      // leading zeros: only g's own digits are significant
      if (g === 0) continue;
      let digits = 1;
      while (digits < w && POW10[digits]! <= g) digits++;
      // (a chunk with more significant digits than needed cannot happen: need is 34 here, w ≤ 15)
      acc = g;
      width = digits;
      need -= digits;
      continue;
    }
    if (width + w > CHUNK) {
      big = joined ? big * pow10(width) + BigInt(acc) : BigInt(acc);
      joined = true;
      acc = g;
      width = w;
    } else {
      acc = acc * POW10[w]! + g;
      width += w;
    }
    need -= w;
  }
  // half-even on the remainder: r / d of a unit in the last place is what the rounding drops
  const twice = 2 * r;
  const up = twice > d || (twice === d && Math.floor(last / 2) * 2 !== last);
  const e = -places - k;
  if (up && acc + 1 < POW10[width]!) acc += 1;
  else if (up) {
    // a carry beyond `acc`: BigInt work and normal() sort out the new digit and the zeros it leaves
    const all = big * pow10(width) + BigInt(acc) + 1n;
    return normal(s, all, e);
  }
  const coefficient = joined ? big * pow10(width) + BigInt(acc) : BigInt(acc);
  // a last digit of zero (or a value that ended before 34 digits): normal() drops the zeros
  if (Math.floor(acc / 10) * 10 === acc || r === 0) return normal(s, coefficient, e, PRECISION);
  return ranged(s, coefficient, e, PRECISION);
}
