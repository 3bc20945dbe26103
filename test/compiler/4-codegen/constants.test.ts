// Lists and contexts of literals are module constants whose JSON form is made once (rt.constant):
// every evaluation must still return a fresh JSON value equal to the unoptimised module's, however
// a caller changes what it was given before.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type CompiledModel } from "../../../src/compiler/index.js";
import { jsonForm, spoil } from "../../support/json-answers.js";

const model = {
  content: {
    name: "Constants",
    inputs: {
      grade: { type: "a|b|c", desc: "Which grade?" },
      amount: { type: "number", desc: "How much?" },
    },
    decisions: {
      bands:
        'if grade = "a" then [{lower: 0, upper: null, tags: ["x", "y"]}, {lower: 10, upper: 20.5, tags: []}] else [[1, [2, 3]], {"__proto__": {deep: [true]}}]',
      offer: {
        table: [
          ["grade", "amount", "=> label", "=> terms"],
          ['"a"', "> 100", '"gold"', "{months: 12, rates: [0.1, 0.2]}"],
          ['"a", "b"', "-", '"silver"', '{months: 24, rates: [0.3], "__proto__": 1}'],
          ["-", "-", '"none"', "null"],
        ],
      },
      "per band": "for b in bands return b",
    },
  },
  questions: {},
};

const compile = (optimise: boolean): CompiledModel => {
  const r = compileUncached(model, { optimise });
  if (!r.ok) throw new Error(JSON.stringify(r.check));
  return r.model;
};

describe("constant lists and contexts", () => {
  const [optimised, plain] = [compile(true), compile(false)];

  it("are marked in the optimised module", () => {
    expect(optimised.loadable.source).toContain("rt.constant(");
  });

  it("give fresh JSON equal to the unoptimised module's, after any change to an earlier answer", () => {
    const state = fc.record({ grade: fc.constantFrom("a", "b", "c"), amount: fc.integer({ min: 0, max: 200 }) });
    fc.assert(
      fc.property(fc.array(state, { minLength: 1, maxLength: 6 }), (states) => {
        for (const s of states) {
          const expected = jsonForm(plain.evaluate(s));
          const first = optimised.evaluate(s);
          expect(jsonForm(first)).toBe(expected);
          spoil(first);
          expect(jsonForm(optimised.evaluate(s))).toBe(expected);
        }
      }),
    );
  });
});
