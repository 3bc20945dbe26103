// A batch worker: compiles the model once, then turns pieces of input bytes into pieces of output
// bytes. Bytes travel both ways as transferred buffers, so no row is cloned between threads.
// This module starts the loop when it is loaded as a worker for a batch (see pool.ts).
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { compileModel, type CheckResult, type CompileOptions, type ModelInput } from "../compiler.js";
import { decisionNames, pieceScorer, type ScoreOptions } from "./chunk-scorer.js";

/** The URL to start a worker from: this module, wherever the build put it. */
export const WORKER_URL = import.meta.url;

export const WORKER_MARK = "pdm-batch-worker";

export interface WorkerSetup {
  [WORKER_MARK]: true;
  model: ModelInput;
  compile: CompileOptions;
  score: ScoreOptions;
}

/** Main thread → worker: a piece of whole records. */
export interface PieceMessage {
  seq: number;
  first: number;
  bytes: Uint8Array;
  columns?: string[];
}

/** Worker → main thread. */
export type WorkerMessage =
  | { type: "ready"; decisions: string[] }
  | { type: "invalid"; check: CheckResult }
  | { type: "scored"; seq: number; bytes: Uint8Array; rows: number; errors: number };

function start(setup: WorkerSetup): void {
  const port = parentPort!;
  const compiled = compileModel(setup.model, setup.compile);
  if (!compiled.ok) {
    port.postMessage({ type: "invalid", check: compiled.check } satisfies WorkerMessage);
    return;
  }
  const score = pieceScorer(compiled.model, setup.score);
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  port.on("message", (m: PieceMessage) => {
    const out = score({ text: decoder.decode(m.bytes), first: m.first, columns: m.columns });
    const bytes = encoder.encode(out.text);
    port.postMessage({ type: "scored", seq: m.seq, bytes, rows: out.rows, errors: out.errors } satisfies WorkerMessage, [bytes.buffer]);
  });
  port.postMessage({ type: "ready", decisions: decisionNames(compiled.model) } satisfies WorkerMessage);
}

if (!isMainThread && (workerData as Partial<WorkerSetup> | null)?.[WORKER_MARK]) start(workerData as WorkerSetup);
