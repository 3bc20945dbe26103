// Group commit for the SQLite ledger: the money steps (reserve, settle, reserveAndSettle, release)
// that requests ask for within one turn of the event loop run in one IMMEDIATE transaction,
// committed once (one WAL write instead of one per request). The transaction holds the file's
// write lock from its start, so nobody else (another process on the file) changes the rows it
// reads: it reads the accounts and reservations its steps name, runs the steps in order on them
// in the process (books.ts, where a step that fails or whose seal throws is undone alone, as a
// savepoint rolled back would undo it), then writes the difference in a few set-based statements
// whatever the number of steps (one multi-row INSERT of the entries, one UPDATE per account
// touched, usually one, and the reservations taken and made). The work the kept steps' seals leave for just before the commit
// (signing the batch of receipts their seals made) runs once every step has run; if it throws,
// the whole group rolls back. Every promise settles after the commit, so no caller learns of a
// result that is not yet durable, and if the commit (or the work before it) fails every step of
// the group is rejected and nothing of it is kept.
//
// Another process holding the file's write lock (an admin command, a stuck tool) is waited for off
// the event loop: the transaction waits at most BUSY_SLICE_MS inside SQLite (which sleeps the
// thread) and, while the lock is still held, the group is tried again after a pause, with the
// steps asked for meanwhile. A step waits BUSY_WAIT_MS in all, counted from its `since` (when it
// was asked for, or earlier: when the call it belongs to began to wait for the ledger, so that a
// reservation and its settlement share the one limit); a step whose limit has passed while the
// lock is held is rejected with LedgerError "busy" (nothing of it kept), the others wait on, and
// the connection waits as before for anything else.
import type Database from "better-sqlite3";
import { isBusy, sqliteFault } from "./sqlite-faults.js";
import { runSteps, type Locked, type Outcome, type Step, type StepResult, type Writes } from "./books.js";

interface Job {
  step: Step;
  /** when its wait began (Date.now()): it fails "busy" once the lock has been held BUSY_WAIT_MS after */
  since: number;
  resolve: (value: StepResult) => void;
  reject: (error: unknown) => void;
}

/** `since`: when the step's wait for the ledger began (Date.now(), the default: when it is asked for). */
export type GroupCommit = (step: Step, since?: number) => Promise<StepResult>;

/** Rows at most in one multi-row statement (SQLite binds at most 32,766 values). */
const MAX_ROWS = 256;

const ACCOUNT = "SELECT id, balance_micros AS balance, reserved_micros AS reserved FROM accounts WHERE id = ?";
const RESERVATION = "SELECT account_id AS accountId, amount_micros AS amount FROM reservations WHERE id = ?";
const TAKE_RESERVATION = "DELETE FROM reservations WHERE id = ?";

/** A multi-row statement's text for `n` rows of `width` values: `head` then `(?, ...), ...` then `tail`. */
const manyRows = (head: string, width: number, tail: string) => (n: number) =>
  `${head} ${Array.from({ length: n }, () => `(${Array.from({ length: width }, () => "?").join(", ")})`).join(", ")} ${tail}`;

const MOVE_FUNDS = "UPDATE accounts SET balance_micros = balance_micros + ?, reserved_micros = reserved_micros + ? WHERE id = ?";
const ADD_ENTRIES = manyRows(
  "INSERT INTO ledger_entries (account_id, kind, amount_micros, reservation_id, items, memo, created_at) VALUES",
  7,
  "",
);
const ADD_RESERVATIONS = manyRows("INSERT INTO reservations (id, account_id, amount_micros, created_ms) VALUES", 4, "");

type Row = { id: string; balance: number; reserved: number };

/** How long one try of a group may wait inside SQLite for the write lock (the event loop waits with it). */
const BUSY_SLICE_MS = 5;
/** How long a group waits in all for a write lock another connection holds before its steps fail. */
export const BUSY_WAIT_MS = 5000;
/** Pauses between tries: short at first, then every 50 ms. */
const pauseAfter = (tries: number) => Math.min(50, 2 ** tries);
/** `busyTimeoutMs`: the connection's own busy_timeout, restored after each try. */
export function groupCommit(db: Database.Database, busyTimeoutMs: number): GroupCommit {
  // db.exec, not a statement prepared once: SQLite applies this pragma as it prepares it, and a
  // prepared one run again may not apply it again; nor db.pragma, which prepares it as a statement
  // that returns rows and reads them back (2.2 µs against exec's 0.5, twice a group)
  const waitInside = (ms: number) => db.exec(`PRAGMA busy_timeout = ${Math.trunc(ms)}`);
  const account = db.prepare<[string], Row>(ACCOUNT);
  const reservation = db.prepare<[string], { accountId: string; amount: number }>(RESERVATION);
  const takeReservation = db.prepare<[string]>(TAKE_RESERVATION);
  const moveFunds = db.prepare<[number, number, string]>(MOVE_FUNDS);

  /** Runs `text(n)` on `rows`, `MAX_ROWS` at a time; each size's statement is prepared once. */
  const runRows = <T>(text: (n: number) => string, values: (row: T) => unknown[]) => {
    const prepared = new Map<number, Database.Statement>();
    return (rows: readonly T[]) => {
      for (let at = 0; at < rows.length; at += MAX_ROWS) {
        const part = rows.slice(at, at + MAX_ROWS);
        let statement = prepared.get(part.length);
        if (!statement) prepared.set(part.length, (statement = db.prepare(text(part.length))));
        statement.run(part.flatMap(values));
      }
    };
  };
  const addEntries = runRows(ADD_ENTRIES, (e: Writes["entries"][number]) => [
    e.accountId,
    "charge",
    e.amount,
    e.reservationId,
    e.items,
    e.memo,
    e.createdAt,
  ]);
  const addReservations = runRows(ADD_RESERVATIONS, (r: Writes["newReservations"][number]) => [r.id, r.accountId, r.amount, r.createdMs]);

  /** The rows the steps name: their reservations, and the accounts of the steps and of those reservations. */
  const read = (steps: readonly Step[]): Locked => {
    const locked: Locked = { accounts: new Map(), reservations: new Map() };
    const addAccount = (id: string) => {
      if (locked.accounts.has(id)) return;
      const row = account.get(id);
      if (row) locked.accounts.set(id, { balance: row.balance, reserved: row.reserved });
    };
    for (const s of steps) {
      if ("accountId" in s) addAccount(s.accountId);
      else if (!locked.reservations.has(s.reservationId)) {
        const r = reservation.get(s.reservationId);
        if (!r) continue;
        locked.reservations.set(s.reservationId, r);
        addAccount(r.accountId);
      }
    }
    return locked;
  };

  const write = (w: Writes) => {
    for (const a of w.accounts) moveFunds.run(a.balance, a.reserved, a.id);
    addEntries(w.entries);
    for (const id of w.takenReservations) takeReservation.run(id);
    addReservations(w.newReservations);
  };

  /** whether the try under way got the lock (its steps ran): only one that did not is tried again */
  let began = false;
  const group = db.transaction((steps: Step[]): Outcome[] => {
    began = true;
    const { outcomes, writes, last } = runSteps(read(steps), steps);
    for (const work of last) work();
    write(writes);
    return outcomes;
  });
  let queue: Job[] = [];
  let tries = 0;

  const flush = () => {
    const jobs = queue;
    queue = [];
    let outcomes: Outcome[];
    began = false;
    waitInside(BUSY_SLICE_MS);
    try {
      outcomes = group.immediate(jobs.map((j) => j.step));
    } catch (error) {
      if (!began && isBusy(error)) {
        // another connection holds the write lock: the steps whose wait is over fail, the others
        // (and the steps asked for meanwhile, which join them) are tried again after a pause
        const at = Date.now();
        const failed = sqliteFault(error, BUSY_WAIT_MS);
        for (const job of jobs) if (at - job.since >= BUSY_WAIT_MS) job.reject(failed);
        queue = jobs.filter((job) => at - job.since < BUSY_WAIT_MS);
        if (queue.length > 0) setTimeout(flush, pauseAfter(tries++));
        else tries = 0;
        return;
      }
      tries = 0;
      const failed = sqliteFault(error, busyTimeoutMs);
      for (const job of jobs) job.reject(failed);
      return;
    } finally {
      waitInside(busyTimeoutMs);
    }
    tries = 0;
    jobs.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  };

  return (step, since = Date.now()) =>
    new Promise<StepResult>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ step, since, resolve, reject });
    });
}
