// Figures in South Asian writing: digits grouped in pairs above the last three ("2,50,000",
// "1,20,00,000") and the scale words lakh (a hundred thousand) and crore (ten million), in the
// singular and plural and the "lac" spelling. US grouping reads as before.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "requested amount": { type: "number > 0", desc: "How much money does the applicant want to borrow, in dollars?" },
  "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income in dollars?" },
});

/** A whole number in South Asian grouping: the last three digits, then pairs. */
function southAsian(n: number): string {
  const digits = String(n);
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ",");
  return `${pairs},${digits.slice(-3)}`;
}

describe("South Asian figures", () => {
  it("digits grouped in pairs above the last three are one amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 999_999_999 }), (n) => {
        const text = `Amount requested: USD $${southAsian(n)}/-`;
        expect(readText(inputs, text)["requested amount"]?.value).toBe(n);
      }),
      { numRuns: 80 },
    );
  });

  it("US grouping reads as before", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 999_999_999 }), (n) => {
        const text = `Amount requested: $${n.toLocaleString("en-US")}`;
        expect(readText(inputs, text)["requested amount"]?.value).toBe(n);
      }),
      { numRuns: 80 },
    );
  });

  it("lakh and crore scale the figure before them", () => {
    const scales: [string, number][] = [
      ["lakh", 1e5],
      ["lakhs", 1e5],
      ["lac", 1e5],
      ["crore", 1e7],
      ["crores", 1e7],
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom(...scales),
        (whole, tenth, [word, scale]) => {
          const text = `Annual income (gross): USD ${whole}.${tenth} ${word} per annum`;
          expect(readText(inputs, text)["annual income"]?.value).toBe(Math.round((whole + tenth / 10) * scale));
        },
      ),
      { numRuns: 60 },
    );
  });
});
