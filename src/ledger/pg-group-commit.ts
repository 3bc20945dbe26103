// Group commit for the PostgreSQL ledger: the money steps that requests ask for while the groups
// before them are in flight (or within one turn of the event loop when a connection is free) go to
// PostgreSQL together, in one transaction of two round trips on a pipelined connection, however many
// steps it holds:
//   1. BEGIN, then lock the reservations the steps name and the accounts they touch (in id order,
//      so two groups, of this instance or of another, never wait for each other in a cycle);
//   2. the writes, as set-based statements over arrays (unnest), then COMMIT.
// A group that names no reservation (one-step charges, new reservations) locks its accounts alone,
// and a group that charges moves the funds and adds its entries in one statement: the server runs
// four statements for a group of one-step charges, however many.
// Between the two, the steps run in order on the locked rows (books.ts), each seal runs on its
// step's result (a seal that throws undoes its own step alone), then the work the seals left for
// the commit (signing the batch of receipts of the whole group): if that throws, the group rolls
// back and every step of it fails. Every promise settles after the commit, so no caller learns of
// a result that is not durable; if anything of the group fails in the database, nothing of it is kept.
// With more than one connection (`connections`), several groups are in flight at once: the next
// group forms as soon as the one before has sent its COMMIT, and asks for its locks while that
// commit waits for the disk. Groups that touch the same
// account take its row lock one after another (the second reads the row as the first left it), so
// they are serialised exactly as the groups of two instances are; the CHECK on the account row is
// the last guard against an overdraw. Each group runs its steps and signs its batch in one
// synchronous stretch, so no two groups share a batch of receipts.
import pg from "pg";
import { runSteps, type Locked, type Step, type StepResult, type Writes } from "./books.js";

interface Job {
  step: Step;
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
const MOVE_FUNDS = `UPDATE accounts SET balance_micros = accounts.balance_micros + d.balance, reserved_micros = accounts.reserved_micros + d.reserved
  FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS d(id, balance, reserved) WHERE accounts.id = d.id`;
const TAKE_RESERVATIONS = "DELETE FROM reservations WHERE id = ANY($1::text[])";
const ADD_RESERVATIONS = `INSERT INTO reservations (id, account_id, amount_micros, created_ms)
  SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[])`;
const ADD_ENTRIES = `INSERT INTO ledger_entries (account_id, kind, amount_micros, reservation_id, items, memo, created_at)
  SELECT e.account_id, 'charge', e.amount, e.reservation_id, e.items, e.memo, e.created_at
  FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[])
    WITH ORDINALITY AS e(account_id, amount, reservation_id, items, memo, created_at, n)
  ORDER BY e.n`;

/**
 * MOVE_FUNDS and ADD_ENTRIES as one statement, for a group that does both (every group that
 * charges): a data-modifying WITH runs to completion whether or not the statement reads it, in the
 * same transaction, so the two writes are kept or undone together as before, with one statement
 * fewer for the server to run. ($1–$3 the accounts' changes, $4–$9 the entries.)
 */
const MOVE_FUNDS_AND_ADD_ENTRIES = `WITH moved AS (${MOVE_FUNDS})
  ${ADD_ENTRIES.replace(/\$(\d)/g, (_, n: string) => `$${Number(n) + 3}`)}`;

/** The statements that make the database agree with the books (none for an empty part). */
function writeQueries(c: pg.Client, w: Writes): Promise<unknown>[] {
  const q: Promise<unknown>[] = [];
  const run = (name: string, text: string, values: unknown[][]) => q.push(c.query({ name, text, values }));
  const moves = [w.accounts.map((a) => a.id), w.accounts.map((a) => a.balance), w.accounts.map((a) => a.reserved)];
  const e = w.entries;
  const entries = [
    e.map((x) => x.accountId),
    e.map((x) => x.amount),
    e.map((x) => x.reservationId),
    e.map((x) => x.items),
    e.map((x) => x.memo),
    e.map((x) => x.createdAt),
  ];
  // no foreign key or trigger ties these tables' rows to each other, so the order of the
  // statements within the transaction changes nothing of what it commits
  if (w.accounts.length > 0 && e.length > 0) run("pdm-move-funds-and-add-entries", MOVE_FUNDS_AND_ADD_ENTRIES, [...moves, ...entries]);
  else if (w.accounts.length > 0) run("pdm-move-funds", MOVE_FUNDS, moves);
  else if (e.length > 0) run("pdm-add-entries", ADD_ENTRIES, entries);
  if (w.takenReservations.length > 0) run("pdm-take-reservations", TAKE_RESERVATIONS, [w.takenReservations]);
  if (w.newReservations.length > 0) {
    const r = w.newReservations;
    run("pdm-add-reservations", ADD_RESERVATIONS, [
      r.map((x) => x.id),
      r.map((x) => x.accountId),
      r.map((x) => x.amount),
      r.map((x) => x.createdMs),
    ]);
  }
  return q;
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
): Promise<{ reservations: ReservationRow[]; accounts: AccountRow[] }> {
  if (reservationIds.length === 0) {
    const [, accounts] = await inOneWrite(
      c,
      () =>
        [
          c.query("BEGIN"),
          c.query<AccountRow>({ name: "pdm-lock-named-accounts", text: LOCK_NAMED_ACCOUNTS, values: [accountIds] }),
        ] as const,
    );
    return { reservations: [], accounts: accounts.rows };
  }
  const [, reservations, accounts] = await inOneWrite(
    c,
    () =>
      [
        c.query("BEGIN"),
        c.query<ReservationRow>({ name: "pdm-lock-reservations", text: LOCK_RESERVATIONS, values: [reservationIds] }),
        c.query<AccountRow>({ name: "pdm-lock-accounts", text: LOCK_ACCOUNTS, values: [accountIds, reservationIds] }),
      ] as const,
  );
  return { reservations: reservations.rows, accounts: accounts.rows };
}

export interface PgGroupCommit {
  run(step: Step): Promise<StepResult>;
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

/** `config`: how to open the groups' connections (pipelined, reopened after a failure). */
export function pgGroupCommit(config: pg.ClientConfig, options: PgGroupOptions = {}): PgGroupCommit {
  const size = Math.max(1, options.connections ?? 1);
  const setting = options.synchronousCommit === false ? " -c synchronous_commit=off" : "";
  const opened = { ...config, options: `${config.options ?? ""}${setting}`.trim() || undefined };
  /** the connections no group is using */
  const free = Array.from({ length: size }, () => lazyConnection(opened));
  const inFlight = new Set<Promise<void>>();

  let queue: Job[] = [];
  let scheduled = false;
  /** a group is taking its locks or running its steps: the next one waits for its COMMIT to be sent */
  let forming = false;

  /** `committing` is called once the group's COMMIT is sent (or the group has ended without one) */
  const commit = async (slot: ReturnType<typeof lazyConnection>, jobs: Job[], committing: () => void) => {
    let c: pg.Client;
    try {
      c = await slot.get();
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    try {
      const steps = jobs.map((j) => j.step);
      const reservationIds = [...new Set(steps.flatMap((s) => ("reservationId" in s ? [s.reservationId] : [])))];
      const accountIds = [...new Set(steps.flatMap((s) => ("accountId" in s ? [s.accountId] : [])))];
      const { reservations, accounts } = await begin(c, accountIds, reservationIds);
      const locked: Locked = {
        accounts: new Map(accounts.map((a) => [a.id, { balance: Number(a.balance_micros), reserved: Number(a.reserved_micros) }])),
        reservations: new Map(reservations.map((r) => [r.id, { accountId: r.account_id, amount: Number(r.amount_micros) }])),
      };
      const { outcomes, writes, last } = runSteps(locked, steps);
      for (const work of last) work();
      const committed = inOneWrite(c, () => [...writeQueries(c, writes), c.query("COMMIT")]);
      committing();
      await committed;
      // a COMMIT after a failed statement rolls back, and the failed statement has rejected above
      jobs.forEach((job, i) => {
        const o = outcomes[i]!;
        if (o.ok) job.resolve(o.value);
        else job.reject(o.error);
      });
    } catch (error) {
      try {
        await c.query("ROLLBACK");
      } catch {
        slot.drop(c);
      }
      for (const job of jobs) job.reject(error);
    }
  };

  const flush = () => {
    scheduled = false;
    const slot = free.pop();
    if (!slot) return;
    const jobs = queue.splice(0, MAX_STEPS);
    forming = true;
    let sent = false;
    const committing = () => {
      if (sent) return;
      sent = true;
      forming = false;
      if (queue.length > 0) schedule();
    };
    const running: Promise<void> = commit(slot, jobs, committing).finally(() => {
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
    run: (step) =>
      new Promise<StepResult>((resolve, reject) => {
        queue.push({ step, resolve, reject });
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
