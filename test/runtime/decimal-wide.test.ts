// The wide form's arithmetic in limbs of seven digits (decimal-wide.ts, decimal-wide-arithmetic.ts)
// against the BigInt form (decimal-exact.ts) on generated operands: random 34-digit coefficients,
// carries across every limb boundary, ties at the 34th digit, exact and inexact quotients,
// exponents at the ends of the range; and the Decimal's chains of quotients and further arithmetic,
// negative zero included, against decimal.js.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/runtime/decimal.js";
import { Exact, MAX_E, MIN_E } from "../../src/runtime/decimal-exact.js";
import type { Rounding } from "../../src/runtime/decimal-rounding.js";
import { LIMB_DIGITS, Wide, roundWide, wideOfScaled } from "../../src/runtime/decimal-wide.js";
import {
  WIDE_POWER_MAX,
  wideAdd,
  wideCompareMagnitude,
  wideDiv,
  widePower,
  wideQuotient,
  wideRemainder,
  wideTimes,
} from "../../src/runtime/decimal-wide-arithmetic.js";
import { multiplyLimbs } from "../../src/runtime/decimal-wide-divide.js";
import { wideSqrt } from "../../src/runtime/decimal-wide-sqrt.js";
import { power } from "../../src/runtime/decimal-functions.js";
import { sqrt } from "../../src/runtime/decimal-sqrt.js";
import { Reference } from "./decimal-properties.js";

const runs = { numRuns: Number(process.env.DECIMAL_RUNS ?? 3000) };
const LIMB = 10n ** BigInt(LIMB_DIGITS);

/** s × c × 10^e as a Wide, for 0 < c < 10^34 (trailing zeros kept: arithmetic reads them as they are). */
function wideOf(s: number, c: bigint, e: number): Wide {
  const limbs: number[] = [];
  for (let v = c; v > 0n; v /= LIMB) limbs.push(Number(v % LIMB));
  return new Wide(s, limbs, e, c.toString().length);
}
const exactOf = (w: Wide): Exact => Exact.from(`${w.s < 0 ? "-" : ""}${w.digits()}e${w.e}`);

// ---- operands ----

const limbBoundary = fc.integer({ min: 1, max: 4 }).map((j) => 10n ** BigInt(LIMB_DIGITS * j));
const coefficient = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 10n ** 33n, max: 10n ** 34n - 1n }) },
  { weight: 2, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 34n - 1n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 2n ** 53n }) },
  // at a limb boundary: 10^7j − 1, 10^7j, 10^7j + 1, and runs of nines across limbs
  { weight: 2, arbitrary: fc.tuple(limbBoundary, fc.constantFrom(-1n, 0n, 1n)).map(([p, d]) => p + d) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 34 }).map((n) => 10n ** BigInt(n) - 1n) },
  // ending in 5: products and sums land half-way
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 17n }).map((c) => c * 10n + 5n) },
);
const exponent = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -40, max: 10 }) },
  { weight: 1, arbitrary: fc.integer({ min: MIN_E - 40, max: MIN_E + 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: MAX_E - 80, max: MAX_E - 33 }) },
);
const inRange = (w: Wide): boolean => w.top >= MIN_E && w.top <= MAX_E;
const wide = fc
  .tuple(fc.constantFrom(1, -1), coefficient, exponent)
  .map(([s, c, e]) => wideOf(s, c, e))
  .filter(inRange);
/** Two operands of nearby magnitudes: carries, cancellation and ties in sums. */
const nearby = fc
  .tuple(fc.constantFrom(1, -1), fc.constantFrom(1, -1), coefficient, coefficient, fc.integer({ min: -36, max: 36 }), exponent)
  .map(([s, t, a, b, d, e]) => [wideOf(s, a, e), wideOf(t, b, e + d)] as const)
  .filter(([x, y]) => inRange(x) && inRange(y));
/** a and a + 5 × 10^(a.e − j): a sum (or difference) with a 5 just past the 34th digit. */
const tie = fc
  .tuple(
    fc.constantFrom(1, -1),
    fc.bigInt({ min: 10n ** 33n, max: 10n ** 34n - 1n }),
    fc.integer({ min: 1, max: 3 }),
    fc.integer({ min: -30, max: 5 }),
  )
  .map(([s, a, j, e]) => [wideOf(s, a, e), wideOf(s, 5n, e - j)] as const);
/** x = y × z exactly (a zero remainder) or y × z + r. */
const quotient = fc
  .tuple(wide, fc.bigInt({ min: 1n, max: 10n ** 16n }), fc.bigInt({ min: 0n, max: 3n }), fc.integer({ min: -5, max: 5 }))
  .map(([y, z, r, ez]) => {
    const yc = BigInt(y.digits());
    const product = yc * z + r;
    return [product < 10n ** 34n ? wideOf(-y.s, product, y.e + ez) : wideOf(1, z, ez), y] as const;
  })
  .filter(([x]) => inRange(x));
const mode = fc.integer({ min: 0, max: 8 }) as fc.Arbitrary<Rounding>;

// ---- the check: a Wide result is the Exact one; null only where the Exact one is zero or not finite ----

function agrees(ours: Wide | null, theirs: Exact, what: string): void {
  if (ours === null) {
    expect(theirs.isZero() || !theirs.isFinite(), `${what}: null, exactly ${theirs.valueOf()}`).toBe(true);
    return;
  }
  expect(ours.toString(), what).toBe(theirs.valueOf());
  // normalised: no trailing zeros, the digit count and the top limb as the digits say
  expect(ours.digits(), what).toBe(theirs.c.toString());
  expect(ours.n, what).toBe(theirs.n);
  expect(ours.c[ours.c.length - 1], what).not.toBe(0);
}

describe("limb arithmetic agrees with the BigInt form", () => {
  it("adds and subtracts: random, nearby, far apart and tied operands", () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(wide, wide), nearby, tie), fc.constantFrom(1, -1), ([x, y], sign) => {
        const exact = sign > 0 ? exactOf(x).plus(exactOf(y)) : exactOf(x).minus(exactOf(y));
        agrees(wideAdd(x, sign * y.s, y), exact, `${x} ${sign > 0 ? "+" : "-"} ${y}`);
      }),
      runs,
    );
  });

  it("multiplies", () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(wide, wide), nearby), ([x, y]) => agrees(wideTimes(x, y), exactOf(x).times(exactOf(y)), `${x} × ${y}`)),
      runs,
    );
  });

  it("divides, with and without a remainder, by one limb and by many", () => {
    const shortDivisor = fc
      .tuple(fc.constantFrom(1, -1), fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: -8, max: 8 }))
      .map(([s, c, e]) => wideOf(s, BigInt(c), e));
    fc.assert(
      fc.property(fc.oneof(fc.tuple(wide, wide), fc.tuple(wide, shortDivisor), quotient), ([x, y]) =>
        agrees(wideDiv(x, y), exactOf(x).div(exactOf(y)), `${x} / ${y}`),
      ),
      runs,
    );
  });

  it("takes square roots: random, perfect squares and next to a half-way point", () => {
    // r² + r and r² + r + 1 (times a power of ten): the root just below and just above r + 1/2
    const nearHalf = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 17n - 1n }), fc.constantFrom(-1n, 0n, 1n, 2n), fc.integer({ min: -40, max: 20 }))
      .map(([r, d, e]) => wideOf(1, r * r + r + d, 2 * e))
      .filter((w) => BigInt(w.digits()) < 10n ** 34n);
    const square = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 17n - 1n }), fc.integer({ min: -40, max: 20 }))
      .map(([r, e]) => wideOf(1, r * r, e));
    fc.assert(
      fc.property(
        fc.oneof(
          wide.map((w) => w.abs()),
          nearHalf,
          square,
        ),
        (x) => agrees(wideSqrt(x), sqrt(exactOf(x)), `sqrt(${x})`),
      ),
      runs,
    );
  });

  it("takes square roots next to a half-way point at the 34th digit, where doubles alone cannot tell", () => {
    // √(s² ± c) × 10^17 = s × 10^17 ± c × 10^17 / 2s − …: s near c × 10^17 / (2k + 1) puts the
    // root's digits beyond the 34th within about 10^-16 of a half, above or below it
    const nearHalfDigit = fc
      .tuple(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: -3, max: 3 }),
        fc.constantFrom(1n, -1n),
        fc.integer({ min: -20, max: 20 }),
      )
      .map(([c, k, d, sign, e]) => {
        const s = (BigInt(c) * 10n ** 17n) / BigInt(2 * k + 1) + BigInt(d);
        return wideOf(1, s * s + sign * BigInt(c), 2 * e);
      })
      .filter((w) => BigInt(w.digits()) < 10n ** 34n);
    fc.assert(
      fc.property(nearHalfDigit, (x) => agrees(wideSqrt(x), sqrt(exactOf(x)), `sqrt(${x})`)),
      runs,
    );
  });

  it("takes truncated remainders and quotients", () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(wide, wide), nearby, quotient), fc.boolean(), ([x, y], quotient) => {
        const exact = quotient ? exactOf(x).divToInt(exactOf(y)) : exactOf(x).mod(exactOf(y));
        const ours = wideRemainder(x, y, quotient);
        // x itself when |x| < |y| (its coefficient as it came); the BigInt form when too far apart
        if (ours === x) expect(exactOf(x).valueOf()).toBe(exact.valueOf());
        else if (ours !== null || x.top - Math.min(x.e, y.e) < 140) agrees(ours, exact, `${x} ${quotient ? "divToInt" : "mod"} ${y}`);
      }),
      runs,
    );
  });

  it("compares magnitudes", () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(wide, wide), nearby), ([x, y]) => {
        expect(wideCompareMagnitude(x, y)).toBe(exactOf(x).abs().cmp(exactOf(y).abs()));
        expect(wideCompareMagnitude(x, x)).toBe(0);
      }),
      runs,
    );
  });

  it("rounds to places and to significant digits in every mode", () => {
    fc.assert(
      fc.property(wide, fc.integer({ min: -45, max: 45 }), mode, (x, shift, m) => {
        const w = x;
        const pos = w.e + shift;
        const r = roundWide(w, pos, m);
        const exact = exactOf(w).toDecimalPlaces(-pos, m);
        if (pos <= w.e) expect(r).toBe(w);
        else agrees(r, exact, `${x} at 10^${pos} in mode ${m}`);
      }),
      runs,
    );
  });

  it("raises to the powers 2 to 4: random, ties at the 34th digit, limb boundaries, the ends of the range", () => {
    // c ending in 5 with c^n of exactly 35 digits: c^n ends in 5, a tie at the 34th digit
    const tied = fc
      .tuple(fc.integer({ min: 2, max: WIDE_POWER_MAX }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: -30, max: 10 }))
      .map(([n, f, e]) => {
        const lo = BigInt(Math.ceil(10 ** (34 / n)));
        const hi = BigInt(Math.floor(10 ** (35 / n))) - 1n;
        const c = ((lo + BigInt(Math.floor(f * Number(hi - lo)))) / 10n) * 10n + 5n;
        return [wideOf(f < 0.5 ? 1 : -1, c, e), n] as const;
      })
      .filter(([x, n]) => (BigInt(x.digits()) ** BigInt(n)).toString().length === 35);
    // the exponent of the first digit near MAX_E / n and MIN_E / n: the power overflows or underflows
    const edge = fc
      .tuple(
        fc.constantFrom(1, -1),
        coefficient,
        fc.integer({ min: 2, max: WIDE_POWER_MAX }),
        fc.constantFrom(1, -1),
        fc.integer({ min: -3, max: 3 }),
      )
      .map(([s, c, n, side, d]) => {
        const top = Math.trunc((side > 0 ? MAX_E : MIN_E) / n) + d;
        return [wideOf(s, c, top - c.toString().length + 1), n] as const;
      })
      .filter(([x]) => inRange(x));
    fc.assert(
      fc.property(fc.oneof(fc.tuple(wide, fc.integer({ min: 2, max: WIDE_POWER_MAX })), tied, edge), ([x, n]) =>
        agrees(widePower(x, n), power(exactOf(x), Exact.from(n)), `${x} ** ${n}`),
      ),
      runs,
    );
  });

  it("divides safe integers of the quotient form: short and long divisors, divisors next to powers of ten", () => {
    const safe = fc.oneof(
      fc.integer({ min: 1, max: 999 }),
      fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: 0, max: 15 }).chain((j) => fc.constantFrom(10 ** j - 1, 10 ** j + 1, 10 ** j * 3 + 1).filter((v) => v >= 1)),
      fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1, 9_999_999, 10_000_001, 2 ** 52 + 1),
    );
    fc.assert(
      fc.property(safe, fc.constantFrom(1, -1), fc.integer({ min: 0, max: 22 }), safe, (a, s, k, q) => {
        const m = s * a;
        const exact = Exact.fromScaled(m, k).div(Exact.fromScaled(q, 0));
        const ours = wideQuotient(m, k, q);
        agrees(ours, exact, `${m} / (${q} × 10^${k})`);
        // the same Wide as dividing the two made as Wides
        expect(ours?.toString()).toBe(wideDiv(wideOfScaled(m, k), wideOfScaled(q, 0))?.toString());
      }),
      runs,
    );
  });

  it("reads safe integers at every scale into limbs", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).filter((m) => m !== 0),
        fc.integer({ min: 0, max: 22 }),
        (m, k) => {
          const w = wideOfScaled(m, k);
          expect(exactOf(w).valueOf()).toBe(Exact.fromScaled(m, k).valueOf());
          expect(w.toNumber()).toBe(Exact.fromScaled(m, k).toNumber());
        },
      ),
      runs,
    );
  });
});

// ---- through the Decimal: quotients that meet more arithmetic, against decimal.js ----

const short = fc
  .tuple(fc.integer({ min: -99_999_999, max: 99_999_999 }), fc.integer({ min: 0, max: 6 }))
  .map(([m, k]) => new Reference(m).div(10 ** k).toFixed());
const nonZero = short.filter((v) => !new Reference(v).isZero());
const OPS = ["plus", "minus", "times", "div", "mod", "divToInt"] as const;

describe("quotients carried into further arithmetic agree with decimal.js", () => {
  it("chains of + - × ÷, comparisons, roundings and conversions", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...OPS), short, nonZero), { minLength: 1, maxLength: 5 }),
        nonZero,
        fc.integer({ min: 0, max: 36 }),
        mode,
        (steps, first, places, m) => {
          let ours = new Decimal(1).div(new Decimal(first));
          let theirs = new Reference(1).div(first);
          for (const [op, a, b] of steps) {
            // every operand a quotient a / b, itself a wide value once it meets arithmetic
            const q = new Decimal(a).div(new Decimal(b));
            const rq = new Reference(a).div(b);
            if ((op === "div" || op === "mod" || op === "divToInt") && rq.isZero()) continue;
            ours = ours[op](q);
            theirs = theirs[op](rq);
            expect(ours.valueOf()).toBe(theirs.valueOf());
            expect(ours.cmp(q)).toBe(theirs.cmp(rq));
          }
          expect(ours.toString()).toBe(theirs.toString());
          expect(ours.toNumber()).toBe(theirs.toNumber());
          expect(ours.toDecimalPlaces(places, m).valueOf()).toBe(theirs.toDecimalPlaces(places, m).valueOf());
          expect(ours.toFixed(places, m)).toBe(theirs.toFixed(places, m));
          expect(ours.toSignificantDigits(places + 1, m).valueOf()).toBe(theirs.toSignificantDigits(places + 1, m).valueOf());
          expect(ours.pow(2).valueOf()).toBe(theirs.pow(2).valueOf());
          expect(ours.abs().sqrt().valueOf()).toBe(theirs.abs().sqrt().valueOf());
          for (const f of ["isInteger", "isZero", "isNegative", "isPositive"] as const) expect(ours[f]()).toBe(theirs[f]());
          expect([ours.sd(), ours.sd(true), ours.decimalPlaces()]).toEqual([theirs.sd(), theirs.sd(true), theirs.decimalPlaces()]);
        },
      ),
      runs,
    );
  });

  it("raises quotients and wide values to small integer powers", () => {
    fc.assert(
      fc.property(short, nonZero, fc.boolean(), fc.integer({ min: -2, max: 6 }), (a, b, carried, n) => {
        // a quotient as it is, or carried into a sum (a wide value)
        const q = carried ? new Decimal(a).div(new Decimal(b)).plus(new Decimal(1).div(7)) : new Decimal(a).div(new Decimal(b));
        const rq = carried ? new Reference(a).div(b).plus(new Reference(1).div(7)) : new Reference(a).div(b);
        if (rq.isZero() && n < 0) return;
        expect(q.pow(n).valueOf(), `(${rq}) ** ${n}`).toBe(rq.pow(n).valueOf());
      }),
      runs,
    );
  });

  it("raises scaled numbers whose powers leave the safe integers to the powers 2 to 4", () => {
    const scaled = fc.tuple(
      fc.oneof(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 9_999_999, 10_000_001, 99_999_995, 123_456_785),
      ),
      fc.integer({ min: 0, max: 22 }),
    );
    fc.assert(
      fc.property(scaled, fc.integer({ min: 2, max: WIDE_POWER_MAX }), ([m, k], n) => {
        const ours = Decimal.scaled(m, k).pow(n);
        const exact = power(Exact.fromScaled(m, k), Exact.from(n));
        expect(ours.valueOf(), `(${m}e-${k}) ** ${n}`).toBe(exact.valueOf());
      }),
      runs,
    );
  });

  it("a scaled number that meets wide values again and again (a literal) answers as a fresh one", () => {
    fc.assert(
      fc.property(
        nonZero,
        fc.array(fc.tuple(fc.constantFrom(...OPS), short, nonZero), { minLength: 2, maxLength: 6 }),
        (literal, steps) => {
          const kept = new Decimal(literal);
          for (const [op, a, b] of steps) {
            const q = new Decimal(a).div(new Decimal(b)).plus(new Decimal(1).div(7));
            const rq = new Reference(a).div(b).plus(new Reference(1).div(7));
            expect(q[op](kept).valueOf()).toBe(rq[op](literal).valueOf());
            if (!rq.isZero() || (op !== "div" && op !== "mod" && op !== "divToInt"))
              expect(kept[op](q).valueOf()).toBe(new Reference(literal)[op](rq).valueOf());
            expect(kept.cmp(q)).toBe(new Reference(literal).cmp(rq));
          }
          // itself unchanged
          expect(kept.valueOf()).toBe(new Reference(literal).valueOf());
          expect(kept.plus(1).valueOf()).toBe(new Reference(literal).plus(1).valueOf());
        },
      ),
      { numRuns: Math.ceil(runs.numRuns / 3) },
    );
  });

  it("keeps the signs of zeros: x − x, a signed zero times or divided by a wide value", () => {
    fc.assert(
      fc.property(short, nonZero, fc.constantFrom("0", "-0"), (a, b, zero) => {
        const q = new Decimal(a).div(new Decimal(b)).plus(new Decimal(1).div(7));
        const rq = new Reference(a).div(b).plus(new Reference(1).div(7));
        expect(q.minus(q).valueOf()).toBe(rq.minus(rq).valueOf());
        expect(q.times(zero).valueOf()).toBe(rq.times(zero).valueOf());
        expect(new Decimal(zero).times(q).valueOf()).toBe(new Reference(zero).times(rq).valueOf());
        expect(new Decimal(zero).div(q).valueOf()).toBe(new Reference(zero).div(rq).valueOf());
        expect(new Decimal(zero).plus(q).valueOf()).toBe(new Reference(zero).plus(rq).valueOf());
        expect(new Decimal(zero).minus(q).valueOf()).toBe(new Reference(zero).minus(rq).valueOf());
        expect(q.div(zero).valueOf()).toBe(rq.div(zero).valueOf());
        expect(q.neg().abs().valueOf()).toBe(rq.neg().abs().valueOf());
      }),
      runs,
    );
  });

  it("meets values of the BigInt form and leaves the exponent range as decimal.js does", () => {
    const far = fc
      .tuple(
        fc.bigInt({ min: 1n, max: 10n ** 40n }),
        fc.oneof(fc.integer({ min: -6180, max: -6100 }), fc.integer({ min: 6100, max: 6144 })),
      )
      .map(([c, e]) => `${c}e${e}`);
    fc.assert(
      fc.property(short, nonZero, far, fc.constantFrom(...OPS), (a, b, x, op) => {
        const q = new Decimal(a).div(new Decimal(b));
        const rq = new Reference(a).div(b);
        expect(q.plus(1)[op](new Decimal(x)).valueOf()).toBe(rq.plus(1)[op](x).valueOf());
        expect(new Decimal(x)[op](q.plus(1)).valueOf()).toBe(new Reference(x)[op](rq.plus(1)).valueOf());
      }),
      runs,
    );
  });
});

it("rounds away from a last limb of nines into a new limb", () => {
  // 35 nines: the 35th digit rounds up through every limb to 10^35
  const nines = wideOf(1, 10n ** 34n - 1n, 0);
  expect(wideAdd(nines, 1, wideOf(1, 5n, -1))?.toString()).toBe(`1${"0".repeat(34)}`);
});

it("multiplies limbs column by column, up to the longest operands the callers pass and every limb a 9999999", () => {
  // the largest column sums there are: a limb of nines in every place, up to 15 limbs (a power's
  // partial product) times up to 10 (the square of a root's 34-digit guess needs 5)
  const limbsOfBig = (c: bigint): number[] => {
    const limbs: number[] = [];
    for (let v = c; v > 0n; v /= LIMB) limbs.push(Number(v % LIMB));
    return limbs;
  };
  const operand = fc.oneof(
    fc.integer({ min: 1, max: 15 }).map((n) => LIMB ** BigInt(n) - 1n),
    fc.bigInt({ min: 1n, max: LIMB ** 15n - 1n }),
  );
  fc.assert(
    fc.property(operand, operand, (a, b) => {
      const A = Float64Array.from(limbsOfBig(a));
      const B = Float64Array.from(limbsOfBig(b));
      const out = new Float64Array(A.length + B.length);
      const len = multiplyLimbs(A, A.length, B, B.length, out);
      expect([...out.subarray(0, len)]).toEqual(limbsOfBig(a * b));
    }),
    runs,
  );
});
