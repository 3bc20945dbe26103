// A table pasted into a text whose rows each say their own period in a column of their own
// ("Period": "per year", "per month", "weekly"; "per metus", "per mėnesį"): a column's sum converts
// each row's figure from the period its row says to the input's (text-column-sums.ts), where it
// summed the figures as they stood. A row that says no period ("—") is summed as it stands, less
// sure.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "household income": { type: "number >= 0", desc: "What is the combined monthly income of everyone in the household, in dollars?" },
});

/** A period as a table's cell says it, in English and in Lithuanian, and how many of it make a month. */
const PERIODS = [
  { said: ["per year", "yearly", "annual", "per metus"], perMonth: 1 / 12 },
  { said: ["per month", "monthly", "per mėnesį"], perMonth: 1 },
  { said: ["weekly", "per week"], perMonth: 52 / 12 },
] as const;
const NAMES = ["Ana Ruiz", "Bo Lindqvist", "Chidi Okafor", "Dana Weiss", "Emre Kaya", "Farah Nasser"];

const row = fc.record({
  name: fc.constantFrom(...NAMES),
  period: fc.constantFrom(...PERIODS),
  pick: fc.nat(),
  amount: fc.integer({ min: 1, max: 80 }).map((k) => k * 600),
});

describe("a table's column of periods", () => {
  it("converts each row's income from the period its row says", () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 2, maxLength: 4 }), fc.constantFrom("\t", " | "), (rows, sep) => {
        // at least two periods differ: a sum of the figures as they stand is then no answer
        fc.pre(new Set(rows.map((r) => r.period.perMonth)).size >= 2);
        const lines = rows.map((r) => [r.name, "member", String(r.amount), r.period.said[r.pick % r.period.said.length]].join(sep));
        const text = `Household figures, all amounts in US dollars.\n\n${["Name", "Relation", "Income", "Period"].join(sep)}\n${lines.join("\n")}\n`;
        const expected = rows.reduce((s, r) => s + r.amount * r.period.perMonth, 0);
        const read = readText(inputs, text);
        expect(read["household income"]?.value).toBeCloseTo(expected, 0);
      }),
      { numRuns: 60 },
    );
  });

  it("reads a period cell beside an amount column only where every filled row of it says a period and nothing else", () => {
    // a note column that once says "monthly" among other words is no column of periods
    const text = [
      "Debts of the household:",
      "Creditor\tBalance\tNote",
      "Car loan\t12,000\tmonthly payment plan",
      "Card\t3,000\tpaid in full each month",
      "",
    ].join("\n");
    const debt = inputsOf({
      "total debt": { type: "number >= 0", desc: "What is the total outstanding balance of all the household's debts, in dollars?" },
    });
    expect(readText(debt, text)["total debt"]?.value).toBe(15000);
  });
});
