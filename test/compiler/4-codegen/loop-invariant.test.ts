// A `for` body's parts that are the same in every pass are worked out once: the loops answer what
// the reference interpreter and the unoptimised module answer, on random bodies that mix parts
// reading the loop's variable with parts that do not (roundings, powers, square roots, `if`,
// comparisons of the inputs); and a part that reports a problem reports it in every pass wherever
// problems are heard, with the same steps charged as a loop that reads its variable.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached } from "../../../src/compiler/index.js";
import { BudgetExceeded, collectProblems, withBudget } from "../../../src/runtime/index.js";
import { expressionOf, inputState } from "../../support/generate/expressions.js";
import { threeWays } from "../../differential/three-ways.js";

/** a part read once per loop: a number expression of the inputs (x, y, xs...) */
const fixedPart = expressionOf("number", 2);
/** a body: a fixed part and the variable `v`, combined */
const body = fc
  .tuple(fixedPart, fixedPart, fc.constantFrom("+", "-", "*", "/"), fc.constantFrom("v", "v * 2", "abs(v)"), fc.nat(2))
  .map(([a, b, op, v, shape]) => [`(${a}) ${op} ${v}`, `if ${v} > (${a}) then (${b}) else ${v}`, `sqrt(abs(${a})) + ${v}`][shape]!);
const loop = fc
  .tuple(body, fc.constantFrom("xs", "1..3", "[x, y, 2.5]", "for w in xs return w + x"))
  .map(([b, over]) => `for v in ${over} return ${b}`);

describe("loop-invariant parts", () => {
  it("answer what the reference and the unoptimised module answer", () => {
    fc.assert(
      fc.property(fc.array(loop, { minLength: 1, maxLength: 8 }), fc.array(inputState, { minLength: 1, maxLength: 3 }), (texts, states) => {
        const found = threeWays(texts, states);
        expect(found.map((d) => `${d.text} on ${JSON.stringify(d.state)}: ${d.why}`)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("are worked out once a loop, but report their problems in every pass, and cost the same steps", () => {
    const model = (decision: string) => ({
      content: {
        name: "invariant",
        inputs: { a: { type: "number", desc: "a" }, n: { type: "[number]", desc: "n" } },
        decisions: { r: decision },
      },
    });
    const kept = compileUncached(model("for i in n return sqrt(a) + 1"), { optimise: true });
    const reading = compileUncached(model("for i in n return sqrt(a + i * 0) + 1"), { optimise: true });
    if (!kept.ok || !reading.ok) throw new Error("does not compile");
    expect(kept.model.source).toMatch(/\(m\d+ === undefined \|\| h\d+ \? \(m\d+ = /);
    for (const [a, passes] of [
      [-4, 3],
      [9, 4],
    ] as const) {
      const state = { a, n: Array.from({ length: passes }, (_, i) => i) };
      const once = collectProblems(() => kept.model.evaluate(state));
      const each = collectProblems(() => reading.model.evaluate(state));
      expect(once.result).toEqual(each.result);
      expect(once.problems).toHaveLength(a < 0 ? passes : 0);
      expect(once.problems).toEqual(each.problems);
      // a budget of as many steps as either needs: both run within it, or neither
      const within = (m: typeof kept.model, steps: number) => {
        try {
          withBudget({ steps }, () => m.evaluate(state));
          return true;
        } catch (e) {
          if (e instanceof BudgetExceeded) return false;
          throw e;
        }
      };
      for (let steps = 1; steps <= 12; steps++) expect(within(kept.model, steps), `${steps} steps`).toBe(within(reading.model, steps));
    }
  });
});
