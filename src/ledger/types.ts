// The ledger: accounts, API keys (hashes only), funds reserved per request and settled charges.
// One interface, two stores (SQLite embedded, PostgreSQL shared); both pass the same test suite.
import type { Micros } from "./money.js";

export interface Account {
  id: string;
  name: string;
  disabled: boolean;
  createdAt: string;
}

/** Balance in micro-dollars; available = balance - reserved and is never negative. */
export interface BalanceMicros {
  balance: Micros;
  reserved: Micros;
  available: Micros;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  /** the first characters of the key, kept so a human can recognise it */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface KeyLookup {
  key: ApiKeyRecord;
  account: Account;
}

/** One line of a settled charge, kept with the ledger entry. */
export interface LineItem {
  kind: string;
  description: string;
  quantity: number;
  unit: string;
  /** micro-dollars per million units */
  rate: number;
  amount: Micros;
}

export type ReserveResult = { ok: true; reservationId: string } | { ok: false; balance: BalanceMicros };

export interface Settlement {
  /** the amount deducted: the whole charge (a settlement never caps it) */
  charged: Micros;
  balance: BalanceMicros;
}

/**
 * Runs inside the settlement's transaction once its result is known, before it commits: the last
 * work that may fail (adding the receipt to its batch, building the response). If it throws,
 * nothing is settled and a reservation stays open for the caller to release. `beforeCommit` takes
 * work that must run after every seal of the same commit and before it (signing the batch of
 * receipts those seals made): if that work throws, none of the commit's steps is kept.
 */
export type Seal = (settlement: Settlement, beforeCommit: (work: () => void) => void) => void;

export const noSeal: Seal = () => {};

export interface LedgerEntry {
  id: number;
  accountId: string;
  kind: "topup" | "charge";
  amount: Micros;
  reservationId: string | null;
  memo: string;
  createdAt: string;
}

/** An Ed25519 signing key as JWKs; kept in the database so receipts verify across restarts. */
export interface StoredSigningKey {
  kid: string;
  privateJwk: Record<string, unknown>;
  publicJwk: Record<string, unknown>;
  createdAt: string;
}

/**
 * When a money step's wait for the ledger began (Date.now()): a step waits for a lock another
 * connection or session holds (BUSY_WAIT_MS, PG_LOCK_TIMEOUT_MS: 5 s) counted from it, then fails
 * LedgerError "busy". Unset, from when the step is asked for; a call of several steps passes what
 * makes them share one limit (metering.ts: the time now less what its steps have waited already).
 */
type WaitSince = number;

export interface Ledger {
  readonly kind: "sqlite" | "postgres";
  createAccount(name: string, openingBalance: Micros): Promise<Account>;
  findAccount(name: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  setDisabled(accountId: string, disabled: boolean): Promise<void>;

  /** Stores the hash of a new key. */
  addKey(accountId: string, keyHash: string, prefix: string): Promise<ApiKeyRecord>;
  /** Revokes by key id or by the hash of the key; returns the revoked record, or null. */
  revokeKey(by: { id: string } | { hash: string }): Promise<ApiKeyRecord | null>;
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  findKeyByHash(keyHash: string): Promise<KeyLookup | null>;

  balance(accountId: string): Promise<BalanceMicros>;
  topup(accountId: string, amount: Micros, memo?: string): Promise<BalanceMicros>;
  /** Atomically holds `amount` if the available funds cover it. */
  reserve(accountId: string, amount: Micros, since?: WaitSince): Promise<ReserveResult>;
  /**
   * Deducts the whole charge and releases the reservation; once per reservation. A charge above
   * the reservation is taken from the funds no other reservation holds; when those do not cover
   * it, nothing changes (the reservation stays) and it throws LedgerError `insufficient_funds`.
   */
  settle(reservationId: string, charge: Micros, items: LineItem[], memo?: string, seal?: Seal, since?: WaitSince): Promise<Settlement>;
  /**
   * reserve + settle as one atomic step, for work already done locally: deducts the charge only if
   * the available funds cover both it and `amount`, else changes nothing and reports the balance.
   */
  reserveAndSettle(
    accountId: string,
    amount: Micros,
    charge: Micros,
    items: LineItem[],
    memo?: string,
    seal?: Seal,
    since?: WaitSince,
  ): Promise<({ ok: true } & Settlement) | { ok: false; balance: BalanceMicros }>;
  /** Gives the whole reservation back; a no-op if it was already settled or released. */
  release(reservationId: string, since?: WaitSince): Promise<BalanceMicros | null>;
  /** Releases reservations older than `ageMs` (left by a crashed process); returns how many. */
  releaseStale(ageMs: number): Promise<number>;
  entries(accountId: string): Promise<LedgerEntry[]>;

  /** Returns the current signing key, creating it with `make` the first time (race-safe). */
  signingKey(make: () => Promise<Omit<StoredSigningKey, "createdAt">>): Promise<StoredSigningKey>;
  /** Every signing key ever used, for the published key set. */
  signingKeys(): Promise<StoredSigningKey[]>;

  schemaVersion(): Promise<number>;
  close(): Promise<void>;
}
