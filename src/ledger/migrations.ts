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
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
