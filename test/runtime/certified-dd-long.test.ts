// Long decimals (33 or 34 significant digits, either sign, exponents from tiny to huge, held in the
// exact form or the wide one) read as certified double-doubles by `ddRead`: wherever the reading
// decides — the JSON output (`ddNearest`), the order against another long decimal a few units of
// its last digit away (`ddTest`), a sum or a product with another (`ddAdd`, `ddMul`) — it gives
// the decimal path's answer. The values are drawn near the midpoints between two doubles and next
// to each other, where a bound smaller than the reading's own error answers wrongly; and most
// readings must decide (else the test proves nothing).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ddAdd, ddMul, ddNearest, ddRead, ddState, ddTest } from "../../src/runtime/certified-dd.js";
import { add, mul } from "../../src/runtime/arithmetic.js";
import { dec, isDecimal, type Decimal } from "../../src/runtime/decimal.js";
import { toJson } from "../../src/runtime/index.js";

/** The significant digits of a positive bigint's decimal value m × 10^e written out, and the exponent of the last one. */
interface Digits {
  digits: string;
  exponent: number;
}

/** The exact decimal of the double `x` (positive, finite): m × 2^k written as digits × 10^exponent. */
function exactDigits(m: bigint, k: number): Digits {
  if (k >= 0) return { digits: (m << BigInt(k)).toString(), exponent: 0 };
  // m / 2^-k = m × 5^-k / 10^-k
  return { digits: (m * 5n ** BigInt(-k)).toString(), exponent: k };
}

/** The first `n` digits of `d`, the last moved by `offset` units (the text of the decimal, sign `sign`). */
function near({ digits, exponent }: Digits, n: number, offset: number, sign: string, shift: number): string {
  const kept = digits.slice(0, n);
  const moved = BigInt(kept) + BigInt(offset);
  return `${sign}${moved.toString()}e${exponent + digits.length - kept.length + shift}`;
}

/** A double's mantissa and exponent: x = m × 2^k, m an integer from 2^52 to 2^53 (x from 1 to 2). */
function parts(x: number): [bigint, number] {
  let k = 0;
  let m = x;
  while (m < 2 ** 52) {
    m *= 2;
    k--;
  }
  return [BigInt(m), k];
}

/**
 * A long decimal near the midpoint between a double and the next one (or on one, or a few units
 * of its last digit off), scaled by a power of ten from 10^-90 to 10^90 (the midpoints of the
 * doubles scaled are no midpoints, but their digits stay long), either sign.
 */
const longParts = fc.record({
  x: fc.double({ min: 1, max: 2, noNaN: true }),
  n: fc.constantFrom(33, 34),
  offset: fc.integer({ min: -3, max: 3 }),
  negative: fc.boolean(),
  shift: fc.oneof(fc.constant(0), fc.integer({ min: -110, max: 110 })),
});
type LongParts = typeof longParts extends fc.Arbitrary<infer T> ? T : never;

/** The decimal of `p`, its last digit moved by `units` more. */
function longOf({ x, n, offset, negative, shift }: LongParts, units = 0): Decimal {
  const [m, k] = parts(x);
  // the midpoint between x and the next double: (2m + 1) × 2^(k - 1)
  return dec(near(exactDigits(2n * m + 1n, k - 1), n, offset + units, negative ? "-" : "", shift));
}
const long = longParts.map((p) => longOf(p));

/** A wide value: a root's 34 digits, scaled. */
const wide = fc
  .record({ a: fc.integer({ min: 2, max: 1_000_000 }), shift: fc.integer({ min: -80, max: 80 }) })
  .map(({ a, shift }) =>
    dec(a)
      .sqrt()
      .times(dec(`1e${shift}`)),
  )
  .filter((x) => x.sd() > 16);

const read = (x: Decimal): [number, number, number] => {
  const h = ddRead(x);
  return [h, ddState[0]!, ddState[1]!];
};

const ORDERS = ["<", "<=", ">", ">=", "=", "!="] as const;
const answer = (c: number, op: (typeof ORDERS)[number]): boolean =>
  ({ "<": c < 0, "<=": c <= 0, ">": c > 0, ">=": c >= 0, "=": c === 0, "!=": c !== 0 })[op];

describe("long decimals read as certified double-doubles", () => {
  it("give the double nearest the decimal wherever they answer", () => {
    let [decided, all] = [0, 0];
    fc.assert(
      fc.property(fc.oneof(long, wide), (x) => {
        expect(x.sd()).toBeGreaterThan(16);
        all++;
        const got = ddNearest(...read(x));
        if (got !== got) return;
        decided++;
        expect(got, x.toString()).toBe(toJson(x));
      }),
      { numRuns: 5000 },
    );
    // declines: within the bound of a midpoint, beyond 10^±88
    expect(decided / all).toBeGreaterThan(0.5);
  });

  it("order two long decimals a few units of the last digit apart only when the bound decides", () => {
    let [decided, all] = [0, 0];
    fc.assert(
      fc.property(longParts, fc.integer({ min: -40, max: 40 }), fc.constantFrom(...ORDERS), (p, units, op) => {
        // x, y = x moved by `units` in its last digit, and a long value farther from x
        const [x, y] = [longOf(p), longOf(p, units)];
        for (const other of [y, y.times(dec("1.000000001"))]) {
          all++;
          const [ah, al, ea] = read(x);
          const [bh, bl, eb] = read(other);
          const c = ddTest(ah, al, ea, bh, bl, eb, op);
          if (c !== c) continue;
          decided++;
          expect(c === 1, `${x} ${op} ${other}`).toBe(answer(x.cmp(other), op));
        }
      }),
      { numRuns: 3000 },
    );
    expect(decided / all).toBeGreaterThan(0.3);
  });

  it("add and multiply as the decimals do wherever the result is decided", () => {
    let [decided, all] = [0, 0];
    fc.assert(
      fc.property(fc.oneof(long, wide), fc.oneof(long, wide), fc.boolean(), (x, y, product) => {
        all++;
        const [ah, al, ea] = read(x);
        const [bh, bl, eb] = read(y);
        const h = product ? ddMul(ah, al, ea, bh, bl, eb) : ddAdd(ah, al, ea, bh, bl, eb);
        const got = ddNearest(h, ddState[0]!, ddState[1]!);
        if (got !== got) return;
        decided++;
        const value = (product ? mul : add)(x, y);
        expect(isDecimal(value)).toBe(true);
        expect(got, `${x} ${product ? "*" : "+"} ${y}`).toBe(toJson(value));
      }),
      { numRuns: 5000 },
    );
    expect(decided / all).toBeGreaterThan(0.3);
  });
});
