// A JSON key that states its amount's period by a word of its own (`list_price_seat_month`,
// `rent_wk`, `inc_yr`, `rent_pm`, `vol_pa`, `thru_ann`): the amount is converted to the period the input counts in, as
// for a key that says it in words (`monthly_rent`); a plural (`term_months`) is a duration, no period.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { periodOfKey } from "../../src/providers/readers/words.js";
import { inputsOf } from "./helpers.js";

const price = inputsOf({
  "list price": { type: "number >= 0", desc: "What is the catalogue price of one seat per year, in dollars?" },
});
const rent = inputsOf({
  "monthly rent": { type: "number >= 0", desc: "How many dollars does the household pay in rent each month?" },
});

const PER_YEAR = { month: 12, year: 1, week: 52 } as const;
const WORDS: [string, keyof typeof PER_YEAR][] = [
  ["month", "month"],
  ["mo", "month"],
  ["mth", "month"],
  ["pm", "month"],
  ["wk", "week"],
  ["week", "week"],
  ["yr", "year"],
  ["year", "year"],
  // per annum and annual cut short (`turnover_pa`, `thru_ann`), and yearly and weekly in their short forms
  ["pa", "year"],
  ["ann", "year"],
  ["yrly", "year"],
  ["wkly", "week"],
];
const SEPARATORS = ["_", "-"];

describe("JSON keys that state their period by a word of their own", () => {
  it("converts a price per seat and a rent to the input's period", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WORDS),
        fc.constantFrom(...SEPARATORS),
        fc.integer({ min: 1, max: 400 }),
        ([word, period], sep, amount) => {
          expect(periodOfKey(`list${sep}price${sep}seat${sep}${word}`)).toBe(period);
          const yearly = amount * PER_YEAR[period];
          expect(readJson(price, { [`list${sep}price${sep}seat${sep}${word}`]: amount })["list price"]?.value).toBeCloseTo(yearly, 6);
          expect(readJson(rent, { [`rent${sep}${word}`]: amount })["monthly rent"]?.value).toBeCloseTo(yearly / 12, 2);
        },
      ),
    );
  });

  it("takes no period from a plural, a duration", () => {
    for (const key of ["term_months", "termYears", "weeks_in_arrears"]) expect(periodOfKey(key)).toBeUndefined();
  });
});
