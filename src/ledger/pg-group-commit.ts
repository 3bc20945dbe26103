// Group commit for the PostgreSQL ledger: the money steps that requests ask for while the groups
// before them are in flight (or within one turn of the event loop when a connection is free) go to
// PostgreSQL together, in one transaction on a pipelined connection, however many steps it holds.
// The writes of a group are one statement whatever its steps: the migrations' pdm_commit_group,
// set-based over arrays (unnest). A group whose rows this instance knows as its own groups left
// them (pg-known-rows.ts: the usual case for an instance that is the only one charging its
// accounts) takes one round trip and that one statement, atomic on its own: its steps run on the
// rows as known, then the statement locks the rows, checks that they are still as known and
// writes. If the check fails nothing of it is kept, and the group runs again the long way, in two
// round trips:
//   1. BEGIN, then lock the reservations the steps name and the accounts they touch (in id order,
//      so two groups, of this instance or of another, never wait for each other in a cycle; the
//      check of a group of one round trip locks in the same order);
//   2. the writes, then COMMIT.
// Before the writes, the steps run in order on the rows (books.ts), each seal runs on its
// step's result (a seal that throws undoes its own step alone), then the work the seals left for
// the commit (signing the batch of receipts of the whole group): if that throws, the group rolls
// back (or is never sent) and every step of it fails. A group run again after a failed check runs
// its seals again, on the rows as locked, and signs a batch of its own. Every promise settles after
// the commit, so no caller learns of a result that is not durable; if anything of the group fails
// in the database, nothing of it is kept.
// With more than one connection (`connections`), several groups are in flight at once: the next
// group forms as soon as the one before has sent its writes, and asks for its locks while that
// commit waits for the disk (a group of one round trip counts on the one before being kept: if it
// is not, its check fails). Groups that touch the same
// account take its row lock one after another (the second reads the row as the first left it), so
// they are serialised exactly as the groups of two instances are; the CHECK on the account row is
// the last guard against an overdraw. Each group runs its steps and signs its batch in one
// synchronous stretch, so no two groups share a batch of receipts.
import pg from "pg";
import { runSteps, type Locked, type Outcome, type Step, type StepResult, type Writes } from "./books.js";
import { knownRows, type KnownRows } from "./pg-known-rows.js";
import { bigintArray, textArray } from "./pg-binary-arrays.js";
import { LedgerError } from "./rows.js";

interface Job {
  step: Step;
  /**
   * when the step's wait for the ledger began (Date.now(): when it was asked for, or earlier, when
   * the call it belongs to began to wait): its wait, queued and in its group, ends PG_LOCK_TIMEOUT_MS after
   */
  since: number;
  resolve: (value: StepResult) => void;
  reject: (error: unknown) => void;
}

/** Steps at most in one group, so that a burst makes a few bounded statements. */
const MAX_STEPS = 1_000;

const LOCK_RESERVATIONS = "SELECT id, account_id, amount_micros FROM reservations WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE";
const LOCK_ACCOUNTS = `SELECT id, balance_micros, reserved_micros FROM accounts
  WHERE id = ANY($1::text[]) OR id IN (SELECT account_id FROM reservations WHERE id = ANY($2::text[]))
  ORDER BY id FOR UPDATE`;
/** LOCK_ACCOUNTS for a group that names no reservation (reserve and reserveAndSettle steps only) */
const LOCK_NAMED_ACCOUNTS = "SELECT id, balance_micros, reserved_micros FROM accounts WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE";
/**
 * The group's writes, and first, for a group that ran on its rows as known, the lock of those rows
 * and the check that they are as known: one statement (the migrations' pdm_commit_group), atomic
 * on its own, failing with SQLSTATE STALE when a row is not as known.
 */
const COMMIT_GROUP = `SELECT pdm_commit_group(${Array.from({ length: 20 }, (_, i) => `$${i + 1}`).join(", ")})`;
const STALE = "PD001";

/** The statement that makes the database agree with the books, on the rows `known` if given. */
function commitGroup(c: pg.Client, known: Locked | null, w: Writes): Promise<unknown> {
  const accounts = [...(known?.accounts ?? [])];
  const held = [...(known?.reservations ?? [])];
  const r = w.newReservations;
  const e = w.entries;
  return c.query({
    name: "pdm-commit-group",
    text: COMMIT_GROUP,
    // every array in the binary format: no escaping of the items' JSON (pg-binary-arrays.ts)
    values: [
      textArray(accounts.map(([id]) => id)),
      bigintArray(accounts.map(([, a]) => a.balance)),
      bigintArray(accounts.map(([, a]) => a.reserved)),
      textArray(held.map(([id]) => id)),
      textArray(held.map(([, h]) => h.accountId)),
      bigintArray(held.map(([, h]) => h.amount)),
      textArray(w.accounts.map((a) => a.id)),
      bigintArray(w.accounts.map((a) => a.balance)),
      bigintArray(w.accounts.map((a) => a.reserved)),
      textArray(w.takenReservations),
      textArray(r.map((x) => x.id)),
      textArray(r.map((x) => x.accountId)),
      bigintArray(r.map((x) => x.amount)),
      bigintArray(r.map((x) => x.createdMs)),
      textArray(e.map((x) => x.accountId)),
      bigintArray(e.map((x) => x.amount)),
      textArray(e.map((x) => x.reservationId)),
      textArray(e.map((x) => x.items)),
      textArray(e.map((x) => x.memo)),
      textArray(e.map((x) => x.createdAt)),
    ],
  });
}

/**
 * The queries `send` makes, sent to the server in one write: each query would otherwise be a write
 * (a system call, and a wake-up of the server's backend) of its own. The socket is corked while
 * they are queued (a pipelined client sends each at once) and uncorked after, so they leave as one.
 */
function inOneWrite<T extends readonly Promise<unknown>[]>(c: pg.Client, send: () => T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const stream = (c as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  stream?.cork?.();
  let sent: T;
  try {
    sent = send();
  } finally {
    stream?.uncork?.();
  }
  return Promise.all(sent);
}

/** an error's SQLSTATE */
const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;

/**
 * How long a ledger statement may wait for a lock another session holds (a `LOCK TABLE`, a long
 * transaction on the same rows), and run at all, before PostgreSQL cancels it: set on every
 * connection of the ledger (postgres.ts), lifted for the migrations alone.
 */
export const PG_LOCK_TIMEOUT_MS = 5000;
export const PG_STATEMENT_TIMEOUT_MS = 15_000;

/** lock_not_available, query_canceled: the statement's transaction has rolled back, nothing of it kept */
const GAVE_UP: Record<string, string> = {
  "55P03": `waited more than ${PG_LOCK_TIMEOUT_MS} ms for a lock another session holds on the ledger`,
  "57014": `the ledger's statement was cancelled (past ${PG_STATEMENT_TIMEOUT_MS} ms, or by an administrator)`,
};

/** disk_full, io_error: the statement's transaction has rolled back, nothing of it kept */
const UNWRITABLE: Record<string, string> = {
  "53100": "PostgreSQL's disk holding the ledger is full",
  "58030": "PostgreSQL could not write the ledger (an I/O error)",
};

/** A PostgreSQL error the ledger gave up on as LedgerError "busy" or "unwritable"; any other error as it is. */
export function ledgerFault(error: unknown): unknown {
  const code = String(codeOf(error));
  if (GAVE_UP[code]) return new LedgerError("busy", GAVE_UP[code]);
  if (UNWRITABLE[code]) return new LedgerError("unwritable", UNWRITABLE[code]);
  return error;
}

type AccountRow = { id: string; balance_micros: string; reserved_micros: string };
type ReservationRow = { id: string; account_id: string; amount_micros: string };

/**
 * The group's first round trip: BEGIN and the locks, reservations before accounts. A group that
 * names no reservation (the deterministic calls' reserveAndSettle, and new reservations) locks its
 * accounts alone: one statement fewer for the server to run per group, and no look into the
 * reservations' table.
 */
async function begin(
  c: pg.Client,
  accountIds: string[],
  reservationIds: string[],
  lockTimeoutMs: number | null,
): Promise<{ reservations: ReservationRow[]; accounts: AccountRow[] }> {
  // BEGIN, and for a group whose steps have waited already, the lock timeout their wait has left
  const start = () =>
    lockTimeoutMs === null
      ? c.query("BEGIN")
      : Promise.all([c.query("BEGIN"), c.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.trunc(lockTimeoutMs))}`)]);
  if (reservationIds.length === 0) {
    const [, accounts] = await inOneWrite(
      c,
      () => [start(), c.query<AccountRow>({ name: "pdm-lock-named-accounts", text: LOCK_NAMED_ACCOUNTS, values: [accountIds] })] as const,
    );
    return { reservations: [], accounts: accounts.rows };
  }
  const [, reservations, accounts] = await inOneWrite(
    c,
    () =>
      [
        start(),
        c.query<ReservationRow>({ name: "pdm-lock-reservations", text: LOCK_RESERVATIONS, values: [reservationIds] }),
        c.query<AccountRow>({ name: "pdm-lock-accounts", text: LOCK_ACCOUNTS, values: [accountIds, reservationIds] }),
      ] as const,
  );
  return { reservations: reservations.rows, accounts: accounts.rows };
}

export interface PgGroupCommit {
  /** `since`: when the step's wait for the ledger began (Date.now(), the default: when it is asked for). */
  run(step: Step, since?: number): Promise<StepResult>;
  /** Waits for the steps asked for so far, then closes the connections. */
  close(): Promise<void>;
}

export interface PgGroupOptions {
  /**
   * groups in flight at once, each on a connection of its own (default 1): the next group forms
   * once the one before has sent its COMMIT, and takes its locks while that commit completes
   */
  connections?: number;
  /**
   * false: the groups' commits do not wait for their WAL to reach the disk (PostgreSQL's
   * `synchronous_commit = off` on the groups' connections alone); see docs/deploy.md for the trade
   */
  synchronousCommit?: boolean;
}

/** A connection of the set: opened on first use, reopened after a failure. */
function lazyConnection(config: pg.ClientConfig) {
  let connection: Promise<pg.Client> | null = null;
  return {
    get(): Promise<pg.Client> {
      if (connection) return connection;
      const client = new pg.Client({ ...config, pipeline: true });
      const opening = client.connect().then(() => client);
      const mine = opening.catch((e: unknown) => {
        if (connection === mine) connection = null;
        throw e;
      });
      connection = mine;
      // a lost connection is reopened by the next group; its own transaction PostgreSQL rolls back
      client.on("error", () => {
        if (connection === mine) connection = null;
      });
      return mine;
    },
    drop(c: pg.Client) {
      connection = null;
      void c.end().catch(() => {});
    },
    async end() {
      const c = connection && (await connection.catch(() => null));
      connection = null;
      if (c) await c.end();
    },
  };
}

/** A group's steps that waited this much less than PG_LOCK_TIMEOUT_MS have it whole: the usual group goes the short way. */
const WAITED_MS = 50;

/**
 * One limit on a step's wait for the ledger, queued behind a group that waits for a lock (another
 * session's) and then in its own group: the steps that have waited PG_LOCK_TIMEOUT_MS already
 * fail "busy" here, never sent (nothing of them kept), and the others go with the lock timeout the
 * longest waiting of them has left (null: the whole of it). A group queued behind one that gave up
 * after the lock timeout waited a lock timeout of its own again: 10 s in all.
 */
function waitLeft(all: Job[]): { jobs: Job[]; lockTimeoutMs: number | null } {
  const now = Date.now();
  const jobs: Job[] = [];
  let oldest = now;
  for (const job of all) {
    if (now - job.since >= PG_LOCK_TIMEOUT_MS)
      job.reject(
        new LedgerError(
          "busy",
          `waited more than ${PG_LOCK_TIMEOUT_MS} ms for the ledger, behind steps waiting for a lock another session holds`,
        ),
      );
    else {
      jobs.push(job);
      oldest = Math.min(oldest, job.since);
    }
  }
  const waited = now - oldest;
  return { jobs, lockTimeoutMs: waited < WAITED_MS ? null : PG_LOCK_TIMEOUT_MS - waited };
}

/** `config`: how to open the groups' connections (pipelined, reopened after a failure). */
export function pgGroupCommit(config: pg.ClientConfig, options: PgGroupOptions = {}): PgGroupCommit {
  const size = Math.max(1, options.connections ?? 1);
  const setting = options.synchronousCommit === false ? " -c synchronous_commit=off" : "";
  const opened = { ...config, options: `${config.options ?? ""}${setting}`.trim() || undefined };
  /** the connections no group is using */
  const free = Array.from({ length: size }, () => lazyConnection(opened));
  const inFlight = new Set<Promise<void>>();
  /** the rows as this instance's groups left them, for groups of one round trip */
  const known: KnownRows = knownRows();

  let queue: Job[] = [];
  let scheduled = false;
  /** a group is taking its locks or running its steps: the next one waits for its COMMIT to be sent */
  let forming = false;

  /** Settles the jobs: each as its step came out, once the group is kept. */
  const answer = (jobs: Job[], outcomes: Outcome[]) =>
    jobs.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });

  /**
   * The group in one round trip and one statement, on its rows as known: true once settled (kept
   * or failed), false when its rows were not as known (nothing kept, nothing settled: the long way
   * is next).
   */
  const oneTrip = async (c: pg.Client, jobs: Job[], locked: Locked, committing: () => void): Promise<boolean> => {
    let ran: ReturnType<typeof runSteps>;
    try {
      ran = runSteps(
        locked,
        jobs.map((j) => j.step),
      );
      for (const work of ran.last) work();
    } catch (error) {
      // nothing was sent
      for (const job of jobs) job.reject(error);
      return true;
    }
    const committed = commitGroup(c, locked, ran.writes);
    known.sent(locked, ran.writes);
    committing();
    try {
      await committed;
    } catch (error) {
      // the statement's own transaction has rolled back
      const stale = codeOf(error) === STALE;
      known.failed(locked, ran.writes, stale);
      if (stale) return false;
      for (const job of jobs) job.reject(error);
      return true;
    }
    known.passed(locked);
    answer(jobs, ran.outcomes);
    return true;
  };

  /** The group in two round trips: its rows read under lock, then the writes and COMMIT. */
  const twoTrips = async (
    slot: ReturnType<typeof lazyConnection>,
    c: pg.Client,
    jobs: Job[],
    lockTimeoutMs: number | null,
    committing: () => void,
  ) => {
    let locked: Locked | null = null;
    let writes: Writes | null = null;
    try {
      const steps = jobs.map((j) => j.step);
      const reservationIds = [...new Set(steps.flatMap((s) => ("reservationId" in s ? [s.reservationId] : [])))];
      const accountIds = [...new Set(steps.flatMap((s) => ("accountId" in s ? [s.accountId] : [])))];
      const { reservations, accounts } = await begin(c, accountIds, reservationIds, lockTimeoutMs);
      locked = {
        accounts: new Map(accounts.map((a) => [a.id, { balance: Number(a.balance_micros), reserved: Number(a.reserved_micros) }])),
        reservations: new Map(reservations.map((r) => [r.id, { accountId: r.account_id, amount: Number(r.amount_micros) }])),
      };
      const ran = runSteps(locked, steps);
      writes = ran.writes;
      for (const work of ran.last) work();
      const committed = inOneWrite(c, () => [commitGroup(c, null, ran.writes), c.query("COMMIT")]);
      known.sent(locked, ran.writes);
      committing();
      await committed;
      // a COMMIT after a failed statement rolls back, and the failed statement has rejected above
      answer(jobs, ran.outcomes);
    } catch (error) {
      if (locked) known.failed(locked, writes, false);
      try {
        await c.query("ROLLBACK");
      } catch {
        slot.drop(c);
      }
      for (const job of jobs) job.reject(error);
    }
  };

  /**
   * `committing` is called once the group's COMMIT is sent (or the group has ended without one);
   * `lockTimeoutMs`: the wait its steps have left, when they have waited already (null: the whole
   * PG_LOCK_TIMEOUT_MS); such a group takes the long way, whose BEGIN sets it.
   */
  const commit = async (slot: ReturnType<typeof lazyConnection>, jobs: Job[], lockTimeoutMs: number | null, committing: () => void) => {
    let c: pg.Client;
    try {
      c = await slot.get();
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    const locked = lockTimeoutMs === null ? known.of(jobs.map((j) => j.step)) : null;
    if (locked && (await oneTrip(c, jobs, locked, committing))) return;
    await twoTrips(slot, c, jobs, lockTimeoutMs, committing);
  };

  const flush = () => {
    scheduled = false;
    const slot = free.pop();
    if (!slot) return;
    const { jobs, lockTimeoutMs } = waitLeft(queue.splice(0, MAX_STEPS));
    if (jobs.length === 0) {
      free.push(slot);
      if (queue.length > 0) schedule();
      return;
    }
    forming = true;
    let sent = false;
    const committing = () => {
      if (sent) return;
      sent = true;
      forming = false;
      if (queue.length > 0) schedule();
    };
    const running: Promise<void> = commit(slot, jobs, lockTimeoutMs, committing).finally(() => {
      inFlight.delete(running);
      free.push(slot);
      committing();
      if (queue.length > 0) schedule();
    });
    inFlight.add(running);
  };
  /** the next group forms once the one before has sent its COMMIT, on a free connection */
  const schedule = () => {
    if (scheduled || forming || free.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  return {
    run: (step, since = Date.now()) =>
      new Promise<StepResult>((resolve, reject) => {
        queue.push({ step, since, resolve, reject: (e) => reject(ledgerFault(e)) });
        schedule();
      }),
    async close() {
      while (inFlight.size > 0 || queue.length > 0) {
        await (inFlight.size > 0 ? Promise.race(inFlight) : new Promise((r) => setImmediate(r)));
      }
      queue = [];
      await Promise.all(free.map((slot) => slot.end()));
    },
  };
}
