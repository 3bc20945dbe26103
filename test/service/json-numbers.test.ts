// Numbers JSON.parse reads as 0 though they are not (json-numbers.ts), over generated bodies: the
// first one outside strings is found, with where it starts; zeros, numbers a double holds and the
// same text inside strings are never taken for one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { underflowingNumber } from "../../src/service/json-numbers.js";

/** A number token that underflows: 1 to 9 digits, then an exponent of -400 or less, or a point and 330 or more zeros. */
const tiny = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: 400, max: 100_000 }), fc.boolean())
    .map(([m, e, minus]) => `${minus ? "-" : ""}${m}e-${e}`),
  fc.tuple(fc.integer({ min: 330, max: 1_000 }), fc.integer({ min: 1, max: 9 })).map(([zeros, d]) => `0.${"0".repeat(zeros)}${d}`),
);

/** Numbers a double reads as what they are, or as a true zero, and long exponents that do not underflow. */
const fine = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.integer({ min: 0, max: 100_000 }).map((e) => `0e-${e}`),
  fc.integer({ min: 0, max: 300 }).map((z) => `0.${"0".repeat(z + 1)}`),
  fc.integer({ min: 100, max: 300 }).map((e) => `1e-${e}`),
);

/** A body around the numbers: an object of them, with strings that spell tiny numbers and escaped quotes. */
const body = (values: string[], decoys: string[]) =>
  `{${[...decoys.map((d, i) => `"s${i}":"\\"${d}\\" ${d}"`), ...values.map((v, i) => `"n${i}":[${v}]`)].join(",")}}`;

describe("numbers that underflow", () => {
  it("finds the first one outside strings, where it starts, in a body JSON.parse reads", () => {
    fc.assert(
      fc.property(
        fc.array(fine, { maxLength: 5 }),
        tiny,
        fc.array(fc.oneof(fine, tiny), { maxLength: 3 }),
        fc.array(tiny, { maxLength: 3 }),
        (before, first, after, decoys) => {
          const text = body([...before, first, ...after], decoys);
          expect(() => JSON.parse(text)).not.toThrow();
          const found = underflowingNumber(text);
          expect(found?.token).toBe(first);
          expect(text.slice(found!.at, found!.at + first.length)).toBe(first);
          expect(Math.abs(JSON.parse(text)[`n${before.length}`][0])).toBe(0);
        },
      ),
    );
  });

  it("finds none among zeros, numbers a double holds, and tiny numbers inside strings", () => {
    fc.assert(
      fc.property(fc.array(fine, { maxLength: 8 }), fc.array(tiny, { maxLength: 3 }), (values, decoys) => {
        expect(underflowingNumber(body(values, decoys))).toBeNull();
      }),
    );
  });
});
