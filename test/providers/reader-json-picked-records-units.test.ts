// An API envelope or a sheet listing several records of which a key outside the list picks one
// (`"selected": "C-102"`, `"requested_claim": …`, `"dossier_actif": …`) is read as that record; an
// amount's unit named beside it (`{"value": 125050, "unit": "cents"}`) or by a note of the
// document (`"amounts_unit": "USD thousands"`) is read in whole units, and a note never scales a
// figure that is no amount (a credit score) (issue 33, the thirteenth blind split's kinds).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withPickedRecords } from "../../src/providers/readers/json-picked-records.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { documentUnit, unitBeside } from "../../src/providers/readers/json-units.js";
import { sample } from "./helpers.js";

const kyc = sample("kyc-risk").ir.inputs;
const lending = sample("lending").ir.inputs;
const claims = sample("claims-triage").ir.inputs;

const PICKING_KEYS = ["selected", "requested_customer", "activeId", "current_record", "dossier_actif", "ausgewählt", "focus"];
const ID_KEYS = ["id", "customer_id", "ref", "dossier", "number"];
const RISKS = ["low", "medium", "high"] as const;

describe("a list of records a key outside it picks one of", () => {
  it("is read as the record picked, wherever it stands in the list", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PICKING_KEYS),
        fc.constantFrom(...ID_KEYS),
        fc.array(fc.constantFrom(...RISKS), { minLength: 2, maxLength: 5 }),
        fc.nat(),
        (pick, idKey, risks, at) => {
          const chosen = at % risks.length;
          const records = risks.map((r, i) => ({ [idKey]: `C-${100 + i}`, country_risk: r, monthly_volume: 1000 * (i + 1) }));
          const state = { [pick]: `C-${100 + chosen}`, data: { customers: records } };
          const read = readJson(kyc, state, "2026-07-14");
          expect(read["country risk"]?.value).toBe(risks[chosen]);
          expect(read["monthly volume"]?.value).toBe(1000 * (chosen + 1));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("is left a list when the key picks none or more than one of its records, or says no choice", () => {
    const list = [
      { id: "C-1", tag: "x-9" },
      { id: "C-2", tag: "x-9" },
    ];
    expect(withPickedRecords({ selected: "C-7", rows: list })).toEqual({ selected: "C-7", rows: list });
    expect(withPickedRecords({ selected: "x-9", rows: list })).toEqual({ selected: "x-9", rows: list });
    expect(withPickedRecords({ owner: "C-1", rows: list })).toEqual({ owner: "C-1", rows: list });
    expect(withPickedRecords({ selected: "C-2", rows: list })).toEqual({ selected: "C-2", rows: list[1] });
  });

  it("picks a sheet's row, its columns and rows of cells read as records first", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PICKING_KEYS),
        fc.array(fc.constantFrom(...RISKS), { minLength: 2, maxLength: 5 }),
        fc.nat(),
        (pick, risks, at) => {
          const chosen = at % risks.length;
          const rows = risks.map((r, i) => [`C-${100 + i}`, r, String(1000 * (i + 1))]);
          const state = { [pick]: `C-${100 + chosen}`, columns: ["Customer ID", "Country risk", "Monthly volume"], rows };
          const read = readJson(kyc, state, "2026-07-14");
          expect(read["country risk"]?.value).toBe(risks[chosen]);
          expect(read["monthly volume"]?.value).toBe(1000 * (chosen + 1));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("a unit of amounts named beside them or by a note", () => {
  it("reads a wrapped amount in cents or thousands in whole units", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 900000 }),
        fc.constantFrom(["cents", 0.01], ["minor", 0.01], ["thousands", 1000]),
        (n, [unit, worth]) => {
          expect(unitBeside({ value: String(n), unit, currency: "USD" })?.unit).toBe(worth);
          const read = readJson(claims, { claim: { type: "glass", loss_date: "2026-02-11", claimed: { value: n, unit } } }, "2026-03-01");
          const want = Math.round(n * (worth as number) * 100) / 100;
          if (want <= 1e7) expect(read["claim amount"]?.value).toBeCloseTo(want, 2);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reads a document's figures in the unit its note names, amounts only, below 0.85", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(["amounts_unit", "USD thousands"], ["unite_montants", "milliers de USD (kUSD)"], ["figures_in", "kUSD"]),
        fc.integer({ min: 20, max: 200 }),
        fc.integer({ min: 300, max: 850 }),
        ([key, note], k, score) => {
          expect(documentUnit({ [key!]: note })).toBe(1000);
          const read = readJson(lending, { [key!]: note, row: { credit_score: score, annual_income: k, loan_amount: 12 } }, "2026-06-01");
          expect(read["annual income"]?.value).toBe(k * 1000);
          expect(read["annual income"]!.confidence).toBeLessThanOrEqual(0.85);
          expect(read["credit score"]?.value).toBe(score);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("takes no unit from a note of another thing, nor from notes that disagree", () => {
    expect(documentUnit({ term_unit: "months", amounts_unit: "thousands" })).toBe(1000);
    expect(documentUnit({ weight_unit: "k" })).toBeUndefined();
    expect(documentUnit({ amounts_unit: "thousands", fees: { amounts_unit: "cents" } })).toBeUndefined();
  });
});

const eligibility = sample("eligibility").ir.inputs;

describe("a roster's reference person glossed in brackets, incomes in cents by their key", () => {
  it("reads the glossed role as the applicant and each income in whole units", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("self (applicant)", "Head (main applicant)", "Self (HoH)", "householder (applicant)"),
        fc.constantFrom("income_monthly_cents", "Income_month_cents", "monthly_income_pence"),
        fc.integer({ min: 0, max: 900000 }),
        fc.integer({ min: 0, max: 90000 }),
        (role, key, own, other) => {
          const state = {
            people: [
              { name: "A B", relation: "spouse", age: 50, [key]: other, disabled: "no" },
              { name: "C D", relation: role, age: 48, [key]: own, disabled: "no" },
            ],
          };
          const read = readJson(eligibility, state, "2026-06-01");
          expect((read.applicant?.value as { income: number }).income).toBeCloseTo(own / 100, 2);
          expect((read.members?.value as { income: number }[]).map((m) => m.income)).toEqual([other / 100]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
