// A fact named two keys up, its last two keys only saying which value or in what period
// (`income` › `gross` › `monthly`): the JSON reader reads it there, converted by the period, under
// whatever record holds it. Keys below that name a fact of their own (`income` › `gross` › `tax`)
// do not make it the fact named above them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf } from "./helpers.js";

const lending = inputsOf({
  "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income in dollars?" },
});

const nest = (path: string[], leaf: Record<string, unknown>): Record<string, unknown> =>
  path.reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), leaf);

describe("a fact named two keys up", () => {
  it("reads a monthly gross amount as the annual income, under any record", () => {
    fc.assert(
      fc.property(
        fc.constantFrom([], ["primary"], ["application", "borrower"]),
        fc.constantFrom("income", "earnings", "salary"),
        fc.constantFrom("gross", "stated", "verified"),
        fc.integer({ min: 1000, max: 20000 }),
        (outer, fact, which, monthly) => {
          const state = { applicationId: "A-1", ...nest([...outer, fact, which], { monthly }) };
          const read = readJson(lending, state, "2026-05-01")["annual income"];
          expect(read?.value).toBe(monthly * 12);
          expect(read!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("does not read a fact of its own below it as the fact above", () => {
    fc.assert(
      fc.property(fc.constantFrom("tax", "deductions", "withheld"), fc.integer({ min: 100, max: 5000 }), (own, amount) => {
        const state = { applicationId: "A-1", primary: { income: { gross: { [own]: amount } } } };
        expect(readJson(lending, state, "2026-05-01")["annual income"]).toBeUndefined();
      }),
      { numRuns: 15 },
    );
  });
});
