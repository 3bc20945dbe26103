// `pdm worker`: takes chunk jobs from the queue (keys.ts), scores each with the threads of a
// ThreadScorer for its model and options, and stores its records in the run's result hash. A model
// is fetched and compiled once, by its identity; a chunk's bytes come from Redis or from its byte
// range of a shared file (checked against the coordinator's SHA-1). BullMQ keeps each chunk locked
// while this process lives: if it dies, the lock lapses and another worker scores the chunk again.
// The scoring runs in threads, so this thread is always free to renew the locks.
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { hostname } from "node:os";
import { UnrecoverableError, Worker, type Job } from "bullmq";
import type { LoadableModel } from "../../compiler/5-load/compiled-model.js";
import type { ModelInput } from "../../ir/model.js";
import type { ByteRange, ChunkDone, ChunkJob } from "./chunk-job.js";
import { openRedis } from "./connection.js";
import { queueName, runKeys, type RunKeys } from "./keys.js";
import { chunkInput, chunkWanted, storeResult } from "./run-store.js";
import { ThreadScorer } from "./thread-scorer.js";

export interface ChunkWorkerOptions {
  url: string;
  prefix: string;
  /** pdm's version: the queue this worker takes chunks from */
  version: string;
  /** scoring threads; twice as many chunks are in hand, so one is fetched while one is scored */
  threads: number;
  /** a chunk whose worker has not renewed its lock for this long is scored again elsewhere */
  stallSeconds: number;
  /** a line per chunk started and finished */
  onChunk?(line: string): void;
  /** a line per chunk that failed, and per connection problem */
  onProblem(line: string): void;
}

export interface RunningWorker {
  /** the queue's name */
  queue: string;
  /** stops taking chunks, finishes those in hand, and closes */
  close(): Promise<void>;
}

/** A chunk of one record past the limit: read from nowhere. */
const NO_BYTES = new Uint8Array(0);

/** Scorers kept for the models and options of the last few runs. */
const KEEP = 2;

async function readRange(range: ByteRange): Promise<Buffer> {
  const length = range.end - range.start;
  const bytes = Buffer.allocUnsafe(length);
  const file = await open(range.path, "r");
  try {
    let n = 0;
    while (n < length) {
      const { bytesRead } = await file.read(bytes, n, length - n, range.start + n);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    if (n < length) throw new Error(`${range.path} on ${hostname()} ends before byte ${range.end}: it is not the coordinator's input`);
  } finally {
    await file.close();
  }
  if (createHash("sha1").update(bytes).digest("hex") !== range.sha1)
    throw new Error(`${range.path} on ${hostname()} differs from the coordinator's input at bytes ${range.start}–${range.end}`);
  return bytes;
}

export async function startChunkWorker(options: ChunkWorkerOptions): Promise<RunningWorker> {
  const redis = await openRedis(options.url);
  const blocking = await openRedis(options.url, { blocking: true });
  const { compileToSource } = await import("../../compiler/index.js");
  const scorers = new Map<string, { scorer: Promise<ThreadScorer>; busy: number }>();

  /** The model's loadable form, fetched from the run and compiled here; refused if it is not the model the job names. */
  async function compile(job: ChunkJob, keys: RunKeys): Promise<LoadableModel> {
    const text = await redis.get(keys.model);
    if (text === null) throw new Error(`the model of run ${job.run} is not in Redis`);
    const compiled = compileToSource(JSON.parse(text) as ModelInput, { strict: job.strict });
    if (!compiled.ok) throw new UnrecoverableError(`the model of run ${job.run} does not check on this worker (pdm ${options.version})`);
    if (compiled.hash !== job.model) throw new UnrecoverableError(`run ${job.run}'s model is not the one its chunks name`);
    return compiled.loadable;
  }

  async function scorerFor(job: ChunkJob, keys: RunKeys): Promise<{ scorer: ThreadScorer; done(): void }> {
    const key = JSON.stringify([job.model, job.strict, job.score]);
    let entry = scorers.get(key);
    if (!entry) {
      entry = { scorer: ThreadScorer.start(options.threads, job.score, compile(job, keys)), busy: 0 };
      entry.scorer.catch(() => scorers.delete(key));
      for (const [k, e] of scorers)
        if (scorers.size >= KEEP && e.busy === 0) {
          scorers.delete(k);
          void e.scorer.then((s) => s.close()).catch(() => {});
        }
    }
    scorers.delete(key);
    scorers.set(key, entry); // the most recently used last
    entry.busy++;
    const taken = entry;
    try {
      const scorer = await entry.scorer;
      if (scorer.failure) throw scorer.failure;
      return { scorer, done: () => taken.busy-- };
    } catch (e) {
      taken.busy--;
      scorers.delete(key);
      throw e;
    }
  }

  const GONE: ChunkDone = { rows: 0, errors: 0, gone: true };
  async function scoreChunk(job: Job<ChunkJob, ChunkDone>): Promise<ChunkDone> {
    const data = job.data;
    const keys = runKeys(options.prefix, data.run);
    // a chunk already written (scored twice), or of a run that finished or was dropped, is not
    // scored; whether it is wanted comes with its bytes, when they are in Redis
    const unread = data.long !== undefined;
    const input = await chunkInput(redis, keys, data.seq, !data.range && !unread);
    if (!input.wanted) return GONE;
    const what = `chunk ${data.seq} of run ${data.run} (rows ${data.first}–${data.first + data.records - 1})`;
    options.onChunk?.(`${what}: started`);
    const { scorer, done } = await scorerFor(data, keys);
    try {
      const bytes = unread ? NO_BYTES : data.range ? await readRange(data.range) : input.bytes;
      if (bytes === null) {
        if (!(await chunkWanted(redis, keys, data.seq))) return GONE;
        throw new Error(`${what}: its rows are not in Redis`);
      }
      const result = await scorer.score(bytes, data.first, data.columns, data.long);
      // the records' buffer is lent again only once Redis has answered (a command that failed may
      // still be queued in the client, so its buffer is then left to the garbage collector)
      const stored = await storeResult(redis, keys, data.seq, result);
      result.release();
      if (!stored) return GONE;
      options.onChunk?.(`${what}: done, ${result.rows} rows, ${result.errors} errors`);
      return { rows: result.rows, errors: result.errors };
    } finally {
      done();
    }
  }

  const queue = queueName(options.version);
  const worker = new Worker<ChunkJob, ChunkDone>(queue, scoreChunk, {
    connection: blocking,
    prefix: options.prefix,
    name: `${hostname()}:${process.pid}`,
    concurrency: 2 * options.threads,
    lockDuration: options.stallSeconds * 1000,
    stalledInterval: options.stallSeconds * 1000,
    // a chunk may be found stalled twice (two workers killed under it) before it counts as failed
    maxStalledCount: 2,
  });
  worker.on("failed", (job, e) => options.onProblem(`chunk ${job?.data.seq ?? "?"} of run ${job?.data.run ?? "?"}: failed: ${e.message}`));
  worker.on("error", (e) => options.onProblem(`error: ${e.message}`));
  await worker.waitUntilReady();

  return {
    queue,
    async close() {
      await worker.close();
      await Promise.all([...scorers.values()].map((e) => e.scorer.then((s) => s.close()).catch(() => {})));
      redis.disconnect();
      blocking.disconnect();
    },
  };
}
