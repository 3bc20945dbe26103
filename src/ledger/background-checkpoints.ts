// Starts the checkpointer (checkpointer.ts) for a SQLite ledger file and answers how to stop it.
import { once } from "node:events";
import { spawnWorker } from "../batch/spawn-worker.js";

/** How often the worker checkpoints: the log holds at most this long's commits beyond the file. */
const CHECKPOINT_MS = 1_000;

/**
 * The checkpointer runs; the returned function stops it after a last checkpoint. checkpointer.ts
 * is imported dynamically so that the build keeps it in a chunk of its own, which the worker loads.
 */
export async function checkpointInBackground(file: string): Promise<() => Promise<void>> {
  const { CHECKPOINTER_URL, CHECKPOINTER_MARK } = await import("./checkpointer.js");
  const worker = spawnWorker(new URL(CHECKPOINTER_URL), { workerData: { [CHECKPOINTER_MARK]: true, file, everyMs: CHECKPOINT_MS } });
  const [first] = (await Promise.race([once(worker, "message"), once(worker, "error").then(([e]) => Promise.reject(e as Error))])) as [
    unknown,
  ];
  if (first !== "ready") throw new Error(`the checkpointer did not start: ${String(first)}`);
  // it never keeps the process alive: closing the ledger stops it, and an exit ends it
  worker.unref();
  return async () => {
    const exited = once(worker, "exit");
    const closed = once(worker, "message");
    worker.postMessage("stop");
    await Promise.race([closed, exited]);
    await worker.terminate();
  };
}
