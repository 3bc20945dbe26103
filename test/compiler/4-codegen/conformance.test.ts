// Codegen skips the conversion of a number-typed decision to its type only when the built-in
// catalogue says the call returns a number: walked over every built-in, the shortcut is taken
// exactly for those, and their evaluated results need no conversion.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { bodyConforms } from "../../../src/compiler/4-codegen/conformance.js";
import { NUMBER } from "../../../src/ir/types.js";
import { BUILTINS } from "../../../src/runtime/builtins/index.js";
import { requiredCount, returnsNumber, type BuiltinDef } from "../../../src/runtime/builtins/def.js";
import { isDecimal, toFeelString, valueEquals } from "../../../src/runtime/index.js";
import { args, type Generated } from "../../support/feel-values.js";

/** Per expression, one decision typed number (the shortcut may apply) and one typed any (never converted). */
function compile(exprs: string[]) {
  const decisions = Object.fromEntries(
    exprs.flatMap((expr, i) => [
      [`shortcut ${i}`, { type: "number", expr }],
      [`raw ${i}`, { type: "any", expr }],
    ]),
  );
  const r = compileUncached({ name: "conformance", decisions } as unknown as ModelInput, { strict: false });
  if (!r.ok) throw new Error(`${exprs.join("; ")}: ${JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics))}`);
  return r.model;
}

const positionalCounts = (d: BuiltinDef): number[] => [...new Set(d.signatures.map(requiredCount))];

const callText = (name: string, generated: Generated[]) => `${name}(${generated.map((g) => g.text).join(", ")})`;

describe("the conformance shortcut for number-typed decisions", () => {
  it.each(BUILTINS.map((d) => [d.name, d] as const))("%s: taken exactly when the catalogue says number", (name, def) => {
    const counts = positionalCounts(def);
    const model = compile(counts.map((count) => callText(name, fc.sample(args(count), 1)[0]!)));
    counts.forEach((count, i) => {
      const shortcut = model.ir.decisions.find((d) => d.name === `shortcut ${i}`)!;
      // a call the optimiser folded to a number literal (`max(2)`, `min(-1.25)`: a negated one) is a number whatever the catalogue says
      const expr = shortcut.body.kind === "expr" ? shortcut.body.expr : undefined;
      const folded = expr?.kind === "number" || (expr?.kind === "negate" && expr.operand.kind === "number");
      expect(bodyConforms(shortcut.body, NUMBER), `${count} arguments`).toBe(returnsNumber(def) || folded);
    });
  });

  const numberBuiltins = BUILTINS.filter(returnsNumber);

  it("covers some built-ins", () => {
    expect(numberBuiltins.length).toBeGreaterThan(0);
  });

  it.each(numberBuiltins.map((d) => [d.name, d] as const))("%s: the unconverted result is a number or null", (name, def) => {
    let answered = 0;
    // ten calls to a model: one compilation for all
    const calls = fc.array(fc.constantFrom(...positionalCounts(def)).chain(args), { minLength: 10, maxLength: 10 });
    const property = fc.property(calls, (generated) => {
      const texts = generated.map((g) => callText(name, g));
      const out = compile(texts).evaluateValues({});
      texts.forEach((text, i) => {
        const raw = out[`raw ${i}`]!;
        expect(raw === null || isDecimal(raw), `${text} = ${toFeelString(raw)}`).toBe(true);
        expect(raw === null ? out[`shortcut ${i}`] === null : valueEquals(out[`shortcut ${i}`]!, raw), text).toBe(true);
        if (raw !== null) answered++;
      });
    });
    // seeded by the name, so that a rarely answering built-in (`number` with three arguments) does
    // not pass or fail by chance
    const seed = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
    for (let round = 0; round < 150 && answered < 3; round++) fc.assert(property, { numRuns: 2, seed: seed + round });
    expect(answered).toBeGreaterThanOrEqual(3);
  });
});

describe("a number-typed decision holding a list-valued built-in", () => {
  it("converts a one-item result like a one-item list literal", () => {
    const model = {
      name: "index",
      inputs: { xs: { type: ["number"], desc: "numbers" } },
      decisions: {
        "literal list": { type: "number", expr: "[2]" },
        "index of literal": { type: "number", expr: "index of([1,2,3], 2)" },
        "index of input": { type: "number", expr: "index of(xs, 2)" },
      },
    } as unknown as ModelInput;
    const r = compileModel(model, { strict: true });
    if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
    expect(r.model.evaluate({ xs: [5, 2, 7] })).toEqual({ "literal list": 2, "index of literal": 2, "index of input": 2 });
    // two positions are no number: outside the decision's declared type, an error in a strict model
    expect(() => r.model.evaluate({ xs: [2, 2] })).toThrow(
      "decision `index of input` is outside its declared type number for this state: it is [1, 2]",
    );
  });
});
