// The questions cache: keys by account, canonical questions, mode, generator and the state's shape
// a generator drafted from (never the state's values); least recently used out; entries expire;
// Redis shares entries between instances.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { providerConfig } from "../../src/providers/config.js";
import { createProviders } from "../../src/providers/registry.js";
import type { Generator } from "../../src/providers/types.js";
import { memoryQuestionsCache, questionsCacheKey, redisQuestionsCache } from "../../src/service/questions-cache.js";
import { systemOne } from "../../src/service/systemone.js";
import { countTokens } from "../../src/service/tokens.js";
import { serviceDeps } from "./harness.js";

const REDIS_URL = process.env.REDIS_URL;
const model = (name: string) => ({ content: { name, inputs: {}, decisions: {} }, questions: {} });

describe("questions cache key", () => {
  it("is the same for the same questions in any key order, and differs by account, mode and generator", () => {
    const q1 = { a: { type: "noul", instructions: "A?" }, b: { type: "date", instructions: "B?" } };
    const q2 = { b: { instructions: "B?", type: "date" }, a: { instructions: "A?", type: "noul" } };
    const k = questionsCacheKey("acct", q1, "fast", "direct");
    expect(questionsCacheKey("acct", q2, "fast", "direct")).toBe(k);
    expect(questionsCacheKey("other", q1, "fast", "direct")).not.toBe(k);
    expect(questionsCacheKey("acct", q1, "thinking", "direct")).not.toBe(k);
    expect(questionsCacheKey("acct", q1, "fast", "openai")).not.toBe(k);
  });
});

describe("memory questions cache", () => {
  it("evicts the least recently used entry beyond its capacity and expires entries after their lifetime", async () => {
    let now = 0;
    const cache = memoryQuestionsCache({ ttlMs: 1000, capacity: 2 }, () => now);
    await cache.set("a", model("a"));
    await cache.set("b", model("b"));
    expect(await cache.get("a")).toEqual(model("a")); // a is now the most recent
    await cache.set("c", model("c"));
    expect(await cache.get("b")).toBeNull();
    expect(await cache.get("a")).toEqual(model("a"));
    now = 999;
    expect(await cache.get("c")).toEqual(model("c"));
    now = 1000;
    expect(await cache.get("c")).toBeNull();
  });
});

describe("memory questions cache, bounded by bytes", () => {
  /** a model whose JSON is padded to about `chars` characters */
  const heavy = (name: string, chars: number) => ({
    content: { name, inputs: {}, decisions: {}, notes: "x".repeat(chars) },
    questions: {},
  });

  it("keeps the models it holds within its bytes, least recently used out, whatever their sizes", async () => {
    const bytes = 100_000;
    const cache = memoryQuestionsCache({ ttlMs: 60_000, capacity: 1000, bytes });
    // sizes from a fixed linear congruential sequence: small and large models mixed
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const sent: string[] = [];
    for (let i = 0; i < 300; i++) {
      const key = `k${i}`;
      await cache.set(key, heavy(key, next() % 30_000));
      sent.push(key);
      expect(cache.stats().bytes).toBeLessThanOrEqual(bytes);
    }
    // the newest model is kept, and the oldest went first
    expect(await cache.get("k299")).not.toBeNull();
    expect(await cache.get("k0")).toBeNull();
  });

  it("drops the least recently used once three models outweigh it, though the count allows them", async () => {
    const cache = memoryQuestionsCache({ ttlMs: 60_000, capacity: 1000, bytes: 100_000 });
    await cache.set("a", heavy("a", 20_000));
    await cache.set("b", heavy("b", 20_000));
    expect(await cache.get("a")).not.toBeNull(); // b is now the least recent
    await cache.set("c", heavy("c", 20_000));
    expect(await cache.get("b")).toBeNull();
    expect(await cache.get("a")).not.toBeNull();
    expect(await cache.get("c")).not.toBeNull();
  });

  it("does not keep a model heavier than the whole bound, and keeps what it held", async () => {
    const cache = memoryQuestionsCache({ ttlMs: 60_000, capacity: 1000, bytes: 100_000 });
    await cache.set("small", heavy("small", 100));
    await cache.set("huge", heavy("huge", 60_000));
    expect(await cache.get("huge")).toBeNull();
    expect(await cache.get("small")).not.toBeNull();
  });
});

describe.skipIf(!REDIS_URL)("redis questions cache", () => {
  it("shares entries between instances", async () => {
    const prefix = `pdm-test-${randomUUID()}:`;
    const a = await redisQuestionsCache(REDIS_URL!, { ttlMs: 60_000, capacity: 10 }, prefix);
    const b = await redisQuestionsCache(REDIS_URL!, { ttlMs: 60_000, capacity: 10 }, prefix);
    try {
      await a.set("k", model("shared"));
      expect(await b.get("k")).toEqual(model("shared"));
      expect(await b.get("missing")).toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("questions-only calls through the cache, with a language model", () => {
  const QUESTIONS = { approved: { type: "noul", instructions: "Is the loan approved?" } };

  /**
   * A fake language-model generator, counted: it drafts one number input per numeric key of the
   * state's shape it is shown (`from` that key) and approves when their sum is over 700, so a draft
   * reads exactly the keys of the shape it was made for.
   */
  const countingGenerator = () => {
    const shapes: (Record<string, string> | undefined)[] = [];
    const generator: Generator = {
      name: "fake",
      async generate(request) {
        shapes.push(request.stateShape);
        const keys = Object.entries(request.stateShape ?? {})
          .filter(([, type]) => type === "number")
          .map(([key]) => key);
        const inputs = Object.fromEntries(keys.map((k, i) => [`fact ${i}`, { type: "number", desc: `the ${k}`, from: k }]));
        const sum = keys.map((_, i) => `fact ${i}`).join(" + ") || "0";
        return {
          content: { name: "Drafted", inputs, decisions: { approved: { type: "boolean", desc: "approved", expr: `${sum} > 700` } } },
          questions: request.questions!,
          usage: { input_tokens: 10, output_tokens: 5 },
        };
      },
    };
    return { shapes, generator };
  };

  const setUp = async () => {
    const { shapes, generator } = countingGenerator();
    const embedded = createProviders(providerConfig({}));
    const { deps } = await serviceDeps({ real: true, providers: { ...embedded, questionsGenerator: generator } });
    const accountId = (await deps.ledger!.createAccount("acct", 1_000_000)).id;
    const call = async (state: unknown) => {
      const body = { questions: QUESTIONS, state };
      const out = await systemOne({ body, inputTokens: countTokens(JSON.stringify(body)), accountId, startedAt: performance.now() }, deps);
      if (!out.ok) throw new Error(out.problem.detail);
      const response = out.value as { cache_hit: boolean; model: { content: { inputs: Record<string, { from: string }> } } };
      return { cacheHit: response.cache_hit, reads: Object.values(response.model.content.inputs).map((i) => i.from) };
    };
    return { shapes, call };
  };

  it("drafts once per state shape: other keys get a draft that reads them, other values reuse the draft", async () => {
    const { shapes, call } = await setUp();
    const first = await call({ "credit score": 720, income: 90000 });
    expect(first).toEqual({ cacheHit: false, reads: ["credit score", "income"] });
    expect(await call({ "credit score": 610, income: 41000 })).toEqual({ ...first, cacheHit: true });
    expect(shapes).toHaveLength(1);

    // another shape: a key of its own, then a key of another type
    expect(await call({ fico: 720 })).toEqual({ cacheHit: false, reads: ["fico"] });
    expect(await call({ "credit score": "720", income: 90000 })).toEqual({ cacheHit: false, reads: ["income"] });
    expect(shapes).toEqual([
      { "credit score": "number", income: "number" },
      { fico: "number" },
      { "credit score": "string", income: "number" },
    ]);
    // each shape's draft stays cached beside the others
    expect(await call({ fico: 801 })).toEqual({ cacheHit: true, reads: ["fico"] });
    expect(await call({ income: 1, "credit score": 2 })).toEqual({ ...first, cacheHit: true });
    expect(shapes).toHaveLength(3);
  });

  it("keys by the shape a generator was shown, and by the questions alone where none was", () => {
    const fc1 = { "credit score": "number" };
    const k = questionsCacheKey("acct", QUESTIONS, "fast", "fake", fc1);
    expect(questionsCacheKey("acct", QUESTIONS, "fast", "fake", { "credit score": "number" })).toBe(k);
    expect(questionsCacheKey("acct", QUESTIONS, "fast", "fake", { "credit score": "string" })).not.toBe(k);
    expect(questionsCacheKey("acct", QUESTIONS, "fast", "fake", { fico: "number" })).not.toBe(k);
    expect(questionsCacheKey("acct", QUESTIONS, "fast", "fake")).not.toBe(k);
  });
});
