// The runtime's Decimal keeps short numbers as scaled integers and unevaluated quotients; every
// answer must be the one decimal.js (FEEL's decimal128 configuration) gives for the same values.
import { Decimal as DecimalJs } from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/runtime/decimal.js";
import { remainder } from "../../src/runtime/decimal-scaled.js";

const Reference = DecimalJs.clone({ precision: 34, rounding: 6, toExpNeg: -1_000_000, toExpPos: 1_000_000, minE: -6143, maxE: 6144 });
type Reference = InstanceType<typeof Reference>;

// short decimals (the scaled form), long ones and huge or tiny ones (decimal.js)
const mantissa = fc.oneof(
  fc.integer({ min: -100_000, max: 100_000 }).map(BigInt),
  fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
);
const text = fc.tuple(mantissa, fc.integer({ min: -30, max: 8 })).map(([m, e]) => `${m}e${e}`);
const plain = fc
  .tuple(fc.integer({ min: -99_999_999, max: 99_999_999 }), fc.integer({ min: 0, max: 6 }))
  .map(([m, k]) => new Reference(m).div(10 ** k).toFixed());
const value = fc.oneof(text, plain, fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e30, max: 1e30 }));
const mode = fc.integer({ min: 0, max: 8 }) as fc.Arbitrary<0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8>;
const runs = { numRuns: Number(process.env.DECIMAL_RUNS ?? 3000) };

const both = (v: string | number): [Decimal, Reference] => [new Decimal(v), new Reference(v)];
const same = (a: Decimal, r: Reference) => expect(a.valueOf()).toBe(r.valueOf());

describe("Decimal agrees with decimal.js", () => {
  it("reads numbers and numeric text", () => {
    fc.assert(
      fc.property(value, (v) => {
        same(new Decimal(v), new Reference(v));
      }),
      runs,
    );
  });

  it.each([
    ["plus", (a: Decimal, b: Decimal) => a.plus(b), (a: Reference, b: Reference) => a.plus(b)],
    ["minus", (a: Decimal, b: Decimal) => a.minus(b), (a: Reference, b: Reference) => a.minus(b)],
    ["times", (a: Decimal, b: Decimal) => a.times(b), (a: Reference, b: Reference) => a.times(b)],
    ["div", (a: Decimal, b: Decimal) => a.div(b), (a: Reference, b: Reference) => a.div(b)],
    ["mod", (a: Decimal, b: Decimal) => a.mod(b), (a: Reference, b: Reference) => a.mod(b)],
    ["divToInt", (a: Decimal, b: Decimal) => a.divToInt(b), (a: Reference, b: Reference) => a.divToInt(b)],
  ] as const)("%s", (_name, ours, theirs) => {
    fc.assert(
      fc.property(value, value, (x, y) => {
        const [a, ra] = both(x);
        const [b, rb] = both(y);
        fc.pre(!rb.isZero());
        same(ours(a, b), theirs(ra, rb));
      }),
      runs,
    );
  });

  it("rounds sums, products and quotients to places in every mode", () => {
    fc.assert(
      fc.property(value, value, fc.integer({ min: 0, max: 25 }), mode, fc.constantFrom("div", "times", "plus"), (x, y, places, rm, op) => {
        const [a, ra] = both(x);
        const [b, rb] = both(y);
        fc.pre(!rb.isZero());
        const r = a[op](b);
        const rr = ra[op](rb);
        same(r.toDecimalPlaces(places, rm), rr.toDecimalPlaces(places, rm));
        expect(r.toFixed(places, rm)).toBe(rr.toFixed(places, rm));
      }),
      runs,
    );
  });

  it("carries quotients on into further arithmetic", () => {
    // x / 4 ends and turns scaled; x / 3 does not and goes on in decimal.js
    fc.assert(
      fc.property(
        value,
        fc.integer({ min: 1, max: 400 }),
        value,
        fc.constantFrom("plus", "minus", "times", "div", "mod"),
        (x, d, y, op) => {
          const [a, ra] = both(x);
          const [c, rc] = both(y);
          fc.pre(!rc.isZero());
          same(a.div(d)[op](c), ra.div(d)[op](rc));
          same(c[op](a.div(d).plus(1)), rc[op](ra.div(d).plus(1)));
        },
      ),
      runs,
    );
  });

  it("carries scaled numbers whose sum, product or quotient leaves the safe integers on into further arithmetic", () => {
    // coefficients of 8 to 16 digits at scales 0 to 22: products pass 2^53, sums and quotients
    // need more than 22 places; every result is then 34 digits, and so is what follows from it
    const scaled = fc
      .tuple(fc.bigInt({ min: -(2n ** 53n) + 1n, max: 2n ** 53n - 1n }), fc.integer({ min: 0, max: 22 }))
      .filter(([m]) => m <= -10_000_000n || m >= 10_000_000n)
      .map(([m, k]) => `${m}e-${k}`);
    const op = fc.constantFrom("plus", "minus", "times", "div", "mod");
    fc.assert(
      fc.property(scaled, scaled, op, scaled, op, scaled, (x, y, first, z, second, w) => {
        const [a, ra] = both(x);
        const [b, rb] = both(y);
        const [c, rc] = both(z);
        const [d, rd] = both(w);
        const ours = a[first](b);
        const theirs = ra[first](rb);
        same(ours, theirs);
        same(ours[second](c), theirs[second](rc));
        same(d[second](ours).times(c).plus(d), rd[second](theirs).times(rc).plus(rd));
        expect(ours.cmp(c), `${x} ${first} ${y} against ${z}`).toBe(theirs.cmp(rc));
      }),
      runs,
    );
  });

  it("compares quotients with numbers and with each other", () => {
    fc.assert(
      fc.property(value, value, value, value, (w, x, y, z) => {
        const [a, ra] = both(w);
        const [b, rb] = both(x);
        const [c, rc] = both(y);
        const [d, rd] = both(z);
        fc.pre(!rb.isZero() && !rd.isZero());
        const q1 = a.div(b);
        const q2 = c.div(d);
        const r1 = ra.div(rb);
        const r2 = rc.div(rd);
        expect([q1.cmp(c), q1.cmp(q2), c.cmp(q1), q1.eq(r1.toString())]).toEqual([r1.cmp(rc), r1.cmp(r2), rc.cmp(r1), true]);
      }),
      runs,
    );
  });

  it("converts to JS numbers and text", () => {
    fc.assert(
      fc.property(value, value, (x, y) => {
        const [a, ra] = both(x);
        const [b, rb] = both(y);
        fc.pre(!rb.isZero());
        for (const [ours, theirs] of [
          [a, ra],
          [a.div(b), ra.div(rb)],
          [a.times(b), ra.times(rb)],
        ] as const) {
          expect(ours.toNumber()).toBe(theirs.toNumber());
          expect(ours.toString()).toBe(theirs.toString());
          expect(ours.toFixed()).toBe(theirs.toFixed());
          expect([ours.isInteger(), ours.isZero(), ours.isNeg(), ours.isPos(), ours.decimalPlaces()]).toEqual([
            theirs.isInteger(),
            theirs.isZero(),
            theirs.isNeg(),
            theirs.isPos(),
            theirs.decimalPlaces(),
          ]);
        }
      }),
      runs,
    );
  });

  it("raises to small integer powers and rounds to integers", () => {
    fc.assert(
      fc.property(value, fc.integer({ min: -12, max: 12 }), (x, e) => {
        const [a, ra] = both(x);
        fc.pre(!(ra.isZero() && e < 0));
        same(a.pow(e), ra.pow(e));
        same(a.floor(), ra.floor());
        same(a.ceil(), ra.ceil());
        same(a.trunc(), ra.trunc());
        same(a.round(), ra.round());
        same(a.neg(), ra.neg());
        same(a.abs(), ra.abs());
      }),
      runs,
    );
  });

  it.each([
    ["0.1", "0.2"],
    ["25000", "60"],
    ["4166.67", "0.3"],
    ["-0.001", "3"],
    ["1", "3"],
    ["9007199254740991", "1"],
    ["0.0000000000000000000001", "7"],
  ])("%s and %s", (x, y) => {
    const [a, ra] = both(x);
    const [b, rb] = both(y);
    same(a.plus(b), ra.plus(rb));
    same(a.div(b), ra.div(rb));
    same(a.div(b).toDecimalPlaces(2), ra.div(rb).toDecimalPlaces(2));
    expect(a.div(b).toNumber()).toBe(ra.div(rb).toNumber());
  });

  it("divides and rounds to places in one step as decimal.js divides, then rounds", () => {
    let oneStep = 0;
    fc.assert(
      fc.property(fc.oneof(plain, value), fc.oneof(plain, value), fc.integer({ min: 0, max: 22 }), mode, (x, y, places, rm) => {
        const [a, ra] = both(x);
        const [b, rb] = both(y);
        fc.pre(!rb.isZero());
        const r = a.divToPlaces(b, places, rm);
        if (r === null) return; // declined: the caller divides, then rounds
        oneStep++;
        const rr = ra.div(rb).toDecimalPlaces(places, rm);
        same(r, rr.isZero() ? new Reference(0) : rr); // FEEL has no negative zero
      }),
      runs,
    );
    // short operands are the common case and must not be declined
    expect(oneStep).toBeGreaterThan(runs.numRuns / 10);
    expect(new Decimal(5).divToPlaces(new Decimal(0), 2, 6)).toBeNull();
    same(new Decimal(2).divToPlaces(new Decimal(3), 2, 6)!, new Reference("0.67"));
    same(new Decimal("-0.001").divToPlaces(new Decimal(7), 2, 6)!, new Reference(0));
  });

  it("keeps the 34-digit quotient's rounding when a quotient is rounded", () => {
    // 2/3 is 0.666…7 at 34 digits; rounding the quotient to 33 places must see that digit, not the exact 6s
    for (const places of [0, 2, 20, 22, 33, 34])
      same(new Decimal(2).div(3).toDecimalPlaces(places, 1), new Reference(2).div(3).toDecimalPlaces(places, 1));
  });
});

describe("remainder by one division", () => {
  const SAFE = Number.MAX_SAFE_INTEGER;
  const safe = fc.oneof(
    fc.integer({ min: 0, max: 1_000_000 }),
    fc.double({ min: 0, max: SAFE, noNaN: true }).map(Math.floor),
    fc.constantFrom(SAFE, SAFE - 1, 2 ** 52, 2 ** 52 + 1),
  );
  it("is n % d for every pair of safe integers", () => {
    fc.assert(
      fc.property(safe, safe, (n, d) => {
        fc.pre(d > 0);
        expect(remainder(n, d)).toBe(n % d);
      }),
      runs,
    );
    // quotients a hair below an integer, where the rounded division lands on it
    for (const [n, d] of [
      [2 ** 52 - 1, 2 ** 26 - 1],
      [SAFE - 2, 3],
      [2 ** 52, 2 ** 52 - 1],
      [4503599627370495, 4503599627370496],
    ]) {
      expect(remainder(n!, d!)).toBe(n! % d!);
    }
  });
});
