// The worker pool of a batch: starts workers from worker.ts (the built chunk, or the TypeScript
// source through tsx in a checkout), gives them the compiled model, hands each piece to the least
// busy worker and reports results as they come; ordering is the caller's job (see score-stream.ts).
import type { Worker } from "node:worker_threads";
import { spawnWorker } from "./spawn-worker.js";
import type { ScoreOptions } from "./chunk-scorer.js";
import type { LoadableModel } from "../compiler/5-load/compiled-model.js";
// Types only: a value import would put worker.ts in the importer's chunk (see Pool.start).
import type { MainMessage, PieceMessage, WorkerMessage, WorkerSetup } from "./worker.js";

export interface Scored {
  seq: number;
  bytes: Uint8Array;
  /** the piece's input buffer, free again */
  input: SharedArrayBuffer;
  rows: number;
  errors: number;
}

const ignore = () => {};

export class Pool {
  private readonly busy: number[];
  /** per worker, while it loads the model */
  private readonly readiness: ({ resolve: () => void; reject: (e: Error) => void } | undefined)[] = [];
  private onScored: (s: Scored) => void = ignore;
  private onFailure: (e: Error) => void = ignore;
  private failure: Error | null = null;
  private closing = false;

  private constructor(private readonly workers: Worker[]) {
    this.busy = workers.map(() => 0);
    workers.forEach((w, i) => this.listen(w, i));
  }

  /**
   * Starts `size` workers that read and write rows as `score` says. They load their code while
   * the caller compiles the model; `load` then gives it to them. worker.ts is imported dynamically
   * so that the build keeps it (and only what it needs) in a chunk of its own: that chunk is what
   * each worker loads, not the CLI's.
   */
  static async start(size: number, score: ScoreOptions): Promise<Pool> {
    const { WORKER_URL, WORKER_MARK } = await import("./worker.js");
    const setup: WorkerSetup = { [WORKER_MARK]: true, score };
    return new Pool(Array.from({ length: size }, () => spawnWorker(new URL(WORKER_URL), { workerData: setup })));
  }

  /** Gives every worker the model; resolves once all of them can score. */
  load(model: LoadableModel): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const ready = this.workers.map((w, i) => {
      const promise = new Promise<void>((resolve, reject) => (this.readiness[i] = { resolve, reject }));
      w.postMessage({ type: "model", model } satisfies MainMessage);
      return promise;
    });
    return Promise.all(ready).then(ignore);
  }

  /** Where results and a failure after start-up go. */
  attach(onScored: (s: Scored) => void, onFailure: (e: Error) => void): void {
    this.onScored = onScored;
    this.onFailure = onFailure;
  }

  private listen(worker: Worker, index: number): void {
    const fail = (e: Error) => {
      if (this.closing) return;
      const loading = this.readiness[index];
      this.readiness[index] = undefined;
      if (loading) return loading.reject(e);
      if (this.failure) return;
      this.failure = e;
      this.onFailure(e);
    };
    worker.on("message", (m: WorkerMessage) => {
      if (m.type === "scored") {
        this.busy[index]!--;
        this.onScored(m);
      } else {
        this.readiness[index]?.resolve();
        this.readiness[index] = undefined;
      }
    });
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`a batch worker stopped (exit code ${code})`)));
  }

  /** Sends a piece to the worker with the fewest pieces in hand (its buffers are shared, not copied). */
  submit(piece: Omit<PieceMessage, "type">): void {
    let best = 0;
    for (let i = 1; i < this.busy.length; i++) if (this.busy[i]! < this.busy[best]!) best = i;
    this.busy[best]!++;
    this.workers[best]!.postMessage({ type: "piece", ...piece } satisfies MainMessage);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
