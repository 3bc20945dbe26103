// A compile worker: compiles (phases 1–4, to verified module source) or checks the models the
// server sends, one at a time, and sends back plain data; the server loads the source itself. It
// starts when this module is loaded as a compile worker (see pool.ts).
import { constants, setPriority } from "node:os";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { checkModel, compileToSource, type CheckResult, type ModelInput, type SourceResult } from "../../compiler/index.js";

/** The URL to start a worker from: this module, wherever the build put it. */
export const WORKER_URL = import.meta.url;

export const WORKER_MARK = "pdm-compile-worker";

export type JobKind = "compile" | "check";

/** Main thread → worker. */
export interface JobMessage {
  id: number;
  kind: JobKind;
  model: ModelInput;
  hash: string;
}

/** Worker → main thread: ready for jobs; a job's result, or why there is none ("stack": it ran out of stack). */
export type WorkerMessage =
  | { type: "ready" }
  | { type: "result"; id: number; ok: true; value: SourceResult | CheckResult }
  | { type: "result"; id: number; ok: false; error: string };

const run = (job: JobMessage): SourceResult | CheckResult =>
  job.kind === "compile" ? compileToSource(job.model, {}, job.hash) : checkModel(job.model);

/**
 * Answers the pool's jobs with `run` on this worker thread. The thread runs at a lower priority
 * (on Linux a priority is per thread), so on a busy machine the event loop is served first.
 */
export function serveJobs(run: (job: JobMessage) => SourceResult | CheckResult): void {
  const port = parentPort!;
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    /* not permitted here: the worker runs at the process's priority */
  }
  port.on("message", (job: JobMessage) => {
    let message: WorkerMessage;
    try {
      message = { type: "result", id: job.id, ok: true, value: run(job) };
    } catch (e) {
      const overflow = e instanceof RangeError && /call stack/i.test(e.message);
      message = { type: "result", id: job.id, ok: false, error: overflow ? "stack" : String((e as Error)?.stack ?? e) };
    }
    port.postMessage(message);
  });
  port.postMessage({ type: "ready" } satisfies WorkerMessage);
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[WORKER_MARK]) serveJobs(run);
