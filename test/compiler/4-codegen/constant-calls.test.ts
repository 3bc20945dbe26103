// A built-in's call of literals is made once per module only when it says nothing: a call that
// reports a problem says it each time it runs, optimised as not.
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { collectProblems } from "../../../src/runtime/index.js";

const modelOf = (expr: string) => ({ name: "t", inputs: {}, decisions: { out: expr } }) as unknown as ModelInput;

function run(expr: string, optimise: boolean) {
  const r = compileUncached(modelOf(expr), { strict: false, optimise });
  if (!r.ok) throw new Error(`${expr}: ${JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics))}`);
  const m = r.model;
  return [1, 2].map(() => collectProblems(() => m.evaluateTraced({}, { exactDecimals: true })));
}

describe("a built-in's call of literals", () => {
  it("keeps its message optimised, on every evaluation", () => {
    for (const expr of ["modulo(0.5, 1 - 1)", "modulo(1, 0)", 'date("2024-02-30")']) {
      const [optimised, plain] = [run(expr, true), run(expr, false)];
      expect(optimised).toEqual(plain);
      for (const { problems } of optimised) expect(problems.length).toBeGreaterThan(0);
    }
    expect(JSON.stringify(run("modulo(0.5, 1 - 1)", true)[1]!.problems)).toMatch(/division by zero/i);
  });
});
