// Generated attacks that grow by doubling (doubling.ts) against the real server, each beside a
// /healthz poller and with the server's memory sampled: every one answers right or with a 4xx the
// spec allows, the server never ends, its event loop is never held long (its own measure,
// pdm_event_loop_delay_max_seconds, and /healthz's answers) and its resident memory never grows
// by more than 256 MB. Each carrier is sent at the bottom and the top of its depths, then random
// attacks. The ledger reconciles afterwards.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, type ProblemCode } from "../../../src/service/problems.js";
import { cli, lastLine, makeStore, startServer, type Server, type Store } from "../spawn.js";
import { CARRIERS, doublingAttack, doublingAttacks, type DoublingAttack } from "./doubling.js";
import { heldMs, readAccounts, receiptMicros, send, whilePolling } from "./traffic.js";
import type { Sender } from "./attacks.js";

/** The most a request may hold the event loop or wait for /healthz: generous, for a loaded 2-core machine. */
const HELD_MS = 1_000;
/** The most the server's resident memory may grow over its size after start-up. */
const GROWTH_MB = 256;
const RANDOM_ATTACKS = 16;

const store: Store = makeStore("sqlite");
let server: Server;
let baseMb = 0;
const keys: Record<Sender, string | null> = { funded: null, broke: null, none: null };
const charged: Record<string, number> = { funded: 0, broke: 0 };
/** what each attack did, printed at the end for the record */
const seen: string[] = [];

const residentMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

async function account(name: string, usd: string): Promise<string> {
  expect((await cli(store, ["accounts", "create", "--name", name, "--balance", usd])).code).toBe(0);
  return lastLine((await cli(store, ["keys", "create", "--account", name])).stdout);
}

async function attackOnce(attack: DoublingAttack): Promise<void> {
  await heldMs(server.url); // starts the measure afresh
  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(server.pid))), 50);
  const polled = await whilePolling(server.url, () => send(server.url, keys, attack)).finally(() => clearInterval(sampler));
  const held = await heldMs(server.url);
  const reply = polled.result;
  charged[attack.sender] = (charged[attack.sender] ?? 0) + receiptMicros(reply);
  seen.push(`${attack.name}: ${reply.status} ${reply.body?.code ?? ""} held ${Math.round(held)} ms, +${Math.round(peakMb - baseMb)} MB`);
  if (reply.status === 200) {
    expect(attack.answer!(reply.body), JSON.stringify(reply.body).slice(0, 300)).toBe(true);
  } else {
    expect({ status: reply.status, code: reply.body?.code }).toMatchObject({
      status: CATALOGUE[reply.body?.code as ProblemCode]?.status,
      code: expect.toBeOneOf([...attack.problems]),
    });
    expect(reply.body.billing).toBeUndefined();
  }
  expect(polled.failed, "/healthz polls that failed").toBe(0);
  expect(polled.slowestMs, "the slowest /healthz answer, in ms").toBeLessThan(HELD_MS);
  expect(held, "the longest the event loop was held, in ms").toBeLessThan(HELD_MS);
  expect(peakMb - baseMb, "resident memory grown, in MB").toBeLessThan(GROWTH_MB);
}

beforeAll(async () => {
  server = await startServer(store, ["--compile-timeout", "20000", "--compile-workers", "1", "--log-level", "silent", "--rate-limit", "0"]);
  keys.funded = await account("funded", "50");
  keys.broke = await account("broke", "0");
  baseMb = residentMb(server.pid);
}, 120_000);
afterAll(async () => {
  console.log(`doubling attacks (server at ${Math.round(baseMb)} MB after start-up):\n  ${seen.join("\n  ")}`);
  await server?.stop();
  await store.dispose();
});

describe("attacks that grow by doubling", () => {
  for (const carrier of CARRIERS) {
    for (const depth of carrier.depths) {
      it(`${carrier.name}, depth ${depth}`, { timeout: 180_000 }, () => attackOnce(doublingAttack(carrier, depth, "funded", "run")));
    }
  }

  it(`${RANDOM_ATTACKS} random ones: any carrier, depth, sender, explained or checked`, { timeout: 900_000 }, async () => {
    for (const attack of fc.sample(doublingAttacks, { numRuns: RANDOM_ATTACKS, seed: Number(process.env.PDM_HOSTILE_SEED ?? 20261128) })) {
      await attackOnce(attack);
    }
  });

  it("the server is still up, and answers a normal call", async () => {
    const reply = await send(server.url, keys, doublingAttack(CARRIERS[0]!, 2, "funded", "run", 5));
    // charged like any other: the ledger's reconciliation below counts it
    charged.funded = (charged.funded ?? 0) + receiptMicros(reply);
    expect(reply.status).toBe(200);
    expect(reply.body.answers.out.value).toBe(5);
  });

  it("reconciles the ledger: balance moved by the statement, the statement is what the receipts charged, nothing reserved", async () => {
    for (const a of await readAccounts(store.args[1]!, ["funded", "broke"])) {
      expect(a.reserved).toBe(0);
      expect(a.balance).toBe(a.opening - a.statement);
      expect(a.statement).toBe(charged[a.name]);
    }
  });
});
