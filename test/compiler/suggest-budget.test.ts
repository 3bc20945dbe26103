// One Check's suggestions ("did you mean") share one budget of edit-distance cells: a model of
// thousands of decisions each naming an unknown name got a suggestion sought for each among all
// the names, past the compile time limit. Every unknown name is still reported; the suggestions
// stop once the budget is spent, and a small model's are untouched.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHECK_SUGGEST_CELLS } from "../../src/compiler/1-parse/suggest.js";
import { checkModel } from "../../src/compiler/index.js";

/** `decisions` decisions d0, d1, …, each naming zz<i>, an edit or two from a decision's name. */
function misspelt(decisions: number) {
  const named = Array.from({ length: decisions }, (_, i): [string, string] => [`d${i}`, `zz${i} + 1`]);
  return { name: "misspelt", inputs: { n: { type: "number", desc: "n?" } }, decisions: Object.fromEntries(named) };
}

const unknownNames = (content: object) =>
  checkModel(content as never)
    .stages.flatMap((s) => s.diagnostics)
    .filter((d) => d.code === "names.unknown");

describe("the suggestions of one Check", () => {
  it("stop once the Check's budget is spent, every unknown name still reported", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_500, max: 2_500 }), (decisions) => {
        const unknown = unknownNames(misspelt(decisions));
        expect(unknown).toHaveLength(decisions);
        const suggested = unknown.filter((d) => d.message.includes("did you mean")).length;
        // each suggestion looks at every candidate within reach, each at least 1 + 2 × 3 × 2 cells
        expect(suggested).toBeGreaterThan(0);
        expect(suggested).toBeLessThanOrEqual(Math.ceil(CHECK_SUGGEST_CELLS / (decisions * 13)) + 1);
      }),
      { numRuns: 3 },
    );
  });

  it("leave a small model's suggestions as they were: each unknown name gets its own", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (decisions) => {
        const unknown = unknownNames(misspelt(decisions));
        expect(unknown).toHaveLength(decisions);
        for (const d of unknown) expect(d.message).toMatch(/did you mean `d\d+`\?/);
      }),
      { numRuns: 10 },
    );
  });
});
