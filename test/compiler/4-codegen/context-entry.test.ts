// A path on a context literal (`{a: x, b: a * 2}.b`) is generated as the entries evaluated in
// order and the one entry read, without making the context (4-codegen/expr.ts, contextEntry): the
// value, the problems and the least step and size limits are those of making the context itself.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { BudgetExceeded, collectProblems, FeelContext, toJson, withBudget, type FeelValue } from "../../../src/runtime/index.js";

const ENTRIES = [
  "x",
  "y",
  "a",
  "x + 1",
  "x / 0",
  "[x, y]",
  "a + y",
  "string(x)",
  "[a, a]",
  "count([1, 2, x])",
  "{p: x}",
  "if x > 0 then a else y",
];

function compiled(decisions: Record<string, string>) {
  const model = { name: "t", inputs: { x: { type: "number", desc: "x?" }, y: { type: "number", desc: "y?" } }, decisions } as ModelInput;
  const r = compileUncached(model, { optimise: true, strict: false });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model;
}

/** the decision's value (or the limit it stopped at) and the problems, under the limits */
function outcome(
  m: ReturnType<typeof compiled>,
  name: string,
  state: Record<string, unknown>,
  steps: number,
  size: number,
  entry?: string,
) {
  return collectProblems(() => {
    try {
      const v: FeelValue = withBudget({ steps, size }, () => m.evaluateToValues(state))[name] ?? null;
      return toJson(entry === undefined ? v : v instanceof FeelContext ? v.at(-1, entry) : null);
    } catch (e) {
      if (e instanceof BudgetExceeded) return `stopped: ${e.kind}`;
      throw e;
    }
  });
}

describe("a path on a context literal", () => {
  it("reads the entry without making the context, as the context made would give it", () => {
    const entries = fc.array(fc.constantFrom(...ENTRIES), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(entries, fc.nat(3), fc.integer({ min: -5, max: 5 }), fc.nat(12), fc.nat(120), (values, pick, x, steps, size) => {
        const keys = values.map((_, i) => "abcd"[i]!);
        // `a` is bound only from the second entry on
        const literal = `{${values.map((v, i) => `${keys[i]}: ${i === 0 ? v.replaceAll("a", "x") : v}`).join(", ")}}`;
        const key = keys[pick % keys.length]!;
        const [direct, whole] = [compiled({ d: `${literal}.${key}` }), compiled({ d: literal })];
        expect(direct.source.split("function explain(")[0]).not.toMatch(/rt\.field\(/);
        const state = { x, y: 3 };
        expect(outcome(direct, "d", state, steps, size)).toEqual(outcome(whole, "d", state, steps, size, key));
      }),
      { numRuns: 300 },
    );
  });
});
