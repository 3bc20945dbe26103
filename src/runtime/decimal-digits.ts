// Decimal digits of BigInt coefficients: powers of ten, digit counts, trailing zeros and bit
// lengths, for the runtime's own big decimals (decimal-exact.ts) and their functions.

import { BIG_TERM_STEPS, tick } from "./budget.js";

/** 10^0 … 10^CACHED are made once; a coefficient of 34 digits times a factor rarely needs more. */
const CACHED = 160;
const TENS: bigint[] = [1n];
for (let i = 1; i <= CACHED; i++) TENS.push(TENS[i - 1]! * 10n);

export function pow10(k: number): bigint {
  return k <= CACHED ? TENS[k]! : 10n ** BigInt(k);
}

/** The number of decimal digits of c ≥ 0 (1 for zero). */
export function digitCount(c: bigint): number {
  const x = Number(c);
  if (x < 10) return 1;
  if (x === Infinity) return c.toString().length;
  // log10 of the rounded double is off by at most one near a power of ten; one comparison fixes it
  const d = Math.floor(Math.log10(x)) + 1;
  if (c < pow10(d - 1)) return d - 1;
  return c >= pow10(d) ? d + 1 : d;
}

/** An upper bound of the bit length of c > 0, at most one too high. */
export function bitLength(c: bigint): number {
  const x = Number(c);
  // the double may round up to the next power of two, hence "at most one too high"
  return x === Infinity ? c.toString(16).length * 4 : Math.floor(Math.log2(x)) + 1;
}

/** How many decimal zeros end c > 0. */
export function trailingZeros(c: bigint): number {
  // ten = 2 × 5: the count of binary zeros at the end bounds the count of decimal ones
  const low = Number(BigInt.asUintN(48, c));
  if (low % 2 === 1) return 0;
  if (low === 0) {
    const text = c.toString();
    let end = text.length;
    while (text.charCodeAt(end - 1) === 48) end--;
    return text.length - end;
  }
  // most coefficients are not multiples of ten (one remainder says so); a value made short (1.5 as
  // 15 × 10^32) has them all
  if (c % 10n !== 0n) return 0;
  let twos = 0;
  for (let v = low; v % 2 === 0; v /= 2) twos++;
  for (let k = twos; k > 1; k--) if (c % pow10(k) === 0n) return k;
  return 1;
}

/** The greatest r with r^k ≤ n, for n ≥ 0 and k ≥ 1 (Newton's method from above). */
export function integerRoot(n: bigint, k: number): bigint {
  if (n < 2n || k === 1) return n;
  const K = BigInt(k);
  let x = 1n << BigInt(Math.ceil(bitLength(n) / k)); // ≥ the root
  for (;;) {
    tick(BIG_TERM_STEPS);
    const y = ((K - 1n) * x + n / x ** (K - 1n)) / K;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * The greatest r with r² ≤ n, for n ≥ 0. A double's square root of n's leading bits is the first
 * guess g × 2^s; the first Newton step divides by g alone (n / (g × 2^s) is (n >> s) / g, a
 * division by one machine word), and steps go on while they are large. Every Newton step from
 * above stays at or above r, and once a step moves by δ with δ² ≤ the new value its error is at
 * most 3 (e ≤ 2δ, the next error ≤ e² / 2x + 1), so squares fix the last units without a division.
 */
export function integerSqrt(n: bigint): bigint {
  if (n < 2n) return n;
  // n >> 2s keeps about 100 bits, whose square root a double gives to within one
  const s = Math.max(0, (bitLength(n) - 100) >> 1);
  const S = BigInt(s);
  const g = BigInt(Math.ceil(Math.sqrt(Number(n >> (2n * S))))) + 1n; // g × 2^s ≥ the root
  let x = g << S;
  let y = (x + (n >> S) / g) >> 1n;
  while (x - y > 1n && (x - y) * (x - y) > y) {
    tick(BIG_TERM_STEPS);
    x = y;
    y = (x + n / x) >> 1n;
  }
  while (y * y > n) y--;
  return y;
}
