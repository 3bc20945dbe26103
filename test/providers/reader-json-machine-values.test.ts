// Values a machine writes in its own encoding, read as what they stand for: a Protocol Buffers enum
// value led by its enum's name (`EMPLOYMENT_STATUS_RETIRED`) as the words after it, its zero value
// (`…_UNSPECIFIED`) as nothing said; money as `{units, nanos}`; a figure with its scale in a key
// beside it (`{"value": 1.5, "scale": "million"}`, `"multiplier": 1000`); an ISO 8601 duration
// (`P3Y`, `P36M`) for a count of years, only when it comes out whole.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { withProtobufValues } from "../../src/providers/readers/json-protobuf.js";
import { modelOf } from "../../scripts/eval-reader.js";

const lending = modelOf("lending").ir.inputs;
const kyc = modelOf("kyc-risk").ir.inputs;
const pricing = modelOf("pricing").ir.inputs;
const REF = "2026-06-01";

describe("Protocol Buffers values", () => {
  const employment = fc.constantFrom(
    ["RETIRED", "retired"],
    ["UNEMPLOYED", "unemployed"],
    ["SELF_EMPLOYED", "contractor"],
    ["CONTRACTOR", "contractor"],
  );
  const enumName = fc.constantFrom("EMPLOYMENT_STATUS", "EMPLOYMENT_TYPE", "WORK_STATUS", "EMPLOYMENT_KIND");
  const key = fc.constantFrom("employmentStatus", "employment_status", "employment", "employmentType");

  it("reads an enum value as the words after its enum's name, and its zero value as nothing said", () => {
    fc.assert(
      fc.property(employment, enumName, key, fc.integer({ min: 300, max: 850 }), ([value, option], name, k, score) => {
        const got = readJson(lending, { applicant: { [k]: `${name}_${value}`, creditScore: score } }, REF);
        expect(got["employment"]?.value).toBe(option);
        const unset = readJson(lending, { applicant: { [k]: `${name}_UNSPECIFIED`, creditScore: score } }, REF);
        expect(unset["employment"]).toBeUndefined();
        expect(unset["credit score"]?.value).toBe(score);
      }),
    );
  });

  it("reads money as units and nanos, to the billionth", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 900_000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom("USD", "EUR", undefined),
        fc.boolean(),
        (units, cents, currency, asString) => {
          const money = {
            ...(currency ? { currencyCode: currency } : {}),
            units: asString ? `${units}` : units,
            nanos: cents * 10_000_000,
          };
          const got = readJson(
            lending,
            { application: { grossAnnualIncome: money, requestedAmount: { currencyCode: "USD", units: "5000" } } },
            REF,
          );
          expect(got["annual income"]?.value).toBeCloseTo(units + cents / 100, 6);
          expect(got["loan amount"]?.value).toBe(5000);
        },
      ),
    );
  });

  it("returns a document with nothing of its kind as it is, and leaves words that only look like an enum", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const words = JSON.stringify(v);
        if (!/[A-Z]+_[A-Z]+_|units|nanos/.test(words)) expect(withProtobufValues(v)).toBe(v);
      }),
    );
    // no name of an enum before it: the value is kept ("SELF_EMPLOYED_SOLE_TRADER" is one value)
    expect(withProtobufValues({ job: "SELF_EMPLOYED_SOLE_TRADER" })).toEqual({ job: "SELF_EMPLOYED_SOLE_TRADER" });
    // a unit of time is no money
    expect(withProtobufValues({ term: { value: 36, units: "months" } })).toEqual({ term: { value: 36, units: "months" } });
  });
});

describe("a figure with its scale beside it", () => {
  const scale = fc.constantFrom<[unknown, number]>(
    ["thousand", 1e3],
    ["THOUSANDS", 1e3],
    ["K", 1e3],
    [1000, 1e3],
    ["x1000", 1e3],
    ["million", 1e6],
    ["MM", 1e6],
    [1_000_000, 1e6],
    ["bn", 1e9],
  );
  it("counts the figure in that scale, as a key's own unit word would", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        scale,
        fc.constantFrom("scale", "multiplier", "unit", "magnitude"),
        fc.boolean(),
        (tenths, [word, worth], key, asString) => {
          const figure = tenths / 10;
          const state = {
            customer: { type: "BUSINESS" },
            expectedMonthlyVolume: { value: asString ? `${figure}` : figure, [key]: word, currency: "USD" },
          };
          const got = readJson(kyc, state, REF)["monthly volume"];
          expect(got?.value).toBeCloseTo(figure * worth, 3);
          expect(got!.confidence).toBeLessThanOrEqual(0.9);
        },
      ),
    );
  });
  it("leaves a figure whose unit beside it is no scale as it is", () => {
    const got = readJson(kyc, { expectedMonthlyVolume: { value: 4200, unit: "USD" } }, REF)["monthly volume"];
    expect(got?.value).toBe(4200);
  });
});

describe("an ISO 8601 duration for a count of years", () => {
  it("is read when it comes out whole, and not otherwise", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 11 }),
        fc.constantFrom("term", "contract_term", "duration"),
        (years, extra, key) => {
          const base = { seats: 40, list_price_per_seat_year: 30 };
          expect(readJson(pricing, { quote: { ...base, [key]: `P${years}Y` } }, REF)["contract years"]?.value).toBe(years);
          expect(readJson(pricing, { quote: { ...base, [key]: `P${years * 12}M` } }, REF)["contract years"]?.value).toBe(years);
          expect(readJson(pricing, { quote: { ...base, [key]: `P${years * 12 + extra}M` } }, REF)["contract years"]).toBeUndefined();
          expect(readJson(pricing, { quote: { ...base, [key]: `P${years}Y${extra}M` } }, REF)["contract years"]).toBeUndefined();
        },
      ),
    );
  });
});
