// The hand-written baselines must compute exactly what the samples expect, or the benchmark
// compares the compiler against a different (wrong) program.
import { describe, expect, it } from "vitest";
import { HANDWRITTEN } from "../../bench/handwritten/index.js";
import { loadSamples } from "../../bench/load-samples.js";
import { table200Handwritten } from "../../bench/handwritten/table200.js";
import { TABLE200_CASES } from "../../bench/models/table200.js";

describe("hand-written baselines", () => {
  const samples = loadSamples();

  it("exist for every runnable sample", () => {
    expect(Object.keys(HANDWRITTEN).sort()).toEqual(samples.map((s) => s.name));
  });

  for (const sample of samples) {
    describe(sample.name, () => {
      for (const c of sample.cases) {
        it(c.name, () => {
          expect(HANDWRITTEN[sample.name](c.state)).toEqual(c.expected.decisions);
        });
      }
    });
  }

  describe("table200", () => {
    for (const c of TABLE200_CASES) {
      it(c.name, () => {
        expect(table200Handwritten(c.state)).toEqual(c.expected);
      });
    }
  });
});
