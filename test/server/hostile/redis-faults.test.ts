// Redis that stops answering, on loopback: a server that accepts connections and reads every
// command without ever replying (a hung Redis, one held by CLIENT PAUSE, a proxy whose far side is
// gone). The rate limiter and the questions cache may do without Redis (they fail open: requests
// pass, the cache misses), so a command Redis does not answer within REDIS_COMMAND_MS fails like
// a refused one and the connection is opened anew, instead of holding the request, or the start,
// forever. The second part runs against the real Redis (REDIS_URL) through a proxy that goes
// silent after the start and comes back.
import { randomBytes } from "node:crypto";
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisRateLimiter } from "../../../src/server/rate-limit.js";
import { REDIS_COMMAND_MS } from "../../../src/service/fail-open-redis.js";
import { redisQuestionsCache } from "../../../src/service/questions-cache.js";

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn("NOTICE: REDIS_URL is not set; the Redis-that-goes-silent-after-the-start suite is skipped.");

/** A TCP server on loopback; `relay` (when it returns a socket) forwards both ways while `silent` is false. */
async function listen(upstream?: { host: string; port: number }) {
  const state = { silent: upstream === undefined, commandsUnanswered: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    const far = upstream ? connect(upstream.port, upstream.host) : null;
    far?.on("error", () => client.destroy());
    far?.on("data", (d) => state.silent || client.write(d));
    client.on("data", (d) => (state.silent ? state.commandsUnanswered++ : far?.write(d)));
    client.on("close", () => far?.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    state,
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("a Redis that accepts the connection and never answers", () => {
  let silent: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => void (silent = await listen()));
  afterAll(() => silent.close());

  it("the rate limiter and the questions cache fail to start (their PING unanswered) instead of waiting forever", async () => {
    await expect(redisRateLimiter(silent.url, { max: 5, windowMs: 60_000 })).rejects.toThrow();
    await expect(redisQuestionsCache(silent.url, { ttlMs: 60_000, capacity: 10 })).rejects.toThrow();
    expect(silent.state.commandsUnanswered).toBeGreaterThanOrEqual(2);
  });
});

describe.skipIf(!REDIS_URL)("a Redis that goes silent after the start, and comes back", () => {
  let proxy: Awaited<ReturnType<typeof listen>>;
  const prefix = `pdm-silent-${randomBytes(4).toString("hex")}:`;
  beforeAll(async () => {
    const { hostname, port } = new URL(REDIS_URL!);
    proxy = await listen({ host: hostname, port: Number(port || 6379) });
  });
  afterAll(() => proxy.close());

  it(
    "while silent, a hit passes (fails open) and the cache misses; afterwards the count resumes on a fresh connection",
    async () => {
      // failing open is told (the server counts it: pdm_redis_fail_open_total)
      const failedOpen: string[] = [];
      const limiter = await redisRateLimiter(proxy.url, { max: 5, windowMs: 600_000 }, prefix, (why) =>
        failedOpen.push(`rate_limit ${why}`),
      );
      const cache = await redisQuestionsCache(proxy.url, { ttlMs: 600_000, capacity: 10 }, prefix, (why) =>
        failedOpen.push(`questions_cache ${why}`),
      );
      const model = { content: { name: "m" } } as never;
      try {
        expect((await limiter.hit("k")).remaining).toBe(4);
        await cache.set("q", model);
        expect(await cache.get("q")).toEqual(model);
        proxy.state.silent = true;
        // each call settles (the test's own timeout would catch one that waits forever)
        expect(failedOpen).toEqual([]);
        const during = await limiter.hit("k");
        expect(during).toMatchObject({ allowed: true, limit: 5, remaining: 5 });
        expect(await cache.get("q")).toBeNull();
        expect(failedOpen).toEqual(["rate_limit timeout", "questions_cache timeout"]);
        await expect(cache.ping()).rejects.toThrow(/timed out/);
        expect(proxy.state.commandsUnanswered).toBeGreaterThanOrEqual(3);
        proxy.state.silent = false;
        // Each timeout opens the connection anew (the old one still owes its replies), so a hit or
        // two later the count goes on; the commands lost while silent were never run.
        let after = during;
        for (let tries = 0; tries < 4 && after.remaining === 5; tries++) after = await limiter.hit("k");
        expect(after.remaining).toBeLessThanOrEqual(3);
        let cached = null;
        for (let tries = 0; tries < 4 && cached === null; tries++) cached = await cache.get("q");
        expect(cached).toEqual(model);
      } finally {
        await limiter.close();
        await cache.close();
      }
    },
    20 * REDIS_COMMAND_MS,
  );
});
