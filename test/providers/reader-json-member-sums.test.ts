// A household exported as records that each state their own share under keys of their own: one
// member's `salary_annual` beside another's `wage_weekly`, `{"m": 2800}`, or a list of income
// sources each with a period code the document's legend explains. Each share is converted to the
// input's period and added, at a confidence under 0.9; a share whose period is unsaid leaves the
// sum missing. The people are counted from the list of records with a role or relation, whatever
// their shapes, and a member who moved out is not counted; a listed debt's balance answers the
// total owed and its payment, its period unsaid, the amount paid each month, each in the unit its
// own key states (`bal_cents`).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "household size": { type: "number [1..20]", desc: "How many people live in the household, the applicant included?" },
  "household income": { type: "number >= 0", desc: "What is the combined monthly income of everyone in the household, in dollars?" },
  "total debt": { type: "number >= 0", desc: "What is the total outstanding balance of all the household's debts, in dollars?" },
  "monthly obligations": { type: "number >= 0", desc: "How many dollars does the household pay each month on all its debts together?" },
});

type Period = "week" | "month" | "year";
const PER_MONTH: Record<Period, number> = { week: 52 / 12, month: 1, year: 1 / 12 };
/** A share's key in the words of an export: its period in the key, or a one-letter key inside the field. */
const shareKey: Record<Period, fc.Arbitrary<(amount: number) => Record<string, unknown>>> = {
  week: fc.constantFrom(
    (a: number) => ({ wage_weekly: a }),
    (a: number) => ({ income: { w: a } }),
  ),
  month: fc.constantFrom(
    (a: number) => ({ income_monthly: a }),
    (a: number) => ({ earnings: { m: a } }),
    (a: number) => ({ monthlySalary: a.toLocaleString("en-US") }),
  ),
  year: fc.constantFrom(
    (a: number) => ({ salary_annual_usd: a.toLocaleString("en-US") }),
    (a: number) => ({ pension: { y: a } }),
    (a: number) => ({ income_yearly: a }),
  ),
};
const share = fc.constantFrom<Period>("week", "month", "year").chain((p) =>
  fc.tuple(
    fc.constant(p),
    fc.integer({ min: 1, max: 400 }).map((k) => k * 12),
    shareKey[p],
  ),
);
const roles = ["applicant", "spouse", "son", "daughter", "parent"];

const close = (a: number, b: number) => Math.abs(a - b) < 0.01;

describe("a household's income summed over shares stated under keys of their own", () => {
  it("converts each member's share to the month and adds them; the people are counted whatever their records' shapes", () => {
    fc.assert(
      fc.property(fc.array(share, { minLength: 2, maxLength: 4 }), fc.integer({ min: 0, max: 2 }), (shares, without) => {
        const members = [
          ...shares.map(([, amount, key], i) => ({ relationship: roles[i]!, ...key(amount) })),
          ...Array.from({ length: without }, (_, i) => ({ relationship: "child", age: 3 + i })),
        ];
        const read = readJson(inputs, { file: "HB-1", household: { members } }, "2026-03-01");
        const expected = shares.reduce((s, [p, amount]) => s + amount * PER_MONTH[p], 0);
        expect(close(read["household income"]!.value as number, expected)).toBe(true);
        expect(read["household income"]!.confidence).toBeLessThan(0.9);
        expect(read["household size"]?.value).toBe(members.length);
      }),
      { numRuns: 80 },
    );
  });

  it("reads a list of income sources by the period codes its legend explains, in the unit of the amount's key", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom<[string, Period]>(["M", "month"], ["Y", "year"], ["W", "week"]), fc.integer({ min: 1, max: 500 })),
          {
            minLength: 2,
            maxLength: 4,
          },
        ),
        (sources) => {
          const state = {
            persons: sources.map((_, i) => ({ id: `P${i + 1}`, role: roles[i] })),
            income_sources: sources.map(([[code], k], i) => ({ person: `P${i + 1}`, amount: { value_cents: k * 1200_00, freq: code } })),
            freq_legend: { M: "monthly", Y: "yearly", W: "weekly" },
          };
          const read = readJson(inputs, state, "2026-03-01");
          const expected = sources.reduce((s, [[, p], k]) => s + k * 1200 * PER_MONTH[p], 0);
          expect(close(read["household income"]!.value as number, expected)).toBe(true);
          expect(read["household size"]?.value).toBe(sources.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("leaves the sum missing when one share's period is unsaid, and does not count a member who moved out", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 90 }).map((k) => k * 100),
        fc.constantFrom("per project", "varies", "per gig"),
        (a, basis) => {
          const members = [
            { name: "Ana", rel: "self", income_monthly: a },
            { name: "Rui", rel: "partner", income: { amount: a, basis } },
            { name: "Eva", rel: "daughter", income_monthly: a, moved_out: "2026-01-31" },
          ];
          const read = readJson(inputs, { members }, "2026-03-01");
          expect(read["household income"]).toBeUndefined();
          expect(read["household size"]?.value).toBe(2);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("a household's listed debts", () => {
  it("sums the balances for the total owed and the payments, per month where unsaid, each in its key's unit", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 900_000 }), fc.integer({ min: 1, max: 90_000 })), { minLength: 2, maxLength: 4 }),
        fc.constantFrom(
          (b: number, p: number) => ({ bal_cents: b, pmt_cents: p }),
          (b: number, p: number) => ({ balanceCents: b, minPaymentCents: p }),
          (b: number, p: number) => ({ outstanding: (b / 100).toFixed(2), instalment: (p / 100).toFixed(2) }),
        ),
        (debts, shape) => {
          const state = {
            members: [{ role: "applicant" }, { role: "partner" }],
            liabilities: debts.map(([b, p]) => ({ kind: "loan", ...shape(b, p) })),
          };
          const read = readJson(inputs, state, "2026-03-01");
          expect(close(read["total debt"]!.value as number, debts.reduce((s, [b]) => s + b, 0) / 100)).toBe(true);
          expect(close(read["monthly obligations"]!.value as number, debts.reduce((s, [, p]) => s + p, 0) / 100)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("gives no monthly total when a listed debt's payment is left empty", () => {
    const state = {
      members: [{ role: "applicant" }],
      liabilities: [
        { kind: "mortgage", bal_cents: 15_000_000, pmt_cents: null },
        { kind: "card", bal_cents: 60_000, pmt_cents: 2_500 },
      ],
    };
    const read = readJson(inputs, state, "2026-03-01");
    expect(read["total debt"]?.value).toBe(150_600);
    expect(read["monthly obligations"]).toBeUndefined();
  });
});
