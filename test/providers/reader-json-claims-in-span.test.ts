// A count asked over a span of the past ("How many insurance claims … in the last five years?")
// from a list of dated claims counts only those dated inside the span before the reading's day,
// and none at all when a claim's place against the span is not certain; an age asked of one person
// whose export gives only a date of birth (`driver.dob`) is the whole years to that day.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { countInSpan, monthsBefore } from "../../src/providers/readers/json-windowed-counts.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "prior claims": { type: "number >= 0", desc: "How many insurance claims has the driver made in the last five years?" },
  "driver age": { type: "number [16..100]", desc: "How old is the main driver, in years?" },
});

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const day = (from: number, to: number) =>
  fc.record({ y: fc.integer({ min: from, max: to }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) });
const isoOf = (x: { y: number; m: number; d: number }) => iso(x.y, x.m, x.d);

describe("claims counted inside the span the question asks about", () => {
  it("counts the claims dated after the day five years before the reference, none after it", () => {
    fc.assert(
      fc.property(
        day(2025, 2027),
        fc.array(day(2015, 2024), { minLength: 1, maxLength: 6 }),
        fc.constantFrom("claims", "claimsHistory", "claim_list"),
        fc.constantFrom("date", "claimDate", "loss_date"),
        (on, claims, listKey, dateKey) => {
          const reference = isoOf(on);
          const start = iso(on.y - 5, on.m, on.d);
          const dates = claims.map(isoOf);
          fc.pre(!dates.includes(start));
          const state = {
            driver: { licence: "B" },
            [listKey]: dates.map((d, i) => ({ [dateKey]: d, kind: ["glass", "theft", "collision", "fire", "flood", "hail"][i] })),
            vehicle_value: 9000,
          };
          const expected = dates.filter((d) => d > start).length;
          expect(readJson(inputs, state, reference)["prior claims"]?.value).toBe(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("gives no count when a claim is dated only by a year the span's first day falls in", () => {
    fc.assert(
      fc.property(day(2025, 2027), fc.integer({ min: 0, max: 3 }), (on, before) => {
        const edge = on.y - 5;
        const state = {
          claims: [{ year: edge, kind: "glass" }, ...Array.from({ length: before }, () => ({ year: edge - 2, kind: "theft" }))],
        };
        expect(readJson(inputs, state, isoOf(on))["prior claims"]).toBeUndefined();
      }),
      { numRuns: 30 },
    );
  });

  it("reads the span in digits or words, in years or months", () => {
    const records = [{ date: "2025-01-10" }, { date: "2023-06-01" }, { date: "2020-01-01" }];
    expect(countInSpan("claims in the past 3 years", records, "2026-03-01")).toBe(2);
    expect(countInSpan("claims over the previous twelve months", records, "2026-03-01")).toBe(0);
    expect(countInSpan("claims within the last 18 months", records, "2026-03-01")).toBe(1);
    expect(countInSpan("How many claims?", records, "2026-03-01")).toBeUndefined();
    expect(monthsBefore("2024-02-29", 12)).toBe("2023-02-28");
  });

  it("prefers the dated claims to a count of all time beside them", () => {
    const state = {
      claims_history: [{ date: "2018-04-02" }, { date: "2024-09-09" }],
      claims_count_total: 2,
    };
    expect(readJson(inputs, state, "2026-03-01")["prior claims"]?.value).toBe(1);
  });
});

describe("an age from a date of birth in the asked person's branch", () => {
  it("counts whole years to the reference from a date that reads one way", () => {
    fc.assert(
      fc.property(day(1940, 2005), day(2025, 2027), fc.constantFrom("dob", "dateOfBirth", "birth_date"), (b, on, key) => {
        const age = on.y - b.y - (on.m < b.m || (on.m === b.m && on.d < b.d) ? 1 : 0);
        const state = { driver: { [key]: isoOf(b), licenceSince: "2010-01-01" }, vehicle: { value: 12000 } };
        expect(readJson(inputs, state, isoOf(on))["driver age"]?.value).toBe(age);
      }),
      { numRuns: 60 },
    );
  });

  it("reads no age from a date of birth that reads two ways, nor from two people's", () => {
    expect(readJson(inputs, { driver: { dob: "04/05/1990" } }, "2026-03-01")["driver age"]).toBeUndefined();
    const two = { driver: { dob: "1980-01-02" }, driver_partner: { dob: "1983-05-06" } };
    expect(readJson(inputs, two, "2026-03-01")["driver age"]?.value).not.toBe(44);
  });
});

describe("the main driver's record and claims among others'", () => {
  const main = fc.constantFrom("MAIN", "primary", "Policyholder");
  const other = fc.constantFrom("NAMED", "occasional", "spouse");
  it("takes the main driver's age and counts only the main driver's claims", () => {
    fc.assert(
      fc.property(
        main,
        other,
        fc.integer({ min: 18, max: 90 }),
        fc.integer({ min: 18, max: 90 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (m, o, age, otherAge, mine, theirs) => {
          const claims = [
            ...Array.from({ length: mine }, (_, i) => ({ drv_role: m, dt: `2024-0${i + 1}-15` })),
            ...Array.from({ length: theirs }, (_, i) => ({ drv_role: o, dt: `2025-0${i + 1}-15` })),
          ];
          const state = {
            drivers: [
              { role: o, age: otherAge },
              { role: m, age },
            ],
            claims,
          };
          const read = readJson(inputs, state, "2026-03-01");
          expect(read["driver age"]?.value).toBe(age);
          expect(read["prior claims"]?.value ?? 0).toBe(mine);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reads no age and no count where a role is unclear", () => {
    const state = {
      drivers: [
        { role: "?", age: 30 },
        { role: "MAIN", age: 50 },
      ],
      claims: [{ driver: "other one", date: "2025-01-01" }],
    };
    const read = readJson(inputs, state, "2026-03-01");
    expect(read["driver age"]?.value).not.toBe(30);
    expect(read["prior claims"]).toBeUndefined();
  });
});
