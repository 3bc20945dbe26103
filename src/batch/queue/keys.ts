// Where a distributed batch lives in Redis: one BullMQ queue of chunk jobs per version of pdm (a
// worker scores only chunks of its own version, so every record is written by the same code as
// the coordinator's), and beside it each run's own keys under `<prefix>:run:<id>`. One source of
// truth for every name, so the coordinator, the workers and the clean-up agree.

/** The queue's name: BullMQ keeps it under `<prefix>:<name>:…`. */
export const queueName = (version: string): string => `score-${version}`;

/** A chunk's job id (BullMQ refuses ids with a colon). */
export const jobId = (run: string, seq: number): string => `${run}-${seq}`;

/** The chunk number of one of this run's job ids, or null for another run's job. */
export function seqOf(run: string, id: string | undefined): number | null {
  if (!id?.startsWith(`${run}-`)) return null;
  const seq = Number(id.slice(run.length + 1));
  return Number.isSafeInteger(seq) ? seq : null;
}

export interface RunKeys {
  /** a hash: the run's settings and how far it got (run-store.ts) */
  run: string;
  /** the model's JSON text, for workers that have not compiled it yet */
  model: string;
  /** a hash: chunk number → where its rows are (a ChunkPlace) */
  chunks: string;
  /** the coordinator's lease: one coordinator per run */
  lock: string;
  /** a chunk's input bytes, when they travel through Redis */
  input(seq: number): string;
  /** a hash: a chunk's records (`bytes`), `rows` and `errors` */
  result(seq: number): string;
}

export function runKeys(prefix: string, run: string): RunKeys {
  const base = `${prefix}:run:${run}`;
  return {
    run: base,
    model: `${base}:model`,
    chunks: `${base}:chunks`,
    lock: `${base}:lock`,
    input: (seq) => `${base}:in:${seq}`,
    result: (seq) => `${base}:out:${seq}`,
  };
}
