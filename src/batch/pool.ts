// The worker pool of a batch: starts workers from worker.ts (the built chunk, or the TypeScript
// source through tsx in a checkout), hands each piece to the least busy worker and reports
// results as they come; ordering is the caller's job (see score-stream.ts).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CheckResult } from "../compiler.js";
import { WORKER_URL, type PieceMessage, type WorkerMessage, type WorkerSetup } from "./worker.js";

export interface Scored {
  seq: number;
  bytes: Uint8Array;
  rows: number;
  errors: number;
}

/** The model does not check: the workers' check result says why. */
export class InvalidModel extends Error {
  constructor(readonly check: CheckResult) {
    super("the model does not compile");
  }
}

/** A worker running worker.ts: directly when built, through tsx's loader when run from source. */
function spawn(setup: WorkerSetup): Worker {
  const url = new URL(WORKER_URL);
  if (!/\.[cm]?ts$/.test(url.pathname)) return new Worker(url, { workerData: setup });
  const require = createRequire(url);
  const tsx = pathToFileURL(join(dirname(require.resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href;
  const code = `import(${JSON.stringify(tsx)}).then((t) => t.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}))`;
  return new Worker(code, { eval: true, workerData: setup });
}

const ignore = () => {};

export class Pool {
  /** Resolves once every worker has compiled the model, with the decisions it writes. */
  readonly ready: Promise<{ decisions: string[] }>;
  private readonly workers: Worker[];
  private readonly busy: number[];
  private onScored: (s: Scored) => void = ignore;
  private onFailure: (e: Error) => void = ignore;
  private failed = false;
  private closing = false;

  /** Starts `size` workers; each compiles the model on its own thread while the caller goes on. */
  constructor(size: number, setup: WorkerSetup) {
    this.workers = Array.from({ length: size }, () => spawn(setup));
    this.busy = this.workers.map(() => 0);
    this.ready = Promise.all(this.workers.map((w, i) => this.listen(w, i))).then(([first]) => first!);
    // A caller that closes without waiting must not leave a rejection unhandled.
    this.ready.catch(ignore);
  }

  /** Where results and a failure after start-up go. */
  attach(onScored: (s: Scored) => void, onFailure: (e: Error) => void): void {
    this.onScored = onScored;
    this.onFailure = onFailure;
  }

  private listen(worker: Worker, index: number): Promise<{ decisions: string[] }> {
    return new Promise((resolve, reject) => {
      let ready = false;
      const fail = (e: Error) => {
        if (!ready) return reject(e);
        if (this.failed || this.closing) return;
        this.failed = true;
        this.onFailure(e);
      };
      worker.on("message", (m: WorkerMessage) => {
        if (m.type === "scored") {
          this.busy[index]!--;
          this.onScored(m);
        } else if (m.type === "ready") {
          ready = true;
          resolve({ decisions: m.decisions });
        } else fail(new InvalidModel(m.check));
      });
      worker.on("error", fail);
      worker.on("exit", (code) => {
        if (!this.closing) fail(new Error(`a batch worker stopped (exit code ${code})`));
      });
    });
  }

  /** Sends a piece to the worker with the fewest pieces in hand; the bytes are transferred. */
  submit(piece: PieceMessage): void {
    let best = 0;
    for (let i = 1; i < this.busy.length; i++) if (this.busy[i]! < this.busy[best]!) best = i;
    this.busy[best]!++;
    this.workers[best]!.postMessage(piece, [piece.bytes.buffer as ArrayBuffer]);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
