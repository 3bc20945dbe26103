// The batch benchmark: a generated JSONL file of a model's states (1M lending rows by default),
// scored end to end by the built `pdm score` (process start, worker start-up and compile, reading,
// writing) with 1 and 2 workers, in rounds that alternate the worker counts; the best and the
// median round are reported.
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { lendingJsonl } from "./lending-states.js";

export interface BatchResult {
  /** the model scored */
  model: string;
  workers: number;
  rows: number;
  /** the best round's wall time and rows/s */
  seconds: number | null;
  rowsPerSecond: number | null;
  medianRowsPerSecond: number | null;
  rounds: number;
  inputMB: number;
  note?: string;
}

const root = fileURLToPath(new URL("../..", import.meta.url));

/** What to score: a model file and its rows as JSONL blocks. */
export interface BatchInput {
  model: string;
  modelPath: string;
  jsonl: (rows: number) => Iterable<string>;
}

export const LENDING_BATCH: BatchInput = { model: "lending", modelPath: join(root, "samples/lending/model.json"), jsonl: lendingJsonl };

async function writeRows(path: string, rows: number, jsonl: BatchInput["jsonl"]): Promise<void> {
  const out = createWriteStream(path);
  for (const block of jsonl(rows)) if (!out.write(block)) await new Promise<void>((r) => out.once("drain", () => r()));
  out.end();
  await finished(out);
}

/** One run of `pdm score`: its wall seconds, or why it did not score every row. */
function scoreOnce(modelPath: string, input: string, output: string, rows: number, workers: number): number | string {
  const args = [join(root, "bin/pdm.mjs"), "score", modelPath, "--in", input, "--out", output, "--workers", String(workers)];
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
  const seconds = (performance.now() - start) / 1000;
  const summary = r.stderr.trim();
  if (r.status !== 0) return `pdm score failed (exit ${r.status}): ${summary.split("\n")[0]}`;
  if (!summary.startsWith(`scored ${rows.toLocaleString("en-US")} rows, 0 errors`)) return `unexpected summary: ${summary}`;
  return seconds;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export async function runBatch(what: BatchInput, rows: number, workerCounts: number[], rounds: number): Promise<BatchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "pdm-bench-batch-"));
  try {
    const input = join(dir, "rows.jsonl");
    await writeRows(input, rows, what.jsonl);
    const inputMB = statSync(input).size / 1e6;
    const times = new Map<number, number[]>(workerCounts.map((w) => [w, []]));
    const failures = new Map<number, string>();
    for (let round = 0; round < rounds; round++)
      for (const workers of workerCounts) {
        const r = scoreOnce(what.modelPath, input, join(dir, "out.jsonl"), rows, workers);
        if (typeof r === "string") failures.set(workers, r);
        else times.get(workers)!.push(r);
      }
    return workerCounts.map((workers) => {
      const t = times.get(workers)!;
      const failure = failures.get(workers);
      if (failure !== undefined || t.length === 0)
        return {
          model: what.model,
          workers,
          rows,
          seconds: null,
          rowsPerSecond: null,
          medianRowsPerSecond: null,
          rounds,
          inputMB,
          note: failure,
        };
      const best = Math.min(...t);
      return {
        model: what.model,
        workers,
        rows,
        seconds: best,
        rowsPerSecond: rows / best,
        medianRowsPerSecond: rows / median(t),
        rounds,
        inputMB,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
