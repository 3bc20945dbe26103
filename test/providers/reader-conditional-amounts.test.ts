// An amount that would follow a condition ("If you sign this quarter, I'd try to get you an extra 5%
// coupon"; "if I get the offer it'd be 130k a year") is no fact and is not read; a condition with a
// plain verb states a term, and its amount is read (issue 33, the thirteenth blind split's kinds).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const pricing = sample("pricing").ir.inputs;
const lending = sample("lending").ir.inputs;

const OPENINGS = ["If", "Assuming", "Provided", "if", "Unless"];
const MODALS = ["we'd", "we would", "I'd", "we could", "it'd", "we might"];

describe("an amount that would follow a condition", () => {
  it("is no coupon agreed", () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPENINGS), fc.constantFrom(...MODALS), fc.integer({ min: 2, max: 30 }), (open, modal, pct) => {
        const text = `Quote notes\n40 seats at $300 per seat per year, 2 year term.\n${open} they sign before the quarter ends, ${modal} add a ${pct}% coupon.`;
        expect(readText(pricing, text)["coupon percent"]).toBeUndefined();
      }),
    );
  });

  it("is no income earned now", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPENINGS),
        fc.constantFrom("it'd be", "her salary would be", "he would earn"),
        fc.integer({ min: 40, max: 200 }),
        (open, modal, k) => {
          const text = `Call note\nCurrently between jobs. ${open} the offer comes through, ${modal} $${k},000 a year.\nWants $9,000. Credit score 640.`;
          expect(readText(lending, text)["annual income"]).toBeUndefined();
        },
      ),
    );
  });

  it("is read when the condition states a term in a plain verb", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 30 }), (pct) => {
        const text = `Quote notes\n40 seats at $300 per seat per year, 2 year term.\nIf they pay upfront, the coupon is ${pct}%.`;
        expect(readText(pricing, text)["coupon percent"]?.value).toBe(pct);
      }),
    );
  });
});
