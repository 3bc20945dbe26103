// A number, boolean or string decision is held to its type with the test of its kind inline (a
// value of the kind is kept with no call) and written out by a conversion chosen for its type
// (codegen/declared.ts, codegen/json-result.ts). Whatever value the body gives — a number, a
// string, a boolean, a one-item list, a list, a context, a date, null — the typed decision must give
// what the runtime's own `declared` (strict) or `coerce` (lenient) makes of the value the same body
// gives untyped, or throw the same error, and its JSON must be that value's `toJson`. A decision
// that is it by name, of the same type, is not held again: it gives the same.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, type ModelInput } from "../../../src/compiler/index.js";
import { context, num, temporalLiteral } from "../../../src/runtime/literals.js";
import { declared } from "../../../src/runtime/declared.js";
import { numberToJson, toJson } from "../../../src/runtime/json.js";
import { coerce } from "../../../src/runtime/types.js";
import type { FeelValue } from "../../../src/runtime/values.js";
import type { Type } from "../../../src/ir/types.js";

/** Bodies giving a value of every kind, picked by the input k. */
const VALUES = ["5", "-0.25", '"a"', '""', "true", "false", "[7]", '["b"]', "[false]", "[1, 2]", "{a: 1}", 'date("2020-01-01")', "null"];
const body = VALUES.map((v, i) => `if k = ${i} then ${v} else `).join("") + "null";

function model(type: string, strict: boolean) {
  const content = {
    name: "kinds",
    inputs: { k: { type: "number", desc: "Which?" } },
    decisions: { y: { type, expr: body }, w: { type, expr: "y" } },
  };
  const r = compileModel({ content, questions: {} } as unknown as ModelInput, { strict });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model;
}

const outcome = (run: () => unknown): unknown => {
  try {
    return { value: run() };
  } catch (e) {
    return { error: (e as Error).name, message: (e as Error).message };
  }
};

describe("a decision of a scalar type", () => {
  const untyped = model("any", false);
  it("holds the decision that is another by name, of the same type, no more", () => {
    const content = {
      name: "alias",
      inputs: { k: { type: "number", desc: "Which?" } },
      decisions: { y: { type: "number >= 0", expr: "k - 1" }, w: { type: "number >= 0", expr: "y" } },
    };
    const r = compileModel({ content, questions: {} } as unknown as ModelInput, { strict: true });
    if (!r.ok) throw new Error("refused");
    expect(r.model.loadable.source.match(/rt\.declared\(/g)).toHaveLength(1);
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 5 }), (k) => {
        if (k >= 1) expect(r.model.evaluate({ k })).toEqual({ y: k - 1, w: k - 1 });
        else expect(() => r.model.evaluate({ k })).toThrow(/decision `y`/);
      }),
    );
  });
  it.each([
    ["number", true],
    ["number", false],
    ["boolean", true],
    ["boolean", false],
    ["string", true],
    ["string", false],
  ] as const)("declared %s (strict %s): the runtime's holding of the untyped value, and its JSON", (type, strict) => {
    const typed = model(type, strict);
    const t = { kind: type } as Type;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: VALUES.length }), (k) => {
        const value = untyped.evaluateToValues({ k }).y ?? null;
        const held = () => (strict ? declared(value, t, "y", type, []) : coerce(value, t));
        expect(outcome(() => typed.evaluateToValues({ k }).y)).toEqual(outcome(held));
        expect(outcome(() => typed.evaluate({ k }).y)).toEqual(outcome(() => toJson(held())));
        expect(outcome(() => typed.evaluate({ k }).w)).toEqual(outcome(() => toJson(held())));
      }),
      { numRuns: 60 },
    );
  });
});

describe("numberToJson", () => {
  it("gives toJson's answer for a value of any kind", () => {
    const values: FeelValue[] = [
      null,
      num("1.5"),
      num("-0"),
      num("1e400"),
      num("0.1234567890123456789012345678901234"),
      "text",
      true,
      [num("2"), "x", null],
      context([["a", num("3")]]),
      temporalLiteral("2020-01-01"),
    ];
    for (const v of values) expect(numberToJson(v)).toEqual(toJson(v));
  });
});
