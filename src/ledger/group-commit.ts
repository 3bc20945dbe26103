// Group commit for the SQLite ledger: the ledger steps that requests ask for within one turn of
// the event loop run in one IMMEDIATE transaction, committed once (one WAL write instead of one
// per request). Each step runs in a savepoint of its own, so a step that throws (a receipt that
// fails to be built, an unknown reservation) rolls back alone and rejects only its own promise.
// The work the steps leave for just before the commit (`beforeCommit`: signing the batch of
// receipts their seals made) runs once every step has run; if it throws, the whole group rolls
// back. Every promise settles after the commit, so no caller learns of a result that is not yet
// durable, and if the commit (or the work before it) fails every step of the group is rejected
// and nothing of it is kept.
import type Database from "better-sqlite3";

/** Takes work to run after every step of the commit and before it. */
export type BeforeCommit = (work: () => void) => void;

interface Job {
  work: (beforeCommit: BeforeCommit) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Done = { ok: true; value: unknown } | { ok: false; error: unknown };

export type GroupCommit = <T>(work: (beforeCommit: BeforeCommit) => T) => Promise<T>;

export function groupCommit(db: Database.Database): GroupCommit {
  // a transaction function called inside a transaction is a savepoint
  const savepoint = db.transaction((work: () => unknown) => work());
  const group = db.transaction((jobs: Job[]): Done[] => {
    const last: (() => void)[] = [];
    const done = jobs.map((job): Done => {
      const mine: (() => void)[] = [];
      try {
        const value = savepoint(() => job.work((w) => void mine.push(w)));
        // only a step that is kept leaves work for the commit
        last.push(...mine);
        return { ok: true, value };
      } catch (error) {
        return { ok: false, error };
      }
    });
    for (const work of last) work();
    return done;
  });
  let queue: Job[] = [];

  const flush = () => {
    const jobs = queue;
    queue = [];
    let done: Done[];
    try {
      done = group.immediate(jobs);
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => {
      const d = done[i]!;
      if (d.ok) job.resolve(d.value);
      else job.reject(d.error);
    });
  };

  return <T>(work: (beforeCommit: BeforeCommit) => T) =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
}
