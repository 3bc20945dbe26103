// A household's figure stated item by item: members' incomes in prose, each in a period of its own
// and in a sentence of its own, summed into the combined monthly income; and tables pasted into a
// text (markdown pipes, tabs, columns aligned by spaces) listing debts or members one a row, whose
// column is summed for the input its header names — a total row ("**Total**", "Summe", "Celkem",
// "Razem") is the sum stated, not one more item, and a row closed, paid off or of a member who moved
// out counts in no total.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "household size": { type: "number [1..20]", desc: "How many people live in the household, the applicant included?" },
  "household income": { type: "number >= 0", desc: "What is the combined monthly income of everyone in the household, in dollars?" },
  "total debt": { type: "number >= 0", desc: "What is the total outstanding balance of all the household's debts, in dollars?" },
  "monthly obligations": { type: "number >= 0", desc: "How many dollars does the household pay each month on all its debts together?" },
});
const money = (n: number): string => `$${n.toLocaleString("en-US")}`;

/** A period as prose says it, and how many of it make a month. */
const PERIODS = [
  { said: "a week", perMonth: 52 / 12 },
  { said: "a month", perMonth: 1 },
  { said: "a year", perMonth: 1 / 12 },
] as const;
/** Who a member is, and how the prose says what they get. */
const MEMBERS = [
  "My husband earns",
  "My wife earns",
  "My partner earns",
  "My mother gets a pension of",
  "My father gets a pension of",
  "Our son earns",
  "My sister earns",
];

const member = fc.record({
  who: fc.constantFrom(...MEMBERS),
  period: fc.constantFrom(...PERIODS),
  amount: fc.integer({ min: 3, max: 60 }).map((k) => k * 100),
});

describe("a household's income stated member by member in prose", () => {
  it("sums every member's income in the input's period, leaving out one who moved out", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PERIODS),
        fc.integer({ min: 10, max: 45 }).map((k) => k * 100),
        fc.uniqueArray(member, { minLength: 1, maxLength: 3, selector: (m) => m.who }),
        fc.option(fc.integer({ min: 10, max: 40 }).map((k) => k * 100)),
        (ownPeriod, own, others, leftWith) => {
          const lines = [
            `I earn ${money(own)} ${ownPeriod.said}.`,
            ...others.map((m) => `${m.who} ${money(m.amount)} ${m.period.said}.`),
            ...(leftWith === null ? [] : [`My brother moved out last spring; he earns ${money(leftWith)} a month.`]),
          ];
          const text = `Hello,\n\n${lines.join(" ")}\n\nThanks`;
          const expected = own * ownPeriod.perMonth + others.reduce((s, m) => s + m.amount * m.period.perMonth, 0);
          const got = readText(inputs, text)["household income"];
          expect(got?.value).toBeCloseTo(expected, 2);
          expect(got!.confidence).toBeLessThanOrEqual(0.9);
        },
      ),
      { numRuns: 80 },
    );
  });
});

/** A debt: its kind, balance, monthly payment, and whether it is closed (paid off, zero). */
const debt = fc.record({
  kind: fc.constantFrom("mortgage", "car loan", "credit card", "student loan", "personal loan", "store card"),
  balance: fc.integer({ min: 2, max: 900 }).map((k) => k * 50),
  payment: fc.integer({ min: 2, max: 60 }).map((k) => k * 10),
});

type Layout = "markdown" | "tabs" | "spaces";
/** The table's lines in a layout: the header, then the rows, each cut into cells. */
function table(layout: Layout, rows: string[][]): string {
  if (layout === "tabs") return rows.map((r) => r.join("\t")).join("\n");
  if (layout === "spaces") {
    const widths = rows[0]!.map((_, k) => Math.max(...rows.map((r) => r[k]!.length)) + 3);
    return rows
      .map((r) =>
        r
          .map((c, k) => c.padEnd(widths[k]!))
          .join("")
          .trimEnd(),
      )
      .join("\n");
  }
  const [head, ...body] = rows;
  return [head!, head!.map(() => "---"), ...body].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

describe("a table of debts pasted into a text", () => {
  it("sums the balance and payment columns, a total row being no item and a closed row none", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Layout>("markdown", "tabs", "spaces"),
        fc.array(debt, { minLength: 2, maxLength: 5 }),
        fc.boolean(),
        fc.option(fc.constantFrom("Total", "TOTAL", "Summe", "Celkem", "Razem")),
        (layout, debts, closedRow, totalWord) => {
          const balance = debts.reduce((s, d) => s + d.balance, 0);
          const payment = debts.reduce((s, d) => s + d.payment, 0);
          const bold = (c: string) => (layout === "markdown" ? `**${c}**` : c);
          const rows = [
            ["Debt", "Balance", "Monthly payment", "Status"],
            ...debts.map((d) => [d.kind, money(d.balance), money(d.payment), "open"]),
            ...(closedRow ? [["old card", money(0), money(0), "closed"]] : []),
            ...(totalWord === null ? [] : [[bold(totalWord), bold(money(balance)), bold(money(payment)), "-"]]),
          ];
          const text = `Our debts as of this month:\n\n${table(layout, rows)}\n\nIncome to follow.`;
          const read = readText(inputs, text);
          expect(read["total debt"]?.value).toBe(balance);
          expect(read["monthly obligations"]?.value).toBe(payment);
          expect(read["total debt"]!.confidence).toBeLessThanOrEqual(0.9);
          // the table's cells answer the inputs its columns name, no other
          expect(read["household income"]).toBeUndefined();
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe("a table of members pasted into a text", () => {
  it("sums the members' incomes in the input's period, leaving out who moved out", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Layout>("markdown", "tabs", "spaces"),
        fc.constantFrom({ header: "Monthly income", perMonth: 1 }, { header: "Annual income", perMonth: 1 / 12 }),
        fc.array(
          fc.integer({ min: 0, max: 80 }).map((k) => k * 600),
          { minLength: 2, maxLength: 4 },
        ),
        fc.option(fc.integer({ min: 1, max: 50 }).map((k) => k * 600)),
        (layout, column, incomes, movedOut) => {
          const names = ["Ana", "Ben", "Cleo", "Dev", "Eli"];
          const rows = [
            ["Name", "Relation", column.header, "Status"],
            ...incomes.map((x, k) => [names[k]!, k === 0 ? "applicant" : "family", money(x), "lives here"]),
            ...(movedOut === null ? [] : [["Finn", "son", money(movedOut), "moved out"]]),
          ];
          const text = `Household members:\n\n${table(layout, rows)}\n`;
          const got = readText(inputs, text)["household income"];
          expect(got?.value).toBeCloseTo(incomes.reduce((s, x) => s + x, 0) * column.perMonth, 2);
        },
      ),
      { numRuns: 80 },
    );
  });
});
