// The optimised module and the unoptimised one (-O0) agree on random states for every sample.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { arbitraryFor } from "../../support/arbitrary-state.js";

const samplesDir = join(import.meta.dirname, "../../../samples");
const samples = readdirSync(samplesDir).filter((n) => existsSync(join(samplesDir, n, "model.json")) && n !== "broken");

describe("optimiser preserves meaning", () => {
  it("has samples to check", () => expect(samples.length).toBeGreaterThanOrEqual(5));

  it.each(samples)("%s: -O0 and optimised agree on random states", (name) => {
    const model = JSON.parse(readFileSync(join(samplesDir, name, "model.json"), "utf8")) as ModelInput;
    const optimised = compileUncached(model, { optimise: true });
    const plain = compileUncached(model, { optimise: false });
    if (!optimised.ok || !plain.ok) throw new Error(`${name} does not compile`);
    expect(optimised.model.source).not.toEqual("");
    fc.assert(
      fc.property(arbitraryFor(optimised.model.inputSchema), (state) => {
        const a = optimised.model.evaluateTraced(state as Record<string, unknown>, { exactDecimals: true });
        const b = plain.model.evaluateTraced(state as Record<string, unknown>, { exactDecimals: true });
        expect(a).toEqual(b);
      }),
      { numRuns: 300 },
    );
  });
});
