// One run of a distributed batch as Redis keeps it (keys.ts): its settings, how far it got, where
// each chunk still out is, the chunks' bytes (when they travel through Redis) and their records.
// Everything the coordinator records is recorded in one transaction with the step it follows, so a
// coordinator killed at any point leaves a state `--resume` can continue from: the output up to
// `outputBytes` holds the records of the first `written` chunks, and every later chunk up to
// `enqueued` is either in the queue or has its records waiting in its result hash.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { ScoreOptions, InputFormat } from "../chunk-scorer.js";
import type { ChunkPlace } from "./chunk-job.js";
import { QueueError } from "./connection.js";
import type { RunKeys } from "./keys.js";

/** What a run was started with: a resumed run must be the same. */
export interface RunSettings {
  version: string;
  model: string;
  strict: boolean;
  score: ScoreOptions;
  format: InputFormat;
  /** the input file's absolute path, size and modification time; null for standard input */
  input: { path: string; size: number; mtimeMs: number } | null;
  shared: boolean;
  chunkBytes: number;
  /** the longest record read (record-limit.ts) */
  maxRecordBytes: number;
}

export interface RunProgress {
  /** chunks whose records are in the output */
  written: number;
  /** the output's length once they are (with the CSV header) */
  outputBytes: number;
  rows: number;
  errors: number;
  /** input bytes whose records are written, for the progress bar */
  inputDone: number;
  /** chunks made and enqueued */
  enqueued: number;
  /** input bytes read into them, from the start of the input */
  readOffset: number;
  /** the row number of the next chunk's first record */
  nextRow: number;
}

export interface StoredRun {
  settings: RunSettings;
  progress: RunProgress;
  columns?: string[];
}

export interface ChunkResult {
  bytes: Buffer;
  rows: number;
  errors: number;
}

/** Every key of a run is dropped a week after it was last written: a run nobody resumes does not stay. */
const TTL_SECONDS = 7 * 24 * 3600;
const PROGRESS_FIELDS = ["written", "outputBytes", "rows", "errors", "inputDone", "enqueued", "readOffset", "nextRow"] as const;

const progressFields = (p: RunProgress): string[] => PROGRESS_FIELDS.flatMap((f) => [f, String(p[f])]);

// A worker's records are stored only while the chunk is wanted (its place is dropped once its
// records are written): a chunk scored again after that (by a worker thought dead that was only
// slow, or after the run finished) leaves nothing behind.
const STORE_RESULT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[2], 'bytes', ARGV[2], 'rows', ARGV[3], 'errors', ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return 1`;

export async function storeResult(redis: Redis, keys: RunKeys, seq: number, result: ChunkResult): Promise<boolean> {
  const stored = await redis.eval(
    STORE_RESULT,
    2,
    keys.chunks,
    keys.result(seq),
    seq,
    result.bytes,
    result.rows,
    result.errors,
    TTL_SECONDS,
  );
  return stored === 1;
}

/** Whether a chunk's records are still wanted: false once they are written, or the run is gone. */
export const chunkWanted = async (redis: Redis, keys: RunKeys, seq: number): Promise<boolean> =>
  (await redis.hexists(keys.chunks, String(seq))) === 1;

/**
 * Whether a chunk is wanted and, with `bytes`, its input bytes (null if Redis does not hold them),
 * in one round trip: a worker asks this once per chunk.
 */
export async function chunkInput(
  redis: Redis,
  keys: RunKeys,
  seq: number,
  bytes: boolean,
): Promise<{ wanted: boolean; bytes: Buffer | null }> {
  if (!bytes) return { wanted: await chunkWanted(redis, keys, seq), bytes: null };
  const replies = await redis.multi().hexists(keys.chunks, String(seq)).getBuffer(keys.input(seq)).exec();
  if (!replies) throw new Error("Redis dropped a transaction");
  for (const [e] of replies) if (e) throw e;
  return { wanted: replies[0]![1] === 1, bytes: replies[1]![1] as Buffer | null };
}

// The coordinator's lease: taken when free, or from a coordinator of this machine that is no
// longer running; renewed while the coordinator lives.
const TAKE_OVER = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end return nil`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
export const LEASE_MS = 10_000;

interface Holder {
  host: string;
  pid: number;
  token: string;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const globPattern = (text: string): string => text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);

export class RunStore {
  private readonly lease: string;

  constructor(
    private readonly redis: Redis,
    readonly keys: RunKeys,
  ) {
    this.lease = JSON.stringify({ host: hostname(), pid: process.pid, token: randomBytes(8).toString("hex") } satisfies Holder);
  }

  /** Takes the run's lease, or says who holds it. */
  async lock(): Promise<void> {
    if ((await this.redis.set(this.keys.lock, this.lease, "PX", LEASE_MS, "NX")) === "OK") return;
    const held = await this.redis.get(this.keys.lock);
    if (held === null) return this.lock();
    if (held === this.lease) return void (await this.renew());
    let holder: Partial<Holder> = {};
    try {
      holder = JSON.parse(held) as Holder;
    } catch {
      // not ours: reported below
    }
    if (holder.host === hostname() && typeof holder.pid === "number" && !running(holder.pid)) {
      if ((await this.redis.eval(TAKE_OVER, 1, this.keys.lock, held, this.lease, LEASE_MS)) === "OK") return;
      return this.lock();
    }
    throw new QueueError(
      `another coordinator is running these rows (pid ${holder.pid ?? "?"} on ${holder.host ?? "?"}); ` +
        `if it has stopped, its claim lapses within ${LEASE_MS / 1000} s`,
    );
  }

  /** Renews the lease; false when it is no longer ours (it lapsed and another coordinator took it). */
  async renew(): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, this.keys.lock, this.lease, LEASE_MS)) === 1;
  }

  async unlock(): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.keys.lock, this.lease);
  }

  async load(): Promise<StoredRun | null> {
    const fields = await this.redis.hgetall(this.keys.run);
    if (!fields.settings) return null;
    const progress = Object.fromEntries(PROGRESS_FIELDS.map((f) => [f, Number(fields[f])])) as unknown as RunProgress;
    return {
      settings: JSON.parse(fields.settings) as RunSettings,
      progress,
      ...(fields.columns ? { columns: JSON.parse(fields.columns) as string[] } : {}),
    };
  }

  /** Records a run afresh (a run Redis lost is recorded again from the coordinator's memory). */
  async create(run: StoredRun, modelText: string, places: Map<number, ChunkPlace> = new Map()): Promise<void> {
    const m = this.redis.multi();
    m.hset(this.keys.run, "settings", JSON.stringify(run.settings), ...progressFields(run.progress));
    if (run.columns) m.hset(this.keys.run, "columns", JSON.stringify(run.columns));
    m.set(this.keys.model, modelText, "EX", TTL_SECONDS);
    for (const [seq, place] of places) m.hset(this.keys.chunks, String(seq), JSON.stringify(place));
    m.expire(this.keys.run, TTL_SECONDS).expire(this.keys.chunks, TTL_SECONDS);
    await m.exec();
  }

  /**
   * Records a chunk made: its bytes when they travel through Redis (a command of their own: in a
   * transaction the client would copy them once more), then its place and the progress together,
   * sent without waiting between them (one connection: Redis runs them in that order).
   */
  async enqueued(seq: number, place: ChunkPlace, bytes: Uint8Array | null, progress: RunProgress): Promise<void> {
    const input = bytes && this.putInput(seq, bytes);
    const recorded = this.redis
      .multi()
      .hset(this.keys.chunks, String(seq), JSON.stringify(place))
      .hset(this.keys.run, ...progressFields(progress))
      .exec();
    await Promise.all([input, recorded]);
  }

  /** Records progress that wrote no chunk (the CSV header). */
  async progress(progress: RunProgress): Promise<void> {
    await this.redis.hset(this.keys.run, ...progressFields(progress));
  }

  /** Records a chunk's records written to the output, and drops what it no longer needs. */
  async written(seq: number, progress: RunProgress): Promise<void> {
    await this.redis
      .multi()
      .hset(this.keys.run, ...progressFields(progress))
      .del(this.keys.result(seq), this.keys.input(seq))
      .hdel(this.keys.chunks, String(seq))
      .exec();
  }

  async places(): Promise<Map<number, ChunkPlace>> {
    const all = await this.redis.hgetall(this.keys.chunks);
    return new Map(Object.entries(all).map(([seq, place]) => [Number(seq), JSON.parse(place) as ChunkPlace]));
  }

  async result(seq: number): Promise<ChunkResult | null> {
    const r = await this.redis.hgetallBuffer(this.keys.result(seq));
    if (!r.bytes) return null;
    return { bytes: r.bytes, rows: Number(r.rows), errors: Number(r.errors) };
  }

  /** Which of these chunks' records are waiting in Redis. */
  async resultsReady(seqs: number[]): Promise<boolean[]> {
    if (seqs.length === 0) return [];
    const p = this.redis.pipeline();
    for (const seq of seqs) p.exists(this.keys.result(seq));
    return ((await p.exec()) ?? []).map(([, n]) => n === 1);
  }

  async hasInput(seq: number): Promise<boolean> {
    return (await this.redis.exists(this.keys.input(seq))) === 1;
  }

  async putInput(seq: number, bytes: Uint8Array): Promise<void> {
    await this.redis.set(this.keys.input(seq), asBuffer(bytes), "EX", TTL_SECONDS);
  }

  /** Drops every key of the run but the lease (unlock releases it). */
  async remove(): Promise<void> {
    const keys: string[] = [];
    const stream = this.redis.scanStream({ match: `${globPattern(this.keys.run)}:*`, count: 1000 });
    for await (const batch of stream as AsyncIterable<string[]>) keys.push(...batch);
    const others = keys.filter((k) => k !== this.keys.lock);
    for (let i = 0; i < others.length; i += 1000) await this.redis.del(...others.slice(i, i + 1000));
    await this.redis.del(this.keys.run);
  }
}
