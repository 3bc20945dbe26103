// What travels between a distributed batch's coordinator and its workers: a chunk job names the
// run, the chunk's place in the input and how to score it; its records come back in Redis, in the
// chunk's result hash (keys.ts), and the job's return value only says how many rows it held.
import type { JobsOptions } from "bullmq";
import type { ScoreOptions } from "../chunk-scorer.js";

/** Where a chunk's bytes are in a file every worker can read (a shared path). */
export interface ByteRange {
  path: string;
  start: number;
  end: number;
  /** SHA-1 of the bytes, so a worker that sees another file at the path refuses the chunk */
  sha1: string;
}

/** A chunk's place in the input, kept in the run's `chunks` hash until its records are written. */
export interface ChunkPlace {
  /** input offset of its first byte (for a file input; re-read when Redis has lost the bytes) */
  start: number;
  end: number;
  /** row number of its first record */
  first: number;
  records: number;
  /** SHA-1 of its bytes, when workers read them from a shared file */
  sha1?: string;
  /** the chunk is one record longer than this limit, unread (piece-reader.ts): no bytes travel, its record is the error record */
  long?: number;
}

/** BullMQ job data: one chunk of one run. */
export interface ChunkJob {
  run: string;
  seq: number;
  first: number;
  records: number;
  /** the model's identity (compiler/identity.ts): a worker compiles each model once */
  model: string;
  strict: boolean;
  score: ScoreOptions;
  /** CSV: the header's column names */
  columns?: string[];
  /** absent: the bytes are in Redis (keys.ts `input`), unless the chunk is `long` */
  range?: ByteRange;
  /** the chunk is one record longer than this limit: no bytes, its row's error record (record-limit.ts) */
  long?: number;
}

/** A job's return value. */
export interface ChunkDone {
  rows: number;
  errors: number;
  /** the run was gone (finished or abandoned) and the chunk was not scored */
  gone?: true;
}

export const JOB_OPTIONS: JobsOptions = {
  // a chunk that fails (a worker that cannot read its range, a connection lost mid-write) is tried
  // again a second later (and the coordinator tries a failed job again, up to three times); rows
  // that fail are error records, never a failure
  attempts: 2,
  backoff: { type: "fixed", delay: 1000 },
  // the records are in the result hash: a finished job has nothing more to keep
  removeOnComplete: true,
  // a failed job is kept for the coordinator to report and --resume to retry
  removeOnFail: false,
};
