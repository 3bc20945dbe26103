// The questions cache: keys by account, canonical questions, mode and generator (never the state);
// least recently used out; entries expire; Redis shares entries between instances.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { memoryQuestionsCache, questionsCacheKey, redisQuestionsCache } from "../../src/service/questions-cache.js";

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
