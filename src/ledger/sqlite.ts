// The embedded ledger: one SQLite file in WAL mode. better-sqlite3 is synchronous, so every
// method is a single short transaction; IMMEDIATE transactions take the write lock up front so
// two processes on the same file (server and admin CLI) wait for each other instead of failing.
// The steps of a request's charge (reserve, settle, release) from concurrent requests are grouped
// into one such transaction, run on the rows it reads and written back in a few set-based
// statements (group-commit.ts).
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { randomUUID } from "node:crypto";
import { groupCommit } from "./group-commit.js";
import { sqliteFault } from "./sqlite-faults.js";
import { MIGRATIONS } from "./migrations.js";
import {
  LedgerError,
  now,
  toAccount,
  toBalance,
  toEntry,
  toKey,
  toSigningKey,
  type AccountRow,
  type BalanceRow,
  type EntryRow,
  type KeyRow,
  type SigningKeyRow,
} from "./rows.js";
import {
  noSeal,
  type BalanceMicros,
  type KeyLookup,
  type Ledger,
  type ReserveResult,
  type Settlement,
  type StoredSigningKey,
} from "./types.js";
import type { Micros } from "./money.js";

/** How long a statement waits for another connection's write lock (the money steps wait off the event loop: group-commit.ts). */
const BUSY_TIMEOUT_MS = 5000;

/** API-key lookups remembered at most (all are forgotten when there would be more). */
const KNOWN_KEYS = 10_000;

/** `checkpointAfterPages`: SQLite's automatic checkpoint threshold (its default is 1000 pages). */
export function openSqliteLedger(file: string, o: { checkpointAfterPages?: number } = {}): Ledger {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // NORMAL in WAL mode never corrupts the file; a power cut may lose the last commits.
  db.pragma("synchronous = NORMAL");
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("foreign_keys = ON");
  if (o.checkpointAfterPages !== undefined) db.pragma(`wal_autocheckpoint = ${Math.trunc(o.checkpointAfterPages)}`);
  migrate(db);

  const q = {
    accountByName: db.prepare<[string], AccountRow>("SELECT id, name, disabled, created_at FROM accounts WHERE name = ?"),
    accountById: db.prepare<[string], AccountRow>("SELECT id, name, disabled, created_at FROM accounts WHERE id = ?"),
    accounts: db.prepare<[], AccountRow>("SELECT id, name, disabled, created_at FROM accounts ORDER BY created_at, name"),
    insertAccount: db.prepare("INSERT INTO accounts (id, name, balance_micros, created_at) VALUES (?, ?, ?, ?)"),
    setDisabled: db.prepare("UPDATE accounts SET disabled = ? WHERE id = ?"),
    balance: db.prepare<[string], BalanceRow>("SELECT balance_micros, reserved_micros FROM accounts WHERE id = ?"),
    credit: db.prepare("UPDATE accounts SET balance_micros = balance_micros + ? WHERE id = ?"),
    insertEntry: db.prepare(
      "INSERT INTO ledger_entries (account_id, kind, amount_micros, reservation_id, items, memo, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ),
    entries: db.prepare<[string], EntryRow>(
      "SELECT id, account_id, kind, amount_micros, reservation_id, memo, created_at FROM ledger_entries WHERE account_id = ? ORDER BY id",
    ),
    insertKey: db.prepare("INSERT INTO api_keys (id, account_id, key_hash, prefix, created_at) VALUES (?, ?, ?, ?, ?)"),
    keyById: db.prepare<[string], KeyRow>("SELECT id, account_id, prefix, created_at, revoked_at FROM api_keys WHERE id = ?"),
    keyByHash: db.prepare<[string], KeyRow>("SELECT id, account_id, prefix, created_at, revoked_at FROM api_keys WHERE key_hash = ?"),
    // a request's key and its account in one statement
    keyAndAccount: db.prepare<[string], KeyRow & { account_name: string; account_disabled: number; account_created_at: string }>(
      `SELECT k.id, k.account_id, k.prefix, k.created_at, k.revoked_at,
              a.name AS account_name, a.disabled AS account_disabled, a.created_at AS account_created_at
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`,
    ),
    keysOf: db.prepare<[string], KeyRow>(
      "SELECT id, account_id, prefix, created_at, revoked_at FROM api_keys WHERE account_id = ? ORDER BY created_at",
    ),
    revoke: db.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"),
    staleReservations: db.prepare<[number], { id: string }>("SELECT id FROM reservations WHERE created_ms < ?"),
    currentKey: db.prepare<[], SigningKeyRow>("SELECT kid, private_jwk, public_jwk, created_at FROM signing_keys WHERE slot = 'current'"),
    allKeys: db.prepare<[], SigningKeyRow>("SELECT kid, private_jwk, public_jwk, created_at FROM signing_keys ORDER BY created_at"),
    insertSigningKey: db.prepare(
      "INSERT INTO signing_keys (kid, slot, private_jwk, public_jwk, created_at) VALUES (?, 'current', ?, ?, ?) ON CONFLICT (slot) DO NOTHING",
    ),
    version: db.prepare<[], { v: number | null }>("SELECT MAX(version) AS v FROM schema_migrations"),
  };

  /** A write outside the group commits, its SQLite failure as the ledger's "busy" or "unwritable" (sqlite-faults.ts). */
  const writing =
    <A extends unknown[], R>(write: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return write(...args);
      } catch (e) {
        throw sqliteFault(e, BUSY_TIMEOUT_MS);
      }
    };

  const mustBalance = (accountId: string) => {
    const row = q.balance.get(accountId);
    if (!row) throw new LedgerError("unknown_account", `no account with id ${accountId}`);
    return toBalance(row);
  };

  const createAccount = writing(
    db.transaction((name: string, opening: Micros) => {
      if (q.accountByName.get(name)) throw new LedgerError("account_exists", `an account named "${name}" already exists`);
      const id = randomUUID();
      const at = now();
      q.insertAccount.run(id, name, opening, at);
      if (opening > 0) q.insertEntry.run(id, "topup", opening, null, "[]", "opening balance", at);
      return toAccount(q.accountById.get(id)!);
    }).immediate,
  );

  const topup = writing(
    db.transaction((accountId: string, amount: Micros, memo: string) => {
      if (q.credit.run(amount, accountId).changes === 0) throw new LedgerError("unknown_account", `no account with id ${accountId}`);
      q.insertEntry.run(accountId, "topup", amount, null, "[]", memo, now());
      return mustBalance(accountId);
    }).immediate,
  );

  const signingKey = writing((make: Omit<StoredSigningKey, "createdAt">) => {
    q.insertSigningKey.run(make.kid, JSON.stringify(make.privateJwk), JSON.stringify(make.publicJwk), now());
    return toSigningKey(q.currentKey.get()!);
  });
  const setDisabled = writing((accountId: string, disabled: boolean) => q.setDisabled.run(disabled ? 1 : 0, accountId).changes);
  const addKey = writing((accountId: string, keyHash: string, prefix: string) => {
    const id = randomUUID();
    q.insertKey.run(id, accountId, keyHash, prefix, now());
    return toKey(q.keyById.get(id)!);
  });
  const revoke = writing((id: string) => q.revoke.run(now(), id));

  // the steps of a request's charge, from concurrent requests, commit together (group-commit.ts)
  const grouped = groupCommit(db, BUSY_TIMEOUT_MS);
  const release = async (reservationId: string, since?: number) =>
    (await grouped({ op: "release", reservationId }, since)) as BalanceMicros | null;

  // Every request looks its key up. Keys and accounts change only through this ledger (which
  // forgets what it remembered when it changes them) or through another connection to the file
  // (the admin commands), which SQLite's data_version reveals: it moves when another connection
  // has committed. So a remembered lookup is served only while nobody else has written.
  const dataVersion = db.prepare<[], number>("PRAGMA data_version").pluck();
  const knownKeys = new Map<string, KeyLookup>();
  let knownAt = -1;
  const forgetKeys = () => knownKeys.clear();
  const lookUpKey = (keyHash: string): KeyLookup | null => {
    const version = dataVersion.get()!;
    if (version !== knownAt) {
      forgetKeys();
      knownAt = version;
    }
    const known = knownKeys.get(keyHash);
    if (known) return known;
    const row = q.keyAndAccount.get(keyHash);
    if (!row) return null;
    const account = { id: row.account_id, name: row.account_name, disabled: row.account_disabled, created_at: row.account_created_at };
    const found = { key: toKey(row), account: toAccount(account) };
    // only keys that exist are remembered, so unknown keys sent in bulk take no memory
    if (knownKeys.size >= KNOWN_KEYS) forgetKeys();
    knownKeys.set(keyHash, found);
    return found;
  };

  const ledger: Ledger = {
    kind: "sqlite",
    async createAccount(name, opening) {
      assertAmount(opening);
      return createAccount(name, opening);
    },
    async findAccount(name) {
      const row = q.accountByName.get(name);
      return row ? toAccount(row) : null;
    },
    async listAccounts() {
      return q.accounts.all().map(toAccount);
    },
    async setDisabled(accountId, disabled) {
      forgetKeys();
      if (setDisabled(accountId, disabled) === 0) {
        throw new LedgerError("unknown_account", `no account with id ${accountId}`);
      }
    },
    async addKey(accountId, keyHash, prefix) {
      forgetKeys();
      return addKey(accountId, keyHash, prefix);
    },
    async revokeKey(by) {
      forgetKeys();
      const row = "id" in by ? q.keyById.get(by.id) : q.keyByHash.get(by.hash);
      if (!row) return null;
      revoke(row.id);
      return toKey(q.keyById.get(row.id)!);
    },
    async listKeys(accountId) {
      return q.keysOf.all(accountId).map(toKey);
    },
    async findKeyByHash(keyHash) {
      return lookUpKey(keyHash);
    },
    async balance(accountId) {
      return mustBalance(accountId);
    },
    async topup(accountId, amount, memo = "top-up") {
      assertAmount(amount);
      return topup(accountId, amount, memo);
    },
    async reserve(accountId, amount, since) {
      assertAmount(amount);
      return (await grouped({ op: "reserve", accountId, amount }, since)) as ReserveResult;
    },
    async settle(reservationId, charge, items, memo = "", seal = noSeal, since) {
      assertAmount(charge);
      return (await grouped({ op: "settle", reservationId, charge, items, memo, seal }, since)) as Settlement;
    },
    async reserveAndSettle(accountId, amount, charge, items, memo = "", seal = noSeal, since) {
      assertAmount(amount);
      assertAmount(charge);
      const step = { op: "reserveAndSettle", accountId, amount, charge, items, memo, seal } as const;
      return (await grouped(step, since)) as ({ ok: true } & Settlement) | { ok: false; balance: BalanceMicros };
    },
    release,
    async releaseStale(ageMs) {
      // released together: one group commit
      const stale = q.staleReservations.all(Date.now() - ageMs);
      const released = await Promise.all(stale.map(({ id }) => release(id)));
      return released.filter((b) => b !== null).length;
    },
    async entries(accountId) {
      return q.entries.all(accountId).map(toEntry);
    },
    async signingKey(make) {
      const current = q.currentKey.get();
      return current ? toSigningKey(current) : signingKey(await make());
    },
    async signingKeys() {
      return q.allKeys.all().map(toSigningKey);
    },
    async schemaVersion() {
      return q.version.get()?.v ?? 0;
    },
    async close() {
      db.close();
    },
  };
  return ledger;
}

function migrate(db: Database.Database): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  const apply = db.transaction(() => {
    const row = db.prepare<[], { v: number | null }>("SELECT MAX(version) AS v FROM schema_migrations").get();
    const current = row?.v ?? 0;
    for (const m of MIGRATIONS) {
      if (m.version <= current) continue;
      db.exec(m.sqlite);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(m.version, m.name, now());
    }
  });
  apply.immediate();
}

export function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new LedgerError("invalid_amount", `amount must be a non-negative integer of micro-dollars, got ${amount}`);
  }
}
