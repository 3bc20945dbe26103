// The shared ledger for several server instances: PostgreSQL. Each money operation is one SQL
// statement (data-modifying CTEs), so it is atomic without explicit locking: the conditional
// UPDATE on the account row serialises concurrent reservations on that row.
import pg from "pg";
import { randomUUID } from "node:crypto";
import { MIGRATIONS } from "./migrations.js";
import { KeyCache } from "./pg-key-cache.js";
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
import { noSeal, type Ledger, type Settlement } from "./types.js";

export interface PostgresOptions {
  url: string;
  /** schema holding the tables (created if missing); default "public" */
  schema?: string;
  poolSize?: number;
}

const ACCOUNT_COLS = "id, name, disabled, created_at";
const KEY_COLS = "id, account_id, prefix, created_at, revoked_at";

export async function openPostgresLedger(options: PostgresOptions): Promise<Ledger> {
  const schema = options.schema ?? "public";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid PostgreSQL schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    options: `-c search_path=${schema}`,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  await migrate(pool, schema);
  const keys = new KeyCache(`pdm_keys_${schema}`);
  await keys.listen(() => new pg.Client({ connectionString: options.url, options: `-c search_path=${schema}` }));
  /** Tells every instance (this one included) that keys or account statuses changed. */
  const keysChanged = async () => {
    keys.clear();
    await pool.query("SELECT pg_notify($1, '')", [keys.channel]);
  };

  const one = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R | undefined> =>
    (await pool.query<R>(sql, params)).rows[0];
  const all = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> =>
    (await pool.query<R>(sql, params)).rows;

  /**
   * A settlement in one transaction: its statement, then the seal on its result, then COMMIT; a
   * seal that throws rolls the statement back.
   */
  const inTransaction = async <T>(
    work: (one: <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => Promise<R | undefined>) => Promise<T>,
  ) => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(async (sql, params) => (await client.query(sql, params)).rows[0]);
      await client.query("COMMIT");
      return result;
    } catch (e) {
      await client.query("ROLLBACK").catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  };

  // one transaction per settlement: the work left for its commit runs at once, before COMMIT
  const runNow = (work: () => void) => work();

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
    async reserve(accountId, amount) {
      assertAmount(amount);
      const reservationId = randomUUID();
      const row = await one<{ id: string }>(
        `WITH a AS (
           UPDATE accounts SET reserved_micros = reserved_micros + $2
           WHERE id = $1 AND balance_micros - reserved_micros >= $2 RETURNING id)
         INSERT INTO reservations (id, account_id, amount_micros, created_ms) SELECT $3, id, $2, $4 FROM a RETURNING id`,
        [accountId, amount, reservationId, Date.now()],
      );
      return row ? { ok: true, reservationId } : { ok: false, balance: await mustBalance(accountId) };
    },
    async settle(reservationId, charge, items, memo = "", seal = noSeal) {
      assertAmount(charge);
      return inTransaction(async (one) => {
        const row = await one<BalanceRow & { charged: string | null; found: string }>(
          `WITH r AS (DELETE FROM reservations WHERE id = $1 RETURNING account_id, amount_micros),
         a AS (
           UPDATE accounts SET balance_micros = balance_micros - $2::bigint,
                               reserved_micros = reserved_micros - r.amount_micros
           FROM r WHERE accounts.id = r.account_id
             AND accounts.balance_micros - accounts.reserved_micros + r.amount_micros >= $2::bigint
           RETURNING accounts.id, accounts.balance_micros, accounts.reserved_micros, $2::bigint AS charged),
         e AS (
           INSERT INTO ledger_entries (account_id, kind, amount_micros, reservation_id, items, memo, created_at)
           SELECT id, 'charge', charged, $1, $3, $4, $5 FROM a)
         SELECT a.balance_micros, a.reserved_micros, a.charged, (SELECT count(*) FROM r) AS found
         FROM (SELECT 1) one LEFT JOIN a ON true`,
          [reservationId, charge, JSON.stringify(items), memo, now()],
        );
        // the whole charge, from the reservation and what no other reservation holds; when that
        // does not cover it the transaction rolls back, the reservation with it
        if (!row || Number(row.found) === 0) throw new LedgerError("unknown_reservation", `reservation ${reservationId} is not open`);
        if (row.charged === null)
          throw new LedgerError(
            "insufficient_funds",
            `the charge of ${charge} micro-dollars exceeds the reservation and the funds available`,
          );
        const settlement: Settlement = { charged: Number(row.charged), balance: toBalance(row) };
        seal(settlement, runNow);
        return settlement;
      });
    },
    async reserveAndSettle(accountId, amount, charge, items, memo = "", seal = noSeal) {
      assertAmount(amount);
      assertAmount(charge);
      // One statement: the conditional UPDATE is the reservation check, and it settles at once.
      const settled = await inTransaction(async (one) => {
        const row = await one<BalanceRow & { charged: string }>(
          `WITH a AS (
           UPDATE accounts SET balance_micros = balance_micros - $3::bigint
           WHERE id = $1 AND balance_micros - reserved_micros >= GREATEST($2::bigint, $3::bigint)
           RETURNING id, balance_micros, reserved_micros, $3::bigint AS charged),
         e AS (
           INSERT INTO ledger_entries (account_id, kind, amount_micros, reservation_id, items, memo, created_at)
           SELECT id, 'charge', charged, $4, $5, $6, $7 FROM a)
         SELECT balance_micros, reserved_micros, charged FROM a`,
          [accountId, amount, charge, randomUUID(), JSON.stringify(items), memo, now()],
        );
        if (!row) return null;
        const settlement: Settlement = { charged: Number(row.charged), balance: toBalance(row) };
        seal(settlement, runNow);
        return settlement;
      });
      return settled ? { ok: true, ...settled } : { ok: false, balance: await mustBalance(accountId) };
    },
    async release(reservationId) {
      const row = await one<BalanceRow>(
        `WITH r AS (DELETE FROM reservations WHERE id = $1 RETURNING account_id, amount_micros)
         UPDATE accounts SET reserved_micros = reserved_micros - r.amount_micros FROM r
         WHERE accounts.id = r.account_id RETURNING balance_micros, reserved_micros`,
        [reservationId],
      );
      return row ? toBalance(row) : null;
    },
    async releaseStale(ageMs) {
      const stale = await all<{ id: string }>("SELECT id FROM reservations WHERE created_ms < $1", [Date.now() - ageMs]);
      let released = 0;
      for (const { id } of stale) if (await ledger.release(id)) released++;
      return released;
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
