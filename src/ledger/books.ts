// The books of one group commit, on either ledger: the money steps of a group (reserve, settle,
// reserveAndSettle, release) applied one after another, in the order they were asked for, to the
// account rows and reservations the group has locked (PostgreSQL's row locks, pg-group-commit.ts;
// SQLite's write lock, sqlite-group-commit.ts). While the group holds those locks nobody else can
// change them, so what the books compute is what the database would have computed step by step;
// the group then writes the difference in a few set-based statements. A step whose seal throws is
// undone here, alone, like a savepoint rolled back.
import { randomUUID } from "node:crypto";
import { itemsText } from "./items-text.js";
import { LedgerError, now } from "./rows.js";
import type { BalanceMicros, LineItem, ReserveResult, Seal, Settlement } from "./types.js";
import type { Micros } from "./money.js";

export type Step =
  | { op: "reserve"; accountId: string; amount: Micros }
  | { op: "settle"; reservationId: string; charge: Micros; items: LineItem[]; memo: string; seal: Seal }
  | { op: "reserveAndSettle"; accountId: string; amount: Micros; charge: Micros; items: LineItem[]; memo: string; seal: Seal }
  | { op: "release"; reservationId: string };

export type StepResult =
  ReserveResult | Settlement | ({ ok: true } & Settlement) | { ok: false; balance: BalanceMicros } | BalanceMicros | null;

/** What the group read and locked: account rows and open reservations. */
export interface Locked {
  accounts: Map<string, { balance: Micros; reserved: Micros }>;
  reservations: Map<string, { accountId: string; amount: Micros }>;
}

interface EntryWrite {
  accountId: string;
  amount: Micros;
  reservationId: string;
  items: string;
  memo: string;
  createdAt: string;
}

/** The group's effect on the database, as the set-based statements take it. */
export interface Writes {
  /** per account: the change of balance and of reserved funds */
  accounts: { id: string; balance: Micros; reserved: Micros }[];
  newReservations: { id: string; accountId: string; amount: Micros; createdMs: number }[];
  takenReservations: string[];
  /** charge entries, in the order of their steps */
  entries: EntryWrite[];
}

export type Outcome = { ok: true; value: StepResult } | { ok: false; error: unknown };

interface Open {
  accountId: string;
  amount: Micros;
  /** set for a reservation made in this group */
  createdMs?: number;
}

const balanceOf = (a: { balance: Micros; reserved: Micros }): BalanceMicros => ({
  balance: a.balance,
  reserved: a.reserved,
  available: a.balance - a.reserved,
});

/**
 * Runs `steps` in order on `locked`; returns each step's outcome, the writes that make the
 * database agree, and the work the kept steps' seals left for just before the commit.
 */
export function runSteps(locked: Locked, steps: readonly Step[]): { outcomes: Outcome[]; writes: Writes; last: (() => void)[] } {
  const accounts = new Map([...locked.accounts].map(([id, a]) => [id, { ...a }]));
  const open = new Map<string, Open | null>(locked.reservations);
  const entries: EntryWrite[] = [];
  const last: (() => void)[] = [];

  const account = (id: string) => {
    const a = accounts.get(id);
    if (!a) throw new LedgerError("unknown_account", `no account with id ${id}`);
    return a;
  };
  const take = (id: string) => {
    const r = open.get(id);
    if (!r) throw new LedgerError("unknown_reservation", `reservation ${id} is not open`);
    return r;
  };

  /** The whole charge on `accountId` (a settlement never caps it), sealed; undone alone if the seal throws. */
  const charge = (
    accountId: string,
    heldAmount: Micros,
    s: { charge: Micros; items: LineItem[]; memo: string; seal: Seal },
    reservationId: string,
    undoReservation: () => void,
  ): Settlement => {
    const a = account(accountId);
    const before = { ...a };
    const charged = s.charge;
    a.balance -= charged;
    a.reserved -= heldAmount;
    entries.push({ accountId, amount: charged, reservationId, items: itemsText(s.items), memo: s.memo, createdAt: now() });
    const settlement: Settlement = { charged, balance: balanceOf(a) };
    const mine: (() => void)[] = [];
    try {
      s.seal(settlement, (work) => void mine.push(work));
    } catch (error) {
      Object.assign(a, before);
      entries.pop();
      undoReservation();
      throw error;
    }
    last.push(...mine);
    return settlement;
  };

  const run = (step: Step): StepResult => {
    switch (step.op) {
      case "reserve": {
        const a = account(step.accountId);
        if (a.balance - a.reserved < step.amount) return { ok: false, balance: balanceOf(a) };
        a.reserved += step.amount;
        const reservationId = randomUUID();
        open.set(reservationId, { accountId: step.accountId, amount: step.amount, createdMs: Date.now() });
        return { ok: true, reservationId };
      }
      case "settle": {
        const r = take(step.reservationId);
        const a = account(r.accountId);
        // the charge above the reservation comes from what no other reservation holds; when that
        // does not cover it nothing changes, the reservation stays
        if (step.charge > r.amount + a.balance - a.reserved)
          throw new LedgerError(
            "insufficient_funds",
            `the charge of ${step.charge} micro-dollars exceeds the reservation and the funds available`,
          );
        open.set(step.reservationId, null);
        return charge(r.accountId, r.amount, step, step.reservationId, () => open.set(step.reservationId, r));
      }
      case "reserveAndSettle": {
        const a = account(step.accountId);
        if (a.balance - a.reserved < Math.max(step.amount, step.charge)) return { ok: false, balance: balanceOf(a) };
        return { ok: true, ...charge(step.accountId, 0, step, randomUUID(), () => {}) };
      }
      case "release": {
        const r = open.get(step.reservationId);
        if (!r) return null;
        open.set(step.reservationId, null);
        const a = account(r.accountId);
        a.reserved -= r.amount;
        return balanceOf(a);
      }
    }
  };

  const outcomes = steps.map((step): Outcome => {
    try {
      return { ok: true, value: run(step) };
    } catch (error) {
      return { ok: false, error };
    }
  });

  const writes: Writes = { accounts: [], newReservations: [], takenReservations: [], entries };
  for (const [id, a] of accounts) {
    const was = locked.accounts.get(id)!;
    if (a.balance !== was.balance || a.reserved !== was.reserved) {
      writes.accounts.push({ id, balance: a.balance - was.balance, reserved: a.reserved - was.reserved });
    }
  }
  for (const [id, r] of open) {
    if (r === null && locked.reservations.has(id)) writes.takenReservations.push(id);
    if (r?.createdMs !== undefined) writes.newReservations.push({ id, accountId: r.accountId, amount: r.amount, createdMs: r.createdMs });
  }
  return { outcomes, writes, last };
}
