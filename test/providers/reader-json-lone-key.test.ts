// A record of one number under a key that says no period is that key's value, not a wrapping of
// another input's: a whole state {"n": 1} for a model that also asks for an input it does not name
// answered that input with n's value (0.54), and the service answered 200 where the state was short.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readState } from "../../src/providers/read-state.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { embeddedReader } from "../../src/providers/registry.js";
import { compile, inputsOf } from "./helpers.js";

const word = fc.constantFrom("n", "x", "score", "count", "age", "amount_due", "level", "pts", "qty");
const other = fc.constantFrom("i".repeat(300), "mileage", "claims", "rooms", "tenure");
const value = fc.oneof(
  fc.integer({ min: -1_000, max: 1_000_000 }),
  fc.integer({ min: 0, max: 99_999 }).map((n) => `${n}`),
);

describe("a record of one number under a key that says no period", () => {
  it("answers no other input with its value", async () => {
    await fc.assert(
      fc.asyncProperty(word, other, value, async (key, missing, v) => {
        fc.pre(key !== missing);
        const inputs = { [key]: { type: "number", desc: `${key}?` }, [missing]: { type: "number", desc: "i?" } };
        const model = compile({ content: { name: "t", inputs, decisions: { twice: `${key} * 2` } } });
        const state = { [key]: v };
        const outcome = await readState(model, state, embeddedReader(state), "fast");
        expect("read" in outcome && outcome.read[missing]).toBeFalsy();
      }),
      { numRuns: 60 },
    );
  });
  it("still reads one amount under a key that says its period", () => {
    const inputs = inputsOf({ "monthly income": { type: "number", desc: "monthly income of the applicant" } });
    expect(readJson(inputs, { applicant: { income: { annual_gross: "$24,000" } } }, "2026-11-30")["monthly income"]?.value).toBe(2000);
  });
});
