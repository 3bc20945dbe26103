// Row shapes shared by both stores and their mapping to the ledger's types. PostgreSQL returns
// BIGINT as strings and SQLite booleans as 0/1, hence the Number()/Boolean() here.
import type { Account, ApiKeyRecord, BalanceMicros, LedgerEntry, StoredSigningKey } from "./types.js";

export interface AccountRow {
  id: string;
  name: string;
  disabled: number | boolean;
  created_at: string;
}
export interface BalanceRow {
  balance_micros: number | string;
  reserved_micros: number | string;
}
export interface KeyRow {
  id: string;
  account_id: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}
export interface EntryRow {
  id: number | string;
  account_id: string;
  kind: "topup" | "charge";
  amount_micros: number | string;
  reservation_id: string | null;
  memo: string;
  created_at: string;
}
export interface SigningKeyRow {
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
}

export const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  name: r.name,
  disabled: Boolean(r.disabled),
  createdAt: r.created_at,
});

export const toBalance = (r: BalanceRow): BalanceMicros => {
  const balance = Number(r.balance_micros);
  const reserved = Number(r.reserved_micros);
  return { balance, reserved, available: balance - reserved };
};

export const toKey = (r: KeyRow): ApiKeyRecord => ({
  id: r.id,
  accountId: r.account_id,
  prefix: r.prefix,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

export const toEntry = (r: EntryRow): LedgerEntry => ({
  id: Number(r.id),
  accountId: r.account_id,
  kind: r.kind,
  amount: Number(r.amount_micros),
  reservationId: r.reservation_id,
  memo: r.memo,
  createdAt: r.created_at,
});

export const toSigningKey = (r: SigningKeyRow): StoredSigningKey => ({
  kid: r.kid,
  privateJwk: JSON.parse(r.private_jwk) as Record<string, unknown>,
  publicJwk: JSON.parse(r.public_jwk) as Record<string, unknown>,
  createdAt: r.created_at,
});

let lastMs = Number.NaN;
let lastText = "";
/** The time as ISO 8601 text; every entry of one millisecond (a group commit's, usually) shares one. */
export const now = (): string => {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastText = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastText;
};

export class LedgerError extends Error {
  constructor(
    readonly code:
      "account_exists" | "unknown_account" | "unknown_reservation" | "invalid_amount" | "insufficient_funds" | "busy" | "unwritable",
    message: string,
  ) {
    super(message);
    this.name = "LedgerError";
  }
}
