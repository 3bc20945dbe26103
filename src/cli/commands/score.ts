// pdm score: scores every row of a JSONL or CSV file with a worker pool, in constant memory,
// writing decisions (or an error record per failed row) in input order; or with DuckDB (JSONL
// through Node, Parquet and CSV files read and written by DuckDB itself), or inside PostgreSQL
// (a table into a table). Progress on a terminal, a summary line at the end.
import { createReadStream, createWriteStream, rmSync, statSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { availableParallelism } from "node:os";
import type { Readable, Writable } from "node:stream";
import { fileSource, streamSource, type ByteSource } from "../../batch/byte-source.js";
import { finished } from "node:stream/promises";
import type { InputFormat } from "../../batch/chunk-scorer.js";
import { Pool } from "../../batch/pool.js";
import { formatSummary, progressLine } from "../../batch/progress.js";
import { recordWriter, type OutputFormat } from "../../batch/records.js";
import { CsvHeaderError, scoreStream, type Summary } from "../../batch/score-stream.js";
import { tempBeside, tempDirectory } from "../../batch/temp-files.js";
import { DEFAULT_EVALUATION_LIMITS, type EvaluationLimits } from "../../runtime/budget.js";
import { formatCheck } from "../format.js";
import { EXIT, print, UserError, type Io } from "../io.js";
import { command, UsageError, type CommandSpec } from "../command.js";
import { LENIENT, MODEL_ARGUMENT, readModel } from "../load-model.js";
import { byteSize, QUEUE_OPTIONS } from "../queue-options.js";
import { MAX_RECORD_BYTES } from "../../batch/record-limit.js";
import { stopOnSignal } from "../stop-on-signal.js";
import { loweringCache } from "../lowering-cache.js";
import type { DuckDbPlan } from "../../batch/duckdb/plan.js";
import type { LoadableModel, SourceResult } from "../../compiler/index.js";

export const spec: CommandSpec = {
  name: "score",
  summary: "batch scoring: every row of a JSONL, CSV or Parquet file (or a PostgreSQL table) through the model",
  positionals: [MODEL_ARGUMENT],
  options: {
    in: { type: "string", short: "i", value: "FILE", description: "rows to score: .jsonl, .csv or .parquet, or - for standard input" },
    out: {
      type: "string",
      short: "o",
      value: "FILE",
      description: "where the records go: .jsonl, .csv or .parquet, or - for standard output",
    },
    workers: {
      type: "string",
      short: "w",
      value: "N",
      description:
        "worker threads (JS engine), JSONL pieces scored at once (DuckDB engine) or DuckDB's threads on a Parquet or CSV file, 1 to 64 (default: the cores, at most 8; DuckDB at most 4)",
    },
    "in-format": { type: "string", value: "FORMAT", description: "jsonl, csv or parquet, when the file name does not say" },
    "out-format": { type: "string", value: "FORMAT", description: "jsonl, csv or parquet, when the file name does not say" },
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
      default: "auto",
      description:
        "js (the worker pool), duckdb (the model as one DuckDB query, docs/sql.md), postgres (inside PostgreSQL: --table into --out-table), or auto: duckdb for a Parquet file when the model compiles to it, else js",
    },
    table: { type: "string", value: "NAME", description: "with --engine postgres: the table of rows to score (schema.table or table)" },
    "out-table": { type: "string", value: "NAME", description: "with --engine postgres: the table the records go to, created" },
    replace: { type: "boolean", description: "with --engine postgres: replace --out-table if it exists" },
    "max-record-bytes": {
      type: "string",
      value: "BYTES",
      default: `${MAX_RECORD_BYTES >> 20}m`,
      description:
        "the longest record (JSONL line, CSV record) read, e.g. 64k or 64m: a longer one is skipped unread and becomes its row's error record (a CSV file with one is the JS engine's; into Parquet, refused)",
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
    "pdm score samples/lending/model.json --in applicants.parquet --out decisions.parquet --engine duckdb",
    "DATABASE_URL=postgres://localhost/db pdm score samples/lending/model.json --engine postgres --table applicants --out-table decisions",
    "pdm score model.json --in /shared/rows.jsonl --out scored.jsonl --queue redis://queue.internal:6379 --shared-input",
  ],
  exits: {
    0: "every row scored",
    1: "the model is invalid (or, with --engine duckdb, does not compile to DuckDB's SQL), or some rows became error records",
    2: "a file cannot be read or written, a file or table lacks a column or has one of the wrong type, or the arguments are wrong",
    3: "with --queue: the run stopped (Redis lost, a chunk failed on every try); --resume continues it",
  },
};

const FORMATS = ["jsonl", "csv", "parquet"] as const;
type FileFormat = (typeof FORMATS)[number];

/** The format named by the option, else by the file's extension; standard streams default to JSONL. */
function formatOf(path: string, named: string | undefined, what: string): FileFormat {
  if (named !== undefined) {
    if (!(FORMATS as readonly string[]).includes(named))
      throw new UserError(`--${what}-format must be jsonl, csv or parquet (got ${named})`);
    return named as FileFormat;
  }
  return /\.csv$/i.test(path) ? "csv" : /\.parquet$/i.test(path) ? "parquet" : "jsonl";
}

/** The JS engine's formats: Parquet is read and written by DuckDB only. */
function jsFormat(format: FileFormat, what: string): "jsonl" | "csv" {
  if (format === "parquet")
    throw new UserError(
      `the JS engine reads and writes JSONL and CSV: Parquet ${what} is DuckDB's (--engine duckdb, from a Parquet or CSV file)`,
    );
  return format;
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
    const stats = statSync(path);
    return { size: stats.isFile() ? stats.size : undefined, source: await fileSource(path) };
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
  /** removes what a failed batch wrote (a temporary file) */
  abort?(): Promise<void>;
}

async function openOutput(path: string, io: Io, named = path): Promise<Output> {
  if (path === "-") return { stream: io.stdout as Writable, copies: io.stdout === process.stdout, close: async () => {} };
  const stream = createWriteStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", (e: NodeJS.ErrnoException) => reject(new UserError(`cannot write ${named}: ${e.code ?? e.message}`)));
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

/**
 * A file written under a temporary name beside it (`.NAME.PID-TIME.tmp`), renamed over it once
 * complete and removed if anything fails, so that no output is ever half-written; standard output
 * is written as it goes.
 */
async function openOutputViaTemp(path: string, io: Io): Promise<Output> {
  if (path === "-") return openOutput(path, io);
  const temp = tempBeside(path, "tmp");
  const output = await openOutput(temp, io, path);
  return {
    ...output,
    close: async () => {
      await output.close();
      await rename(temp, path).catch((e: NodeJS.ErrnoException) => {
        throw new UserError(`cannot write ${path}: ${e.code ?? e.message}`);
      });
    },
    abort: () => rm(temp, { force: true }),
  };
}

const ENGINES = ["auto", "js", "duckdb", "postgres"] as const;

/**
 * The DuckDB engine (src/batch/duckdb) when it can score the batch; undefined for the worker pool.
 * `--engine duckdb` insists: what stops it is an error. `auto` takes it for a Parquet file, which
 * the JS engine cannot read (JSONL and CSV stay with the JS engine: bench/RESULTS-sql.md; a CSV
 * file's blank lines are numbered by the JS engine only, docs/batch.md).
 */
async function duckdbBatch(file: string, values: Values, io: Io, limits: EvaluationLimits): Promise<(() => Promise<number>) | undefined> {
  if (values.engine === "js") return undefined;
  const inputFormat = formatOf(values.in!, values["in-format"], "in");
  const outputFormat = formatOf(values.out!, values["out-format"], "out");
  if (values.engine === "auto" && inputFormat !== "parquet") return undefined;
  const model = await readModel(file, io);
  const defaultLimits = (Object.keys(limits) as (keyof EvaluationLimits)[]).every((k) => limits[k] === DEFAULT_EVALUATION_LIMITS[k]);
  const request = { strict: !values.lenient, idField: values.id, inputFormat, outputFormat, defaultLimits };
  // the plan as the last run of this model and build made it, else made (and kept) now
  const cache = loweringCache();
  const key = { lowering: "plan", model, request };
  let plan = cache?.get(key) as DuckDbPlan | undefined;
  if (!plan) {
    const { planDuckDb } = await import("../../batch/duckdb/plan.js");
    plan = planDuckDb(model, request);
    if (plan.ok) cache?.set(key, plan);
  }
  if (!plan.ok) {
    // auto: a Parquet file that DuckDB cannot score, nobody can
    if (values.engine !== "duckdb" && inputFormat !== "parquet") return undefined;
    const detail = plan.diagnostics?.length
      ? `\n${plan.diagnostics.map((d) => `  ${d.address}: ${d.message} [${d.code}]`).join("\n")}`
      : "";
    throw new UserError(`pdm score --engine ${values.engine}: ${plan.reason}${detail}`, EXIT.invalid);
  }
  const { compileToSource } = await import("../../compiler/index.js");
  const loadable = deferredModule(plan, () => compileToSource(model, { strict: !values.lenient }), file);
  if (plan.engine === "table") {
    if (values.in === "-") throw new UserError(`DuckDB reads ${inputFormat.toUpperCase()} from a file, not standard input`);
    // DuckDB's reader (and the CSV header read before it) would each read a pipe that can be read once
    if (statSync(values.in!, { throwIfNoEntry: false })?.isFile() === false)
      throw new UserError(
        `${values.in}: not a regular file (a pipe can be read once); DuckDB reads ${inputFormat.toUpperCase()} from a regular file${inputFormat === "csv" ? " (--engine js reads a CSV pipe)" : ""}`,
      );
    const { scoreTable, TableError } = await import("../../batch/duckdb/table-engine.js");
    return async () => {
      // a CSV record past the limit: DuckDB's reader would refuse the whole file, so the file is the
      // JS engine's, which makes it that row's error record (a Parquet output is DuckDB's to write: refused)
      if (inputFormat === "csv" && outputFormat !== "parquet") {
        const { longCsvRecord } = await import("../../batch/duckdb/csv-screen.js");
        const limit = values.maxRecordBytes ?? MAX_RECORD_BYTES;
        const long = await longCsvRecord(values.in!, limit);
        if (long !== undefined) return scorePool(file, values, io, limits, jsEngineNote(long, limit));
      }
      return scoreIntoFile(values, io, async (path, onProgress) => {
        try {
          return await scoreTable({
            model,
            strict: !values.lenient,
            loadable,
            input: { format: inputFormat as "csv" | "parquet", path: values.in! },
            output: { format: outputFormat, path },
            exactDecimals: values.exact ?? false,
            idField: values.id,
            cache,
            threads: values.workers === undefined ? undefined : workerCount(values.workers),
            maxRecordBytes: values.maxRecordBytes,
            onProgress,
          });
        } catch (e) {
          throw e instanceof TableError ? new UserError(e.message) : e;
        }
      });
    };
  }
  if (values.in !== "-") {
    // a file: DuckDB's own JSON reader when the screen finds every line one it reads as JSON.parse does, else the pieces
    const { scoreJsonlFile } = await import("../../batch/duckdb/jsonl-engine.js");
    return () =>
      scoreIntoFile(values, io, (path, onProgress) =>
        scoreJsonlFile({
          model,
          strict: !values.lenient,
          loadable,
          query: plan.query,
          input: values.in!,
          output: path,
          exactDecimals: values.exact ?? false,
          idField: values.id,
          lanes: values.workers === undefined ? undefined : workerCount(values.workers),
          maxRecordBytes: values.maxRecordBytes,
          onProgress,
        }),
      );
  }
  const { scoreWithDuckDb } = await import("../../batch/duckdb/engine.js");
  return () =>
    scoreWith(
      (input, output, onProgress) =>
        scoreWithDuckDb({
          query: plan.query,
          loadable,
          input,
          output,
          exactDecimals: values.exact ?? false,
          idField: values.id,
          // pieces scored at once, one DuckDB connection each
          lanes: values.workers === undefined ? undefined : workerCount(values.workers),
          maxRecordBytes: values.maxRecordBytes,
          onProgress,
        }),
      values,
      io,
    );
}

/**
 * The model's module for the rows DuckDB leaves to the JS engine, its code emitted and checked when
 * first read: the engines read the input schema and the decisions (the plan's) at once, and the
 * code only when such a row comes, which a batch of valid rows never has (the 3,700-rule rating
 * table's module takes about 0.3 s of CPU to emit and check).
 */
function deferredModule(plan: DuckDbPlan & { ok: true }, compile: () => SourceResult, file: string): LoadableModel {
  let made: LoadableModel | undefined;
  const code = (): LoadableModel => {
    if (!made) {
      const compiled = compile();
      if (!compiled.ok) throw new UserError(formatCheck(compiled.check, file), EXIT.invalid);
      made = compiled.loadable;
    }
    return made;
  };
  return {
    inputSchema: plan.inputSchema,
    decisions: plan.query.decisions.map((d) => d.name),
    get source() {
      return code().source;
    },
    get explainSource() {
      return code().explainSource;
    },
    get questions() {
      return code().questions;
    },
  };
}

/**
 * A batch whose engine writes a file itself (renamed into place when complete): to standard
 * output, the engine writes a temporary file that is then copied there. Progress and summary as for the pool.
 */
async function scoreIntoFile(
  values: Values,
  io: Io,
  engine: (path: string, onProgress?: (p: Summary) => void) => Promise<Summary>,
): Promise<number> {
  const started = performance.now();
  const stats = values.in === "-" ? undefined : statSync(values.in!, { throwIfNoEntry: false });
  const size = stats?.isFile() ? stats.size : undefined;
  const progress = !values.quiet && (io.stderr as NodeJS.WriteStream).isTTY ? progressLine(io.stderr, size) : null;
  const toStdout = values.out === "-";
  const scratch = toStdout ? tempDirectory("pdm-score-") : null;
  try {
    const path = scratch ? join(scratch, "records") : values.out!;
    const summary = await engine(path, progress ? (p) => progress.update(p) : undefined);
    progress?.clear();
    if (scratch) await pipeline(createReadStream(path), io.stdout as Writable, { end: false });
    if (!values.quiet) print(io.stderr, formatSummary({ ...summary, elapsedMs: performance.now() - started }));
    return summary.errors > 0 ? EXIT.invalid : EXIT.ok;
  } finally {
    progress?.clear();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

type Engine = (input: ByteSource, output: Writable, onProgress?: (p: Summary) => void) => Promise<Summary>;

interface Values {
  table?: string;
  "out-table"?: string;
  replace?: boolean;
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
  "max-record-bytes": string;
  /** --max-record-bytes, read */
  maxRecordBytes?: number;
}

export const run = command(spec, async (args, io) => {
  const file = args.positionals[0]!;
  const values = args.values as unknown as Values;
  if (!(ENGINES as readonly string[]).includes(values.engine))
    throw new UsageError(spec, `--engine must be auto, js, duckdb or postgres (got ${values.engine})`);
  const limits = evaluationLimits(args.values);
  if (values.engine === "postgres") {
    if (!values.table || !values["out-table"]) throw new UsageError(spec, "--engine postgres needs --table and --out-table");
    if (values.in || values.out) throw new UsageError(spec, "--engine postgres scores --table into --out-table, not files");
    const { scoreInPostgresCommand } = await import("../score-in-postgres.js");
    return scoreInPostgresCommand(file, values, limits, io);
  }
  for (const flag of ["table", "out-table", "replace"] as const)
    if (values[flag] !== undefined) throw new UsageError(spec, `--${flag} needs --engine postgres`);
  if (!values.in || !values.out) throw new UsageError(spec, `${values.in ? "--out" : "--in"} is required`);
  for (const flag of ["resume", "shared-input"])
    if (args.values[flag] && args.values.queue === undefined) throw new UsageError(spec, `--${flag} needs --queue`);
  values.maxRecordBytes = byteSize("max-record-bytes", values["max-record-bytes"], 1024, 1024 * 1024 * 1024);
  if (args.values.queue !== undefined) {
    const score = {
      input: jsFormat(formatOf(values.in, values["in-format"], "in"), "input"),
      output: jsFormat(formatOf(values.out, values["out-format"], "out"), "output"),
      exactDecimals: values.exact ?? false,
      idField: values.id,
      limits,
    };
    const { scoreOnQueueCommand } = await import("../score-on-queue.js");
    return scoreOnQueueCommand(file, args.values, score, values.maxRecordBytes, io);
  }
  return stopOnSignal(io, "pdm score", values.out, async () => {
    const duckdb = await duckdbBatch(file, values, io, limits);
    return duckdb ? duckdb() : scorePool(file, values, io, limits);
  });
});

/** A batch with an engine that needs no pool: input, output, progress and summary as for the pool. */
async function scoreWith(engine: Engine, values: Values, io: Io): Promise<number> {
  const started = performance.now();
  const input = await openInput(values.in!, io);
  let output: Output | null = null;
  let progress: ReturnType<typeof progressLine> | null = null;
  try {
    output = await openOutputViaTemp(values.out!, io);
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
    await output?.abort?.();
  }
}

/** The summary's word on a CSV file `--engine duckdb` left to the JS engine (a record past the limit, `row` the first). */
const jsEngineNote = (row: number, limit: number): string =>
  `by the JS engine, not DuckDB: row ${row.toLocaleString("en-US")} is longer than --max-record-bytes (${limit.toLocaleString("en-US")} bytes), and DuckDB's CSV reader would refuse the whole file`;

/** The worker pool's batch; `note`: the summary's word on why it scored the batch (jsEngineNote). */
async function scorePool(file: string, values: Values, io: Io, limits: EvaluationLimits, note?: string): Promise<number> {
  const inputFormat: InputFormat = jsFormat(formatOf(values.in!, values["in-format"], "in"), "input");
  const outputFormat: OutputFormat = jsFormat(formatOf(values.out!, values["out-format"], "out"), "output");
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
    output = await openOutputViaTemp(values.out!, io);
    progress = !values.quiet && (io.stderr as NodeJS.WriteStream).isTTY ? progressLine(io.stderr, input.size) : null;
    const summary = await scoreStream({
      pool,
      workers,
      input: input.source,
      format: inputFormat,
      output: output.stream,
      outputCopies: output.copies,
      header: recordWriter(outputFormat, decisions).header(),
      maxRecordBytes: values.maxRecordBytes,
      onProgress: progress ? (p) => progress!.update(p) : undefined,
    }).catch((e: unknown) => {
      throw e instanceof CsvHeaderError ? new UserError(`${values.in === "-" ? "standard input" : values.in}: ${e.message}`) : e;
    });
    progress?.clear();
    await output.close();
    output = null;
    if (!values.quiet) print(io.stderr, formatSummary({ ...summary, elapsedMs: performance.now() - started, note }));
    return summary.errors > 0 ? EXIT.invalid : EXIT.ok;
  } finally {
    progress?.clear();
    await pool.close();
    await input?.source.close();
    if (output && output.stream !== io.stdout) output.stream.destroy();
    await output?.abort?.();
  }
}
