// The evaluation scores by the spec (2.3): a `string` input, or a struct or list with a string field
// at any depth, is never read from a text state, so a label giving it a value there is scored as
// expected-missing: the reader's value is wrong, no answer is right. JSON states are unaffected.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bySpecCount, evaluateFixtures, loadFixtures, scoreValue } from "../../scripts/eval-reader.js";
import { inputsOf } from "./helpers.js";

const [members, tag, rent] = inputsOf({
  members: { type: [{ name: "string", age: "number [0..120]" }], desc: "Who else lives in the household: name and age?" },
  tag: { type: "string", desc: "Which tag does the file carry?" },
  "monthly rent": { type: "number >= 0", desc: "How many dollars is the rent each month?" },
});

const person = fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }), age: fc.integer({ min: 0, max: 99 }) });

describe("labels the spec forbids the reader to give from text", () => {
  it("scores a value for a string-holding input from text as wrong, and no answer as right", () => {
    fc.assert(
      fc.property(fc.array(person, { minLength: 1, maxLength: 4 }), fc.string({ minLength: 1 }), (people, word) => {
        for (const [input, label] of [
          [members!, people],
          [tag!, word],
        ] as const) {
          const given = scoreValue(input, true, label, label);
          expect(given).toMatchObject({ ok: false, answered: true, bySpec: true, expected: null, label });
          expect(scoreValue(input, true, label, undefined)).toMatchObject({ ok: true, answered: false, bySpec: true });
        }
      }),
    );
  });

  it("leaves JSON states, other inputs and null labels as they were", () => {
    fc.assert(
      fc.property(fc.array(person, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 5000 }), (people, amount) => {
        expect(scoreValue(members!, false, people, people)).toMatchObject({ ok: true, bySpec: false });
        expect(scoreValue(members!, false, people, undefined)).toMatchObject({ ok: false, bySpec: false });
        expect(scoreValue(rent!, true, amount, amount)).toMatchObject({ ok: true, bySpec: false });
        expect(scoreValue(rent!, true, amount, undefined)).toMatchObject({ ok: false, bySpec: false });
        expect(scoreValue(members!, true, null, undefined)).toMatchObject({ ok: true, bySpec: false });
      }),
    );
  });

  it("counts the labels it rescores, and the case's other values as before", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spec-strings-"));
    try {
      const write = (file: string, body: object) => writeFileSync(join(dir, file), JSON.stringify(body));
      write("dev-eligibility-a.json", {
        sample: "eligibility",
        state: "Ana (34) applies; she lives with her son Leo, who is 9. Rent is $900 a month.",
        expected: { applicant: { name: "Ana", age: 34 }, members: [{ name: "Leo", age: 9 }], "monthly rent": 900 },
      });
      write("dev-eligibility-b.json", {
        sample: "eligibility",
        split: "not-registered",
        state: "Rent is $900 a month.",
        expected: { "monthly rent": 900 },
      });
      const fixtures = loadFixtures(dir);
      expect(fixtures.map((f) => f.file)).toEqual(["dev-eligibility-a.json"]);
      const checks = await evaluateFixtures(fixtures);
      const by = Object.fromEntries(checks.map((c) => [c.input, c]));
      expect(by["applicant"]).toMatchObject({ ok: true, bySpec: true, answered: false });
      expect(by["members"]).toMatchObject({ ok: true, bySpec: true, answered: false });
      expect(by["monthly rent"]).toMatchObject({ ok: true, bySpec: false, got: 900 });
      expect(bySpecCount(checks)).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
