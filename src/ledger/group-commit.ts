// Group commit for the SQLite ledger: the ledger steps that requests ask for within one turn of
// the event loop run in one IMMEDIATE transaction, committed once (one WAL write instead of one
// per request). Each step runs in a savepoint of its own, so a step that throws (a receipt that
// fails to sign, an unknown reservation) rolls back alone and rejects only its own promise; every
// promise settles after the commit, so no caller learns of a result that is not yet durable, and
// if the commit itself fails every step of the group is rejected and nothing of it is kept.
import type Database from "better-sqlite3";

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Done = { ok: true; value: unknown } | { ok: false; error: unknown };

export type GroupCommit = <T>(work: () => T) => Promise<T>;

export function groupCommit(db: Database.Database): GroupCommit {
  // a transaction function called inside a transaction is a savepoint
  const savepoint = db.transaction((work: () => unknown) => work());
  const group = db.transaction((jobs: Job[]): Done[] =>
    jobs.map((job) => {
      try {
        return { ok: true, value: savepoint(job.work) };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );
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

  return <T>(work: () => T) =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
}
