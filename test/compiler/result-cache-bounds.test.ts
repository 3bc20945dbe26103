// The compile cache is bounded by bytes as well as by count: many distinct models, each with a large
// module, sent one after another, must not hold more than the cache's bytes whatever their number,
// whether compiled inline or in a worker (a pending promise, weighed again once it is compiled).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compileUncached, createResultCache, type CacheLimits, type CompileResult, type ModelInput } from "../../src/compiler/index.js";
import { inlineCompiler } from "../../src/service/model-compiler.js";

/** A compiled result as the cache sees it: a module of `chars` characters of code. */
const compiledOf = (chars: number) => ({ ok: true, model: { loadable: { source: "x".repeat(chars), explainSource: "" } } });

const modelNumbered = (n: number, pad = 0): ModelInput => ({
  content: {
    name: "numbered",
    inputs: { x: { type: "number", desc: `What is x? ${"d".repeat(pad)}` } },
    decisions: { y: { type: "number", expr: `x + ${n}` } },
  },
});

describe("the compile cache's bytes", () => {
  it("stay within their limit however many distinct models, inline or pending, come in", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 300 }),
        fc.boolean(),
        async (codeSizes, pending) => {
          const limits: CacheLimits = { count: 1000, bytes: 1024 * 1024 };
          let made = 0;
          const cache = createResultCache<object>(() => {
            const result = compiledOf(codeSizes[made++]!);
            return pending ? Promise.resolve(result) : result;
          }, limits);
          for (let i = 0; i < codeSizes.length; i++) {
            const got = cache.get(modelNumbered(i));
            if (pending) await got;
          }
          await new Promise((r) => setImmediate(r));
          const stats = cache.stats();
          expect(stats.bytes).toBeLessThanOrEqual(limits.bytes);
          // a module of 200,000 characters weighs 400,000 bytes: two of them fill a third of the bytes
          const weighed = codeSizes.slice(-stats.size).reduce((n, chars) => n + 2 * chars, 0);
          expect(stats.bytes).toBeGreaterThanOrEqual(weighed);
          expect(stats.misses).toBe(codeSizes.length);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("hold real compiled models within the bytes, the most recent kept", async () => {
    const limits: CacheLimits = { count: 256, bytes: 512 * 1024 };
    const compiler = inlineCompiler((m) => compileUncached(m), undefined, limits);
    const models = Array.from({ length: 120 }, (_, i) => modelNumbered(i, 4000));
    for (const m of models) {
      const result: CompileResult = await compiler.compile(m);
      expect(result.ok).toBe(true);
    }
    const stats = compiler.stats();
    expect(stats.bytes).toBeLessThanOrEqual(limits.bytes);
    expect(stats.size).toBeLessThan(models.length);
    expect(stats.size).toBeGreaterThan(0);
    expect(compiler.compiled(models.at(-1)!)).toBe(true);
    expect(compiler.compiled(models[0]!)).toBe(false);
  });
});
