// Totals said as parts in prose (issue 33): "we owe $18,400 on the car loan and $2,600 on cards"
// answers a total balance as the sum, even when a payments input is answered in another sentence
// by amounts of another period; "$275 on the loan + $85 on the phone, that's all" answers the
// payments, not the balances; and a part of unknown size ("and the card, no clue what's on it")
// makes the total unknown, not the sum of the parts known, in every language the readers know.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const household = modelOf("household-totals").ir.inputs;
const lending = modelOf("lending").ir.inputs;
const LABELS = ["the car loan", "the store card", "the van", "a student loan", "the sofa"];
const money = (n: number) => `$${n.toLocaleString("en-US")}`;
const parts = fc.uniqueArray(fc.integer({ min: 50, max: 30000 }), { minLength: 2, maxLength: 3 });
const joined = (amounts: number[], sep: string) => amounts.map((a, i) => `${money(a)} on ${LABELS[i]}`).join(sep);
const sum = (amounts: number[]) => amounts.reduce((s, a) => s + a, 0);

describe("a total said as its parts", () => {
  it("sums the balances owed beside payments said each month in another sentence", () => {
    fc.assert(
      fc.property(parts, parts, fc.constantFrom(" and ", ", "), (owed, paid, sep) => {
        fc.pre(owed.length === paid.length);
        const text =
          `I earn $3,900 a month.\nWe owe ${joined(owed, sep)}.\n` +
          `Each month we pay ${joined(
            paid.map((p) => Math.ceil(p / 20)),
            " and ",
          )}.`;
        const got = readText(household, text);
        expect(got["total debt"]?.value).toBe(sum(owed));
        expect(got["monthly obligations"]?.value).toBe(sum(paid.map((p) => Math.ceil(p / 20))));
      }),
      { numRuns: 50, seed: 6501 },
    );
  });

  it("gives a list of payments to the payments, not to the balances asked after it", () => {
    fc.assert(
      fc.property(parts, fc.constantFrom("no clue", "not sure", "don't know"), (paid, unsure) => {
        const text =
          `Coach: What do you all pay on debts each month?\nMe: ${joined(paid, " + ")}, that's all of it\n` +
          `Coach: Total balance owed?\nMe: ${unsure}, I'd have to ask the lender`;
        const got = readText(household, text);
        expect(got["monthly obligations"]?.value).toBe(sum(paid));
        expect(got["total debt"]).toBeUndefined();
      }),
      { numRuns: 40, seed: 6502 },
    );
  });
});

describe("a total with a part of unknown size", () => {
  const UNKNOWN: [string, (n: number) => string][] = [
    ["en", (n) => `Debts: I pay ${money(n)} a month on the car loan, and the store card, no clue what is on it.`],
    ["en", (n) => `For debts I've got a car payment of ${money(n)} a month, and then a credit card, but the minimum on that I'm not sure.`],
    ["de", (n) => `Schulden: Autokredit ${n} Dollar monatlich und die Kreditkarte, keine Ahnung wie viel.`],
    ["nl", (n) => `Schulden: autolening ${n} dollar per maand en de creditcard, geen idee hoeveel.`],
    ["sv", (n) => `Skulder: billån ${n} dollar i månaden och kreditkortet, vet inte hur mycket.`],
  ];
  it("is not read, and its known part goes to no other input", () => {
    for (const [language, say] of UNKNOWN) {
      const got = readText(lending, `${say(340)}\nI ask to borrow $12,000.`);
      expect(got["monthly debt"], language).toBeUndefined();
      expect(
        Object.values(got).map((v) => v.value),
        language,
      ).not.toContain(340);
    }
  });

  it("leaves a known total alone when what is not known is another input's", () => {
    const got = readText(lending, "Debts: I pay $340 a month on the car loan, and I am not sure about my credit score.");
    expect(got["monthly debt"]?.value).toBe(340);
  });

  it("one person's income of a household's several, said apart, is never read as the household's surely", () => {
    const periods = [
      ["a month", 1],
      ["a year", 12],
      ["a week", 12 / 52],
    ] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 800, max: 9000 }),
        fc.integer({ min: 5000, max: 90000 }),
        fc.constantFrom(...periods),
        (mine, theirs, [period]) => {
          fc.pre(mine !== theirs);
          const text =
            `We are a family of three: me, my husband and our son.\n\nI work as a cashier and earn ${money(mine)} a month. ` +
            `My husband drives a van; his salary is ${money(theirs)} ${period}.\n\nWe have no debts.`;
          const read = readText(household, text, "2026-06-01")["household income"];
          if (read && read.value === mine) expect(read.confidence).toBeLessThan(0.8);
          if (read) expect(read.confidence).toBeLessThanOrEqual(0.9);
        },
      ),
      { numRuns: 40 },
    );
  });
});
