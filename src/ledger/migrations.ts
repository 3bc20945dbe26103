// Versioned schema migrations, one list per dialect with the same versions. A store applies every
// version above the highest recorded in schema_migrations, each in its own transaction.
// Append new versions; never edit an applied one.

export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "accounts, keys, reservations, ledger entries",
    sqlite: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        balance_micros INTEGER NOT NULL DEFAULT 0,
        reserved_micros INTEGER NOT NULL DEFAULT 0,
        disabled INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        CHECK (reserved_micros >= 0 AND balance_micros - reserved_micros >= 0)
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        key_hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);
      CREATE TABLE reservations (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        amount_micros INTEGER NOT NULL CHECK (amount_micros >= 0),
        created_ms INTEGER NOT NULL
      );
      CREATE TABLE ledger_entries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        kind TEXT NOT NULL CHECK (kind IN ('topup', 'charge')),
        amount_micros INTEGER NOT NULL CHECK (amount_micros >= 0),
        reservation_id TEXT,
        items TEXT NOT NULL DEFAULT '[]',
        memo TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
      );
      CREATE INDEX ledger_entries_account ON ledger_entries(account_id);`,
    postgres: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        balance_micros BIGINT NOT NULL DEFAULT 0,
        reserved_micros BIGINT NOT NULL DEFAULT 0,
        disabled BOOLEAN NOT NULL DEFAULT FALSE,
        created_at TEXT NOT NULL,
        CHECK (reserved_micros >= 0 AND balance_micros - reserved_micros >= 0)
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        key_hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);
      CREATE TABLE reservations (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        amount_micros BIGINT NOT NULL CHECK (amount_micros >= 0),
        created_ms BIGINT NOT NULL
      );
      CREATE TABLE ledger_entries (
        id BIGSERIAL PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        kind TEXT NOT NULL CHECK (kind IN ('topup', 'charge')),
        amount_micros BIGINT NOT NULL CHECK (amount_micros >= 0),
        reservation_id TEXT,
        items TEXT NOT NULL DEFAULT '[]',
        memo TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
      );
      CREATE INDEX ledger_entries_account ON ledger_entries(account_id);`,
  },
  {
    version: 2,
    name: "receipt signing keys",
    // slot = 'current' marks the key that signs; older keys keep slot NULL and stay published.
    sqlite: `
      CREATE TABLE signing_keys (
        kid TEXT PRIMARY KEY,
        slot TEXT UNIQUE,
        private_jwk TEXT NOT NULL,
        public_jwk TEXT NOT NULL,
        created_at TEXT NOT NULL
      );`,
    postgres: `
      CREATE TABLE signing_keys (
        kid TEXT PRIMARY KEY,
        slot TEXT UNIQUE,
        private_jwk TEXT NOT NULL,
        public_jwk TEXT NOT NULL,
        created_at TEXT NOT NULL
      );`,
  },
  {
    version: 3,
    name: "a group of money steps committed by one statement",
    // PostgreSQL alone (pg-group-commit.ts). The writes of a group: the accounts' changes, the
    // reservations taken and made, the charge entries in the order of their steps. A group that
    // ran on its rows as its instance knew them (pg-known-rows.ts) names them as known: they are
    // locked first, reservations before accounts, each in id order (the order of every group's
    // locks), and unless each is as known it fails with SQLSTATE PD001 and writes nothing.
    sqlite: "SELECT 1;",
    postgres: `
      CREATE FUNCTION pdm_commit_group(
        known_accounts TEXT[], known_balances BIGINT[], known_reserved BIGINT[],
        known_reservations TEXT[], known_reservation_accounts TEXT[], known_reservation_amounts BIGINT[],
        moved_accounts TEXT[], balance_changes BIGINT[], reserved_changes BIGINT[],
        taken_reservations TEXT[],
        new_reservations TEXT[], new_reservation_accounts TEXT[], new_reservation_amounts BIGINT[], new_reservation_created_ms BIGINT[],
        entry_accounts TEXT[], entry_amounts BIGINT[], entry_reservations TEXT[], entry_items TEXT[], entry_memos TEXT[], entry_created_at TEXT[]
      ) RETURNS VOID LANGUAGE plpgsql AS $$
      DECLARE held INTEGER := 0; same INTEGER := 0;
      BEGIN
        -- a part with nothing in it is skipped (no statement to run)
        IF cardinality(known_reservations) > 0 THEN SELECT COUNT(*) INTO held
          FROM (SELECT id, account_id, amount_micros FROM reservations WHERE id = ANY(known_reservations) ORDER BY id FOR UPDATE) r
          JOIN unnest(known_reservations, known_reservation_accounts, known_reservation_amounts) AS k(id, account_id, amount)
            ON k.id = r.id AND k.account_id = r.account_id AND k.amount = r.amount_micros; END IF;
        IF cardinality(known_accounts) > 0 THEN SELECT COUNT(*) INTO same
          FROM (SELECT id, balance_micros, reserved_micros FROM accounts WHERE id = ANY(known_accounts) ORDER BY id FOR UPDATE) a
          JOIN unnest(known_accounts, known_balances, known_reserved) AS k(id, balance, reserved)
            ON k.id = a.id AND k.balance = a.balance_micros AND k.reserved = a.reserved_micros; END IF;
        IF held <> cardinality(known_reservations) OR same <> cardinality(known_accounts) THEN
          RAISE EXCEPTION 'a row is not as this instance last wrote it' USING ERRCODE = 'PD001';
        END IF;
        IF cardinality(moved_accounts) > 0 THEN UPDATE accounts SET balance_micros = accounts.balance_micros + d.balance, reserved_micros = accounts.reserved_micros + d.reserved
          FROM unnest(moved_accounts, balance_changes, reserved_changes) AS d(id, balance, reserved) WHERE accounts.id = d.id; END IF;
        IF cardinality(taken_reservations) > 0 THEN DELETE FROM reservations WHERE id = ANY(taken_reservations); END IF;
        IF cardinality(new_reservations) > 0 THEN INSERT INTO reservations (id, account_id, amount_micros, created_ms)
          SELECT * FROM unnest(new_reservations, new_reservation_accounts, new_reservation_amounts, new_reservation_created_ms); END IF;
        IF cardinality(entry_accounts) > 0 THEN INSERT INTO ledger_entries (account_id, kind, amount_micros, reservation_id, items, memo, created_at)
          SELECT e.account_id, 'charge', e.amount, e.reservation_id, e.items, e.memo, e.created_at
          FROM unnest(entry_accounts, entry_amounts, entry_reservations, entry_items, entry_memos, entry_created_at)
            WITH ORDINALITY AS e(account_id, amount, reservation_id, items, memo, created_at, n)
          ORDER BY e.n; END IF;
      END $$;`,
  },
  {
    version: 4,
    name: "the money statements' database CPU: generic plans, and the entries' account checked per statement",
    // PostgreSQL alone. A foreign key checks each row inserted on its own (a query and a lock of
    // the account's row per ledger entry: 14 to 27 µs of the server's CPU a charge in a group of
    // 8, measured on a loaded 2-core machine, about as much as the rest of the entry's insert).
    // The same rule, kept by triggers instead: the entries one statement adds (or updates: none ever is) must name
    // accounts that exist, checked once per statement over them all; an account that has entries
    // is neither deleted nor renumbered. A delete waits for the row lock of a group writing entries
    // of the account, then sees them. And pdm_commit_group keeps generic plans of its statements
    // (the same shape every call) instead of planning them again for each group's arrays.
    sqlite: "SELECT 1;",
    postgres: `
      ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_fkey;
      CREATE FUNCTION pdm_entries_name_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pdm_changed_entries e WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = e.account_id)) THEN
          RAISE EXCEPTION 'a ledger entry names an account that does not exist' USING ERRCODE = 'foreign_key_violation';
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER ledger_entries_added_name_accounts AFTER INSERT ON ledger_entries
        REFERENCING NEW TABLE AS pdm_changed_entries FOR EACH STATEMENT EXECUTE FUNCTION pdm_entries_name_accounts();
      CREATE TRIGGER ledger_entries_moved_name_accounts AFTER UPDATE ON ledger_entries
        REFERENCING NEW TABLE AS pdm_changed_entries FOR EACH STATEMENT EXECUTE FUNCTION pdm_entries_name_accounts();
      CREATE FUNCTION pdm_account_keeps_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (TG_OP = 'DELETE' OR NEW.id IS DISTINCT FROM OLD.id) AND EXISTS (SELECT 1 FROM ledger_entries WHERE account_id = OLD.id) THEN
          RAISE EXCEPTION 'account % has ledger entries', OLD.id USING ERRCODE = 'foreign_key_violation';
        END IF;
        RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
      END $$;
      CREATE TRIGGER accounts_keep_entries BEFORE DELETE OR UPDATE OF id ON accounts
        FOR EACH ROW EXECUTE FUNCTION pdm_account_keeps_entries();
      ALTER FUNCTION pdm_commit_group SET plan_cache_mode = force_generic_plan;`,
  },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
