// The SQLite ledger's checkpoints, in a worker thread: a checkpoint copies the committed pages of
// the write-ahead log into the database file and syncs it to disk, tens of milliseconds in which
// the connection that runs it waits. Run by the server's own connection, every thousandth page
// (SQLite's default) would stop every request in flight for that long; a second connection in
// this thread checkpoints instead, without waiting for the writer (PASSIVE), every CHECKPOINT_MS.
import Database from "better-sqlite3";
import { isMainThread, parentPort, workerData } from "node:worker_threads";

export const CHECKPOINTER_URL = import.meta.url;
export const CHECKPOINTER_MARK = "pdm-sqlite-checkpointer";

interface CheckpointerData {
  file: string;
  everyMs: number;
}

function checkpointEvery({ file, everyMs }: CheckpointerData): void {
  const db = new Database(file);
  const checkpoint = () => {
    try {
      db.pragma("wal_checkpoint(PASSIVE)");
    } catch {
      // the file is busy or away for a moment: the next round tries again, and the server's
      // connection checkpoints on its own past its backstop
    }
  };
  const timer = setInterval(checkpoint, everyMs);
  parentPort!.once("message", () => {
    clearInterval(timer);
    checkpoint();
    db.close();
    parentPort!.postMessage("closed");
    parentPort!.close();
  });
  parentPort!.postMessage("ready");
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[CHECKPOINTER_MARK]) {
  checkpointEvery(workerData as CheckpointerData);
}
