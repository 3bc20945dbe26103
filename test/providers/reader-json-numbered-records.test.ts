// People saved under numbered sibling keys (`person_1`, `member2`), in any order, with the name in
// given and family parts: the record whose role names the struct input answers it, the others in
// number order answer the list input, and each name is the parts put together.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { compile } from "./helpers.js";

const inputs = compile({
  content: {
    name: "t",
    types: { person: { name: "string", age: "number [0..120]", income: "number >= 0" } },
    inputs: {
      applicant: { type: "person", desc: "Who is applying: name, age, income?" },
      members: { type: ["person"], desc: "Who else lives in the home: name, age, income?" },
    },
    decisions: { size: "count(members) + applicant.age" },
  },
}).ir.inputs;

const GIVEN = ["Rui", "Ana", "Kofi", "Mei", "Tomas"];
const FAMILY = ["Carvalho", "Mensah", "Lindqvist", "Okafor"];
const PARTS = [
  ["first", "last"],
  ["givenName", "familyName"],
  ["first_name", "surname"],
] as const;

const person = fc.record({
  given: fc.constantFrom(...GIVEN),
  family: fc.constantFrom(...FAMILY),
  age: fc.integer({ min: 0, max: 99 }),
  income: fc.nat({ max: 6000 }),
  role: fc.constantFrom("wife", "son", "lodger", "grandmother"),
});

describe("numbered person records with names in parts", () => {
  it("give the applicant by role and the others in number order", () => {
    fc.assert(
      fc.property(
        fc.array(person, { minLength: 2, maxLength: 5 }),
        fc.nat(),
        fc.constantFrom("person_", "member", "hh-person-"),
        fc.nat({ max: 2 }),
        fc.boolean(),
        (people, pick, stem, p, reversed) => {
          const self = pick % people.length;
          const [g, f] = PARTS[p]!;
          const entries = people.map((x, i) => [
            `${stem}${i + 1}`,
            { [g]: x.given, [f]: x.family, age: x.age, income: x.income, role: i === self ? "applicant" : x.role },
          ]);
          const state = { formId: "F-9", ...Object.fromEntries(reversed ? entries.reverse() : entries) };
          const whole = (x: (typeof people)[number]) => ({ name: `${x.given} ${x.family}`, age: x.age, income: x.income });
          const read = readJson(inputs, state, "2026-06-01");
          expect(read.applicant?.value).toEqual(whole(people[self]!));
          expect(read.members?.value).toEqual(people.filter((_, i) => i !== self).map(whole));
        },
      ),
      { numRuns: 80 },
    );
  });
});
