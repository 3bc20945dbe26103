// Debts told in prose each with its balance and its payment, one sentence listing them ("$18,400 on
// the car (payment $420/month) and $2,600 on a card ($100/month)"): the balances are summed for the
// total owed and the payments for the total paid each month, the amounts of the other form between
// them no end of the list.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "household size": { type: "number [1..20]", desc: "How many people live in the household, the applicant included?" },
  "household income": { type: "number >= 0", desc: "What is the combined monthly income of everyone in the household, in dollars?" },
  "total debt": { type: "number >= 0", desc: "What is the total outstanding balance of all the household's debts, in dollars?" },
  "monthly obligations": { type: "number >= 0", desc: "How many dollars does the household pay each month on all its debts together?" },
});
const money = (n: number): string => `$${n.toLocaleString("en-US")}`;

/** How a debt is told: its kind, balance and monthly payment in one phrase. */
const PHRASES: ((kind: string, balance: string, payment: string) => string)[] = [
  (k, b, p) => `${b} on the ${k} (we pay ${p}/month)`,
  (k, b, p) => `a ${k} with ${b} still owing, which we pay at ${p} a month`,
  (k, b, p) => `the ${k}, ${b} left, payment ${p} a month`,
  (k, b, p) => `${b} on a ${k} (payment ${p}/mo)`,
];

const debt = fc.record({
  kind: fc.constantFrom("car loan", "credit card", "student loan", "store card", "personal loan", "medical bill"),
  balance: fc.integer({ min: 4, max: 600 }).map((k) => k * 50),
  payment: fc.integer({ min: 2, max: 45 }).map((k) => k * 10),
  phrase: fc.constantFrom(...PHRASES),
});

describe("debts listed in prose with a balance and a payment each", () => {
  it("sums the balances for the total owed and the payments for the monthly total", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(debt, { minLength: 2, maxLength: 3, selector: (d) => d.kind }),
        fc.constantFrom("Our debts: ", "What we owe: ", "Debts: we have "),
        fc.integer({ min: 15, max: 60 }).map((k) => k * 100),
        (debts, lead, income) => {
          const items = debts.map((d) => d.phrase(d.kind, money(d.balance), money(d.payment)));
          const list = items.length === 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
          const text = `Hello,\n\nIt's just me at home. I earn ${money(income)} a month.\n\n${lead}${list}.\n\nThanks`;
          const got = readText(inputs, text);
          expect(got["total debt"]?.value).toBe(debts.reduce((s, d) => s + d.balance, 0));
          expect(got["monthly obligations"]?.value).toBe(debts.reduce((s, d) => s + d.payment, 0));
        },
      ),
      { numRuns: 60 },
    );
  });
});
