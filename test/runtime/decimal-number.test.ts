import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/runtime/decimal.js";
import { decimalToNumber } from "../../src/runtime/decimal-number.js";

describe("decimal → number", () => {
  it("equals the correctly rounded conversion of the decimal text", () => {
    const decimalText = fc
      .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: -30, max: 30 }))
      .map(([m, e]) => `${m}e${e}`);
    fc.assert(
      fc.property(fc.oneof(decimalText, fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)), (text) => {
        const d = new Decimal(text);
        expect(decimalToNumber(d)).toBe(d.isZero() ? 0 : Number(d.toString()));
      }),
      { numRuns: 5000 },
    );
  });

  it.each(["0.1", "0.3", "12345678.9", "-2.5", "100000000000000000000", "1e-7", "123456789012345.6"])("%s", (text) => {
    expect(decimalToNumber(new Decimal(text))).toBe(Number(text));
  });
});
