// Two English wordings of income and amounts: "pay" as a noun ("my pay is $3,200 a month", "his
// gross pay", "Pay: $4,100") is what someone earns, not a payment, while "we pay $90 a month" stays
// a payment; and a compound of tens counts hundreds ("thirty-four hundred" is 3,400, as "thirty four
// hundred" is).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income, in dollars?" },
  "monthly debt": { type: "number >= 0", desc: "How many dollars does the applicant pay each month on existing debts?" },
  "loan amount": { type: "number > 0", desc: "How many dollars does the applicant want to borrow?" },
});
const money = (n: number): string => `$${n.toLocaleString("en-US")}`;

describe("pay as a noun", () => {
  it("reads the pay as income and the amount paid out as the debt", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("My pay is", "My gross pay is", "My take-home pay is", "My monthly pay comes to", "Pay:"),
        fc.integer({ min: 15, max: 90 }).map((k) => k * 100),
        fc.integer({ min: 5, max: 60 }).map((k) => k * 10),
        fc.boolean(),
        (said, pay, debt, debtFirst) => {
          const income = `${said} ${money(pay)} a month.`;
          const paid = `I pay ${money(debt)} a month on a car loan.`;
          const text = `Hello,\n\n${debtFirst ? `${paid} ${income}` : `${income} ${paid}`} I'd like to borrow $5,000.\n\nThanks`;
          const got = readText(inputs, text);
          expect(got["annual income"]?.value).toBe(pay * 12);
          expect(got["monthly debt"]?.value).toBe(debt);
        },
      ),
      { numRuns: 40 },
    );
  });
});

const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

describe("hundreds counted by a compound of tens", () => {
  it("reads 'thirty-four hundred' as 3,400", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.boolean(), (tens, unit, dollars) => {
        const said = `${TENS[tens - 2]}-${UNITS[unit - 1]} hundred${dollars ? " dollars" : ""}`;
        const got = readText(inputs, `I'd like to borrow ${said} for a new boiler.`)["loan amount"];
        expect(got?.value).toBe((tens * 10 + unit) * 100);
      }),
      { numRuns: 40 },
    );
  });
});
