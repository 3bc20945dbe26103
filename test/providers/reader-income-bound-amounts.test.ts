// An amount an income word binds ("a pension of 910 dollars a month", "Ma retraite est de 910
// dollars") is income: it answers an input of income, never the rent, neither by a cue nearby nor
// as the one amount left. An amount the phrase says is rent stays the rent's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const rent = inputsOf({
  "monthly rent": { type: "number >= 0", desc: "How many dollars does the household pay in rent each month?" },
});
const income = inputsOf({
  "monthly income": { type: "number >= 0", desc: "How many dollars does the applicant receive each month?" },
});

/** Phrases that bind the amount after them to income, in the languages of evidence. */
const BOUND: ((n: number) => string)[] = [
  (n) => `I get a pension of ${n} dollars a month.`,
  (n) => `My salary is $${n.toLocaleString("en-US")} a month.`,
  (n) => `Pension: $${n} a month.`,
  (n) => `She receives a disability allowance of $${n} per month.`,
  (n) => `Housing benefit of $${n} a month is paid to us.`,
  (n) => `Ma retraite est de ${n} dollars par mois.`,
  (n) => `Meine Rente beträgt ${n} Dollar im Monat.`,
  (n) => `Mi pensión es de ${n} dólares al mes.`,
];
const OPENINGS = ["I live alone.", "Household of one.", "We are two at home.", ""];
const RENT = [(n: number) => `The rent is $${n} a month.`, (n: number) => `We pay $${n} monthly rent.`];

const amount = fc.integer({ min: 120, max: 4800 });

describe("an amount an income word binds", () => {
  it("is no rent, even as the only amount of the text", () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPENINGS), fc.constantFrom(...BOUND), amount, (opening, bound, n) => {
        const read = readText(rent, `${opening} ${bound(n)}`.trim(), "2026-05-01");
        expect(read["monthly rent"]).toBeUndefined();
      }),
      { numRuns: 80 },
    );
  });

  it("leaves the rent stated beside it to the rent, in either order", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BOUND), fc.constantFrom(...RENT), amount, amount, fc.boolean(), (bound, said, n, r, first) => {
        fc.pre(n !== r);
        const text = first ? `${said(r)} ${bound(n)}` : `${bound(n)} ${said(r)}`;
        expect(readText(rent, text, "2026-05-01")["monthly rent"]?.value).toBe(r);
      }),
      { numRuns: 80 },
    );
  });

  it("still answers an input that asks for income", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BOUND.slice(0, 4)), amount, (bound, n) => {
        expect(readText(income, `I live alone. ${bound(n)}`, "2026-05-01")["monthly income"]?.value).toBe(n);
      }),
      { numRuns: 40 },
    );
  });
});
