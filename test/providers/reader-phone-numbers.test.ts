// A telephone number written with no label ("call me at 555 0192", "+31 20 555 0192", "(555)
// 019-2233", "555-0192") is no amount: never the claim, whether or not the text states one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const claim = inputsOf({
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
});

const digits = (n: number, width: number) => String(n).padStart(width, "0");
/** Telephone numbers in the shapes letters and notes write them, from three groups of digits. */
const PHONES: ((a: number, b: number, c: number) => string)[] = [
  (a, b) => `${a} ${digits(b, 4)}`,
  (a, b) => `${a}-${digits(b, 4)}`,
  (a, b, c) => `+${(c % 98) + 1} ${a} ${b} ${digits(c, 4)}`,
  (a, b, c) => `(${a}) ${digits(b % 1000, 3)}-${digits(c, 4)}`,
];
const AROUND = [
  (p: string) => `Call me at ${p} about it.`,
  (p: string) => `You can reach me on ${p}.`,
  (p: string) => `\n--\nJan Smit\n${p}`,
];

const group = fc.integer({ min: 200, max: 989 });
const last = fc.integer({ min: 1000, max: 9999 });

describe("a telephone number with no label", () => {
  it("is no claim amount", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PHONES), fc.constantFrom(...AROUND), group, group, last, (phone, around, a, b, c) => {
        const read = readText(claim, `Hail hit the car on 1 March 2026. ${around(phone(a, b, c))}`, "2026-03-10");
        expect(read["claim amount"]).toBeUndefined();
      }),
      { numRuns: 80 },
    );
  });

  it("leaves the claim stated beside it to the claim", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PHONES),
        fc.constantFrom(...AROUND),
        group,
        group,
        last,
        fc.integer({ min: 150, max: 60_000 }),
        (phone, around, a, b, c, n) => {
          const text = `Hail hit the car on 1 March 2026. I am claiming $${n.toLocaleString("en-US")} for the repair. ${around(phone(a, b, c))}`;
          expect(readText(claim, text, "2026-03-10")["claim amount"]?.value).toBe(n);
        },
      ),
      { numRuns: 80 },
    );
  });
});
