// A payment or banking API writes money in minor units under a key that says so
// (`requestedAmountCents`, `fee_pence`, `total_minor`): 2750000 is 27,500. An amount named by a
// word before "amount" (`grossAmount`) with its period beside it is counted in that period.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { sample } from "./helpers.js";

const lending = sample("lending").ir.inputs;
const REF = "2026-10-01";

describe("amounts in minor units", () => {
  it("reads a whole amount from a key in cents", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 90000 }),
        fc.constantFrom("requestedAmountCents", "loan_amount_cents", "requested_amt_minor", "loanAmountPence"),
        (whole, key) => {
          const state = { application: { [key]: whole * 100, creditScore: 700 } };
          const got = readJson(lending, state, REF)["loan amount"];
          expect(got?.value, key).toBe(whole);
          expect(got!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 40 },
    );
  });
  it("leaves a key whose first word only is a unit word as it is", () => {
    expect(readJson(lending, { application: { loan_amount: 27500, cents: 12 } }, REF)["loan amount"]?.value).toBe(27500);
  });
});

describe("amounts whose unit the document's legend gives their key", () => {
  const LEGENDS = ["_legend", "field_notes", "data_dictionary", "meta"];
  it("reads the key's figures in whole units, below 0.9", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 90 }),
        fc.constantFrom(...LEGENDS),
        fc.constantFrom<[string, number]>(["loan amount in cents (USD)", 100], ["requested, USD thousands", 0.001]),
        (thousands, legend, [said, per]) => {
          const whole = thousands * 1000;
          const state = { application: { amt_c: whole * per, fico: 700 }, [legend]: { amt_c: said } };
          const got = readJson(lending, state, REF)["loan amount"];
          expect(got?.value, `${legend}: ${said}`).toBe(whole);
          expect(got!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 40 },
    );
  });
  it("leaves a figure alone when the legend names no unit for its key, or the key is not under a legend", () => {
    const plain = { application: { amt_c: 27500, fico: 700 } };
    expect(readJson(lending, { ...plain, _legend: { amt_c: "amount requested, whole dollars" } }, REF)["loan amount"]?.value).toBe(27500);
    expect(readJson(lending, { ...plain, remarks: { amt_c: "loan amount in cents (USD)" } }, REF)["loan amount"]?.value).toBe(27500);
  });
});

describe("an amount named by a word before 'amount', with its period beside it", () => {
  it("is counted in the input's period", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 12000 }),
        fc.constantFrom("grossAmount", "net_amount", "paidAmount"),
        fc.constantFrom("MONTHLY", "monthly", "per month"),
        (monthly, key, period) => {
          const incomes = [{ period, [key]: monthly, currency: "USD" }];
          const state = {
            data: { application: { requestedAmount: 9000, applicant: { employment: { kind: "PERMANENT" }, incomes, creditScore: 700 } } },
          };
          expect(readJson(lending, state, REF)["annual income"]?.value, `${key} ${period}`).toBe(monthly * 12);
        },
      ),
      { numRuns: 40 },
    );
  });
});
