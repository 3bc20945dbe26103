// The shared ledger for several server instances: PostgreSQL. The money steps of requests
// (reserve, settle, reserveAndSettle, release) commit in groups (pg-group-commit.ts), under row
// locks that serialise the groups of every instance on an account; the other operations are one
// SQL statement each (data-modifying CTEs), atomic on their own.
import pg from "pg";
import { randomUUID } from "node:crypto";
import { MIGRATIONS } from "./migrations.js";
import { KeyCache } from "./pg-key-cache.js";
import { checkPostgresUrl, openFailure } from "./pg-url.js";
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
import { assertAmount } from "./sqlite.js";
import { ledgerFault, pgGroupCommit, PG_LOCK_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS } from "./pg-group-commit.js";
import { noSeal, type BalanceMicros, type Ledger, type ReserveResult, type Settlement } from "./types.js";

export interface PostgresOptions {
  url: string;
  /** schema holding the tables (created if missing); default "public" */
  schema?: string;
  poolSize?: number;
  /**
   * false: the commits of reservations, settlements and releases do not wait for the disk
   * (`synchronous_commit = off` on their connections; docs/deploy.md, "Durability"); default true
   */
  synchronousCommit?: boolean;
  /** groups of money steps in flight at once, a connection each (default 1; pg-group-commit.ts) */
  groupConnections?: number;
}

const ACCOUNT_COLS = "id, name, disabled, created_at";
const KEY_COLS = "id, account_id, prefix, created_at, revoked_at";

export async function openPostgresLedger(options: PostgresOptions): Promise<Ledger> {
  const schema = options.schema ?? "public";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid PostgreSQL schema name: ${schema}`);
  const connection = {
    connectionString: options.url,
    options: `-c search_path=${schema} -c lock_timeout=${PG_LOCK_TIMEOUT_MS} -c statement_timeout=${PG_STATEMENT_TIMEOUT_MS}`,
  };
  checkPostgresUrl(options.url);
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const keys = new KeyCache(`pdm_keys_${schema}`);
  try {
    await migrate(pool, schema);
    await keys.listen(() => new pg.Client(connection));
  } catch (e) {
    await keys.close().catch(() => {});
    await pool.end().catch(() => {});
    throw openFailure(options.url, e);
  }
  // reserve, settle, reserveAndSettle and release: the steps of concurrent requests commit together
  const grouped = pgGroupCommit(connection, { connections: options.groupConnections, synchronousCommit: options.synchronousCommit });
  /** Tells every instance (this one included) that keys or account statuses changed. */
  const keysChanged = async () => {
    keys.clear();
    await pool.query("SELECT pg_notify($1, '')", [keys.channel]);
  };

  const all = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> => {
    try {
      return (await pool.query<R>(sql, params)).rows;
    } catch (e) {
      throw ledgerFault(e);
    }
  };
  const one = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R | undefined> =>
    (await all<R>(sql, params))[0];

  const mustBalance = async (accountId: string) => {
    const row = await one<BalanceRow>("SELECT balance_micros, reserved_micros FROM accounts WHERE id = $1", [accountId]);
    if (!row) throw new LedgerError("unknown_account", `no account with id ${accountId}`);
    return toBalance(row);
  };

  const ledger: Ledger = {
    kind: "postgres",
    async createAccount(name, opening) {
      assertAmount(opening);
      const id = randomUUID();
      const at = now();
      const row = await one<AccountRow>(
        `WITH a AS (
           INSERT INTO accounts (id, name, balance_micros, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (name) DO NOTHING RETURNING ${ACCOUNT_COLS}),
         e AS (
           INSERT INTO ledger_entries (account_id, kind, amount_micros, memo, created_at)
           SELECT id, 'topup', $3, 'opening balance', $4 FROM a WHERE $3 > 0)
         SELECT ${ACCOUNT_COLS} FROM a`,
        [id, name, opening, at],
      );
      if (!row) throw new LedgerError("account_exists", `an account named "${name}" already exists`);
      return toAccount(row);
    },
    async findAccount(name) {
      const row = await one<AccountRow>(`SELECT ${ACCOUNT_COLS} FROM accounts WHERE name = $1`, [name]);
      return row ? toAccount(row) : null;
    },
    async listAccounts() {
      return (await all<AccountRow>(`SELECT ${ACCOUNT_COLS} FROM accounts ORDER BY created_at, name`)).map(toAccount);
    },
    async setDisabled(accountId, disabled) {
      const r = await pool.query("UPDATE accounts SET disabled = $1 WHERE id = $2", [disabled, accountId]);
      if (r.rowCount === 0) throw new LedgerError("unknown_account", `no account with id ${accountId}`);
      await keysChanged();
    },
    async addKey(accountId, keyHash, prefix) {
      const row = await one<KeyRow>(
        `INSERT INTO api_keys (id, account_id, key_hash, prefix, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${KEY_COLS}`,
        [randomUUID(), accountId, keyHash, prefix, now()],
      );
      return toKey(row!);
    },
    async revokeKey(by) {
      const [column, value] = "id" in by ? ["id", by.id] : ["key_hash", by.hash];
      const row = await one<KeyRow>(
        `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE ${column} = $1 RETURNING ${KEY_COLS}`,
        [value, now()],
      );
      if (row) await keysChanged();
      return row ? toKey(row) : null;
    },
    async listKeys(accountId) {
      return (await all<KeyRow>(`SELECT ${KEY_COLS} FROM api_keys WHERE account_id = $1 ORDER BY created_at`, [accountId])).map(toKey);
    },
    async findKeyByHash(keyHash) {
      const cached = keys.get(keyHash);
      if (cached) return cached;
      const stamp = keys.stamp();
      const row = await one<KeyRow & { name: string; disabled: boolean; account_created_at: string }>(
        `SELECT k.id, k.account_id, k.prefix, k.created_at, k.revoked_at, a.name, a.disabled, a.created_at AS account_created_at
         FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = $1`,
        [keyHash],
      );
      if (!row) return null;
      const lookup = {
        key: toKey(row),
        account: toAccount({ id: row.account_id, name: row.name, disabled: row.disabled, created_at: row.account_created_at }),
      };
      keys.set(keyHash, lookup, stamp);
      return lookup;
    },
    balance: mustBalance,
    async topup(accountId, amount, memo = "top-up") {
      assertAmount(amount);
      const row = await one<BalanceRow>(
        `WITH a AS (
           UPDATE accounts SET balance_micros = balance_micros + $2 WHERE id = $1 RETURNING id, balance_micros, reserved_micros),
         e AS (
           INSERT INTO ledger_entries (account_id, kind, amount_micros, memo, created_at) SELECT id, 'topup', $2, $3, $4 FROM a)
         SELECT balance_micros, reserved_micros FROM a`,
        [accountId, amount, memo, now()],
      );
      if (!row) throw new LedgerError("unknown_account", `no account with id ${accountId}`);
      return toBalance(row);
    },
    async reserve(accountId, amount, since) {
      assertAmount(amount);
      return (await grouped.run({ op: "reserve", accountId, amount }, since)) as ReserveResult;
    },
    async settle(reservationId, charge, items, memo = "", seal = noSeal, since) {
      assertAmount(charge);
      return (await grouped.run({ op: "settle", reservationId, charge, items, memo, seal }, since)) as Settlement;
    },
    async reserveAndSettle(accountId, amount, charge, items, memo = "", seal = noSeal, since) {
      assertAmount(amount);
      assertAmount(charge);
      const step = { op: "reserveAndSettle", accountId, amount, charge, items, memo, seal } as const;
      return (await grouped.run(step, since)) as ({ ok: true } & Settlement) | { ok: false; balance: BalanceMicros };
    },
    async release(reservationId, since) {
      return (await grouped.run({ op: "release", reservationId }, since)) as BalanceMicros | null;
    },
    async releaseStale(ageMs) {
      const stale = await all<{ id: string }>("SELECT id FROM reservations WHERE created_ms < $1", [Date.now() - ageMs]);
      // released together: one group commit
      const released = await Promise.all(stale.map(({ id }) => ledger.release(id)));
      return released.filter((b) => b !== null).length;
    },
    async entries(accountId) {
      return (
        await all<EntryRow>(
          "SELECT id, account_id, kind, amount_micros, reservation_id, memo, created_at FROM ledger_entries WHERE account_id = $1 ORDER BY id",
          [accountId],
        )
      ).map(toEntry);
    },
    async signingKey(make) {
      const sql = "SELECT kid, private_jwk, public_jwk, created_at FROM signing_keys WHERE slot = 'current'";
      const current = await one<SigningKeyRow>(sql);
      if (current) return toSigningKey(current);
      const k = await make();
      await pool.query(
        "INSERT INTO signing_keys (kid, slot, private_jwk, public_jwk, created_at) VALUES ($1, 'current', $2, $3, $4) ON CONFLICT DO NOTHING",
        [k.kid, JSON.stringify(k.privateJwk), JSON.stringify(k.publicJwk), now()],
      );
      return toSigningKey((await one<SigningKeyRow>(sql))!);
    },
    async signingKeys() {
      return (await all<SigningKeyRow>("SELECT kid, private_jwk, public_jwk, created_at FROM signing_keys ORDER BY created_at")).map(
        toSigningKey,
      );
    },
    async schemaVersion() {
      return Number((await one<{ v: number | null }>("SELECT MAX(version) AS v FROM schema_migrations"))?.v ?? 0);
    },
    async close() {
      await grouped.close();
      await keys.close();
      await pool.end();
    },
  };
  return ledger;
}

/** Applies pending migrations under an advisory lock, so instances starting together take turns. */
async function migrate(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // another instance's migrations, and a migration on a large table, may take their time
    await client.query("SET LOCAL lock_timeout = 0");
    await client.query("SET LOCAL statement_timeout = 0");
    await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`pdm-migrations:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
    );
    const current = Number((await client.query<{ v: number | null }>("SELECT MAX(version) AS v FROM schema_migrations")).rows[0]?.v ?? 0);
    for (const m of MIGRATIONS) {
      if (m.version <= current) continue;
      await client.query(m.postgres);
      await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [m.version, m.name, now()]);
    }
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
