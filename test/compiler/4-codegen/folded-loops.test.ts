// `sum`, `min` and `max` of a `for` folded into the loop (optimise/folded-loops.ts, runtime
// builtins/aggregate.ts `sumItem`, `extremeItem`): on random loops (over lists, ranges, nested
// iterations, ranges whose endpoints make the `for` null, bodies giving numbers with places, huge
// and tiny numbers, nulls and strings) the module answers what the module emitted from the same
// optimised IR with the folds taken out answers (the list made and the built-in called on it):
// the same values (text and places),
// the same problems, and the same steps and size charged (a budget either both or neither fit in);
// and what the reference interpreter answers where the text is strictly typed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSource, compileUncached, loadCompiled, type CompileResult } from "../../../src/compiler/index.js";
import { forEachExpr } from "../../../src/compiler/3-optimise/walk.js";
import { emitModule } from "../../../src/compiler/4-codegen/module.js";
import { BudgetExceeded, collectProblems, withBudget } from "../../../src/runtime/index.js";
import { expressionOf, inputState } from "../../support/generate/expressions.js";
import { threeWays } from "../../differential/three-ways.js";

const inputs = {
  x: { type: "number", desc: "x" },
  y: { type: "number", desc: "y" },
  s: { type: "string", desc: "s" },
  xs: { type: "[number]", desc: "xs" },
};

/** what a loop runs over: lists, ranges (some of whose endpoints are no integers), another loop */
const source = fc.constantFrom(
  "xs",
  "1..3",
  "3..1",
  "y..2",
  "1..x",
  "[x, y, 2.50]",
  "[]",
  "[x, s, y]",
  "[null, x]",
  "for w in xs return w / 4",
);
/** a pass's result: numbers with places, huge and tiny, null, a string, a quotient */
const body = fc.constantFrom(
  "v",
  "v * 1.10",
  "v / 3",
  "v * 1e30 + 0.5",
  "v * 1e-30",
  "-v",
  "if v > 1 then v else null",
  'if v > 2 then "big" else v',
  "x + v",
  "2.50",
  "v - v",
  "s",
);
const loop = fc
  .tuple(fc.constantFrom("sum", "min", "max"), source, body, fc.boolean())
  .map(([agg, over, b, nested]) => `${agg}(for v in ${over}${nested ? ", u in 1..2" : ""} return ${b}${nested ? " + u" : ""})`);
const states = fc.array(
  inputState.map(({ x, y, s, xs }) => ({ x, y, s, xs })),
  { minLength: 1, maxLength: 3 },
);

const model = (texts: string[]) => ({
  content: { name: "folded", inputs, decisions: Object.fromEntries(texts.map((t, i) => [`r${i}`, t])) },
});

/**
 * The model optimised, then emitted twice from that one IR: as it is, and with every loop's fold
 * taken out (each `for` made as a list and the built-in called on it), so that nothing else differs.
 */
function foldedAndNot(texts: string[]): [CompileResult, CompileResult] {
  const folded = compileUncached(model(texts), { optimise: true, strict: false });
  const made = compileToSource(model(texts), { optimise: true, strict: false });
  if (!made.ok) throw new Error(`does not compile: ${texts.join("; ")}`);
  forEachExpr(made.ir, (e) => {
    if (e.kind === "call") delete e.foldedLoop;
  });
  const { source, explainSource } = emitModule(made.ir, { decisions: made.ir.decisions, strict: false });
  return [folded, loadCompiled({ ...made, loadable: { ...made.loadable, source, explainSource } })];
}

/** a FEEL value as text that keeps a number's places */
const shown = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (x !== null && typeof x === "object" && !Array.isArray(x) && "cmp" in x ? `n:${String(x)}` : x));

function fits(evaluate: () => unknown, limits: { steps?: number; size?: number }): boolean {
  try {
    withBudget(limits, evaluate);
    return true;
  } catch (e) {
    if (e instanceof BudgetExceeded) return false;
    throw e;
  }
}

describe("sum, min and max folded into their loop", () => {
  it("answer, report and charge what the list and the built-in do", () => {
    let folds = 0;
    fc.assert(
      fc.property(fc.array(loop, { minLength: 1, maxLength: 6 }), states, (texts, ss) => {
        const [folded, listed] = foldedAndNot(texts);
        if (!folded.ok || !listed.ok) throw new Error(`does not compile: ${texts.join("; ")}`);
        // the reference is not folded; the model is, unless a loop was worked out as a constant
        folds += folded.model.source.match(/rt\.(summedLoop|extremeOfLoop)\(/g)?.length ?? 0;
        expect(listed.model.source).not.toMatch(/rt\.(sumItem|extremeItem)\(/);
        for (const state of ss) {
          const [a, b] = [folded.model, listed.model].map((m) => collectProblems(() => m.evaluateToValues(state)));
          expect(shown(a!.result), `${texts.join("; ")} on ${JSON.stringify(state)}`).toBe(shown(b!.result));
          expect(a!.problems).toEqual(b!.problems);
          for (const steps of [1, 3, 6, 10, 15, 22, 30, 45, 60]) {
            const limits = { steps };
            expect(
              fits(() => folded.model.evaluate(state), limits),
              `${steps} steps`,
            ).toBe(fits(() => listed.model.evaluate(state), limits));
          }
          for (const size of [10, 21, 25, 40, 60, 100]) {
            const limits = { size };
            expect(
              fits(() => folded.model.evaluate(state), limits),
              `size ${size}`,
            ).toBe(fits(() => listed.model.evaluate(state), limits));
          }
        }
      }),
      { numRuns: 200 },
    );
    // the loops folded: most of the 200 batches' 1 to 6 loops (not those over literal lists and ranges alone)
    expect(folds).toBeGreaterThan(300);
  });

  it("answer what the reference interpreter answers", () => {
    const typed = fc
      .tuple(
        fc.constantFrom("sum", "min", "max"),
        fc.constantFrom("xs", "1..3", "[x, y, 2.5]", "for w in xs return w + x"),
        expressionOf("number", 1),
      )
      .map(([agg, over, part]) => `${agg}(for v in ${over} return (${part}) * v)`);
    fc.assert(
      fc.property(fc.array(typed, { minLength: 1, maxLength: 6 }), fc.array(inputState, { minLength: 1, maxLength: 3 }), (texts, ss) => {
        const found = threeWays(texts, ss);
        expect(found.map((d) => `${d.text} on ${JSON.stringify(d.state)}: ${d.why}`)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("leaves a loop that reads partial, and running totals, as lists", () => {
    const compiled = compileUncached(
      model([
        "sum(for v in xs return v + count(partial))",
        "for i in 1..count(xs) return sum(sublist(xs, 1, i))",
        "max(for v in xs return v)",
      ]),
      { optimise: true },
    );
    if (!compiled.ok) throw new Error("does not compile");
    expect(compiled.model.source.match(/rt\.extremeOfLoop\(/g)).toHaveLength(1);
    expect(compiled.model.source).not.toMatch(/rt\.summedLoop\(/);
    expect(compiled.model.evaluate({ x: 1, y: 1, s: "", xs: [1, 2, 3] })).toMatchObject({ r0: 9, r1: [1, 3, 6], r2: 3 });
  });
});
