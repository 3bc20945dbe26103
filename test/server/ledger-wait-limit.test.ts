// One limit on a call's waits for the ledger: a call that reserves, works, then settles waits for
// a lock another connection (SQLite) or session (PostgreSQL) holds 5 s in all, not 5 s a step. The
// lock is held when the call arrives and freed after a while (the reservation waits for it), then
// taken again as soon as the reservation is made and held past the limit: the settlement has only
// what the reservation left, so the call answers 503 ledger_busy within the one limit, and once the
// lock is freed nothing is reserved or charged. (At the start commit: 503 after the reservation's
// wait plus 5 s for the settlement, plus 5 s more for the release.)
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

async function callUnderLock(ledger: Ledger, holder: Holder) {
  const account = await ledger.createAccount("payer", OPENING);
  const key = newApiKey();
  await ledger.addKey(account.id, hashApiKey(key), keyPrefix(key));
  const { deps } = await serviceDeps({ limits: { prepayAboveUnits: 0 } });
  // the lock is taken again as soon as the call's reservation is made
  const reservedAt: number[] = [];
  const retaking: Ledger = {
    ...ledger,
    async reserve(...args) {
      const r = await ledger.reserve(...args);
      reservedAt.push(Date.now());
      await holder.take();
      return r;
    },
  };
  const service = { ...deps, ledger: retaking, signer: await createSigner(ledger) };
  const app = buildApp({ service, rateLimiter: memoryRateLimiter({ max: 0, windowMs: 1 }), bodyLimit: 1 << 20, version: "test" });
  // held when the call arrives, freed after two fifths of the limit
  const firstHoldMs = (2 * holder.limitMs) / 5;
  await holder.take();
  const freeing = new Promise<void>((resolve) => setTimeout(() => void holder.free().then(resolve), firstHoldMs));
  const asked = Date.now();
  const res = await app.inject({
    method: "POST",
    url: "/v1/systemone",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    payload: { model: MODEL, state: { a: 1, b: 2 } },
  });
  const answered = Date.now();
  await freeing;
  await holder.free();
  // what the call reserved comes back once the lock is freed
  let balance = await ledger.balance(account.id);
  for (let i = 0; i < 200 && balance.reserved !== 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    balance = await ledger.balance(account.id);
  }
  await app.close();
  return { res, waitedMs: answered - asked, reservedAfterMs: reservedAt[0]! - asked, balance, entries: await ledger.entries(account.id) };
}

function expectOneLimit(r: Awaited<ReturnType<typeof callUnderLock>>, limitMs: number) {
  expect(r.res.statusCode, r.res.body).toBe(503);
  expect(r.res.json()).toMatchObject({ code: "ledger_busy" });
  expect(r.res.headers["retry-after"]).toBe("1");
  // the reservation waited for the first hold, so the settlement had only the rest of the limit
  expect(r.reservedAfterMs).toBeGreaterThanOrEqual((2 * limitMs) / 5 - 50);
  // one limit, with room for a loaded machine's timers; one limit a step would be 7 s at the least
  expect(r.waitedMs).toBeLessThan(limitMs + 1_500);
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
