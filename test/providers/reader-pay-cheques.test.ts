// An amount paid per pay cheque ("$1,400 per paycheck", "each pay period") is paid at the frequency
// the text gives the pay elsewhere ("We're paid biweekly."): a year's income is 26 or 24 of them. A
// text that says no frequency leaves the cheque's period unknown, and no yearly figure is read from it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const lending = sample("lending").ir.inputs;

const frequency = fc.constantFrom(
  ["We're paid biweekly at the plant.", 26],
  ["Payroll runs every two weeks.", 26],
  ["I get paid fortnightly by the council.", 26],
  ["Wages come twice a month.", 24],
  ["The hospital pays semi-monthly.", 24],
) as fc.Arbitrary<[string, number]>;
const perCheque = fc.constantFrom(
  "per paycheck",
  "a paycheck",
  "each pay check",
  "per pay cheque",
  "each pay period",
  "gross per paycheck",
);
const job = fc.constantFrom("I drive a forklift.", "I'm a staff nurse.", "I work in a call centre.");

describe("an amount per pay cheque", () => {
  it("is a year's income at the frequency said elsewhere", () => {
    fc.assert(
      fc.property(job, frequency, perCheque, fc.integer({ min: 600, max: 4000 }), (work, [said, times], per, amount) => {
        const text = `${work} ${said}\nI earn $${amount.toLocaleString("en-US")} ${per}. Credit score 705. I'd like to borrow $9,000.`;
        expect(readText(lending, text)["annual income"]?.value).toBe(amount * times);
      }),
      { numRuns: 60 },
    );
  });

  it("is no year's income where the text says no frequency", () => {
    fc.assert(
      fc.property(job, perCheque, fc.integer({ min: 600, max: 4000 }), (work, per, amount) => {
        const text = `${work} I earn $${amount.toLocaleString("en-US")} ${per}. Credit score 705. I'd like to borrow $9,000.`;
        expect(readText(lending, text)["annual income"]).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
