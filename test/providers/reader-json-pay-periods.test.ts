// A figure wrapped with the period it is counted in beside it, under "amount" or "value" or as
// the one of "gross" and "net" its object has (`{"gross": "9,600", "freq": "annual", "ccy":
// "USD"}`), is an amount of that period: an input counted in another period takes it converted
// (a yearly 9,600 is 800 a month). Both "gross" and "net" beside each other are no one figure.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wrappedFigureKey } from "../../src/providers/readers/coerce.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { sample } from "./helpers.js";

const eligibility = sample("eligibility").ir.inputs;
const PERIODS: [string, number][] = [
  ["monthly", 1],
  ["per month", 1],
  ["annual", 12],
  ["yearly", 12],
  ["per year", 12],
];
const figureKey = fc.constantFrom("gross", "amount", "value", "net");
const periodKey = fc.constantFrom("freq", "frequency", "period", "per");
const currency = fc.constantFrom({}, { ccy: "USD" }, { currency: "USD" });

describe("an amount beside the period it is counted in", () => {
  it("gives each person's monthly income its figure per month, whatever period it is written in", () => {
    const pay = fc.tuple(
      fc.integer({ min: 1, max: 900 }).map((n) => n * 10),
      fc.constantFrom(...PERIODS),
      fc.boolean(),
    );
    fc.assert(
      fc.property(pay, pay, figureKey, periodKey, currency, (own, partner, fk, pk, ccy) => {
        const income = ([monthly, [said, months], asText]: [number, [string, number], boolean]) => {
          const figure = monthly * months;
          return { [fk]: asText ? figure.toLocaleString("en-US") : figure, [pk]: said, ...ccy };
        };
        const state = {
          persons: [
            { role: "APPLICANT", name: "Hendrik Visser", dob: "1958-02-14", income: income(own), disability_flag: "N" },
            { role: "PARTNER", name: "Marieke Visser", dob: "1961-07-30", income: income(partner), disability_flag: "Y" },
          ],
        };
        const read = readJson(eligibility, state, "2026-10-12");
        expect(read.applicant?.value).toEqual({ name: "Hendrik Visser", age: 68, income: own[0], disabled: false });
        expect(read.members?.value).toEqual([{ name: "Marieke Visser", age: 65, income: partner[0], disabled: true }]);
      }),
      { numRuns: 60 },
    );
  });

  it("takes the one of 'gross' and 'net' an object has as its figure, never one of both", () => {
    fc.assert(
      fc.property(fc.constantFrom("gross", "net"), fc.integer({ min: 0, max: 10_000 }), periodKey, currency, (k, n, pk, ccy) => {
        expect(wrappedFigureKey({ [k]: n, [pk]: "monthly", ...ccy })).toBe(k);
        expect(wrappedFigureKey({ gross: n, net: n, [pk]: "monthly", ...ccy })).toBeUndefined();
        expect(wrappedFigureKey({ amount: n, [k]: n, ...ccy })).toBe("amount");
      }),
      { numRuns: 40 },
    );
  });

  it("reads no income from gross and net beside each other", () => {
    const state = {
      persons: [
        {
          role: "APPLICANT",
          name: "Hendrik Visser",
          dob: "1958-02-14",
          income: { gross: 2000, net: 1700, freq: "monthly" },
          disability_flag: "N",
        },
        {
          role: "PARTNER",
          name: "Marieke Visser",
          dob: "1961-07-30",
          income: { gross: 9600, net: 9000, freq: "annual" },
          disability_flag: "Y",
        },
      ],
    };
    const read = readJson(eligibility, state, "2026-10-12");
    expect((read.applicant?.value as { income?: number } | undefined)?.income).not.toBe(2000);
    expect((read.applicant?.value as { income?: number } | undefined)?.income).not.toBe(1700);
  });
});
