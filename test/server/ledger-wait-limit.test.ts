// One limit on a call's waits for the ledger: a call that reserves, works, then settles waits for
// a lock another connection (SQLite) or session (PostgreSQL) holds 5 s in all, not 5 s a step. The
// lock is held when the call arrives and freed after a while (the reservation waits for it), then
// taken again as soon as the reservation is made and held past the limit: the settlement has only
// what the reservation left, so the call answers 503 ledger_busy at the one limit, and once the
// lock is freed nothing is reserved or charged. (At the start commit: 503 after the reservation's
// wait plus 5 s for the settlement, plus 5 s more for the release.)
//
// What is asserted is not how long the answer took (a loaded machine stretches every wait and
// timer) but the limit each step was given: the ledger counts a step's wait from the `since` it
// is asked with (its own clock), so each step's wait already spent at its start, calledAt - since,
// must cover what the call's earlier steps waited. That holds however slow the machine is, and
// with one limit a step the settlement would start with nothing spent and the release with less
// than the limit.
import Database from "better-sqlite3";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import { BUSY_WAIT_MS } from "../../src/ledger/group-commit.js";
import { PG_LOCK_TIMEOUT_MS } from "../../src/ledger/pg-group-commit.js";
import { openPostgresLedger } from "../../src/ledger/postgres.js";
import { openSqliteLedger } from "../../src/ledger/sqlite.js";
import { LedgerError } from "../../src/ledger/rows.js";
import type { Ledger } from "../../src/ledger/types.js";
import { buildApp } from "../../src/server/app.js";
import { memoryRateLimiter } from "../../src/server/rate-limit.js";
import { createSigner } from "../../src/service/signer.js";
import { dropSchema, freshSchemaName, PG_URL, warnIfSkipped } from "../ledger/backends.js";
import { MODEL } from "../service/fake-compiler.js";
import { serviceDeps } from "../service/harness.js";

warnIfSkipped("ledger wait limit");

/** A lock on the ledger held by someone else, and how long the ledger waits for it. */
interface Holder {
  limitMs: number;
  take(): Promise<void>;
  free(): Promise<void>;
  close(): Promise<void>;
}

const OPENING = 5_000_000;

/** One money step the call asked the ledger for: when (the ledger's clock), the `since` it went with, and how it ended. */
interface StepSeen {
  op: "reserve" | "settle" | "reserveAndSettle" | "release";
  calledAt: number;
  /** the wait already spent at its start, as the ledger counts it (calledAt - since; 0 without a since) */
  spentAtStart: number;
  endedAt: number;
  failed: string | null;
}

/** `ledger` with every money step recorded into `seen`, in the order asked. */
function recording(ledger: Ledger, seen: StepSeen[]): Ledger {
  const record = async <T>(op: StepSeen["op"], since: number | undefined, run: () => Promise<T>): Promise<T> => {
    const calledAt = Date.now();
    const step: StepSeen = { op, calledAt, spentAtStart: since === undefined ? 0 : calledAt - since, endedAt: 0, failed: null };
    seen.push(step);
    try {
      return await run();
    } catch (e) {
      step.failed = e instanceof LedgerError ? e.code : String(e);
      throw e;
    } finally {
      step.endedAt = Date.now();
    }
  };
  return {
    ...ledger,
    reserve: (accountId, amount, since) => record("reserve", since, () => ledger.reserve(accountId, amount, since)),
    settle: (id, charge, items, memo, seal, since) => record("settle", since, () => ledger.settle(id, charge, items, memo, seal, since)),
    reserveAndSettle: (accountId, amount, charge, items, memo, seal, since) =>
      record("reserveAndSettle", since, () => ledger.reserveAndSettle(accountId, amount, charge, items, memo, seal, since)),
    release: (id, since) => record("release", since, () => ledger.release(id, since)),
  };
}

async function callUnderLock(ledger: Ledger, holder: Holder) {
  const account = await ledger.createAccount("payer", OPENING);
  const key = newApiKey();
  await ledger.addKey(account.id, hashApiKey(key), keyPrefix(key));
  const { deps } = await serviceDeps({ limits: { prepayAboveUnits: 0 } });
  const steps: StepSeen[] = [];
  const seen = recording(ledger, steps);
  // the lock is held when the call asks for its reservation, freed two fifths of the limit later,
  // and taken again as soon as the reservation is made
  const firstHoldMs = (2 * holder.limitMs) / 5;
  let freeing: Promise<number> | undefined;
  const retaking: Ledger = {
    ...seen,
    async reserve(...args) {
      freeing = new Promise((resolve) => setTimeout(() => void holder.free().then(() => resolve(Date.now())), firstHoldMs));
      const r = await seen.reserve(...args);
      await holder.take();
      return r;
    },
  };
  const service = { ...deps, ledger: retaking, signer: await createSigner(ledger) };
  const app = buildApp({ service, rateLimiter: memoryRateLimiter({ max: 0, windowMs: 1 }), bodyLimit: 1 << 20, version: "test" });
  await holder.take();
  const res = await app.inject({
    method: "POST",
    url: "/v1/systemone",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    payload: { model: MODEL, state: { a: 1, b: 2 } },
  });
  // the steps the call waited for, before the releases that go on without it
  const asked = steps.slice();
  const firstFreedAt = await freeing!;
  await holder.free();
  // what the call reserved comes back once the lock is freed
  let balance = await ledger.balance(account.id);
  for (let i = 0; i < 200 && balance.reserved !== 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    balance = await ledger.balance(account.id);
  }
  await app.close();
  return { res, steps: asked, firstFreedAt, balance, entries: await ledger.entries(account.id) };
}

function expectOneLimit(r: Awaited<ReturnType<typeof callUnderLock>>, limitMs: number) {
  expect(r.res.statusCode, r.res.body).toBe(503);
  expect(r.res.json()).toMatchObject({ code: "ledger_busy" });
  expect(r.res.headers["retry-after"]).toBe("1");
  const [reserve, settle, release] = r.steps;
  // (then the releases that go on off the answer until the lock is freed)
  expect(r.steps.slice(0, 3).map((s) => [s.op, s.failed])).toEqual([
    ["reserve", null],
    ["settle", "busy"],
    ["release", "busy"],
  ]);
  // the reservation waited for the first hold
  const reserveWaited = reserve!.endedAt - reserve!.calledAt;
  expect(reserve!.endedAt).toBeGreaterThanOrEqual(r.firstFreedAt);
  expect(reserveWaited).toBeGreaterThanOrEqual((2 * limitMs) / 5 - 50);
  // the settlement starts with the reservation's wait spent, so it has only the rest of the limit
  expect(settle!.spentAtStart).toBeGreaterThanOrEqual(reserveWaited);
  // the settlement failed at the limit, so the release starts with all of it spent: it does not wait
  expect(settle!.spentAtStart + (settle!.endedAt - settle!.calledAt)).toBeGreaterThanOrEqual(limitMs);
  expect(release!.spentAtStart).toBeGreaterThanOrEqual(limitMs);
  expect(r.balance).toEqual({ balance: OPENING, reserved: 0, available: OPENING });
  expect(r.entries.map((e) => e.kind)).toEqual(["topup"]);
}

describe("a call's waits for a locked ledger have one limit in all", () => {
  it("SQLite: another connection holds the file's write lock", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "pdm-wait-limit-")), "ledger.db");
    const ledger = openSqliteLedger(file);
    const lock = new Database(file);
    const holder: Holder = {
      limitMs: BUSY_WAIT_MS,
      take: async () => void lock.exec("BEGIN IMMEDIATE"),
      free: async () => void (lock.inTransaction && lock.exec("ROLLBACK")),
      close: async () => void lock.close(),
    };
    try {
      expectOneLimit(await callUnderLock(ledger, holder), BUSY_WAIT_MS);
    } finally {
      await holder.close();
      await ledger.close();
    }
  }, 30_000);

  describe.skipIf(!PG_URL)("PostgreSQL", () => {
    const schema = freshSchemaName();
    afterAll(async () => {
      if (PG_URL) await dropSchema(schema);
    });

    it("another session holds a lock on the accounts that their row locks wait for", async () => {
      const ledger = await openPostgresLedger({ url: PG_URL!, schema });
      const lock = new pg.Client({ connectionString: PG_URL });
      await lock.connect();
      let held = false;
      const holder: Holder = {
        limitMs: PG_LOCK_TIMEOUT_MS,
        async take() {
          await lock.query("BEGIN");
          // EXCLUSIVE: reads go on (the key's lookup), row locks (SELECT ... FOR UPDATE) wait
          await lock.query(`LOCK TABLE ${schema}.accounts IN EXCLUSIVE MODE`);
          held = true;
        },
        async free() {
          if (held) await lock.query("ROLLBACK");
          held = false;
        },
        close: () => lock.end(),
      };
      try {
        expectOneLimit(await callUnderLock(ledger, holder), PG_LOCK_TIMEOUT_MS);
      } finally {
        await holder.close();
        await ledger.close();
      }
    }, 30_000);
  });
});
