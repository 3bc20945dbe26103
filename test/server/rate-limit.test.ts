import { afterAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from "../../src/server/rate-limit.js";

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn("NOTICE: REDIS_URL is not set; the Redis rate-limit suite is skipped.");

describe("memory rate limiter", () => {
  it("allows max requests per key per window, then refuses until the window turns", async () => {
    let t = 1_000_000;
    const rl = memoryRateLimiter({ max: 2, windowMs: 1000 }, () => t);
    expect((await rl.hit("k")).allowed).toBe(true);
    expect(await rl.hit("k")).toMatchObject({ allowed: true, remaining: 0 });
    expect(await rl.hit("k")).toMatchObject({ allowed: false, remaining: 0, reset: 1 });
    expect((await rl.hit("other")).allowed).toBe(true);
    t += 1000;
    expect((await rl.hit("k")).allowed).toBe(true);
  });

  it("is off when max is 0", async () => {
    const rl = memoryRateLimiter({ max: 0, windowMs: 1000 });
    for (let i = 0; i < 5; i++) expect((await rl.hit("k")).allowed).toBe(true);
  });
});

describe.skipIf(!REDIS_URL)("redis rate limiter", () => {
  const opened: RateLimiter[] = [];
  afterAll(async () => Promise.all(opened.map((r) => r.close())));

  it("shares one count per key between instances", async () => {
    const prefix = `pdm-test-${randomBytes(4).toString("hex")}:`;
    const a = await redisRateLimiter(REDIS_URL!, { max: 3, windowMs: 60_000 }, prefix);
    const b = await redisRateLimiter(REDIS_URL!, { max: 3, windowMs: 60_000 }, prefix);
    opened.push(a, b);
    const results = [await a.hit("k"), await b.hit("k"), await a.hit("k"), await b.hit("k")];
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.reset).toBeGreaterThan(0);
    expect((await a.hit("other")).allowed).toBe(true);
  });

  it("fails to start when Redis is unreachable", async () => {
    await expect(redisRateLimiter("redis://127.0.0.1:1", { max: 3, windowMs: 1000 })).rejects.toThrow();
  });
});
