// Numbers JSON.parse does not read as what they are (json-numbers.ts), over generated bodies: the
// first one outside strings that it reads as 0 though it is not, or as ±Infinity, is found, with
// where it starts and which; zeros, numbers a double holds and the same text inside strings are
// never taken for one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { misreadNumber } from "../../src/service/json-numbers.js";

const sign = fc.boolean().map((minus) => (minus ? "-" : ""));

/** A number token that underflows: 1 to 9 digits, then an exponent of -400 or less, or a point and 330 or more zeros. */
const tiny = fc.oneof(
  fc.tuple(sign, fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: 400, max: 100_000 })).map(([s, m, e]) => `${s}${m}e-${e}`),
  fc.tuple(fc.integer({ min: 330, max: 1_000 }), fc.integer({ min: 1, max: 9 })).map(([zeros, d]) => `0.${"0".repeat(zeros)}${d}`),
);

/** A number token that overflows: an exponent of 400 or more, or an integer of 310 or more digits, with or without a fraction. */
const huge = fc.oneof(
  fc
    .tuple(sign, fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: 400, max: 100_000 }), fc.boolean())
    .map(([s, m, e, plus]) => `${s}${m}e${plus ? "+" : ""}${e}`),
  fc
    .tuple(sign, fc.integer({ min: 1, max: 9 }), fc.integer({ min: 309, max: 1_000 }), fc.constantFrom("", ".5", ".25e2"))
    .map(([s, d, digits, tail]) => `${s}${d}${"0".repeat(digits)}${tail}`),
);

const misread = fc.oneof(
  tiny.map((token) => ({ token, kind: "underflow" })),
  huge.map((token) => ({ token, kind: "overflow" })),
);

/** Numbers a double reads as what they are, or as a true zero, and long exponents and long runs of digits that fit. */
const fine = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.integer({ min: 0, max: 100_000 }).map((e) => `0e-${e}`),
  fc.integer({ min: 0, max: 300 }).map((z) => `0.${"0".repeat(z + 1)}`),
  fc.integer({ min: 100, max: 300 }).map((e) => `1e-${e}`),
  fc.integer({ min: 100, max: 307 }).map((e) => `9e${e}`),
  fc.integer({ min: 300, max: 307 }).map((d) => `1${"0".repeat(d)}`),
  fc.integer({ min: 300, max: 600 }).map((d) => `0.${"3".repeat(d)}`),
);

/** A body around the numbers: an object of them, with strings that spell misread numbers and escaped quotes. */
const body = (values: string[], decoys: string[]) =>
  `{${[...decoys.map((d, i) => `"s${i}":"\\"${d}\\" ${d}"`), ...values.map((v, i) => `"n${i}":[${v}]`)].join(",")}}`;

describe("numbers a double does not hold", () => {
  it("finds the first one outside strings, where it starts and which it is, in a body JSON.parse reads", () => {
    fc.assert(
      fc.property(
        fc.array(fine, { maxLength: 5 }),
        misread,
        fc.array(fc.oneof(fine, tiny, huge), { maxLength: 3 }),
        fc.array(fc.oneof(tiny, huge), { maxLength: 3 }),
        (before, first, after, decoys) => {
          const text = body([...before, first.token, ...after], decoys);
          expect(() => JSON.parse(text)).not.toThrow();
          const found = misreadNumber(text);
          expect(found?.token).toBe(first.token);
          expect(found?.kind).toBe(first.kind);
          expect(text.slice(found!.at, found!.at + first.token.length)).toBe(first.token);
          const read = Math.abs(JSON.parse(text)[`n${before.length}`][0]);
          expect(read).toBe(first.kind === "underflow" ? 0 : Infinity);
        },
      ),
    );
  });

  it("finds none among zeros, numbers a double holds, and misread numbers inside strings", () => {
    fc.assert(
      fc.property(fc.array(fine, { maxLength: 8 }), fc.array(fc.oneof(tiny, huge), { maxLength: 3 }), (values, decoys) => {
        expect(misreadNumber(body(values, decoys))).toBeNull();
      }),
    );
  });
});
