// The text a large table's integer lists are written as (runtime/int-codec.ts) reads back as the
// very integers written, of any size a safe integer takes, and refuses what it cannot write.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ascending, encodeInts, ints } from "../../src/runtime/int-codec.js";

describe("integer lists as text", () => {
  it("read back the integers written", () => {
    const value = fc.oneof(fc.nat({ max: 40 }), fc.nat(), fc.maxSafeNat());
    fc.assert(
      fc.property(fc.array(value, { maxLength: 200 }), (xs) => {
        expect(ints(encodeInts(xs))).toEqual(xs);
      }),
    );
  });

  it("read a non-decreasing list back from its steps", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 200 }), (steps) => {
        const values = steps.map((_, i) => steps.slice(0, i + 1).reduce((a, b) => a + b, 0));
        expect(ascending(encodeInts(steps))).toEqual(values);
      }),
    );
  });

  it("refuse what is not a non-negative integer", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true })), (x) => {
        expect(() => encodeInts([x])).toThrow(RangeError);
      }),
    );
  });
});
