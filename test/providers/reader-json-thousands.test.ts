// A JSON key that states its amounts in thousands (`inc_yr_k: 47.5`, `turnover_000s`) is read in
// whole units: 47,500, never 47.5. A string states its own unit, and a key without the word is
// read as written.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf } from "./helpers.js";

const loan = inputsOf({
  "annual income": { type: "number >= 0", desc: "What is the applicant's yearly income, in dollars?" },
  "credit score": { type: "number [300..850]", desc: "What is the applicant's credit score?" },
});

describe("amounts under a key in thousands", () => {
  it("reads the number in whole units, and a key without the word as written", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9999 }),
        fc.constantFrom("inc_yr_k", "income_000s", "annualIncomeThousands", "income_k"),
        fc.integer({ min: 300, max: 850 }),
        (tenths, key, score) => {
          const amount = tenths / 10;
          const inK = readJson(loan, { ref: "A-1", [key]: amount, fico: score });
          expect(inK["annual income"]?.value).toBeCloseTo(amount * 1000, 6);
          expect(inK["credit score"]?.value).toBe(score);
          const plain = readJson(loan, { ref: "A-1", income: amount * 1000, fico: score });
          expect(plain["annual income"]?.value).toBeCloseTo(amount * 1000, 6);
        },
      ),
      { numRuns: 50 },
    );
  });
});
