// A person record that gives a date of birth, not an age (`"dob": "1961-09-02"`), is read with the
// age in whole years, counted to the day the export says it stands as of (`asOf`, `extract_date`)
// when it says one; a record with neither an age nor a date of birth is no person.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { compile } from "./helpers.js";

const inputs = compile({
  content: {
    name: "t",
    types: { person: { name: "string", age: "number [0..120]", income: "number >= 0" } },
    inputs: { applicant: { type: "person", desc: "Who is applying: name, age, monthly income?" } },
    decisions: { echo: "applicant.age" },
  },
}).ir.inputs;

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const day = (from: number, to: number) =>
  fc.record({ y: fc.integer({ min: from, max: to }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) });

describe("a person record's age from a date of birth", () => {
  it("counts whole years to the export's as-of day", () => {
    fc.assert(
      fc.property(
        day(1930, 2005),
        day(2025, 2027),
        fc.constantFrom("dob", "dateOfBirth", "birth_date"),
        fc.constantFrom("asOf", "extract_date"),
        (b, on, key, asOf) => {
          const age = on.y - b.y - (on.m < b.m || (on.m === b.m && on.d < b.d) ? 1 : 0);
          const state = { [asOf]: iso(on.y, on.m, on.d), applicant: { name: "Ana Ruiz", [key]: iso(b.y, b.m, b.d), income: 1200 } };
          expect(readJson(inputs, state).applicant?.value).toEqual({ name: "Ana Ruiz", age, income: 1200 });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("counts from a date of birth written dotted, day first, or with a day over 12 ('07.05.1990', '21/11/2018')", () => {
    const two = (n: number) => String(n).padStart(2, "0");
    fc.assert(
      fc.property(day(1930, 2005), day(2025, 2027), fc.constantFrom(".", "/"), (b, on, sep) => {
        fc.pre(sep === "." || b.d > 12);
        const age = on.y - b.y - (on.m < b.m || (on.m === b.m && on.d < b.d) ? 1 : 0);
        const state = {
          asOf: iso(on.y, on.m, on.d),
          applicant: { name: "Ana Ruiz", dob: `${two(b.d)}${sep}${two(b.m)}${sep}${b.y}`, income: 1200 },
        };
        expect(readJson(inputs, state).applicant?.value).toEqual({ name: "Ana Ruiz", age, income: 1200 });
      }),
      { numRuns: 60 },
    );
  });

  it("reads no person from a record with neither an age nor a date of birth", () => {
    const state = { asOf: "2026-03-01", applicant: { name: "Ana Ruiz", joined: "1990-01-01", income: 1200 } };
    expect(readJson(inputs, state).applicant).toBeUndefined();
  });
});
