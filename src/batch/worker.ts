// A batch worker: rebuilds the model the main thread compiled (see row-model.ts), then turns pieces
// of input bytes into pieces of output bytes. Bytes travel both ways in shared buffers, so no row
// is copied between threads: a piece comes with a spare buffer to write into, and goes back with
// its input buffer, for the main thread to lend again. This module starts the loop when it is loaded as a worker for a
// batch (see pool.ts); it imports neither the compiler nor the CLI, so a worker starts quickly.
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { ByteSink } from "./byte-sink.js";
import { pieceScorer, type ScoreOptions } from "./chunk-scorer.js";
import { loadModel, type LoadableModel } from "../compiler/5-load/compiled-model.js";

/** The URL to start a worker from: this module, wherever the build put it. */
export const WORKER_URL = import.meta.url;

export const WORKER_MARK = "pdm-batch-worker";

/** What a worker is started with; the model follows in a message once the main thread has compiled it. */
export interface WorkerSetup {
  [WORKER_MARK]: true;
  score: ScoreOptions;
}

/** Main thread → worker. */
export type MainMessage =
  | { type: "model"; model: LoadableModel }
  /** a piece of whole records */
  | { type: "piece"; seq: number; first: number; bytes: Uint8Array; spare: SharedArrayBuffer; columns?: string[]; long?: number };

export type PieceMessage = Extract<MainMessage, { type: "piece" }>;

/** Worker → main thread. */
export type WorkerMessage =
  | { type: "ready" }
  /** bytes: the records written (in the spare, or a larger buffer); input: the piece's own buffer */
  | { type: "scored"; seq: number; bytes: Uint8Array; input: SharedArrayBuffer; rows: number; errors: number };

function start(setup: WorkerSetup): void {
  const port = parentPort!;
  let score: ReturnType<typeof pieceScorer> | null = null;
  port.on("message", (m: MainMessage) => {
    if (m.type === "model") {
      score = pieceScorer(loadModel(m.model), setup.score);
      port.postMessage({ type: "ready" } satisfies WorkerMessage);
      return;
    }
    const sink = new ByteSink(new Uint8Array(m.spare));
    const out = score!({ bytes: m.bytes, first: m.first, columns: m.columns, long: m.long }, sink);
    const bytes = sink.view();
    const input = m.bytes.buffer as SharedArrayBuffer;
    port.postMessage({ type: "scored", seq: m.seq, bytes, input, rows: out.rows, errors: out.errors } satisfies WorkerMessage);
  });
}

if (!isMainThread && (workerData as Partial<WorkerSetup> | null)?.[WORKER_MARK]) start(workerData as WorkerSetup);
