// A person record's amount counted over another period than the one the input's desc gives it
// ("monthly income"): a yearly or weekly figure, named in its key (`income_per_year`) or by a
// frequency beside it that shares the key's other words (`inc_amt` with `inc_freq: "ANNUAL"`), is
// converted to the desc's period; a figure with no period stated is read as it is.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { compile } from "./helpers.js";

const inputs = compile({
  content: {
    name: "t",
    types: { person: { name: "string", age: "number [0..120]", income: "number >= 0" } },
    inputs: {
      applicant: { type: "person", desc: "Who is applying: name, age in years, monthly income?" },
      members: { type: ["person"], desc: "Who else lives there: each one's name, age and monthly income?" },
    },
    decisions: { size: "count(members) + applicant.age" },
  },
}).ir.inputs;

const PER_MONTH = { year: 1 / 12, month: 1, week: 52 / 12 } as const;
type Per = keyof typeof PER_MONTH;
const NAMED_IN_KEY: Record<Per, string[]> = {
  year: ["income_per_year", "annual_income", "yearlyIncome"],
  month: ["monthly_income", "income_per_month"],
  week: ["weekly_income", "income_per_week"],
};
const BESIDE: Record<Per, string[]> = {
  year: ["ANNUAL", "yearly", "per year"],
  month: ["MONTHLY", "per month"],
  week: ["WEEKLY", "per week"],
};

const record = fc.record({
  name: fc.constantFrom("Ana Ruiz", "Joel Park", "Mira Osei", "Lena Vogt"),
  age: fc.integer({ min: 1, max: 90 }),
  // whole months in every period, so the figure is exact
  monthly: fc.integer({ min: 0, max: 800 }).map((x) => x * 12),
  per: fc.constantFrom<Per>("year", "month", "week"),
  inKey: fc.boolean(),
  pick: fc.nat({ max: 2 }),
});

type Written = { name: string; age: number; monthly: number; per: Per; inKey: boolean; pick: number };

function written(r: Written) {
  const amount = Math.round((r.monthly / PER_MONTH[r.per]) * 100) / 100;
  const base = { name: r.name, age: r.age };
  if (r.inKey) {
    const keys = NAMED_IN_KEY[r.per];
    return { ...base, [keys[r.pick % keys.length]!]: amount };
  }
  const words = BESIDE[r.per];
  return { ...base, inc_amt: String(amount), inc_freq: words[r.pick % words.length]! };
}

const close = (a: number, b: number) => Math.abs(a - b) <= 0.01 * Math.max(1, b);

describe("a record's amount in another period than the desc's", () => {
  it("is converted to the desc's period, in the applicant and in every member", () => {
    fc.assert(
      fc.property(record, fc.array(record, { minLength: 1, maxLength: 4 }), (a, ms) => {
        const read = readJson(inputs, { case: "C-1", primary: written(a), household: ms.map(written) }, "2026-06-01");
        const applicant = read.applicant?.value as { income: number } | undefined;
        const members = read.members?.value as { income: number }[] | undefined;
        expect(applicant && close(applicant.income, a.monthly)).toBe(true);
        expect(members?.length).toBe(ms.length);
        members!.forEach((m, i) => expect(close(m.income, ms[i]!.monthly)).toBe(true));
      }),
      { numRuns: 80 },
    );
  });

  it("reads a figure with no period stated as it is", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20000 }), (x) => {
        const read = readJson(inputs, { case: "C-1", primary: { name: "Ana Ruiz", age: 40, income: x }, household: [] }, "2026-06-01");
        expect((read.applicant?.value as { income: number }).income).toBe(x);
      }),
    );
  });
});
