// `pdm score --queue`: the coordinator of a distributed batch. It cuts the input into chunks of
// whole records (piece-reader.ts, as the local batch does), records each chunk and enqueues it as
// a BullMQ job, and writes the chunks' records in input order as workers finish them
// (ordered-output.ts), at most `window` chunks ahead of the output. After each chunk's records reach
// the output file, the run's progress is recorded in Redis (run-store.ts), so that a coordinator
// killed at any point can be resumed (`--resume`): the output is cut back to what was recorded and
// the run goes on from there. Every few seconds it checks the chunks out: records waiting whose
// event it missed are fetched, a chunk whose job has gone (Redis restarted) is enqueued again, a
// run Redis lost altogether is recorded again from what this process holds, and a chunk that
// failed on every try stops the run with its reason.
import { createHash, randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import { open } from "node:fs/promises";
import { resolve } from "node:path";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { Queue, QueueEvents } from "bullmq";
import { BufferPool } from "../buffer-pool.js";
import { fileSource, type ByteSource } from "../byte-source.js";
import type { InputFormat, ScoreOptions } from "../chunk-scorer.js";
import type { Tally } from "../ordered-output.js";
import { PieceReader } from "../piece-reader.js";
import { MAX_RECORD_BYTES } from "../record-limit.js";
import { takeHeader, type Summary } from "../score-stream.js";
import { JOB_OPTIONS, type ChunkJob, type ChunkPlace } from "./chunk-job.js";
import { openRedis, QueueError, RunStopped, shownUrl } from "./connection.js";
import { jobId, queueName, runKeys, seqOf } from "./keys.js";
import { openRunOutput, RecordedOutput } from "./recorded-output.js";
import { LEASE_MS, RunStore, type RunProgress, type RunSettings } from "./run-store.js";

export interface QueueBatchOptions {
  url: string;
  /** prefix of every Redis key (the queue's and the runs') */
  prefix: string;
  /** pdm's version: the queue the chunks go to (keys.ts) */
  version: string;
  /** the model as checked here: its JSON text (for the workers), identity and strictness */
  model: { text: string; hash: string; strict: boolean };
  score: ScoreOptions;
  format: InputFormat;
  /** a file (chunks can then be resumed, or read by workers as byte ranges) or a stream */
  input: { path: string } | { stream: ByteSource };
  /** a file (needed to resume) or a stream */
  output: { path: string } | { stream: Writable };
  /** written before the first records (the CSV header) */
  header?: string | null;
  /** bytes a chunk is read to */
  chunkBytes: number;
  /** the longest record read (record-limit.ts): a longer one is a chunk of its own, its row's error record */
  maxRecordBytes?: number;
  /** chunks out at once: enqueued, being scored, or waiting to be written */
  window: number;
  /** workers read the input file at its path (a shared file system) instead of through Redis */
  shared: boolean;
  /** continue the run of these rows that a coordinator left unfinished */
  resume: boolean;
  onProgress?: (done: Tally) => void;
  /** a line for the user (stderr) */
  notice(line: string): void;
  /** how often the chunks out are checked (ms) */
  checkEveryMs?: number;
}

/** A chunk out: its place, and its bytes while this process holds them (when they travel through Redis). */
interface Out {
  place: ChunkPlace;
  bytes?: Uint8Array;
}

/** How often one chunk's job may be tried again (it failed on every attempt) or enqueued again (it had gone). */
const MAX_REQUEUES = 3;
const NO_WORKER_NOTICE_MS = 15_000;

const sha1 = (bytes: Uint8Array): string => createHash("sha1").update(bytes).digest("hex");

/** One run's identity: everything that decides its chunks and records. */
function runIdOf(settings: RunSettings, output: string | null): string {
  if (!settings.input || output === null) return `s${randomBytes(10).toString("hex")}`;
  return createHash("sha256")
    .update(JSON.stringify([settings, output]))
    .digest("hex")
    .slice(0, 20);
}

async function readPlace(path: string, place: ChunkPlace): Promise<Uint8Array> {
  const bytes = Buffer.alloc(place.end - place.start);
  const file = await open(path, "r");
  try {
    await file.read(bytes, 0, bytes.length, place.start);
  } finally {
    await file.close();
  }
  return bytes;
}

/** Removes the jobs of chunks not written (a job being scored stays; its worker drops it once the run is gone). */
async function removeJobs(queue: Queue<ChunkJob>, run: string, from: number, to: number): Promise<void> {
  for (let seq = from; seq < to; seq++) await queue.remove(jobId(run, seq)).catch(() => 0);
}

export async function scoreOnQueue(o: QueueBatchOptions): Promise<Summary> {
  const inputPath = "path" in o.input ? resolve(o.input.path) : null;
  const outputPath = "path" in o.output ? resolve(o.output.path) : null;
  if (o.resume && (inputPath === null || outputPath === null))
    throw new QueueError("--resume needs --in and --out files, not standard streams");
  if (o.shared && inputPath === null) throw new QueueError("--shared-input needs an --in file every worker can read, not standard input");
  const stat = inputPath === null ? null : statSync(inputPath);
  const settings: RunSettings = {
    version: o.version,
    model: o.model.hash,
    strict: o.model.strict,
    score: o.score,
    format: o.format,
    input: inputPath && stat ? { path: inputPath, size: stat.size, mtimeMs: stat.mtimeMs } : null,
    shared: o.shared,
    chunkBytes: o.chunkBytes,
    maxRecordBytes: o.maxRecordBytes ?? MAX_RECORD_BYTES,
  };
  const run = runIdOf(settings, outputPath);
  const keys = runKeys(o.prefix, run);
  const where = shownUrl(o.url);

  const redis = await openRedis(o.url);
  const queue = new Queue<ChunkJob>(queueName(o.version), { connection: redis, prefix: o.prefix });
  queue.on("error", () => {}); // reported through the calls that fail
  const eventsRedis = await openRedis(o.url, { blocking: true });
  const events = new QueueEvents(queueName(o.version), { connection: eventsRedis, prefix: o.prefix });
  events.on("error", () => {});
  const store = new RunStore(redis, keys);
  const timers: NodeJS.Timeout[] = [];
  let output: Writable | null = null;
  let finishedRun = false;
  /** the progress of the run once it is recorded: a failure after that stops a run */
  let running: RunProgress | null = null;
  try {
    await events.waitUntilReady();
    await store.lock();
    let stored = await store.load();
    if (o.resume && !stored)
      throw new QueueError(
        `no unfinished run of these rows in Redis at ${where}: nothing to resume (a finished run is removed; ` +
          "a run is resumed with the same model, options, input file and output)",
      );
    if (!o.resume && stored) {
      o.notice(
        `dropping the unfinished run of these rows in Redis (${stored.progress.written} of ${stored.progress.enqueued} chunks written; --resume continues such a run)`,
      );
      await removeJobs(queue, run, stored.progress.written, stored.progress.enqueued);
      await store.remove();
      stored = null;
    }

    // --- the output, from the start or from where the recorded progress ends (the header is
    // recorded once it is in the file: a run stopped before that writes it again)
    const progress: RunProgress = stored
      ? { ...stored.progress }
      : { written: 0, outputBytes: 0, rows: 0, errors: 0, inputDone: 0, enqueued: 0, readOffset: 0, nextRow: 1 };
    running = progress;
    let columns = stored?.columns;
    output =
      outputPath === null
        ? (o.output as { stream: Writable }).stream
        : await openRunOutput(outputPath, stored ? progress.outputBytes : null);
    if (!stored) await store.create({ settings, progress: { ...progress } }, o.model.text);

    // --- the chunks out, from a resumed run's and then this process's
    const out = new Map<number, Out>();
    if (stored) for (const [seq, place] of await store.places()) if (seq >= progress.written) out.set(seq, { place });
    for (let seq = progress.written; seq < progress.enqueued; seq++)
      if (!out.has(seq)) throw new QueueError(`the run in Redis lost the place of chunk ${seq}: start afresh without --resume`);
    const placesOut = () => new Map([...out].map(([seq, chunk]) => [seq, chunk.place]));

    // --- writing in order; a chunk written is recorded and let go
    const buffers = new BufferPool(o.chunkBytes, 2 * o.window);
    const written = new RecordedOutput(
      output,
      o.window,
      progress,
      store,
      (seq) => {
        const bytes = out.get(seq)?.bytes;
        if (bytes) buffers.give(bytes.buffer as SharedArrayBuffer);
        out.delete(seq);
      },
      o.onProgress,
    );
    const fail = (e: unknown) => written.fail(e);
    if (progress.outputBytes === 0 && o.header) written.header(output, o.header);

    // --- fetching a chunk's records once a worker has stored them
    const fetching = new Set<number>();
    let lastDone = performance.now();
    const fetch = async (seq: number): Promise<void> => {
      if (fetching.has(seq) || !out.has(seq) || written.has(seq)) return;
      fetching.add(seq);
      try {
        const r = await store.result(seq);
        const chunk = out.get(seq);
        if (!r || !chunk) return;
        lastDone = performance.now();
        written.put(seq, r, chunk.place.end - chunk.place.start);
      } finally {
        fetching.delete(seq);
      }
    };
    events.on("completed", ({ jobId: id }) => {
      const seq = seqOf(run, id);
      if (seq !== null) fetch(seq).catch(fail);
    });

    // --- enqueueing
    const jobOf = (seq: number, place: ChunkPlace): ChunkJob => ({
      run,
      seq,
      first: place.first,
      records: place.records,
      model: o.model.hash,
      strict: o.model.strict,
      score: o.score,
      ...(columns ? { columns } : {}),
      // a long record's chunk has no bytes to send or read: the limit is all its worker needs
      ...(place.long !== undefined
        ? { long: place.long }
        : o.shared
          ? { range: { path: inputPath!, start: place.start, end: place.end, sha1: place.sha1! } }
          : {}),
    });
    const enqueue = (seq: number, place: ChunkPlace) => queue.add("chunk", jobOf(seq, place), { ...JOB_OPTIONS, jobId: jobId(run, seq) });

    // --- checking the chunks out
    const ensureInput = async (seq: number, chunk: Out): Promise<void> => {
      if (!o.shared && chunk.place.long === undefined && !(await store.hasInput(seq)))
        await store.putInput(seq, chunk.bytes ?? (await readPlace(inputPath!, chunk.place)));
    };
    const requeued = new Map<number, number>();
    let warnedIdle = false;
    let checking = false;
    const check = async (): Promise<void> => {
      if (checking) return;
      checking = true;
      try {
        if (!(await store.load())) {
          // Redis lost the run (restarted without its data): record it again from what is here
          o.notice(
            `Redis at ${where} lost the run (was it restarted?): recording it again and enqueueing the ${out.size} chunks out again`,
          );
          await store.lock();
          await store.create({ settings, progress: { ...progress }, ...(columns ? { columns } : {}) }, o.model.text, placesOut());
          for (const [seq, chunk] of out) if (!written.has(seq)) await ensureInput(seq, chunk);
        }
        const waiting = [...out.keys()].filter((seq) => !written.has(seq) && !fetching.has(seq));
        const ready = await store.resultsReady(waiting);
        for (const [i, seq] of waiting.entries()) {
          if (ready[i]) {
            await fetch(seq);
            continue;
          }
          const id = jobId(run, seq);
          const state = await queue.getJobState(id);
          if (state !== "failed" && state !== "unknown") continue;
          // the job may have finished since its records were looked for: they are there, or the chunk is written
          if (!out.has(seq) || written.has(seq)) continue;
          if ((await store.resultsReady([seq]))[0]) {
            await fetch(seq);
            continue;
          }
          const chunk = out.get(seq)!;
          const times = (requeued.get(seq) ?? 0) + 1;
          if (times > MAX_REQUEUES) {
            const { first, records } = chunk.place;
            const job = state === "failed" ? await queue.getJob(id) : null;
            throw new QueueError(
              job
                ? `chunk ${seq} (rows ${first}–${first + records - 1}) failed ${MAX_REQUEUES * (JOB_OPTIONS.attempts ?? 1)} times: ${job.failedReason}`
                : `chunk ${seq}'s job vanished from Redis ${MAX_REQUEUES} times: is Redis evicting keys?`,
            );
          }
          requeued.set(seq, times);
          // its bytes may be what it failed for (Redis lost them)
          await ensureInput(seq, chunk);
          if (state === "failed") await (await queue.getJob(id))?.retry("failed");
          else await enqueue(seq, chunk.place);
        }
        if (!warnedIdle && out.size > 0 && performance.now() - lastDone > NO_WORKER_NOTICE_MS && (await queue.getWorkersCount()) === 0) {
          warnedIdle = true;
          o.notice(
            `no worker is taking chunks from queue ${queueName(o.version)} at ${where}: start one with \`pdm worker --queue ${where}\``,
          );
        }
      } finally {
        checking = false;
      }
    };
    const every = (ms: number, f: () => Promise<unknown>) => timers.push(setInterval(() => void f().catch(fail), ms).unref());
    every(o.checkEveryMs ?? 2000, check);
    every(LEASE_MS / 4, async () => {
      if (!(await store.renew())) await store.lock();
    });
    events.on("failed", () => void check().catch(fail));

    // a resumed run's chunks first: each takes its place in the window again (the check finds
    // their records, or enqueues them again, or tries a failed one again)
    for (let seq = progress.written; seq < progress.enqueued; seq++) await written.next();
    if (stored) await check();

    // --- reading the rest of the input into chunks
    const source = inputPath === null ? (o.input as { stream: ByteSource }).stream : await fileSource(inputPath, progress.readOffset);
    try {
      const syntax = o.format === "csv" ? "csv" : "lines";
      const reader = new PieceReader(source, syntax, buffers, o.chunkBytes, progress.readOffset, settings.maxRecordBytes);
      for (let piece = await reader.next(); piece; piece = await reader.next()) {
        if (o.format === "csv" && !columns) {
          ({ columns, rest: piece } = takeHeader(piece));
          await redis.hset(keys.run, "columns", JSON.stringify(columns));
          if (piece.records === 0) continue;
        }
        const seq = await written.next();
        // a record past the limit: a chunk of its own, standing for the bytes skipped (the next chunk, and a resumed run, read on past them)
        const place: ChunkPlace = {
          start: piece.offset,
          end: piece.offset + (piece.long === undefined ? piece.bytes.length : piece.skipped!),
          first: progress.nextRow,
          records: piece.records,
          ...(piece.long === undefined ? {} : { long: piece.long }),
        };
        const chunk: Out = { place };
        if (place.long !== undefined) buffers.give(piece.bytes.buffer as SharedArrayBuffer);
        else if (o.shared) {
          place.sha1 = sha1(piece.bytes);
          buffers.give(piece.bytes.buffer as SharedArrayBuffer);
        } else chunk.bytes = piece.bytes;
        out.set(seq, chunk);
        Object.assign(progress, { enqueued: seq + 1, readOffset: place.end, nextRow: progress.nextRow + piece.records });
        // recorded, then enqueued: on one connection Redis runs them in that order, so the job is
        // sent without waiting for the record's answer (a worker never finds a job whose chunk is unknown)
        await Promise.all([store.enqueued(seq, place, chunk.bytes ?? null, { ...progress }), enqueue(seq, place)]);
      }
    } finally {
      await source.close();
    }
    await written.finished();
    if (outputPath !== null) {
      output.end();
      await finished(output);
      output = null;
    }
    finishedRun = true;
    return { rows: progress.rows, errors: progress.errors, bytes: progress.inputDone };
  } catch (e) {
    if (!running || e instanceof RunStopped) throw e;
    const p = running as RunProgress;
    const written = outputPath === null ? "" : ` (${p.rows} rows written to ${outputPath})`;
    throw new RunStopped(
      `the run stopped after ${p.written} of ${p.enqueued} chunks${written}: ${(e as Error).message}`,
      inputPath !== null && outputPath !== null,
    );
  } finally {
    for (const t of timers) clearInterval(t);
    if (output && outputPath !== null) output.destroy();
    // a finished run, or one nothing can resume (standard input or output), leaves nothing in Redis
    if (finishedRun || inputPath === null || outputPath === null) {
      const progress = await store.load().catch(() => null);
      if (!finishedRun && progress) await removeJobs(queue, run, progress.progress.written, progress.progress.enqueued).catch(() => {});
      await store.remove().catch(() => {});
    }
    await store.unlock().catch(() => {});
    await events.close().catch(() => {});
    await queue.close().catch(() => {});
    eventsRedis.disconnect();
    redis.disconnect();
  }
}
