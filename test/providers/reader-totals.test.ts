// Totals (issue 33): an input whose question asks about several things ("… on existing debts?")
// is answered by a list of amounts as their sum, or by the sum the list states; an input that asks
// for one thing takes one amount; an amount asked for with a verb of asking ("wants", "needs")
// answers the amount asked to borrow.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const lending = inputsOf({
  "monthly debt": { type: "number >= 0", desc: "How many dollars does the applicant pay each month on existing debts?" },
  "loan amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
});
const single = inputsOf({
  "monthly debt": { type: "number >= 0", desc: "How many dollars is the applicant's largest monthly debt payment?" },
});

const LABELS = ["mortgage", "car", "card", "student loan", "store card min", "overdraft"];
const debts = fc.uniqueArray(fc.integer({ min: 20, max: 3000 }), { minLength: 2, maxLength: 4 });
const listOf = (amounts: number[]) => amounts.map((a, i) => `${LABELS[i]} $${a.toLocaleString("en-US")}/month`).join(", ");

describe("totals of listed amounts", () => {
  it("sums a list of debts for an input that asks about debts", () => {
    fc.assert(
      fc.property(debts, fc.integer({ min: 1000, max: 90000 }), (amounts, loan) => {
        const text = `Debts: ${listOf(amounts)}. She wants $${loan.toLocaleString("en-US")} for a new roof.`;
        const r = readText(lending, text);
        expect(r["monthly debt"]?.value).toBe(amounts.reduce((s, a) => s + a, 0));
        expect(r["loan amount"]?.value).toBe(loan);
        // a sum is less sure than an amount said once
        expect(r["monthly debt"]!.confidence).toBeLessThan(0.9);
      }),
      { numRuns: 40 },
    );
  });

  it("takes the sum a list states", () => {
    const r = readText(lending, "Debts: car finance $240 + card $60 = $300/month.");
    expect(r["monthly debt"]?.value).toBe(300);
  });

  it("gives a label's period to the amounts listed after it", () => {
    const r = readText(lending, "Monthly repayments: personal loan $310, store card $45. Asking for $4,500.");
    expect(r["monthly debt"]?.value).toBe(355);
    expect(r["loan amount"]?.value).toBe(4500);
  });

  it("never sums for an input that asks for one thing", () => {
    fc.assert(
      fc.property(debts, (amounts) => {
        const r = readText(single, `Debts: ${listOf(amounts)}.`);
        expect(amounts).toContain(r["monthly debt"]?.value);
      }),
      { numRuns: 30 },
    );
  });
});
