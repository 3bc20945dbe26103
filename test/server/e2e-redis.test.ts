// Two spawned instances sharing one SQLite ledger and one Redis: the per-key rate limit is one
// count across both. Runs when REDIS_URL is set (as in CI).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULTS } from "../../src/server/start.js";
import { cli, lastLine, makeStore, post, ROOT, startServer, stopStartedServers, type Server } from "./spawn.js";

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn("NOTICE: REDIS_URL is not set; the shared (Redis) rate-limit server suite is skipped.");

describe.skipIf(!REDIS_URL)("rate limit shared through Redis by two instances", () => {
  const store = makeStore("sqlite");
  const env = { REDIS_URL, PDM_REDIS_PREFIX: `pdm-e2e-${randomBytes(4).toString("hex")}:` };
  let a: Server;
  let b: Server;
  // each start may take up to 60 s on a loaded machine; whatever the hook got to, afterAll stops
  // every server it started, one still starting or started after the hook gave up among them
  beforeAll(async () => {
    [a, b] = await Promise.all([startServer(store, ["--rate-limit", "3"], env), startServer(store, ["--rate-limit", "3"], env)]);
  }, 130_000);
  afterAll(async () => {
    await stopStartedServers();
  });

  it("counts one key's requests across both instances", { timeout: 120_000 }, async () => {
    await cli(store, ["accounts", "create", "--name", "shared", "--balance", "1"]);
    const key = lastLine((await cli(store, ["keys", "create", "--account", "shared"])).stdout);
    const model = JSON.parse(readFileSync(join(ROOT, "samples/lending/model.json"), "utf8"));
    const state = JSON.parse(readFileSync(join(ROOT, "samples/lending/cases/prime-salaried.json"), "utf8")).state;
    // the limit counts per fixed window (DEFAULTS.rateLimit.windowMs, counted from the epoch as the
    // limiter counts it): the four requests must fall in one, so they start with at least half of it left
    const { windowMs } = DEFAULTS.rateLimit;
    const left = windowMs - (Date.now() % windowMs);
    if (left < windowMs / 2) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const statuses = [];
    const window = Math.floor(Date.now() / windowMs);
    for (const server of [a, b, a, b]) statuses.push((await post(`${server.url}/v1/systemone`, key, { model, state })).status);
    expect(Math.floor(Date.now() / windowMs), "the requests took half a window").toBe(window);
    // a Redis command that timed out or failed lets its request through uncounted, and says so
    const failedOpen = await Promise.all(
      [a, b].map(async (s) => (await (await fetch(`${s.url}/metrics`)).text()).match(/^pdm_redis_fail_open_total.*$/gm)),
    );
    expect(failedOpen).toEqual([null, null]);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
