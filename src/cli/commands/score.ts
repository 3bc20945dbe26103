// pdm score: scores every row of a JSONL or CSV file with a worker pool, in constant memory,
// writing decisions (or an error record per failed row) in input order. Progress on a terminal,
// a summary line at the end.
import { createWriteStream, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { Readable, Writable } from "node:stream";
import { fileSource, streamSource, type ByteSource } from "../../batch/byte-source.js";
import { finished } from "node:stream/promises";
import type { InputFormat } from "../../batch/chunk-scorer.js";
import { Pool } from "../../batch/pool.js";
import { formatSummary, progressLine } from "../../batch/progress.js";
import { recordWriter, type OutputFormat } from "../../batch/records.js";
import { scoreStream, type Summary } from "../../batch/score-stream.js";
import { DEFAULT_EVALUATION_LIMITS, type EvaluationLimits } from "../../runtime/budget.js";
import { formatCheck } from "../format.js";
import { EXIT, print, UserError, type Io } from "../io.js";
import { command, UsageError, type CommandSpec } from "../command.js";
import { LENIENT, MODEL_ARGUMENT, readModel } from "../load-model.js";
import { QUEUE_OPTIONS } from "../queue-options.js";

export const spec: CommandSpec = {
  name: "score",
  summary: "batch scoring: every row of a JSONL or CSV file through the model, with a pool of workers",
  positionals: [MODEL_ARGUMENT],
  options: {
    in: { type: "string", short: "i", value: "FILE", description: "rows to score: .jsonl or .csv, or - for standard input" },
    out: { type: "string", short: "o", value: "FILE", description: "where the records go: .jsonl or .csv, or - for standard output" },
    workers: { type: "string", short: "w", value: "N", description: "worker threads, 1 to 64 (default: the cores, at most 8)" },
    "in-format": { type: "string", value: "FORMAT", description: "jsonl or csv, when the file name does not say" },
    "out-format": { type: "string", value: "FORMAT", description: "jsonl or csv, when the file name does not say" },
    id: { type: "string", value: "FIELD", default: "id", description: "the row field copied into each record to tell rows apart" },
    exact: { type: "boolean", description: "numbers as exact decimal strings" },
    "eval-budget": {
      type: "string",
      value: "STEPS",
      default: String(DEFAULT_EVALUATION_LIMITS.steps),
      description: "evaluation steps per row (as pdm serve's); a row that needs more gets an error record",
    },
    "eval-size": {
      type: "string",
      value: "N",
      default: String(DEFAULT_EVALUATION_LIMITS.size),
      description: "items and characters of lists and strings a row's evaluation may build",
    },
    "eval-depth": {
      type: "string",
      value: "N",
      default: String(DEFAULT_EVALUATION_LIMITS.depth),
      description: "nested calls of model functions and lambdas per row",
    },
    engine: {
      type: "string",
      value: "ENGINE",
      default: "js",
      description:
        "js (the worker pool), duckdb (the model as one DuckDB query, docs/sql.md: JSONL in and out), or auto: duckdb when the model compiles to it, else js",
    },
    lenient: LENIENT,
    quiet: { type: "boolean", short: "q", description: "no progress line and no summary" },
    ...QUEUE_OPTIONS,
    resume: { type: "boolean", description: "with --queue: continue the run of these rows a coordinator left unfinished" },
    "chunk-size": {
      type: "string",
      value: "BYTES",
      default: "1m",
      description: "with --queue: input bytes per chunk, e.g. 256k or 4m (each chunk is one job)",
    },
    window: {
      type: "string",
      value: "N",
      default: "16",
      description: "with --queue: chunks out at once, enqueued or waiting to be written",
    },
    "shared-input": {
      type: "boolean",
      description: "with --queue: every worker reads the --in file at the same path, so chunks travel as byte ranges",
    },
  },
  details:
    "A row that fails (invalid JSON, a state that does not match the inputs, an evaluation error) becomes an\nerror record and scoring goes on; see docs/batch.md.\n" +
    "With --queue, the rows are scored by `pdm worker` processes on any number of machines, in chunks that go\nthrough Redis; the output is the same, byte for byte.",
  examples: [
    "pdm score samples/lending/model.json --in applicants.jsonl --out decisions.jsonl",
    "pdm score model.json --in rows.csv --out - --workers 2 --quiet | head",
    "pdm score samples/lending/model.json --in applicants.jsonl --out decisions.jsonl --engine duckdb",
    "pdm score model.json --in /shared/rows.jsonl --out scored.jsonl --queue redis://queue.internal:6379 --shared-input",
  ],
  exits: {
    0: "every row scored",
    1: "the model is invalid (or, with --engine duckdb, does not compile to DuckDB's SQL), or some rows became error records",
    2: "a file cannot be read or written, or the arguments are wrong",
    3: "with --queue: the run stopped (Redis lost, a chunk failed on every try); --resume continues it",
  },
};

const FORMATS = ["jsonl", "csv"] as const;

/** The format named by the option, else by the file's extension; standard streams default to JSONL. */
function formatOf(path: string, named: string | undefined, what: string): "jsonl" | "csv" {
  if (named !== undefined) {
    if (!(FORMATS as readonly string[]).includes(named)) throw new UserError(`--${what}-format must be jsonl or csv (got ${named})`);
    return named as "jsonl" | "csv";
  }
  return /\.csv$/i.test(path) ? "csv" : "jsonl";
}

function workerCount(text: string | undefined): number {
  if (text === undefined) return Math.min(availableParallelism(), 8);
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new UserError(`--workers must be a whole number from 1 to 64 (got ${text})`);
  return n;
}

/** Each row's evaluation budget from --eval-budget, --eval-size and --eval-depth. */
function evaluationLimits(values: Record<string, unknown>): EvaluationLimits {
  const limit = (option: string): number => {
    const text = String(values[option]);
    const n = Number(text);
    if (text.trim() === "" || !Number.isSafeInteger(n) || n < 1)
      throw new UserError(`--${option} must be a whole number of at least 1 (got ${text})`);
    return n;
  };
  return { steps: limit("eval-budget"), size: limit("eval-size"), depth: limit("eval-depth") };
}

interface Input {
  source: ByteSource;
  /** bytes, for a file (the progress bar's ETA) */
  size?: number;
}

async function openInput(path: string, io: Io): Promise<Input> {
  if (path === "-") return { source: streamSource((io.stdin ?? process.stdin) as Readable) };
  try {
    return { size: statSync(path).size, source: await fileSource(path) };
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

interface Output {
  stream: Writable;
  /** whether the stream is done with a chunk when it calls back (see scoreStream) */
  copies: boolean;
  /** ends the stream and waits until everything is written */
  close(): Promise<void>;
}

async function openOutput(path: string, io: Io): Promise<Output> {
  if (path === "-") return { stream: io.stdout as Writable, copies: io.stdout === process.stdout, close: async () => {} };
  const stream = createWriteStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", (e: NodeJS.ErrnoException) => reject(new UserError(`cannot write ${path}: ${e.code ?? e.message}`)));
  });
  return {
    stream,
    copies: true,
    close: async () => {
      stream.end();
      await finished(stream);
    },
  };
}

const ENGINES = ["auto", "js", "duckdb"] as const;

/**
 * The DuckDB engine (src/batch/duckdb) when it can score the batch; undefined for the worker pool.
 * `--engine duckdb` insists: what stops it is an error.
 */
async function duckdbBatch(file: string, values: Values, io: Io, limits: EvaluationLimits): Promise<Engine | undefined> {
  if (values.engine === "js") return undefined;
  const model = await readModel(file, io);
  const { planDuckDb } = await import("../../batch/duckdb/plan.js");
  const defaultLimits = (Object.keys(limits) as (keyof EvaluationLimits)[]).every((k) => limits[k] === DEFAULT_EVALUATION_LIMITS[k]);
  const plan = planDuckDb(model, {
    strict: !values.lenient,
    idField: values.id,
    inputFormat: formatOf(values.in!, values["in-format"], "in"),
    outputFormat: formatOf(values.out!, values["out-format"], "out"),
    defaultLimits,
  });
  if (!plan.ok) {
    if (values.engine !== "duckdb") return undefined;
    const detail = plan.diagnostics?.length
      ? `\n${plan.diagnostics.map((d) => `  ${d.address}: ${d.message} [${d.code}]`).join("\n")}`
      : "";
    throw new UserError(`pdm score --engine duckdb: ${plan.reason}${detail}`, EXIT.invalid);
  }
  const { compileToSource } = await import("../../compiler/index.js");
  const compiled = compileToSource(model, { strict: !values.lenient });
  if (!compiled.ok) throw new UserError(formatCheck(compiled.check, file), EXIT.invalid);
  const { scoreWithDuckDb } = await import("../../batch/duckdb/engine.js");
  return (input, output, onProgress) =>
    scoreWithDuckDb({
      query: plan.query,
      loadable: compiled.loadable,
      input,
      output,
      exactDecimals: values.exact ?? false,
      idField: values.id,
      onProgress,
    });
}

type Engine = (input: ByteSource, output: Writable, onProgress?: (p: Summary) => void) => Promise<Summary>;

interface Values {
  in?: string;
  out?: string;
  workers?: string;
  "in-format"?: string;
  "out-format"?: string;
  id: string;
  exact?: boolean;
  lenient?: boolean;
  quiet?: boolean;
  engine: string;
}

export const run = command(spec, async (args, io) => {
  const file = args.positionals[0]!;
  const values = args.values as unknown as Values;
  if (!(ENGINES as readonly string[]).includes(values.engine))
    throw new UsageError(spec, `--engine must be auto, js or duckdb (got ${values.engine})`);
  if (!values.in || !values.out) throw new UsageError(spec, `${values.in ? "--out" : "--in"} is required`);
  const limits = evaluationLimits(args.values);
  for (const flag of ["resume", "shared-input"])
    if (args.values[flag] && args.values.queue === undefined) throw new UsageError(spec, `--${flag} needs --queue`);
  if (args.values.queue !== undefined) {
    const score = {
      input: formatOf(values.in, values["in-format"], "in"),
      output: formatOf(values.out, values["out-format"], "out"),
      exactDecimals: values.exact ?? false,
      idField: values.id,
      limits,
    };
    const { scoreOnQueueCommand } = await import("../score-on-queue.js");
    return scoreOnQueueCommand(file, args.values, score, io);
  }
  const duckdb = await duckdbBatch(file, values, io, limits);
  if (duckdb) return scoreWith(duckdb, values, io);
  return scorePool(file, values, io, limits);
});

/** A batch with an engine that needs no pool: input, output, progress and summary as for the pool. */
async function scoreWith(engine: Engine, values: Values, io: Io): Promise<number> {
  const started = performance.now();
  const input = await openInput(values.in!, io);
  let output: Output | null = null;
  let progress: ReturnType<typeof progressLine> | null = null;
  try {
    output = await openOutput(values.out!, io);
    progress = !values.quiet && (io.stderr as NodeJS.WriteStream).isTTY ? progressLine(io.stderr, input.size) : null;
    const summary = await engine(input.source, output.stream, progress ? (p) => progress!.update(p) : undefined);
    progress?.clear();
    await output.close();
    output = null;
    if (!values.quiet) print(io.stderr, formatSummary({ ...summary, elapsedMs: performance.now() - started }));
    return summary.errors > 0 ? EXIT.invalid : EXIT.ok;
  } finally {
    progress?.clear();
    await input.source.close();
    if (output && output.stream !== io.stdout) output.stream.destroy();
  }
}

async function scorePool(file: string, values: Values, io: Io, limits: EvaluationLimits): Promise<number> {
  const inputFormat: InputFormat = formatOf(values.in!, values["in-format"], "in");
  const outputFormat: OutputFormat = formatOf(values.out!, values["out-format"], "out");
  const workers = workerCount(values.workers);

  // The workers start first and load their code while this thread loads the compiler and compiles
  // the model, once for all of them; a model that does not check is reported before the output is
  // opened.
  const pool = await Pool.start(workers, {
    input: inputFormat,
    output: outputFormat,
    exactDecimals: values.exact ?? false,
    idField: values.id,
    limits,
  });
  const started = performance.now();
  let input: Input | null = null;
  let progress: ReturnType<typeof progressLine> | null = null;
  let output: Output | null = null;
  try {
    const model = await readModel(file, io);
    input = await openInput(values.in!, io);
    // Only the workers load and run the model: this thread stops at its verified source.
    const { compileToSource } = await import("../../compiler/index.js");
    const compiled = compileToSource(model, { strict: !values.lenient });
    if (!compiled.ok) throw new UserError(formatCheck(compiled.check, file), EXIT.invalid);
    const portable = compiled.loadable;
    await pool.load(portable);
    const decisions = portable.decisions;
    output = await openOutput(values.out!, io);
    progress = !values.quiet && (io.stderr as NodeJS.WriteStream).isTTY ? progressLine(io.stderr, input.size) : null;
    const summary = await scoreStream({
      pool,
      workers,
      input: input.source,
      format: inputFormat,
      output: output.stream,
      outputCopies: output.copies,
      header: recordWriter(outputFormat, decisions).header(),
      onProgress: progress ? (p) => progress!.update(p) : undefined,
    });
    progress?.clear();
    await output.close();
    output = null;
    if (!values.quiet) print(io.stderr, formatSummary({ ...summary, elapsedMs: performance.now() - started }));
    return summary.errors > 0 ? EXIT.invalid : EXIT.ok;
  } finally {
    progress?.clear();
    await pool.close();
    await input?.source.close();
    if (output && output.stream !== io.stdout) output.stream.destroy();
  }
}
