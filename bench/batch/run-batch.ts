// The batch benchmark: a generated 1M-row JSONL file of lending states, scored end to end by the
// built `pdm score` (process start, worker start-up and compile, reading, writing) with 1 and 2 workers.
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { lendingJsonl } from "./lending-states.js";

export interface BatchResult {
  workers: number;
  rows: number;
  seconds: number | null;
  rowsPerSecond: number | null;
  inputMB: number;
  note?: string;
}

const root = fileURLToPath(new URL("../..", import.meta.url));

async function writeRows(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  for (const block of lendingJsonl(rows)) if (!out.write(block)) await new Promise<void>((r) => out.once("drain", () => r()));
  out.end();
  await finished(out);
}

export async function runBatch(rows: number, workerCounts: number[]): Promise<BatchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "pdm-bench-batch-"));
  try {
    const input = join(dir, "lending.jsonl");
    await writeRows(input, rows);
    const inputMB = statSync(input).size / 1e6;
    return workerCounts.map((workers) => {
      const args = [join(root, "bin/pdm.mjs"), "score", join(root, "samples/lending/model.json"), "--in", input, "--out", join(dir, "out.jsonl"), "--workers", String(workers)];
      const start = performance.now();
      const r = spawnSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
      const seconds = (performance.now() - start) / 1000;
      if (r.status !== 0) return { workers, rows, seconds: null, rowsPerSecond: null, inputMB, note: `pdm score failed (exit ${r.status}): ${r.stderr.trim().split("\n")[0]}` };
      return { workers, rows, seconds, rowsPerSecond: rows / seconds, inputMB, note: r.stderr.trim() };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
