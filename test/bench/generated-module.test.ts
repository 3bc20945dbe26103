// The generated-models benchmark's BENCH_GENERATED_NUMBERS side: a model's `-o` module, built by
// the built CLI with `--numbers decimal` or `double`, gives the baseline's answers on the model's
// states (within the benchmark's tolerance) and those of the compiled model where decimals are
// kept, so that timing it against the baseline compares the same program.
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { moduleEvaluate } from "../../bench/generated/module-side.js";
import { measureModel } from "../../bench/generated/one-model.js";
import * as compiler from "../../src/compiler/index.js";
import { compileOptionsOf, contentOf, typedModel } from "../support/generate/typed-models.js";

const CLI = fileURLToPath(new URL("../../dist/cli.mjs", import.meta.url));
const SEEDS = [1, 2, 4];

describe("generated-models benchmark, a model's -o module", () => {
  for (const numbers of ["decimal", "double"] as const) {
    it(`with --numbers ${numbers} agrees with the baseline on seeds ${SEEDS.join(", ")}`, async () => {
      for (const seed of SEEDS) {
        const m = typedModel(seed);
        const side = await moduleEvaluate(CLI, contentOf(m), numbers, compileOptionsOf(m));
        const r = measureModel(compiler, seed, { time: false, side });
        const own = measureModel(compiler, seed, { time: false });
        expect(r.refused, `seed ${seed}`).toBeUndefined();
        expect(r.example, `seed ${seed}`).toBeUndefined();
        expect(r.differing).toBe(0);
        expect(r.equal).toBeGreaterThan(0);
        // the decimal module is the compiled model's code: the same verdicts, state by state
        if (numbers === "decimal") expect([r.equal, r.apart]).toEqual([own.equal, own.apart]);
      }
    }, 120_000);
  }
});
