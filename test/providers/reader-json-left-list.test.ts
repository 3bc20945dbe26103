// A list of people who all left (moved out, died) kept beside the household in an export is a
// history, not the household: the list of current people is still read by its shape, and a state
// whose only list is of people who left gives no household by shape.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { compile } from "./helpers.js";

const inputs = compile({
  content: {
    name: "t",
    types: { person: { name: "string", age: "number [0..120]", income: "number >= 0" } },
    inputs: { members: { type: ["person"], desc: "Who lives with the applicant: each one's name, age and income?" } },
    decisions: { size: "count(members)" },
  },
}).ir.inputs;

const NAMES = ["Ana Ruiz", "Joel Park", "Mira Osei", "Lena Vogt", "Omar Haddad"];
const current = fc.record({ fullName: fc.constantFrom(...NAMES), ageYrs: fc.integer({ min: 0, max: 99 }), pay: fc.nat({ max: 5000 }) });
const gone = fc.record({
  fullName: fc.constantFrom(...NAMES),
  how: fc.constantFrom(
    { dateLeft: "2024-03-01" },
    { status: "deceased" },
    { in_household: "N" },
    { note: "moved out last spring" },
    { end_date: "2025-12-31" },
  ),
});
const keys = fc.constantFrom(["people", "exPeople"], ["occupants", "formerOccupants"], ["persons", "nonResidents"]);

describe("a list of people who all left", () => {
  it("does not hide the current list beside it", () => {
    fc.assert(
      fc.property(
        fc.array(current, { minLength: 1, maxLength: 4 }),
        fc.array(gone, { minLength: 1, maxLength: 3 }),
        keys,
        (now, left, [k, old]) => {
          const state = { file: "F-1", [k!]: now, [old!]: left.map((g) => ({ fullName: g.fullName, ...g.how })) };
          const read = readJson(inputs, state, "2026-06-01");
          expect(read.members?.value).toEqual(now.map((p) => ({ name: p.fullName, age: p.ageYrs, income: p.pay })));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("is no household on its own", () => {
    fc.assert(
      fc.property(fc.array(gone, { minLength: 1, maxLength: 3 }), (left) => {
        const state = { file: "F-1", nonResidents: left.map((g) => ({ fullName: g.fullName, ...g.how })) };
        expect(readJson(inputs, state, "2026-06-01").members).toBeUndefined();
      }),
    );
  });
});
