// A batch worker: rebuilds the model the main thread compiled (see row-model.ts), then turns pieces
// of input bytes into pieces of output bytes. Bytes travel both ways as transferred buffers, so no
// row is cloned between threads. This module starts the loop when it is loaded as a worker for a
// batch (see pool.ts); it imports neither the compiler nor the CLI, so a worker starts quickly.
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { pieceScorer, type ScoreOptions } from "./chunk-scorer.js";
import { loadPortableModel, type PortableModel } from "./row-model.js";

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
  | { type: "model"; model: PortableModel }
  /** a piece of whole records */
  | { type: "piece"; seq: number; first: number; bytes: Uint8Array; columns?: string[] };

export type PieceMessage = Extract<MainMessage, { type: "piece" }>;

/** Worker → main thread. */
export type WorkerMessage = { type: "ready" } | { type: "scored"; seq: number; bytes: Uint8Array; rows: number; errors: number };

function start(setup: WorkerSetup): void {
  const port = parentPort!;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let score: ReturnType<typeof pieceScorer> | null = null;
  port.on("message", (m: MainMessage) => {
    if (m.type === "model") {
      score = pieceScorer(loadPortableModel(m.model), setup.score);
      port.postMessage({ type: "ready" } satisfies WorkerMessage);
      return;
    }
    const out = score!({ text: decoder.decode(m.bytes), first: m.first, columns: m.columns });
    const bytes = encoder.encode(out.text);
    port.postMessage({ type: "scored", seq: m.seq, bytes, rows: out.rows, errors: out.errors } satisfies WorkerMessage, [bytes.buffer]);
  });
}

if (!isMainThread && (workerData as Partial<WorkerSetup> | null)?.[WORKER_MARK]) start(workerData as WorkerSetup);
