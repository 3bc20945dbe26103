// Each model of the realistic benchmark corpus compiles under the strict check, and its
// hand-written baseline returns the same decisions on thousands of random states: otherwise the
// benchmark would compare the compiler with a different program.
import { describe, expect, it } from "vitest";
import { CORPUS } from "../../bench/corpus/index.js";
import { statesOf } from "../../bench/corpus/random.js";
import { compileModel } from "../../src/compiler/index.js";

const STATES = Number(process.env.CORPUS_STATES ?? 2000);

describe("realistic benchmark corpus", () => {
  it("holds eight models with distinct names", () => {
    expect(new Set(CORPUS.map((m) => m.name)).size).toBe(8);
  });

  for (const m of CORPUS) {
    it(`${m.name}: compiled and hand-written agree on ${STATES} random states`, () => {
      const result = compileModel(m.model);
      if (!result.ok) {
        const errors = result.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error");
        expect.fail(errors.map((d) => `${d.address}: ${d.message}`).join("\n"));
      }
      const states = statesOf(m.state, STATES, 7);
      const differing = states.filter((s) => {
        const got = result.model.evaluate(s);
        return JSON.stringify(got) !== JSON.stringify(m.handwritten(s));
      });
      const first = differing[0];
      expect(
        first && { state: first, compiled: result.model.evaluate(first), handwritten: m.handwritten(first) },
        `${differing.length} of ${states.length} differ`,
      ).toBeUndefined();
      expect(
        new Set(states.map((s) => JSON.stringify(m.handwritten(s)))).size,
        "the states exercise more than one outcome",
      ).toBeGreaterThan(1);
    });
  }
});
