// The ratchet: the whole TCK sample must pass at least as many cases as tck-baseline.json says.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileLenient, readBaseline, runTck, totals } from "../../src/tck/index.js";

const root = join(import.meta.dirname, "..", "..");
const kit = join(root, "..", "shared", "tck");

describe("DMN TCK sample", () => {
  it("passes at least the baseline number of cases", () => {
    const results = runTck({ dir: kit, compile: compileLenient });
    const { passed, failed } = totals(results);
    const baseline = readBaseline(join(root, "tck-baseline.json"));
    expect(passed + failed).toBeGreaterThan(2900);
    expect(passed).toBeGreaterThanOrEqual(baseline.passed);
  }, 300_000);
});
