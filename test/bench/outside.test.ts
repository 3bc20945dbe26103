// Each model of the outside benchmark (written without reading the compiler) compiles, accepts
// every one of thousands of random states, and gives the decisions of its hand-written baseline:
// otherwise the benchmark would compare the compiler with a different program.
import { describe, expect, it } from "vitest";
import { disagreements } from "../../bench/outside/agree.js";
import { OUTSIDE } from "../../bench/outside/index.js";
import { statesOf } from "../../bench/corpus/random.js";
import { compileModel } from "../../src/compiler/index.js";

const STATES = Number(process.env.OUTSIDE_STATES ?? 2000);

describe("outside benchmark models", () => {
  it("are eight models with distinct names", () => {
    expect(new Set(OUTSIDE.map((m) => m.name)).size).toBe(8);
  });

  for (const m of OUTSIDE) {
    it(`${m.name}: accepts ${STATES} random states and agrees with the hand-written decisions`, () => {
      const result = compileModel(m.model, { strict: !m.lenient });
      if (!result.ok) {
        const errors = result.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error");
        expect.fail(errors.map((d) => `${d.address}: ${d.message}`).join("\n"));
      }
      const states = statesOf(m.state, STATES, 7);
      const refused = states.map((s) => ({ state: s, check: result.model.validate(s) })).filter((r) => !r.check.ok);
      expect(refused[0], `${refused.length} of ${states.length} states refused`).toBeUndefined();
      const differing = states
        .map((s) => {
          const compiled = result.model.evaluate(s) as Record<string, unknown>;
          const handwritten = m.handwritten(s);
          return { state: s, decisions: disagreements(m, compiled, handwritten), compiled, handwritten };
        })
        .filter((d) => d.decisions.length > 0);
      expect(differing[0], `${differing.length} of ${states.length} differ`).toBeUndefined();
      expect(
        new Set(states.map((s) => JSON.stringify(m.handwritten(s)))).size,
        "the states exercise more than one outcome",
      ).toBeGreaterThan(1);
    });
  }
});
