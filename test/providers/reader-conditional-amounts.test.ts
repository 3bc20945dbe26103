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

const SUBJECTS = ["I", "we", "it", "the loan", "they"];
const CONSEQUENCES = ["would be", "could be", "would come to", "could go up to", "might be"];

describe("an amount of a condition contrary to fact, or a consequence before its condition", () => {
  it("is not the amount asked for when the condition says 'were', and the amount set against it is", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUBJECTS),
        fc.integer({ min: 20, max: 90 }),
        fc.integer({ min: 5, max: 19 }),
        fc.constantFrom("but", "however,", "though"),
        (subject, more, asked, against) => {
          const text = `Loan note\nIf ${subject} were approved for $${more},000 we'd also redo the kitchen, ${against} the request is for $${asked},000.\nCredit score 700.`;
          expect(readText(lending, text)["loan amount"]?.value).toBe(asked * 1000);
        },
      ),
    );
  });

  it("is no coupon agreed when a modal states it before its condition", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONSEQUENCES),
        fc.constantFrom(...OPENINGS),
        fc.integer({ min: 2, max: 30 }),
        (consequence, open, pct) => {
          const text = `Quote notes\n40 seats at $300 per seat per year, 2 year term.\nThe coupon ${consequence} ${pct}% ${open.toLowerCase()} they sign before Friday.`;
          expect(readText(pricing, text)["coupon percent"]).toBeUndefined();
        },
      ),
    );
  });

  it("is read when the modal states a wish, or no condition follows", () => {
    fc.assert(
      fc.property(fc.constantFrom("I'd like to borrow", "we would like", "I would need"), fc.integer({ min: 5, max: 40 }), (wish, k) => {
        const text = `Loan note\n${wish} $${k},000 if that works for you.\nCredit score 700.`;
        expect(readText(lending, text)["loan amount"]?.value).toBe(k * 1000);
      }),
    );
    const plain = readText(pricing, "Quote notes\n40 seats at $300 per seat per year. The coupon would be 12%, as agreed.");
    expect(plain["coupon percent"]?.value).toBe(12);
  });
});
