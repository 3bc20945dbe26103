// Debts denied by their general kind: "no other loans", "no loans or cards", "any existing loans?
// none" say nothing is owed each month, below 0.9; a kind named with a word of its own ("no car
// loan") denies only that one; a debt kept ("no debts apart from my car loan, $285 a month") or a
// payment stated just before "no other loans" is the amount, never 0.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const lending = inputsOf({
  "loan amount": { type: "number > 0", desc: "How many dollars does the applicant want to borrow?" },
  "monthly debt": { type: "number >= 0", desc: "How many dollars does the applicant pay each month on existing debts?" },
});

const DENIALS = [
  "She has no other loans.",
  "No loans or cards.",
  "He has no other borrowing.",
  "Any existing loans or credit cards?\nnone at all",
  "Outgoings: rent only, no loans of any kind.",
];
const KEPT = ["car loan", "student loan", "mortgage", "store card"];

describe("debts denied by their general kind", () => {
  it("reads 0 a month, never above 0.9", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DENIALS), fc.integer({ min: 2, max: 40 }), (denial, thousands) => {
        const debt = readText(lending, `Wants $${thousands},000 for a car. ${denial}`)["monthly debt"];
        expect(debt?.value).toBe(0);
        expect(debt!.confidence).toBeLessThanOrEqual(0.9);
      }),
    );
  });

  it("reads the payment of a debt kept or stated just before, never 0", () => {
    fc.assert(
      fc.property(fc.constantFrom(...KEPT), fc.integer({ min: 60, max: 1900 }), fc.boolean(), (kind, payment, apart) => {
        const told = apart
          ? `I don't have any debts apart from my ${kind}, which is $${payment} a month.`
          : `My ${kind} costs $${payment} a month. No other loans.`;
        expect(readText(lending, `I would like to borrow $9,000. ${told}`)["monthly debt"]?.value).toBe(payment);
      }),
    );
  });

  it("reads no 0 from one kind named with a word of its own", () => {
    expect(readText(lending, "Wants $5,000. No car loan.")["monthly debt"]?.value).not.toBe(0);
  });
});
