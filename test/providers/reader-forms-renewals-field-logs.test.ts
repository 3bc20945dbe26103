// Three kinds a thirteenth blind split read wrong above 0.9 (issue 33). A tax form named by its
// number ("1099 income", "Form 1040", "1099-NEC") says how income is reported, not how much; a
// status that lapsed while its renewal is under way ("expired in September, renewal is in
// process") is not settled either way; and a change log of name/value records that sets one field
// twice is read at its latest entry, by the time each entry says it was written.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const lending = sample("lending").ir.inputs;
const pricing = sample("pricing").ir.inputs;
const claims = sample("claims-triage").ir.inputs;

const FORMS = ["1099", "1099-NEC", "1099-MISC", "Form 1040", "form 1099", "Schedule 1065", "1098"];
const FORM_SENTENCES = [
  (f: string) => `She is self-employed, paid on ${f} income, and her returns are not in yet.`,
  (f: string) => `Annual income: see her ${f} forms, to be sent next week.`,
  (f: string) => `Income reported on ${f} only; no figure given.`,
];

describe("a tax form named by its number", () => {
  it("is no amount of income", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMS), fc.constantFrom(...FORM_SENTENCES), (form, say) => {
        const text = `Application note\n${say(form)}\nLoan requested: $20,000.\nFICO 690.`;
        const read = readText(lending, text);
        expect(read["annual income"]).toBeUndefined();
        expect(read["loan amount"]?.value).toBe(20000);
      }),
    );
  });

  it("leaves the income stated beside it to be read", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMS), fc.integer({ min: 30, max: 180 }), (form, k) => {
        const text = `Application note\nShe files a ${form} for side work; salary $${k},000 a year from her employer.\nFICO 690.`;
        expect(readText(lending, text)["annual income"]?.value).toBe(k * 1000);
      }),
    );
  });

  it("is the count when the word after it is what a count input counts", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("1040", "1065", "1098", "1099", "1120"),
        fc.constantFrom("seats", "users", "licenses", "units"),
        (n, noun) => {
          const read = readText(pricing, `Quote request\nWe need ${n} ${noun} for the new office, billed yearly.`);
          expect(read.quantity?.value).toBe(Number(n));
        },
      ),
    );
  });

  it("reads a bare amount of the same digits that names no form", () => {
    const read = readText(lending, "Application note\nMonthly debt: 1099 dollars in total.\nFICO 690.");
    expect(read["monthly debt"]?.value).toBe(1099);
  });
});

const LAPSES = ["expired in September", "lapsed last month", "was revoked in May", "expired on 31 March"];
const RENEWALS = [
  "renewal is in process",
  "the renewal was submitted to the state",
  "renewal application pending",
  "reapplication underway",
  "they have filed for renewal",
];
const TAILS = ["", " - we'll know next week", ", decision expected this month"];

describe("a status that lapsed while its renewal is under way", () => {
  it("is not settled: no tax exemption value", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LAPSES), fc.constantFrom(...RENEWALS), fc.constantFrom(...TAILS), (lapse, renewal, tail) => {
        const text = `Deal notes\n50 seats at $40 per seat per year, 3 year term.\nTax: their exemption certificate ${lapse}, ${renewal}${tail}.`;
        expect(readText(pricing, text)["tax exempt"]).toBeUndefined();
      }),
    );
  });

  it("is denied when nothing is being renewed", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LAPSES), (lapse) => {
        const text = `Deal notes\n50 seats at $40 per seat per year, 3 year term.\nTax: their exemption certificate ${lapse}.`;
        expect(readText(pricing, text)["tax exempt"]?.value).toBe(false);
      }),
    );
  });
});

const day = (d: number) => `2026-05-${String(d).padStart(2, "0")}`;

describe("a change log of name/value records", () => {
  it("gives a field set more than once its latest value by time, in any order listed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("field", "attribute", "name"),
        fc.constantFrom("at", "ts", "updated_at"),
        fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8], { minLength: 2, maxLength: 5 }),
        (name, at, days) => {
          // the entry written at hour h sets the loss date to day h
          const changes = days.map((h) => ({
            [at]: `2026-05-20T${String(h + 9).padStart(2, "0")}:00:00Z`,
            [name]: "loss_date",
            value: day(h),
          }));
          const state = { claim: { ref: "X-1", reported_on: "2026-05-20", changes } };
          expect(readJson(claims, state, "2026-05-30")["incident date"]?.value).toBe(day(Math.max(...days)));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("gives the last listed value when its entries say no time", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 19 }), { minLength: 2, maxLength: 5 }), (days) => {
        const changes = days.map((d) => ({ field: "loss_date", value: day(d) }));
        const state = { claim: { ref: "X-1", reported_on: "2026-05-20", changes } };
        expect(readJson(claims, state, "2026-05-30")["incident date"]?.value).toBe(day(days[days.length - 1]!));
      }),
      { numRuns: 60 },
    );
  });
});
