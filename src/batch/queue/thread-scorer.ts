// A `pdm worker`'s scoring threads: the local batch's pool (pool.ts, worker.ts) for one model and
// one way of reading and writing rows, taking whole chunks and answering each with its records,
// so a chunk is scored by exactly the code `pdm score` runs. The chunk's bytes are copied into a
// shared buffer once; the records come back as a Buffer over the thread's own shared buffer, sent
// to Redis from there, and the buffer is given back once they are stored (a copy per chunk cost
// more in garbage collection than in the copying).
import { BufferPool } from "../buffer-pool.js";
import type { ScoreOptions } from "../chunk-scorer.js";
import { Pool, type Scored } from "../pool.js";
import type { LoadableModel } from "../../compiler/5-load/compiled-model.js";
import type { ChunkResult } from "./run-store.js";

/** A chunk's records, in a buffer lent until `release` is called. */
export interface ScoredChunk extends ChunkResult {
  release(): void;
}

interface Waiting {
  resolve(r: ScoredChunk): void;
  reject(e: Error): void;
}

export class ThreadScorer {
  private readonly waiting = new Map<number, Waiting>();
  private readonly buffers = new BufferPool(1 << 20, 16);
  private next = 0;
  /** set once a thread has failed: the scorer takes no more chunks */
  failure: Error | null = null;

  private constructor(private readonly pool: Pool) {
    pool.attach(
      (s) => this.scored(s),
      (e) => {
        this.failure = e;
        for (const w of this.waiting.values()) w.reject(e);
        this.waiting.clear();
      },
    );
  }

  /** The threads start loading their code while the model is compiled (as in pool.ts's local use). */
  static async start(threads: number, score: ScoreOptions, model: Promise<LoadableModel>): Promise<ThreadScorer> {
    model.catch(() => {}); // awaited below, once the threads are started
    const pool = await Pool.start(threads, score);
    try {
      await pool.load(await model);
    } catch (e) {
      await pool.close();
      throw e;
    }
    return new ThreadScorer(pool);
  }

  /** A chunk's records; `long`: the chunk is one record past this limit, unread (its bytes empty), and its record the error record. */
  score(bytes: Uint8Array, first: number, columns?: string[], long?: number): Promise<ScoredChunk> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = this.next++;
    const input = new Uint8Array(this.buffers.take(bytes.length), 0, bytes.length);
    input.set(bytes);
    const result = new Promise<ScoredChunk>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    this.pool.submit({ seq, first, bytes: input, spare: this.buffers.take(2 * bytes.length), columns, long });
    return result;
  }

  private scored(s: Scored): void {
    const waiting = this.waiting.get(s.seq);
    this.waiting.delete(s.seq);
    const out = s.bytes.buffer as SharedArrayBuffer;
    this.buffers.give(s.input);
    let lent = true;
    const release = () => {
      if (lent) this.buffers.give(out);
      lent = false;
    };
    if (!waiting) return release();
    waiting.resolve({ bytes: Buffer.from(out, s.bytes.byteOffset, s.bytes.byteLength), rows: s.rows, errors: s.errors, release });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
