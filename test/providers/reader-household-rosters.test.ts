// A household's size from its people listed in a text: under a heading that names them
// ("Occupants", "Members:", "Who lives here:"), one a line, bulleted or numbered, not counting one
// who moved out or has not moved in yet; from a roster's label and its count ("Members: 2 (Ada,
// Ben)"), not a count of some of them ("Members: 2 adults"); and never from a table of debts, whose
// rows are no members.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const household = modelOf("household-totals").ir.inputs;

const first = fc.constantFrom("Ada", "Tomas", "Lina", "Kwame", "Ines", "Marek", "Yuki", "Odile", "Ravi", "Greta", "Pavel", "Noor");
const surname = fc.constantFrom("Obi", "Berg", "Novak", "Mensah", "Duarte", "Sato", "Lindqvist", "Haddad");
const heading = fc.constantFrom(
  "OCCUPANTS",
  "Members:",
  "Household members",
  "Who lives here:",
  "People in the household:",
  "## Residents",
);
const marker = fc.constantFrom(
  (i: number) => `${i + 1}. `,
  (i: number) => `${i + 1})  `,
  () => "- ",
  () => "* ",
  () => "• ",
);
const present = fc.constantFrom("", " (applicant)", " - works part time", ", my wife", " (12)");
const away = fc.constantFrom(
  " -- moved out in May (college)",
  " (moved out last year)",
  " - moving in next month",
  ", not here yet",
  " - passed away in 2024",
);
/** A tab-separated table of debts, its rows as many as `n`. */
const debtTable = (n: number): string =>
  ["Debt\tBalance\tMonthly payment", ...Array.from({ length: n }, (_, i) => `Loan ${i + 1}\t${1000 * (i + 1)}\t${40 + i}`)].join("\n");

describe("a household's people listed under a heading", () => {
  it("count, but for those who left or have not moved in", () => {
    fc.assert(
      fc.property(
        heading,
        marker,
        fc.array(fc.tuple(first, fc.boolean(), present, away), { minLength: 2, maxLength: 7 }),
        surname,
        fc.integer({ min: 2, max: 6 }),
        (head, mark, people, family, debts) => {
          const here = people.filter(([, gone]) => !gone).length;
          fc.pre(here >= 1 && people.length >= 2);
          const lines = people.map(([name, gone, note, left], i) => `${mark(i)}${name} ${family}${gone ? left : note}`);
          const text = ["Budget review, April", "", head, ...lines, "", "Income: to follow", "", debtTable(debts)].join("\n");
          expect(readText(household, text, "2026-04-02")["household size"]?.value).toBe(here);
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("a roster's label and its count", () => {
  it("is the household's size, unless the count is of some of them", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Members", "Occupants", "Residents"),
        fc.constantFrom(":", "\t", " -", ":\t"),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom("", " (see below)", " people"),
        fc.constantFrom(" adults", " children", " kids", " earners"),
        (label, sep, n, tail, some) => {
          const whole = readText(household, `Household sheet\n${label}${sep} ${n}${tail}\nRent: $900 a month`)["household size"];
          expect(whole?.value).toBe(n);
          const part = readText(household, `Household sheet\n${label}${sep} ${n}${some}\nRent: $900 a month`)["household size"];
          expect(part?.value).not.toBe(n);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("a table of debts", () => {
  it("has rows that are no household's members", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), (n) => {
        expect(readText(household, `Our debts:\n${debtTable(n)}\nTOTAL\t-\t-`)["household size"]).toBeUndefined();
      }),
      { numRuns: 20 },
    );
  });
});
