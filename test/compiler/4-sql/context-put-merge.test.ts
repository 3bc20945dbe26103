// `context put` and `context merge` (contexts.ts): random models putting entries into contexts and
// merging lists of them — an entry replaced where it was or added last, a value that is null, a
// context within a context, a null context or item, a context read from another decision — each
// decision the context itself (a STRUCT or JSON column, entries in FEEL's order) or an entry read
// back, compared with evaluate() row by row in both dialects.
import fc from "fast-check";
import { describe, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL context put and context merge");

const INPUTS = {
  x: { type: "number", desc: "x?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
};

/** Contexts: literals over the inputs, one with a context in it, null, the first decision's. */
const CONTEXTS = ["{a: x, b: s}", "{b: s}", "{c: 1, a: null}", "{a: x + 1, n: {b: s}}", "null", "c0"];
const context = fc.constantFrom(...CONTEXTS);
const key = fc.constantFrom('"a"', '"b"', '"c"', '"new entry"');
const value = fc.constantFrom("x", "s", "null", "x * 2", '"v"');

/** A context made by the built-ins, nested in each other. */
const made: fc.Arbitrary<string> = fc.letrec<{ c: string }>((tie) => ({
  c: fc.oneof(
    { arbitrary: context, weight: 3 },
    { arbitrary: fc.tuple(tie("c"), key, value).map(([c, k, v]) => `context put(${c}, ${k}, ${v})`), weight: 2 },
    {
      arbitrary: fc.array(tie("c"), { minLength: 1, maxLength: 3 }).map((cs) => `context merge([${cs.join(", ")}])`),
      weight: 2,
    },
  ),
})).c;

/** A decision: the context itself, or an entry of it read back. */
const decision = fc.tuple(made, fc.constantFrom(undefined, "a", "b", "new entry")).map(([c, k]) => (k ? `get value(${c}, "${k}")` : c));

const model: fc.Arbitrary<ModelInput> = fc
  .tuple(fc.constantFrom("{a: x, b: s}", "{b: s, a: x * 3}"), fc.array(decision, { minLength: 2, maxLength: 4 }))
  .map(([c0, ds]) => ({
    content: {
      name: "context built-ins",
      inputs: INPUTS,
      decisions: { c0, ...Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) },
    },
  }));

const states = (count: number, seed: number): Row[] =>
  fc.sample(
    fc.record({
      x: fc.oneof(fc.constantFrom(0, 1, 2.5, -3), fc.constant(null)),
      s: fc.oneof(fc.constantFrom("", "a", "😀"), fc.constant(null)),
    }),
    { numRuns: count, seed },
  );

describe("context put and context merge in SQL", () => {
  it("every random model of them compiles in each dialect and agrees with evaluate()", { timeout: 600_000 }, async () => {
    const models = fc.sample(model, { numRuns: 40, seed: 20261203 });
    await expectEveryModelAgrees(models, (i) => states(30, i), engines, { strict: true, states: 10 });
  });

  it("an entry of another's name in another case is refused at the decision", () => {
    expectRefusedAtDecision(INPUTS, 'context put({a: x}, "A", s)', "entries named A in two cases");
    expectRefusedAtDecision(INPUTS, "context merge([{a: x}, {A: s}])", "entries named A in two cases");
  });
});
