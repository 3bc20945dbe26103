// Figures of one fact stated for two different years side by side ("2024 gross $118,000; 2025
// gross $104,500"): which year the question asks is not said, so the text reader gives no value
// for it, neither the first nor by elimination. One year's figure alone, or two figures of the
// same year, are read as usual; a figure of another kind beside a year (a loan's size) changes nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf, withReference } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const lending = modelOf("lending").ir.inputs;
const money = (n: number) => `$${n.toLocaleString("en-US")}`;
const TEMPLATES: ((y1: number, a: string, y2: number, b: string) => string)[] = [
  (y1, a, y2, b) => `Tax returns: ${y1} gross ${a}; ${y2} gross ${b}.`,
  (y1, a, y2, b) => `Income per tax returns: ${y1} ${a}, ${y2} ${b}.`,
  (y1, a, y2, b) => `Gross income ${a} in ${y1} and ${b} in ${y2}.`,
  (y1, a, y2, b) => `Annual income:\n${y1}: ${a}\n${y2}: ${b}`,
];
const years = fc.integer({ min: 2018, max: 2026 }).chain((y) => fc.constant([y, y + 1] as const));
const pair = fc
  .integer({ min: 30_000, max: 200_000 })
  .chain((a) => fc.tuple(fc.constant(a), fc.integer({ min: Math.ceil(a / 2), max: a * 2 })));

describe("figures of one fact for two years", () => {
  it("give no value, whichever comes first", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TEMPLATES), years, pair, fc.boolean(), (template, [y1, y2], [a, b], swap) => {
        fc.pre(a !== b);
        const [first, second] = swap ? [y2, y1] : [y1, y2];
        const text = withReference(
          `Applicant is a self-employed designer. ${template(first, money(a), second, money(b))}\nWants $9,000. Score 702.`,
          "2027-03-01",
        );
        const read = readText(lending, text);
        expect(read["annual income"]).toBeUndefined();
        expect(read["loan amount"]?.value).toBe(9000);
      }),
      { numRuns: 60 },
    );
  });

  it("read one year's figure, the loan beside it another kind", () => {
    fc.assert(
      fc.property(years, fc.integer({ min: 30_000, max: 200_000 }), fc.integer({ min: 1_000, max: 9_000 }), ([y], a, loan) => {
        const text = withReference(
          `Salaried engineer. Income per ${y} tax return: ${money(a)}.\nWants ${money(loan)} for a car. Score 702.`,
          "2027-03-01",
        );
        const read = readText(lending, text);
        expect(read["annual income"]?.value).toBe(a);
        expect(read["loan amount"]?.value).toBe(loan);
      }),
      { numRuns: 40 },
    );
  });
});
