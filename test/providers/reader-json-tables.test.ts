// A roster exported as column names beside rows of cells (a spreadsheet or a data frame written
// out) is read as its records: the row whose role names the struct input, or marks the one the
// roster is about ("Self"), answers it, and the other rows answer the list input, whatever the
// order of the columns and the rows and wherever the table sits.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { tablesAsRecords } from "../../src/providers/readers/json-tables.js";
import { compile } from "./helpers.js";

const inputs = compile({
  content: {
    name: "t",
    types: { person: { name: "string", age: "number [0..120]", income: "number >= 0", disabled: "boolean" } },
    inputs: {
      applicant: { type: "person", desc: "Who is applying: name, age, monthly income, disability?" },
      members: { type: ["person"], desc: "Who else lives in the household: name, age, monthly income, disability?" },
    },
    decisions: { size: "count(members) + applicant.age" },
  },
}).ir.inputs;

const FIELDS = ["name", "role", "age", "income", "disabled"] as const;
const HEADINGS: Record<(typeof FIELDS)[number], string[]> = {
  name: ["Name", "full_name", "Full name"],
  role: ["Relation", "role", "Relationship"],
  age: ["Age", "age", "Age (years)"],
  income: ["Monthly income", "income", "Income per month"],
  disabled: ["Disability", "disabled", "Disabled"],
};
const FIRST = ["Ana", "Joel", "Mira", "Tobias", "Lena", "Omar", "Priya", "Sam"];
const OTHER_ROLES = ["Partner", "Child", "Son", "Daughter", "Mother", "Lodger"];

const person = fc.record({
  first: fc.constantFrom(...FIRST),
  age: fc.integer({ min: 0, max: 99 }),
  income: fc.integer({ min: 0, max: 9000 }),
  disabled: fc.boolean(),
  role: fc.constantFrom(...OTHER_ROLES),
});

const roster = fc.record({
  people: fc.array(person, { minLength: 2, maxLength: 6 }),
  self: fc.nat(),
  selfWord: fc.constantFrom("Self", "self", "Applicant"),
  order: fc.shuffledSubarray([...FIELDS], { minLength: FIELDS.length, maxLength: FIELDS.length }),
  heading: fc.nat({ max: 2 }),
  keys: fc.constantFrom(["columns", "rows"], ["header", "data"], ["cols", "records"]),
  nested: fc.boolean(),
});

describe("a columns-and-rows roster", () => {
  it("gives the applicant by its role and the household from the other rows", () => {
    fc.assert(
      fc.property(roster, (r) => {
        const self = r.self % r.people.length;
        const people = r.people.map((p, i) => ({ ...p, name: `${p.first} Ivanic${i}`, role: i === self ? r.selfWord : p.role }));
        const cell = (p: (typeof people)[number], f: (typeof FIELDS)[number]) =>
          f === "disabled" ? (p.disabled ? "Y" : "N") : f === "age" || f === "income" ? String(p[f]) : p[f];
        const table = {
          [r.keys[0]!]: r.order.map((f) => HEADINGS[f][r.heading]!),
          [r.keys[1]!]: people.map((p) => r.order.map((f) => cell(p, f))),
        };
        const state = r.nested ? { case_ref: "X-1", household: table } : { case_ref: "X-1", ...table };
        const record = (p: (typeof people)[number]) => ({ name: p.name, age: p.age, income: p.income, disabled: p.disabled });
        const read = readJson(inputs, state, "2026-06-01");
        expect(read.applicant?.value).toEqual(record(people[self]!));
        expect(read.members?.value).toEqual(people.filter((_, i) => i !== self).map(record));
        expect(read.applicant!.confidence).toBeLessThanOrEqual(0.9);
      }),
      { numRuns: 80 },
    );
  });

  it("leaves a table whose rows do not match its columns as it is", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer(), { maxLength: 4 }), { minLength: 1, maxLength: 4 }), (rows) => {
        const state = { columns: ["a", "b", "c"], rows };
        const fits = rows.every((row) => row.length === 3);
        const out = tablesAsRecords(state) as { rows: unknown[] };
        expect(out.rows).toEqual(fits ? rows.map(([a, b, c]) => ({ a, b, c })) : rows);
      }),
    );
  });
});

// Spreadsheet rows written out as lists, their first rows the header: a blank cell of the first
// header row belongs to the merged cell on its left, and a merged column's cells read as one phrase.
const WORDS = ["Applicant", "Score", "Income", "Debt", "Loan", "Contract", "Region", "Branch"];
const SUBS = ["per", "currency", "basis", "unit"];
const sheet = fc.record({
  names: fc.shuffledSubarray(WORDS, { minLength: 3, maxLength: 6 }),
  merged: fc.nat(),
  sub: fc.constantFrom(...SUBS),
  rows: fc.array(fc.tuple(fc.integer({ min: 0, max: 99999 }), fc.constantFrom("month", "year", "EUR", "net")), {
    minLength: 1,
    maxLength: 4,
  }),
});

describe("rows of cells led by header rows", () => {
  it("are records keyed by the first header row, a merged column's cells one phrase", () => {
    fc.assert(
      fc.property(sheet, (s) => {
        const m = s.merged % s.names.length;
        // the merged group spans column m and a blank-headed column after it
        const top = [...s.names.slice(0, m + 1), null, ...s.names.slice(m + 1)];
        const second = top.map((_, i) => (i === m ? "amount" : i === m + 1 ? s.sub : null));
        const data = s.rows.map(([n, w]) => top.map((_, i) => (i === m ? String(n) : i === m + 1 ? w : n + i)));
        const got = tablesAsRecords({ rows: [top, second, ...data] }) as { rows: Record<string, unknown>[] };
        expect(got.rows).toEqual(
          s.rows.map(([n, w]) =>
            Object.fromEntries(
              s.names.map((name, j) => {
                const i = j <= m ? j : j + 1;
                return [name, j === m ? `${n} ${s.sub} ${w}` : n + i];
              }),
            ),
          ),
        );
      }),
    );
  });

  it("are left as they are when the first row holds a number", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer(), { minLength: 3, maxLength: 3 }), { minLength: 2, maxLength: 4 }), (rows) => {
        expect(tablesAsRecords({ rows })).toEqual({ rows });
      }),
    );
  });
});
