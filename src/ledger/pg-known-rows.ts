// What this instance last wrote to the PostgreSQL ledger's money rows: each account's balance and
// reserved funds as its last group left them, and the reservations it made that are still open.
// A group whose rows are all known runs its steps on them before it asks the database anything,
// then sends the lock of those rows with the check that they are as known (the migrations'
// pdm_lock_as_known), its writes and its COMMIT in one write: one round trip (pg-group-commit.ts).
// The check under the row locks, not this memory, keeps the money right: a row that another
// instance (or a top-up) changed fails it, nothing of the group is kept, and the group runs again
// the long way, reading its rows under lock. An account whose check failed is not predicted for
// its next groups (1, 2, 4 ... up to MAX_SKIP, reset by a check that passes), so that instances
// sharing a busy account do not pay a failed round trip for most of their groups.
import type { Step, Writes, Locked } from "./books.js";

/** Rows remembered at most (all are forgotten when there would be more). */
const MAX_ROWS = 10_000;
/** Groups at most that an account whose check failed goes the long way before it is predicted again. */
const MAX_SKIP = 64;

type Row = { balance: number; reserved: number };
type Open = { accountId: string; amount: number };

export interface KnownRows {
  /** The rows `steps` name as this instance last wrote them, or null when one is not known (or its account is skipped). */
  of(steps: readonly Step[]): Locked | null;
  /** A group's writes were sent on top of `locked`: its rows are what it leaves them. */
  sent(locked: Locked, writes: Writes): void;
  /** A group on `locked` was not kept; `stale`: because its rows were not as known. */
  failed(locked: Locked, writes: Writes | null, stale: boolean): void;
  /** A group on rows as known was kept. */
  passed(locked: Locked): void;
}

export function knownRows(): KnownRows {
  const accounts = new Map<string, Row>();
  const reservations = new Map<string, Open>();
  /** per account whose check failed: how many groups it goes the long way, and the next span */
  const skipping = new Map<string, { left: number; span: number }>();

  const bounded = <K, V>(m: Map<K, V>) => {
    if (m.size >= MAX_ROWS) m.clear();
    return m;
  };

  return {
    of(steps) {
      const locked: Locked = { accounts: new Map(), reservations: new Map() };
      const addAccount = (id: string) => {
        const a = accounts.get(id);
        if (!a) return false;
        locked.accounts.set(id, { ...a });
        return true;
      };
      for (const s of steps) {
        if ("accountId" in s) {
          if (!addAccount(s.accountId)) return null;
          continue;
        }
        const r = reservations.get(s.reservationId);
        if (!r || !addAccount(r.accountId)) return null;
        locked.reservations.set(s.reservationId, { ...r });
      }
      let skip = false;
      for (const id of locked.accounts.keys()) {
        const s = skipping.get(id);
        if (s && s.left > 0) {
          s.left--;
          skip = true;
        }
      }
      return skip ? null : locked;
    },
    sent(locked, writes) {
      for (const [id, a] of locked.accounts) bounded(accounts).set(id, { ...a });
      for (const w of writes.accounts) {
        const a = accounts.get(w.id);
        if (a) accounts.set(w.id, { balance: a.balance + w.balance, reserved: a.reserved + w.reserved });
      }
      for (const id of writes.takenReservations) reservations.delete(id);
      for (const r of writes.newReservations) bounded(reservations).set(r.id, { accountId: r.accountId, amount: r.amount });
    },
    failed(locked, writes, stale) {
      for (const id of locked.accounts.keys()) {
        accounts.delete(id);
        if (!stale) continue;
        const span = Math.min(MAX_SKIP, (skipping.get(id)?.span ?? 0) * 2 || 1);
        bounded(skipping).set(id, { left: span, span });
      }
      for (const id of locked.reservations.keys()) reservations.delete(id);
      for (const r of writes?.newReservations ?? []) reservations.delete(r.id);
    },
    passed(locked) {
      for (const id of locked.accounts.keys()) skipping.delete(id);
    },
  };
}
