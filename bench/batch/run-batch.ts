// The batch benchmark: a generated JSONL file of a model's states (1M lending rows by default),
// scored end to end by the built `pdm score` (process start, worker start-up and compile, reading,
// writing) with 1 and 2 workers, in rounds that alternate the worker counts; the best and the
// median round are reported.
import { spawnSync } from "node:child_process";
import { closeSync, createWriteStream, mkdtempSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { build } from "esbuild";
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
  /** the hand-written pipeline (handwritten-pipeline.ts) in the same rounds, for corpus models */
  handwritten?: { rowsPerSecond: number | null; medianRowsPerSecond: number | null; note?: string };
  note?: string;
}

const root = fileURLToPath(new URL("../..", import.meta.url));

/** What to score: a model file and its rows as JSONL blocks. */
export interface BatchInput {
  model: string;
  modelPath: string;
  jsonl: (rows: number) => Iterable<string>;
  /** a corpus model: the hand-written pipeline is timed too */
  handwritten?: boolean;
}

export const LENDING_BATCH: BatchInput = { model: "lending", modelPath: join(root, "samples/lending/model.json"), jsonl: lendingJsonl };

async function writeRows(path: string, rows: number, jsonl: BatchInput["jsonl"]): Promise<void> {
  const out = createWriteStream(path);
  for (const block of jsonl(rows)) if (!out.write(block)) await new Promise<void>((r) => out.once("drain", () => r()));
  out.end();
  await finished(out);
}

/** The hand-written pipeline as one ES module, built as the CLI is (bundled, no tsx at run time). */
async function bundleHandwritten(dir: string): Promise<string> {
  const outfile = join(dir, "handwritten-pipeline.mjs");
  await build({
    entryPoints: [join(root, "bench/batch/handwritten-pipeline.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile,
    logLevel: "warning",
  });
  return outfile;
}

/** The arguments of one run of `pdm score`, or of the hand-written pipeline (`bundle`). */
function commandOf(what: BatchInput, input: string, output: string, workers: number, bundle?: string): string[] {
  if (bundle) return [bundle, what.model, input, output, String(workers)];
  return [join(root, "bin/pdm.mjs"), "score", what.modelPath, "--in", input, "--out", output, "--workers", String(workers)];
}

/** One run: its wall seconds, or why it did not score every row. */
function scoreOnce(args: string[], rows: number): number | string {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
  const seconds = (performance.now() - start) / 1000;
  const summary = r.stderr.trim();
  if (r.status !== 0) return `the run failed (exit ${r.status}): ${summary.split("\n")[0]}`;
  if (!summary.startsWith(`scored ${rows.toLocaleString("en-US")} rows, 0 errors`)) return `unexpected summary: ${summary}`;
  return seconds;
}

/** Where the first records of two outputs (up to 8 MB of each) differ, or null when they agree. */
function disagreement(a: string, b: string): string | null {
  const head = (path: string) => {
    const fd = openSync(path, "r");
    const bytes = Buffer.alloc(8 << 20);
    const n = readSync(fd, bytes, 0, bytes.length, 0);
    closeSync(fd);
    return bytes.subarray(0, n).toString("utf8").split("\n").slice(0, -1);
  };
  const [x, y] = [head(a), head(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (!isDeepStrictEqual(JSON.parse(x[i]!), JSON.parse(y[i]!)))
      return `record ${i + 1}: pdm score wrote ${x[i]}, the hand-written pipeline ${y[i]}`;
  return x.length > 0 && y.length > 0 ? null : "no records to compare";
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** The best and the median round's rows/s, or why there are none. */
function rates(rows: number, times: number[], failure: string | undefined) {
  if (failure !== undefined || times.length === 0) return { seconds: null, rowsPerSecond: null, medianRowsPerSecond: null, note: failure };
  const best = Math.min(...times);
  return { seconds: best, rowsPerSecond: rows / best, medianRowsPerSecond: rows / median(times) };
}

function handwrittenRates(rows: number, h: { times: number[]; failure?: string; differs?: string }) {
  const { seconds: _s, ...r } = rates(rows, h.times, h.failure);
  return h.differs === undefined ? r : { ...r, note: r.note ?? h.differs };
}

export async function runBatch(what: BatchInput, rows: number, workerCounts: number[], rounds: number): Promise<BatchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "pdm-bench-batch-"));
  try {
    const input = join(dir, "rows.jsonl");
    await writeRows(input, rows, what.jsonl);
    const inputMB = statSync(input).size / 1e6;
    const bundle = what.handwritten ? await bundleHandwritten(dir) : undefined;
    const [compiledOut, handwrittenOut] = [join(dir, "out.jsonl"), join(dir, "handwritten.jsonl")];
    const runs = workerCounts.map((workers) => ({ workers, times: [] as number[], failure: undefined as string | undefined }));
    // a disagreement is reported beside the rates (the doubles of a hand-written model may round a boundary differently)
    const handwritten = runs.map(() => ({
      times: [] as number[],
      failure: undefined as string | undefined,
      differs: undefined as string | undefined,
    }));
    // rounds alternate the worker counts and, for a corpus model, the compiled and hand-written pipelines
    for (let round = 0; round < rounds; round++)
      runs.forEach((run, i) => {
        const r = scoreOnce(commandOf(what, input, compiledOut, run.workers), rows);
        if (typeof r === "string") run.failure = r;
        else run.times.push(r);
        if (!bundle) return;
        const h = scoreOnce(commandOf(what, input, handwrittenOut, run.workers, bundle), rows);
        if (typeof h === "string") handwritten[i]!.failure = h;
        else handwritten[i]!.times.push(h);
        if (round === 0 && typeof r === "number" && typeof h === "number")
          handwritten[i]!.differs = disagreement(compiledOut, handwrittenOut) ?? undefined;
      });
    return runs.map((run, i) => ({
      model: what.model,
      workers: run.workers,
      rows,
      rounds,
      inputMB,
      ...rates(rows, run.times, run.failure),
      ...(bundle ? { handwritten: handwrittenRates(rows, handwritten[i]!) } : {}),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
