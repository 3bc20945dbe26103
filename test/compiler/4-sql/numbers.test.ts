// The exact arithmetic the lowering does at compile time: reciprocals of literal divisors.
import { Decimal } from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reciprocal } from "../../../src/compiler/4-sql/numbers.js";

describe("reciprocal", () => {
  it("is 1/c exactly when c is 2^i 5^j times a power of ten, and undefined otherwise", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(1, 1, 3, 7, 9),
        (i, j, places, odd) => {
          const c = new Decimal(2).pow(i).times(new Decimal(5).pow(j)).times(odd).div(new Decimal(10).pow(places));
          const r = reciprocal(c.toFixed());
          if (odd === 1) expect(new Decimal(r!).eq(new Decimal(1).div(c))).toBe(true);
          else expect(r).toBeUndefined();
        },
      ),
    );
    expect(reciprocal("0")).toBeUndefined();
  });
});
