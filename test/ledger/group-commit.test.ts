// Group commit on both ledgers: charges asked for in the same turn of the event loop commit
// together, yet each stays atomic on its own: a seal that throws or funds that do not cover one
// charge leave the others of its group as if they had run alone, in the order they were asked for.
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { groupCommit } from "../../src/ledger/group-commit.js";
import { unwritable } from "../../src/ledger/sqlite-faults.js";
import { ledgerFault } from "../../src/ledger/pg-group-commit.js";
import { LedgerError } from "../../src/ledger/rows.js";
import { MIGRATIONS } from "../../src/ledger/migrations.js";
import type { Seal } from "../../src/ledger/types.js";
import { BACKENDS, warnIfSkipped } from "./backends.js";

warnIfSkipped("group commit");

const dir = mkdtempSync(join(tmpdir(), "pdm-group-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const request = fc.record({
  amount: fc.integer({ min: 0, max: 4_000 }),
  charge: fc.integer({ min: 0, max: 5_000 }),
  sealFails: fc.boolean(),
  reserveFirst: fc.boolean(),
});

const failing: Seal = () => {
  throw new Error("cannot be signed");
};

describe.each(BACKENDS.filter((b) => b.available))("group commit on $name", (backend) => {
  it("keeps each concurrent charge atomic: the ledger ends as if they ran one after another", async () => {
    const { ledger, dispose } = await backend.open();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 20_000 }), fc.array(request, { minLength: 1, maxLength: 12 }), async (opening, reqs) => {
        const acct = await ledger.createAccount(`group-${n++}`, opening);
        // reservations made first (in one group of their own), then every settlement at once
        const held = await Promise.all(reqs.map((r) => (r.reserveFirst ? ledger.reserve(acct.id, r.amount) : null)));
        const outcomes = await Promise.allSettled(
          reqs.map((r, i) => {
            const seal = r.sealFails ? failing : undefined;
            const h = held[i];
            if (h === null) return ledger.reserveAndSettle(acct.id, r.amount, r.charge, [], "one step", seal);
            if (!h!.ok) return Promise.resolve(h);
            return ledger.settle(h!.reservationId, r.charge, [], "settled", seal);
          }),
        );
        // the same requests, one at a time, on a model of the account
        let balance = opening;
        let reserved = 0;
        const expected: ("charged" | "refused" | "failed")[] = [];
        reqs.forEach((r, i) => {
          if (r.reserveFirst) {
            if (balance - reserved < r.amount) return void (expected[i] = "refused");
            reserved += r.amount;
          }
        });
        reqs.forEach((r, i) => {
          const h = held[i];
          if (h && !h.ok) return;
          // a settlement takes the whole charge, from its reservation and the funds no other holds,
          // or fails and keeps its reservation; a one-step charge needs both amount and charge free
          if (r.reserveFirst && r.charge > r.amount + balance - reserved) return void (expected[i] = "failed");
          if (!r.reserveFirst && balance - reserved < Math.max(r.amount, r.charge)) return void (expected[i] = "refused");
          if (r.sealFails) return void (expected[i] = "failed");
          balance -= r.charge;
          if (r.reserveFirst) reserved -= r.amount;
          expected[i] = "charged";
        });
        // settle answers a settlement; reserve and reserveAndSettle say whether the funds covered it
        const seen = outcomes.map((o) => (o.status === "rejected" ? "failed" : "ok" in o.value && !o.value.ok ? "refused" : "charged"));
        expect(seen).toEqual(reqs.map((_, i) => expected[i]));
        expect(await ledger.balance(acct.id)).toEqual({ balance, reserved, available: balance - reserved });
        const charges = (await ledger.entries(acct.id)).filter((e) => e.kind === "charge");
        expect(charges).toHaveLength(seen.filter((s) => s === "charged").length);
      }),
      { numRuns: 60 },
    );
    await dispose();
  });
});

describe("a ledger that cannot write", () => {
  it("SQLite's file full: every step of the group fails 'unwritable' with nothing kept, and the next goes through once there is room", async () => {
    const db = new Database(join(dir, "full.db"));
    for (const m of MIGRATIONS) db.exec(m.sqlite);
    db.prepare("INSERT INTO accounts (id, name, balance_micros, created_at) VALUES ('a', 'a', 1000000, '')").run();
    const grouped = groupCommit(db, 5000);
    const state = () =>
      db
        .prepare(
          "SELECT (SELECT COUNT(*) FROM ledger_entries) AS entries, (SELECT COUNT(*) FROM reservations) AS held, balance_micros AS balance FROM accounts",
        )
        .get();
    const before = state();
    // the file may grow no further (as on a full disk: SQLite answers SQLITE_FULL)
    const pages = db.pragma("page_count", { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    const memo = "x".repeat(20_000); // more than the free pages hold
    const results = await Promise.allSettled([
      grouped({ op: "reserve", accountId: "a", amount: 5 }),
      grouped({ op: "reserveAndSettle", accountId: "a", amount: 10, charge: 7, items: [], memo, seal: () => {} }),
    ]);
    for (const r of results) {
      expect(r.status).toBe("rejected");
      const e = (r as PromiseRejectedResult).reason;
      expect(e instanceof LedgerError && e.code === "unwritable", String(e)).toBe(true);
    }
    expect(state()).toEqual(before);
    db.pragma("max_page_count = 1073741823");
    await grouped({ op: "reserveAndSettle", accountId: "a", amount: 10, charge: 7, items: [], memo, seal: () => {} });
    expect(state()).toMatchObject({ entries: (before as { entries: number }).entries + 1 });
    db.close();
  });

  it("SQLite's file read-only: every step fails 'unwritable', never an error the server answers 500", async () => {
    const file = join(dir, "read-only.db");
    const setup = new Database(file);
    for (const m of MIGRATIONS) setup.exec(m.sqlite);
    setup.prepare("INSERT INTO accounts (id, name, balance_micros, created_at) VALUES ('a', 'a', 1000000, '')").run();
    setup.close();
    // the connection opened read-only (SQLITE_OPEN_READONLY), as on a file system remounted read-only
    const db = new Database(file, { readonly: true });
    const grouped = groupCommit(db, 5000);
    const results = await Promise.allSettled([
      grouped({ op: "reserve", accountId: "a", amount: 5 }),
      grouped({ op: "reserveAndSettle", accountId: "a", amount: 10, charge: 7, items: [], memo: "m", seal: () => {} }),
    ]);
    for (const r of results) {
      expect(r.status).toBe("rejected");
      const e = (r as PromiseRejectedResult).reason;
      expect(e instanceof LedgerError && e.code === "unwritable", String(e)).toBe(true);
      expect((e as Error).message).toMatch(/read-only \(SQLITE_READONLY/);
    }
    db.close();
  });

  it("names a full disk or an I/O error of either database as 'unwritable', and leaves every other error as it is", () => {
    expect(unwritable({ code: "SQLITE_FULL" })).toMatch(/full/);
    expect(unwritable({ code: "SQLITE_IOERR_WRITE" })).toMatch(/SQLITE_IOERR_WRITE/);
    for (const code of ["SQLITE_READONLY", "SQLITE_READONLY_DBMOVED", "SQLITE_CANTOPEN"]) expect(unwritable({ code })).toMatch(/read-only/);
    for (const code of ["SQLITE_CONSTRAINT", "SQLITE_BUSY", undefined]) expect(unwritable({ code })).toBeUndefined();
    for (const code of ["53100", "58030"]) {
      const e = ledgerFault({ code });
      expect(e instanceof LedgerError && e.code === "unwritable").toBe(true);
    }
    const other = { code: "23505" };
    expect(ledgerFault(other)).toBe(other);
  });
});

describe("SQLite group commit", () => {
  it("answers every step of a group only after its one commit", async () => {
    const db = new Database(join(dir, "plain.db"));
    for (const m of MIGRATIONS) db.exec(m.sqlite);
    db.prepare("INSERT INTO accounts (id, name, balance_micros, created_at) VALUES ('a', 'a', 1000000, '')").run();
    const grouped = groupCommit(db, 5000);
    const count = () => (db.prepare("SELECT COUNT(*) AS c FROM ledger_entries").get() as { c: number }).c;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }), async (fails) => {
        const before = count();
        const steps = fails.map((fail, i) => {
          const seal: Seal = () => {
            // inside the group's transaction: not yet committed
            expect(db.inTransaction).toBe(true);
            if (fail) throw new Error(`step ${i} fails`);
          };
          return grouped({ op: "reserveAndSettle", accountId: "a", amount: 1, charge: 1, items: [], memo: "", seal }).then((v) => {
            // resolved after the commit: the transaction is over and the row is there
            expect(db.inTransaction).toBe(false);
            return v;
          });
        });
        const outcomes = await Promise.allSettled(steps);
        expect(outcomes.map((o) => o.status === "fulfilled")).toEqual(fails.map((f) => !f));
        expect(count() - before).toBe(fails.filter((f) => !f).length);
      }),
      { numRuns: 40 },
    );
    db.close();
  });
});
