// The generated-models benchmark's tables under every hit policy: the generator draws each of
// them, and the compiled model (lenient where a table is not FIRST) gives the doubles baseline's
// answers on each model's states: the same lists, the same ranks, the same null where a UNIQUE or
// ANY table is violated or an aggregate matches nothing.
import { describe, expect, it } from "vitest";
import { measureModel } from "../../bench/generated/one-model.js";
import * as compiler from "../../src/compiler/index.js";
import { HIT_WEIGHTS, compileOptionsOf, typedModel } from "../support/generate/typed-models.js";

const SEEDS = Array.from({ length: 120 }, (_, i) => i + 1);

describe("generated-models benchmark, multi-hit tables", () => {
  it("draws every hit policy, and a model with any but FIRST is compiled leniently", () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) {
      const m = typedModel(seed);
      const hits = m.decisions.flatMap((d) => (d.type === "table" ? [d.table.hit] : []));
      hits.forEach((h) => seen.add(h));
      expect(compileOptionsOf(m).strict, `seed ${seed}`).toBe(hits.every((h) => h === "FIRST"));
    }
    expect([...seen].sort()).toEqual(HIT_WEIGHTS.map(([h]) => h).sort());
  });

  it("every model with a multi-hit table among the first 60 agrees with the baseline", () => {
    let [models, equal] = [0, 0];
    for (const seed of SEEDS.slice(0, 60)) {
      if (compileOptionsOf(typedModel(seed)).strict) continue;
      models++;
      const r = measureModel(compiler, seed, { time: false });
      expect(r.refused, `seed ${seed}`).toBeUndefined();
      expect(r.example, `seed ${seed}`).toBeUndefined();
      expect(r.differing, `seed ${seed}`).toBe(0);
      equal += r.equal;
      expect(
        r.features.some((f) => /^table (?!FIRST|of)/.test(f)),
        `seed ${seed}`,
      ).toBe(true);
    }
    expect(models).toBeGreaterThan(20);
    expect(equal).toBeGreaterThan(models * 50);
  }, 300_000);
});
