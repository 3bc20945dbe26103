// Issue 17's attacks against the real server (`pdm serve` on loopback, SQLite ledger), each with a
// funded key or a zero-balance one: every one answers the right 200 or a 4xx problem the spec
// allows (a limit's problem names the limit), while a /healthz poller keeps being answered in
// under a second — the server's event loop is never held by a compile. Afterwards the ledger
// reconciles: each balance moved by exactly its statement, the statement is exactly what the
// receipts say was charged, and nothing is left reserved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, type ProblemCode } from "../../../src/service/problems.js";
import { cli, lastLine, makeStore, startServer, type Server, type Store } from "../spawn.js";
import { ATTACKS, CHAIN_CHECK, LIMITS, normalCall, type Sender } from "./attacks.js";
import { COMPILE_BLOWUPS } from "./compile-blowups.js";
import { LARGE_BODIES } from "./large-bodies.js";
import { SHAPE_ATTACKS } from "./shapes-near-limit.js";
import { heldMs, readAccounts, receiptMicros, send, whilePolling, type Reply } from "./traffic.js";

/** The slowest /healthz answer allowed while an attack runs: generous, for a loaded machine. */
const HEALTH_MS = 1_000;

const store: Store = makeStore("sqlite");
let server: Server;
const keys: Record<Sender, string | null> = { funded: null, broke: null, none: null };
/** micro-dollars each account's receipts say it was charged */
const charged: Record<string, number> = { funded: 0, broke: 0 };
/** what each attack answered and how long it held the event loop, printed at the end for the record */
const seen: string[] = [];

async function account(name: string, usd: string): Promise<string> {
  expect((await cli(store, ["accounts", "create", "--name", name, "--balance", usd])).code).toBe(0);
  const created = await cli(store, ["keys", "create", "--account", name]);
  expect(created.code).toBe(0);
  return lastLine(created.stdout);
}

/** /healthz answered every poll, each within HEALTH_MS. */
function expectResponsive({ polls, failed, slowestMs }: { polls: number; failed: number; slowestMs: number }): void {
  expect(polls).toBeGreaterThan(0);
  expect(failed, "/healthz polls that failed").toBe(0);
  expect(slowestMs, "the slowest /healthz answer, in ms").toBeLessThan(HEALTH_MS);
}

function record(sender: Sender, reply: Reply): Reply {
  if (sender !== "none") charged[sender]! += receiptMicros(reply);
  return reply;
}

beforeAll(async () => {
  server = await startServer(store, ["--compile-timeout", "90000", "--compile-workers", "1", "--log-level", "silent"]);
  keys.funded = await account("funded", "50");
  keys.broke = await account("broke", "0");
}, 60_000);
afterAll(async () => {
  console.log(`hostile input:\n  ${seen.join("\n  ")}`);
  await server?.stop();
  await store.dispose();
});

describe("hostile input", () => {
  it("answers a normal call while idle (the baseline)", async () => {
    const call = normalCall(21);
    const reply = record("funded", await send(server.url, keys, call));
    expect(reply.status).toBe(200);
    expect(call.answer!(reply.body)).toBe(true);
  });

  for (const attack of [...ATTACKS, ...LARGE_BODIES, ...SHAPE_ATTACKS, ...COMPILE_BLOWUPS]) {
    it(attack.name, { timeout: 180_000 }, async () => {
      await heldMs(server.url); // starts the measure afresh
      const { result, slowestMs, polls, failed } = await whilePolling(server.url, () => send(server.url, keys, attack));
      const reply = record(attack.sender, result);
      seen.push(`${attack.name}: ${reply.status} ${reply.body?.code ?? ""} held ${Math.round(await heldMs(server.url))} ms`);
      if (reply.status === 200) {
        expect(attack.answer, `no 200 is right here: ${JSON.stringify(reply.body).slice(0, 300)}`).toBeDefined();
        expect(attack.answer!(reply.body), JSON.stringify(reply.body.answers)).toBe(true);
      } else {
        expect({ status: reply.status, code: reply.body?.code, detail: reply.body?.detail }).toMatchObject({
          status: CATALOGUE[reply.body?.code as ProblemCode]?.status,
          code: expect.toBeOneOf([...attack.problems]),
        });
        expect(reply.status).toBeGreaterThanOrEqual(400);
        expect(reply.status).toBeLessThan(500);
        expect(reply.body.billing).toBeUndefined();
        if ((LIMITS as readonly string[]).includes(reply.body.code)) expect(reply.body.detail).toMatch(/\d/);
      }
      expectResponsive({ polls, failed, slowestMs });
    });
  }

  it("checks a 14,000-decision chain for free, twice: the second answer comes from the Check cache", { timeout: 180_000 }, async () => {
    const attack = { name: "chain", sender: "broke" as const, method: "POST" as const, ...CHAIN_CHECK, problems: [] };
    const cacheOf = async () =>
      ((await (await fetch(`${server.url}/healthz`)).json()) as { check_cache: { hits: number; misses: number } }).check_cache;
    const before = await cacheOf();
    const first = await whilePolling(server.url, () => send(server.url, keys, attack));
    const second = await whilePolling(server.url, () => send(server.url, keys, attack));
    const after = await cacheOf();
    // the compile limit is far above what the check takes, so the answer is the Check; a timed-out
    // check is not cached (a retry may succeed), so only a completed one can show the cache
    expect([first.result.status, first.result.body.valid]).toEqual([200, true]);
    expect(second.result).toEqual(first.result);
    expect(after).toMatchObject({ misses: before.misses + 1, hits: before.hits + 1 });
    for (const run of [first, second]) expectResponsive(run);
  });

  it("answers a normal call after the attacks", async () => {
    const call = normalCall(4);
    const reply = record("funded", await send(server.url, keys, call));
    expect(reply.status).toBe(200);
    expect(call.answer!(reply.body)).toBe(true);
  });

  it("reconciles the ledger: balance moved by the statement, the statement is what the receipts charged, nothing reserved", async () => {
    for (const a of await readAccounts(store.args[1]!, ["funded", "broke"])) {
      expect(a.reserved).toBe(0);
      expect(a.balance).toBe(a.opening - a.statement);
      expect(a.statement).toBe(charged[a.name]);
    }
  });
});
