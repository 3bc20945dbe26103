// The decimal shapes that hold the slowest generated models (34-digit quotients of short numbers,
// their products with short numbers, modulo, integer division, floor and ceiling of them, square
// roots of short numbers) against an oracle written here in BigInt arithmetic: the exact rational
// (or the exact integer square root) rounded once to 34 significant digits, half-even. Operands are
// short decimals m × 10^-k with the edges mixed in: perfect squares and their neighbours, 10^j,
// 99…9, ties of the 35th digit, the largest safe integers, scales from 0 to 22, negative zero.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/runtime/decimal.js";

const runs = { numRuns: Number(process.env.DECIMAL_RUNS ?? 3000) };
const PRECISION = 34;

/** An exact value: (-1)^neg × c × 10^e, c ≥ 0. */
interface Exact {
  neg: boolean;
  c: bigint;
  e: number;
}

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);
const digits = (c: bigint): number => (c === 0n ? 1 : c.toString().length);

/** c × 10^e without trailing zeros in c (a zero keeps its sign, with exponent 0). */
function normal(x: Exact): Exact {
  if (x.c === 0n) return { neg: x.neg, c: 0n, e: 0 };
  let { c, e } = x;
  while (c % TEN === 0n) {
    c /= TEN;
    e++;
  }
  return { neg: x.neg, c, e };
}

/**
 * (-1)^neg × (c + δ) × 10^e with 0 ≤ δ < 1 (`sticky`: δ > 0) rounded to 34 digits, half-even: the
 * digits below the 34th dropped, the last kept one raised when the dropped part is above a half,
 * or exactly a half and the kept part odd.
 */
function round34(neg: boolean, c: bigint, e: number, sticky: boolean): Exact {
  const drop = digits(c) - PRECISION;
  if (drop <= 0) {
    // every digit kept; δ > 0 only comes with at least 35 digits here
    if (sticky) throw new Error("the oracle needs more digits");
    return normal({ neg, c, e });
  }
  const unit = pow10(drop);
  let kept = c / unit;
  const rest = c % unit;
  const half = unit / 2n;
  if (rest > half || (rest === half && (sticky || kept % 2n === 1n))) kept++;
  return normal({ neg, c: kept, e: e + drop });
}

/** p / q (q > 0, p ≥ 0) × 10^e, rounded to 34 digits. */
function roundQuotient(neg: boolean, p: bigint, q: bigint, e: number): Exact {
  // enough digits: at least 36 in the integer quotient
  const shift = Math.max(0, 36 + digits(q) - digits(p));
  const n = p * pow10(shift);
  return round34(neg, n / q, e - shift, n % q !== 0n);
}

/** ⌊√n⌋ for n ≥ 0, by Newton's method on BigInts. */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  // from above (2^⌈bits / 2⌉ > √n), each step decreasing until it would not
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) / 2n;
    if (y >= x) break;
    x = y;
  }
  return x;
}

/** √(c × 10^e) for c > 0, rounded to 34 digits. */
function oracleSqrt(x: Exact): Exact {
  // c × 10^s × 10^(e − s), s making the exponent even and the radicand 72 digits or more
  const odd = Math.abs(x.e) % 2;
  const s = odd + 2 * Math.max(0, Math.ceil((72 - odd - digits(x.c)) / 2));
  const n = x.c * pow10(s);
  const r = isqrt(n);
  return round34(false, r, (x.e - s) / 2, r * r !== n);
}

/** The exact value of a scaled operand m × 10^-k. */
const ofScaled = (m: number, k: number): Exact => ({ neg: m < 0 || Object.is(m, -0), c: BigInt(Math.abs(m)), e: -k });

/** Two exact values at one exponent: their signed coefficients and that exponent. */
function align(a: Exact, b: Exact): [bigint, bigint, number] {
  const e = Math.min(a.e, b.e);
  const x = a.c * pow10(a.e - e);
  const y = b.c * pow10(b.e - e);
  return [a.neg ? -x : x, b.neg ? -y : y, e];
}

/** Truncated remainder, the dividend's sign; a zero is +0 unless the dividend is -0 (decimal.js). */
function oracleMod(a: Exact, b: Exact): Exact {
  const [x, y, e] = align(a, b);
  const r = x % y;
  if (r === 0n) return { neg: a.neg && a.c === 0n, c: 0n, e: 0 };
  return round34(r < 0n, r < 0n ? -r : r, e, false);
}

/** The truncated integer quotient, signed as the quotient (a zero of the quotient's sign). */
function oracleDivToInt(a: Exact, b: Exact): Exact {
  const [x, y] = align(a, b);
  const q = x / y;
  const neg = a.neg !== b.neg;
  return round34(neg, q < 0n ? -q : q, 0, false);
}

/** a / b rounded to 34 digits (b ≠ 0; a zero dividend gives a zero of the quotient's sign). */
function oracleDiv(a: Exact, b: Exact): Exact {
  const neg = a.neg !== b.neg;
  if (a.c === 0n) return { neg, c: 0n, e: 0 };
  return roundQuotient(neg, a.c, b.c, a.e - b.e);
}

/** a × b rounded to 34 digits. */
function oracleTimes(a: Exact, b: Exact): Exact {
  return round34(a.neg !== b.neg, a.c * b.c, a.e + b.e, false);
}

/** a rounded to a whole number towards -∞ (floor) or +∞ (ceiling). */
function oracleWhole(a: Exact, up: boolean): Exact {
  if (a.e >= 0) return normal(a);
  const unit = pow10(-a.e);
  let q = a.c / unit;
  const inexact = a.c % unit !== 0n;
  // towards +∞ raises a positive value's magnitude, towards -∞ a negative one's
  if (inexact && up !== a.neg) q++;
  return normal({ neg: a.neg, c: q, e: 0 });
}

/** A runtime result as an exact value, read from its plain text. */
function read(d: Decimal): Exact {
  const text = d.valueOf();
  const neg = text.startsWith("-");
  const body = neg ? text.slice(1) : text;
  const [whole, fraction = ""] = body.split(".");
  return normal({ neg, c: BigInt(whole! + fraction), e: -fraction.length });
}

const show = (x: Exact): string => `${x.neg ? "-" : ""}${x.c}e${x.e}`;
function same(got: Decimal, want: Exact): void {
  expect(show(read(got))).toBe(show(normal(want)));
}

// operands: short decimals with the edges mixed in
const SAFE = Number.MAX_SAFE_INTEGER;
const square = fc.integer({ min: 1, max: 94906265 }).chain((r) => fc.constantFrom(r * r, r * r - 1, r * r + 1));
const coefficient = fc.oneof(
  fc.integer({ min: 1, max: 999 }),
  fc.integer({ min: 1, max: SAFE }),
  square.filter((m) => m > 0 && m <= SAFE),
  fc.integer({ min: 0, max: 15 }).map((j) => 10 ** j),
  fc.integer({ min: 1, max: 15 }).map((j) => 10 ** j - 1),
  fc.constantFrom(SAFE, SAFE - 1, 2 ** 52, 5, 25, 125, 3, 7, 9, 11),
);
const scale = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 22 }));
const scaled = fc.tuple(coefficient, scale, fc.boolean()).map(([m, k, negative]) => ({ m: negative ? -m : m, k }));
/** squares of decimals, also written with one more digit (4.0, 0.090): m = r² at an even scale, or 10r² at an odd one */
const decimalSquare = fc
  .tuple(fc.integer({ min: 1, max: 30000000 }), fc.integer({ min: 0, max: 10 }), fc.boolean())
  .map(([r, j, longer]) => (longer ? { m: r * r * 10, k: 2 * j + 1 } : { m: r * r, k: 2 * j }));
const positive = fc.oneof(
  fc.tuple(coefficient, scale).map(([m, k]) => ({ m, k })),
  decimalSquare,
);
const divisor = fc.oneof(fc.integer({ min: 2, max: 99 }), fc.constantFrom(3, 7, 9, 11, 13, 81, 97, 999, 1024, 4096));

const make = ({ m, k }: { m: number; k: number }): Decimal => Decimal.scaled(m, k);

describe("34-digit results of short operands against a BigInt oracle", () => {
  it("sqrt of a short decimal: exact for squares of decimals, else the root rounded once", () => {
    fc.assert(
      fc.property(positive, (x) => {
        same(make(x).sqrt(), oracleSqrt(ofScaled(x.m, x.k)));
      }),
      runs,
    );
  });

  it("sqrt of squares of decimals is exact", () => {
    for (const [m, k, root] of [
      [16, 0, "4"],
      [225, 2, "1.5"],
      [40, 1, "2"],
      [90, 3, "0.3"],
      [9, 4, "0.03"],
      [1000, 1, "10"],
    ] as const) {
      expect(Decimal.scaled(m, k).sqrt().valueOf()).toBe(root);
      same(Decimal.scaled(m, k).sqrt(), oracleSqrt(ofScaled(m, k)));
    }
  });

  it("sqrt of a 34-digit quotient", () => {
    fc.assert(
      fc.property(positive, divisor, (x, d) => {
        const q = make(x).div(d);
        same(q.sqrt(), oracleSqrt(oracleDiv(ofScaled(x.m, x.k), ofScaled(d, 0))));
      }),
      runs,
    );
  });

  it("modulo and integer division of short decimals, and of negative zero", () => {
    fc.assert(
      fc.property(fc.oneof(scaled, fc.constant({ m: -0, k: 0 }), fc.constant({ m: -0, k: 3 })), scaled, (a, b) => {
        fc.pre(b.m !== 0);
        same(make(a).mod(make(b)), oracleMod(ofScaled(a.m, a.k), ofScaled(b.m, b.k)));
        same(make(a).divToInt(make(b)), oracleDivToInt(ofScaled(a.m, a.k), ofScaled(b.m, b.k)));
      }),
      runs,
    );
  });

  it("a 34-digit quotient times a short decimal (ties of the 35th digit), its modulo, floor and ceiling", () => {
    fc.assert(
      fc.property(scaled, divisor, scaled, (a, d, b) => {
        fc.pre(b.m !== 0 && a.m !== 0);
        const q = make(a).div(d);
        const exact = oracleDiv(ofScaled(a.m, a.k), ofScaled(d, 0));
        same(q.times(make(b)), oracleTimes(exact, ofScaled(b.m, b.k)));
        same(make(a).div(d).mod(make(b)), oracleMod(exact, ofScaled(b.m, b.k)));
        same(make(a).div(d).floor(), oracleWhole(exact, false));
        same(make(a).div(d).ceil(), oracleWhole(exact, true));
      }),
      runs,
    );
  });

  it("ties: 35 digits ending in 5 round to the even neighbour", () => {
    // 2 / 3 = 0.666…67 (34 digits) times 5 and 15 ends in 5 at the 35th digit
    for (const [a, d, b] of [
      [2, 3, 5],
      [1, 3, 15],
      [7, 9, 5],
      [10, 7, 25],
    ] as const) {
      const exact = oracleTimes(oracleDiv(ofScaled(a, 0), ofScaled(d, 0)), ofScaled(b, 0));
      same(Decimal.scaled(a, 0).div(d).times(b), exact);
    }
  });

  it("the oracle itself: known values", () => {
    expect(show(oracleSqrt(ofScaled(2, 0)))).toBe("1414213562373095048801688724209698e-33");
    expect(show(oracleSqrt(ofScaled(225, 2)))).toBe("15e-1");
    expect(show(oracleDiv(ofScaled(2, 0), ofScaled(3, 0)))).toBe("6666666666666666666666666666666667e-34");
    // a tie: …5 at the 35th digit, the kept part even stays, odd goes up
    expect(show(round34(false, 10n ** 34n + 5n, 0, false))).toBe("1e34");
    expect(show(round34(false, 10n ** 34n + 15n, 0, false))).toBe("1000000000000000000000000000000002e1");
  });
});
