// A ledger whose lock another process or session holds. SQLite: another connection holds the
// file's write lock (BEGIN IMMEDIATE, as an admin command or a stuck tool would); the money steps
// wait for it off the event loop (timers keep firing meanwhile: counted), go through once it is
// released, and past BUSY_WAIT_MS fail with LedgerError "busy" with nothing kept. PostgreSQL
// (DATABASE_URL): another session holds LOCK TABLE on the accounts; the steps fail "busy" after
// the lock timeout instead of waiting for as long as the lock is held.
import Database from "better-sqlite3";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSY_WAIT_MS } from "../../src/ledger/group-commit.js";
import { PG_LOCK_TIMEOUT_MS } from "../../src/ledger/pg-group-commit.js";
import { openPostgresLedger } from "../../src/ledger/postgres.js";
import { LedgerError } from "../../src/ledger/rows.js";
import { openSqliteLedger } from "../../src/ledger/sqlite.js";
import type { Ledger } from "../../src/ledger/types.js";
import { dropSchema, freshSchemaName, PG_URL, warnIfSkipped } from "./backends.js";

warnIfSkipped("locked-ledger");

const noSeal = () => {};
const busy = (e: unknown) => e instanceof LedgerError && e.code === "busy";

/** Counts timer turns until `stop`; `at(n)` runs once the count reaches n. */
function ticker(at: Record<number, () => void> = {}) {
  let ticks = 0;
  const timer = setInterval(() => at[++ticks]?.(), 1);
  return { count: () => ticks, stop: () => clearInterval(timer) };
}

describe("SQLite: another connection holds the write lock", () => {
  const file = join(mkdtempSync(join(tmpdir(), "pdm-locked-")), "ledger.db");
  let ledger: Ledger;
  let holder: Database.Database;
  let account = "";
  beforeAll(async () => {
    ledger = openSqliteLedger(file);
    account = (await ledger.createAccount("a", 1_000_000)).id;
    holder = new Database(file);
  });
  afterAll(async () => {
    holder.close();
    await ledger.close();
  });

  it("a reservation waits for the lock without holding the event loop, and goes through once it is released", async () => {
    holder.exec("BEGIN IMMEDIATE");
    const ticks = ticker({ 20: () => holder.exec("ROLLBACK") });
    try {
      const r = await ledger.reserve(account, 100);
      expect(r.ok).toBe(true);
      expect(ticks.count()).toBeGreaterThanOrEqual(20);
    } finally {
      ticks.stop();
      if (holder.inTransaction) holder.exec("ROLLBACK");
    }
    expect(await ledger.balance(account)).toEqual({ balance: 1_000_000, reserved: 100, available: 999_900 });
  });

  it(`held past ${BUSY_WAIT_MS} ms: every step waiting fails "busy", nothing of them kept; the next goes through`, async () => {
    const before = await ledger.balance(account);
    holder.exec("BEGIN IMMEDIATE");
    const ticks = ticker();
    try {
      const results = await Promise.allSettled([ledger.reserve(account, 100), ledger.reserveAndSettle(account, 200, 150, [], "", noSeal)]);
      for (const r of results) expect(r.status === "rejected" && busy(r.reason), String(r.status === "rejected" && r.reason)).toBe(true);
      // the wait was spent between tries, not inside SQLite: timers kept firing
      expect(ticks.count()).toBeGreaterThan(BUSY_WAIT_MS / 100);
    } finally {
      ticks.stop();
      holder.exec("ROLLBACK");
    }
    expect(await ledger.balance(account)).toEqual(before);
    expect((await ledger.reserve(account, 100)).ok).toBe(true);
  });
});

/** Resolves once a session waits for a lock on `schema`'s accounts. */
async function waitForLockWaiter(c: pg.Client, schema: string): Promise<void> {
  for (;;) {
    const r = await c.query(
      "SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class t ON t.oid = l.relation JOIN pg_namespace s ON s.oid = t.relnamespace WHERE NOT l.granted AND s.nspname = $1",
      [schema],
    );
    if ((r.rows[0] as { n: number }).n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!PG_URL)("PostgreSQL: another session holds LOCK TABLE on the ledger's accounts", () => {
  const schema = freshSchemaName();
  let ledger: Ledger;
  let holder: pg.Client;
  let account = "";
  beforeAll(async () => {
    ledger = await openPostgresLedger({ url: PG_URL!, schema });
    account = (await ledger.createAccount("a", 1_000_000)).id;
    holder = new pg.Client({ connectionString: PG_URL });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await ledger?.close();
    await dropSchema(schema);
  });

  it(`a reservation fails "busy" after the lock timeout (${PG_LOCK_TIMEOUT_MS} ms) instead of waiting for the lock, nothing kept`, async () => {
    await holder.query("BEGIN");
    await holder.query(`LOCK TABLE ${schema}.accounts IN ACCESS EXCLUSIVE MODE`);
    let released = false;
    // held for four times the lock timeout: a step that waits for the lock ends after it
    const release = setTimeout(() => void holder.query("ROLLBACK").then(() => (released = true)), 4 * PG_LOCK_TIMEOUT_MS);
    try {
      const r = await ledger.reserve(account, 100).then(
        () => null,
        (e: unknown) => e,
      );
      expect(busy(r), String(r)).toBe(true);
      expect(released).toBe(false);
    } finally {
      clearTimeout(release);
      if (!released) await holder.query("ROLLBACK");
    }
    expect(await ledger.balance(account)).toEqual({ balance: 1_000_000, reserved: 0, available: 1_000_000 });
    expect((await ledger.reserve(account, 100)).ok).toBe(true);
  });
  it("a step queued behind a group waiting for the lock waits one lock timeout in all, not its own again: busy, nothing kept", async () => {
    const before = await ledger.balance(account);
    await holder.query("BEGIN");
    await holder.query(`LOCK TABLE ${schema}.accounts IN ACCESS EXCLUSIVE MODE`);
    let released = false;
    // released at 1.6 lock timeouts: after the first group gave up, before a second lock timeout of
    // the step queued behind it would end (the start commit let that step through, after 8 s)
    const release = setTimeout(() => void holder.query("ROLLBACK").then(() => (released = true)), 1.6 * PG_LOCK_TIMEOUT_MS);
    try {
      const first = ledger.reserve(account, 100).then(
        () => null,
        (e: unknown) => e,
      );
      // the first group is sent and waits for the lock; the second step queues behind it
      await waitForLockWaiter(holder, schema);
      const second = await ledger.reserve(account, 200).then(
        () => null,
        (e: unknown) => e,
      );
      expect(busy(await first), String(await first)).toBe(true);
      expect(busy(second), String(second)).toBe(true);
      expect(released).toBe(false);
    } finally {
      clearTimeout(release);
      if (!released) await holder.query("ROLLBACK");
    }
    expect(await ledger.balance(account)).toEqual(before);
  });
});
