// DuckDB scoring a Parquet or CSV file where it lies (docs/batch.md, docs/sql.md): DuckDB reads the
// file (table-rows.ts), runs the model's query, writes each row's record (records.ts) and copies
// them, in file order (sorted by line), to a temporary file beside the output with `COPY … TO`, renamed over the
// output at the end (removed on failure: nothing is half-written). JSONL and CSV records are the
// JS engine's bytes; a Parquet output has the columns `row`, `id`, one per decision and `error`,
// typed (parquet-columns.ts) and cast from the JSON texts of the record's parts. A row SQL leaves is scored by the JS
// engine, called by DuckDB on that row only (table-fallback.ts). A missing column or a column of
// the wrong type is one error naming each, before anything is written. Memory is DuckDB's streaming
// COPY (it spills to the system's temporary directory past its limit).
import { MAX_RECORD_BYTES } from "../record-limit.js";
import { open, rm, rename, stat } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { StringDecoder } from "node:string_decoder";
import type { DuckDBConnection, DuckDBListValue } from "@duckdb/node-api";
import { BIGINT, DuckDBInstance, DuckDBScalarFunction, LIST, VARCHAR } from "./duckdb-api.js";
import { compileToSql, type Digits, type InputColumn, type LoadableModel, type SqlQuery } from "../../compiler/index.js";
import type { SqlCache } from "./sql-cache.js";
import { identifier, stringLiteral } from "../../compiler/4-sql/dialects.js";
import { loadModel } from "../../compiler/5-load/compiled-model.js";
import type { ModelInput } from "../../ir/model.js";
import { headerProblem, parseCsv } from "../csv.js";
import { recordWriter } from "../records.js";
import { tempBeside } from "../temp-files.js";
import { ID, LINE, PLAIN } from "./json-rows.js";
import { parquetColumns, parquetRefusals, sqlParquetParts } from "./parquet-columns.js";
import { idTexts, recordCsv, recordJson, toJson, unsure } from "./records.js";
import { tableFallback, type OutputFormat } from "./table-fallback.js";
import { numberDigits, statisticsDigits } from "./number-domain.js";
import { jsonlFallback, jsonlRows, type CleanScreen } from "./jsonl-file.js";
import { pieceScorer } from "../chunk-scorer.js";
import {
  parquetExactTypes,
  parquetNumbers,
  tableProblems,
  tableRows,
  type FileTable,
  type TableFormat,
  type TableRows,
} from "./table-rows.js";

/** The file cannot be scored: unreadable, a column missing or of the wrong type. Nothing was written. */
export class TableError extends Error {}

/** DuckDB's CSV reader refusing a line longer than its `max_line_size`: the file's error, naming the line and the limit. */
function longLine(e: Error, table: FileTable): TableError | undefined {
  if (table.format !== "csv" || !/maximum line size/i.test(e.message)) return undefined;
  const line = /CSV Error on Line: (\d+)/.exec(e.message)?.[1];
  const limit = (table.maxLine ?? MAX_RECORD_BYTES).toLocaleString("en-US");
  return new TableError(
    `${table.path}${line ? `: line ${line}` : ""}: a record longer than ${limit} bytes (--max-record-bytes), which DuckDB's CSV reader refuses; nothing was written (--engine js makes it that row's error record)`,
  );
}

export interface TableBatch {
  model: ModelInput;
  strict: boolean;
  /**
   * the model's module, for the rows SQL leaves: its input schema and decisions are read at once,
   * its code (loaded here) only when the first such row comes, so a module whose code is made when
   * first read is made only then
   */
  loadable: LoadableModel;
  /** a JSONL file only once screened clean (jsonl-screen.ts), and only to JSONL */
  input: { format: TableFormat; path: string } | { format: "jsonl"; path: string; screen: CleanScreen };
  output: { format: OutputFormat; path: string };
  exactDecimals: boolean;
  idField: string;
  /** where the model's lowering over the file's columns is kept between runs (none: lowered at each run) */
  cache?: SqlCache;
  /** the longest CSV line read (record-limit.ts): a file with a longer one is refused, nothing written */
  maxRecordBytes?: number;
  /** DuckDB's threads (default: one for a JSONL or CSV output, else its own, the cores) */
  threads?: number;
  onProgress?: (done: { rows: number; errors: number; bytes: number }) => void;
  /**
   * awaited as each stage of the run ends (a benchmark's marks: bench/sql-table-stages.ts,
   * bench/sql-statement.ts), with the connection, once compiled the model's query, and at `copy`
   * the COPY statement that wrote the output's temporary file (not yet renamed)
   */
  onStage?: (stage: TableStage, run: { connection: DuckDBConnection; query?: string; statement?: string }) => void | Promise<void>;
}

/** A run's stages, in order: DuckDB's instance and connection, the file's columns, the digits its numbers need, the query, the COPY (query, records, writing), the rename. */
export type TableStage = "setup" | "describe" | "digits" | "compile" | "copy" | "rename";

export interface TableTally {
  rows: number;
  errors: number;
  bytes: number;
  /** rows the JS engine scored */
  byJs: number;
}

const GLOB = /[*?[]/;

/**
 * DuckDB's threads when the caller names none. A JSONL or CSV output is written by one: on more,
 * DuckDB's order-keeping COPY of text records grows with the records' width (the credit
 * scorecard's 1.3 KB records, 1,000,000 rows from Parquet on two cores: 1.6 GB resident and
 * 3.5-5.3 system CPU seconds, against 0.2 GB and 1.9 on one thread, no later; its JSONL input,
 * half the time on one). A Parquet output keeps DuckDB's own.
 */
const defaultThreads = (output: OutputFormat): { threads?: string } => (output === "parquet" ? {} : { threads: "1" });

/** The header of a CSV file: its first record (a byte order mark dropped). */
async function csvHeader(path: string): Promise<string[]> {
  const file = await open(path);
  try {
    let text = "";
    const buffer = Buffer.alloc(1 << 20);
    // a character split between two reads is decoded whole
    const decoder = new StringDecoder("utf8");
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      text += bytesRead > 0 ? decoder.write(buffer.subarray(0, bytesRead)) : decoder.end();
      const records = parseCsv(text.replace(/^\uFEFF/, ""));
      if (records.length >= 2 || bytesRead === 0) return records[0] ?? [];
    }
  } finally {
    await file.close();
  }
}

/** The file's columns and their types, as DuckDB will read them. */
async function describe(connection: DuckDBConnection, format: TableFormat, path: string): Promise<FileTable> {
  if (GLOB.test(path)) throw new TableError(`${path}: a file name with *, ? or [ would be read as a pattern of names`);
  try {
    if (format === "csv") {
      const header = await csvHeader(path);
      const problem = headerProblem(header);
      if (problem !== undefined) throw new TableError(`${path}: ${problem}`);
      return { format, path, columns: header.map((name) => ({ name, type: "VARCHAR" })) };
    }
    const result = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${stringLiteral(path)})`);
    const columns = (result.getRowObjectsJS() as { column_name: string; column_type: string }[]).map((r) => ({
      name: r.column_name,
      type: r.column_type,
    }));
    return { format, path, columns };
  } catch (e) {
    if (e instanceof TableError) throw e;
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message.split("\n")[0];
    throw new TableError(`cannot read ${path}: ${reason}`);
  }
}

const UNIT = "\u0001";
/**
 * Records written as they are: one text column, no quoting, no escaping, a separator no record
 * needs. FORCE_QUOTE with no quote character writes each text as it stands without first looking
 * through it for a character that would need quotes (DuckDB's CSV writer otherwise tests every
 * byte of every record: a tenth of a 1.3 KB-record run's CPU), and writes the same bytes.
 */
const RAW_LINES = `FORMAT csv, QUOTE '', ESCAPE '', DELIMITER ${stringLiteral(UNIT)}, FORCE_QUOTE *`;

/** A text id's `to_json` text, a column of its own (idTexts). */
const ID_JSON = identifier("$id json");

/** The model query, with a text id's `to_json` text beside it where the output writes the id as JSON. */
const withIdJson = (query: SqlQuery, rows: TableRows, format: OutputFormat): string =>
  rows.id === "string" && format !== "csv" ? `SELECT *, ${toJson(identifier(ID))} AS ${ID_JSON} FROM (${query.sql})` : query.sql;

/** The id's text for the output format, empty when the row has none (null when SQL cannot be sure). */
function idSql(rows: TableRows, format: OutputFormat): string {
  if (rows.id === null) return "''";
  if (rows.id === "record") return identifier(ID);
  const id = identifier(ID);
  const texts = idTexts(rows.id, id, ID_JSON);
  const present = format === "jsonl" ? `',"id":' || ${texts.json}` : format === "csv" ? texts.csv : texts.json;
  return `CASE WHEN ${id} IS NULL THEN '' ELSE ${present} END`;
}

/**
 * The sort that puts the records in file order where DuckDB does not keep it (a CSV file's rows,
 * numbered by a window: a sort it spills to disk past its memory limit); a Parquet file's rows
 * come in order, as DuckDB writes the row groups it reads on several threads in their order
 * (`preserve_insertion_order`, a batch-indexed COPY) through a query of projections only.
 */
const ordered = (rows: TableRows): string => (rows.inOrder ? "" : ` ORDER BY ${identifier(LINE)}`);

/** COPY of every row's record, in file order, to `target`. */
function copyStatement(query: SqlQuery, rows: TableRows, format: OutputFormat, exact: boolean, target: string, header: string): string {
  const line = identifier(LINE);
  const id = idSql(rows, format);
  if (format === "parquet") return parquetStatement(query, rows, exact, target, id);
  const record = format === "jsonl" ? recordJson(query.decisions, line, id, exact, false) : recordCsv(query.decisions, line, id, exact);
  // a record SQL is unsure of is marked (records.ts)
  const written = `NOT ${unsure(`"$record"`)}`;
  const scored = `SELECT ${[line, ...rows.carry.map(identifier), identifier("$scored")].join(", ")}, ${record} AS "$record" FROM (${withIdJson(query, rows, format)})`;
  const out = `SELECT ${line}, CASE WHEN ${identifier("$scored")} AND ${written} THEN "$record" ELSE pdm_row(${line}, ${rows.rawList}) END AS "$out" FROM (${scored})`;
  const columnName = format === "csv" ? header : "record";
  // a blank line's NULL is no record (a filter keeps the order, as a projection does)
  const some = rows.someBlank ? ` WHERE "$out" IS NOT NULL` : "";
  return `COPY (SELECT "$out" AS ${identifier(columnName)} FROM (${out})${some}${ordered(rows)}) TO ${stringLiteral(target)} (${RAW_LINES}, HEADER ${format === "csv"})`;
}

/**
 * The Parquet writer's options. A column chunk is dictionary-encoded up to this many distinct
 * values (DuckDB's default is many more): a decision's values either repeat (a table's outputs, a
 * grade, a rate: a few values) or are nearly all different (an amount, a ratio, the id), and the
 * writer's cost grows with the limit, not with the values (1,000,000 typed scorecard records,
 * written from a table: 0.6-0.7 CPU s by default, 0.45 at 4096). Only the encoding changes, never
 * a value; a column of more distinct values a row group is written plain.
 */
const PARQUET_WRITE = "FORMAT parquet, DICTIONARY_SIZE_LIMIT 4096";

/**
 * COPY of a typed Parquet output (parquet-columns.ts), in file order: the rows SQL scored with its
 * values typed directly, the others from the JS engine's JSON texts.
 */
function parquetStatement(query: SqlQuery, rows: TableRows, exact: boolean, target: string, id: string): string {
  const line = identifier(LINE);
  const sql = sqlParquetParts(query.decisions, exact);
  const typedNames = query.decisions.map((_, i) => identifier(`$typed.${i}`));
  const scored = `SELECT ${line}, ${rows.carry.map(identifier).join(", ")}, ${identifier("$scored")}, ${id} AS "$id", ${sql.columns.join(", ")}, ${sql.sure} AS "$sure" FROM (${withIdJson(query, rows, "parquet")})`;
  const js = `string_split(pdm_row(${line}, ${rows.rawList}), chr(0))`;
  const parts = `CASE WHEN ${identifier("$scored")} AND "$sure" AND "$id" IS NOT NULL THEN NULL ELSE ${js} END`;
  const out = `SELECT ${line}, "$id", ${typedNames.join(", ")}${typedNames.length ? ", " : ""}${parts} AS "$parts" FROM (${scored})`;
  const columns = parquetColumns(query.decisions, `"$parts"`, line, exact);
  return `COPY (SELECT ${columns.join(", ")} FROM (${out})${ordered(rows)}) TO ${stringLiteral(target)} (${PARQUET_WRITE})`;
}

/** The Parquet output's columns, which must differ. */
function parquetClash(query: SqlQuery): string | undefined {
  const names = ["row", "id", ...query.decisions.map((d) => d.name), "error"];
  return names.find((n, i) => names.indexOf(n) !== i);
}

/**
 * The digits of a Parquet file's number columns: a whole-number column's from the file's
 * statistics where they settle it, the others' from one pass over the rows (number-domain.ts).
 */
async function parquetDigits(
  connection: DuckDBConnection,
  table: FileTable,
  numbers: ReturnType<typeof parquetNumbers>,
): Promise<Record<string, Digits>> {
  const types = new Map(table.columns.map((c) => [c.name, c.type]));
  const stats = await statisticsDigits(
    connection,
    table.path,
    numbers.columns.map((c) => ({ name: c.name, type: types.get(c.name)! })),
  );
  const rest = numbers.columns.filter((c) => !stats.settled.has(c.name));
  return { ...stats.digits, ...(await numberDigits(connection, numbers.from, rest)) };
}

/**
 * The model's query over the file's rows, and those rows' relation. The query is lowered over a
 * placeholder for the relation (a name no model's text holds: a random one, kept with it), which
 * then gives way to the file's: so a Parquet or CSV file's lowering, which depends on the model,
 * the options and the file's columns and types but not on its path, is kept in `batch.cache`
 * under those (sql-cache.ts) and read back at the next run; the rows are made again from the
 * query's inputs, as the lowering made them. A JSONL file's rows depend on its screen: lowered
 * at each run.
 */
function lowering(
  batch: TableBatch,
  table: FileTable,
  narrow: Record<string, Digits> | undefined,
  names: string[],
): { query: SqlQuery; rows: TableRows } | undefined {
  const input = batch.input;
  const jsonl = input.format === "jsonl" ? input : undefined;
  const typed = parquetExactTypes(table, names);
  const rowsOf = (inputs: InputColumn[]): TableRows =>
    jsonl ? jsonlRows(jsonl.screen, inputs, batch.idField) : tableRows(table, inputs, batch.idField, batch.loadable.inputSchema);
  const cache = jsonl ? undefined : batch.cache;
  const key = cache && {
    lowering: "table",
    model: batch.model,
    strict: batch.strict,
    narrow: narrow ?? null,
    typed,
    idField: batch.idField,
    format: table.format,
    columns: table.columns,
  };
  const kept = key && (cache.get(key) as { placeholder: string; query: SqlQuery } | undefined);
  const placeholder = kept?.placeholder ?? identifier(`$rows.${randomUUID()}`);
  let query = kept?.query;
  let rows: TableRows | undefined;
  if (!query) {
    const compiled = compileToSql(batch.model, {
      narrow,
      // a column of an integer or DECIMAL type is read as its decimal, not checked to be one
      typed,
      dialect: "duckdb",
      strict: batch.strict,
      // the raw columns to carry are known once the inputs are (asked before the source)
      carry: (inputs) => [ID, ...(rows = rowsOf(inputs)).carry],
      // rows sorted by a large table's columns first (cluster.ts), then put back in file order
      source: (_, clusterBy) =>
        clusterBy.length > 0 ? `(SELECT * FROM ${placeholder} ORDER BY ${clusterBy.map(identifier).join(", ")})` : placeholder,
      id: LINE,
      rowCondition: PLAIN,
      // a number output's double or text made from its integer, with no decimal (records.ts)
      integers: true,
    });
    if (!compiled.ok) return undefined;
    // a list input's items are read from JSONL lines (json-rows.ts); a table's list columns not yet
    const list = compiled.query.inputs.find((c) => c.kind === "list");
    if (list)
      throw new TableError(`the input ${JSON.stringify(list.input)} is a list, which the DuckDB engine reads from JSONL lines only`);
    query = compiled.query;
    if (key) cache.set(key, { placeholder, query });
  }
  rows ??= rowsOf(query.inputs);
  return { query: { ...query, sql: query.sql.split(placeholder).join(rows.sql) }, rows };
}

export async function scoreTable(batch: TableBatch): Promise<TableTally> {
  const model = batch.loadable;
  const instance = await DuckDBInstance.create(":memory:", {
    temp_directory: tmpdir(),
    ...(batch.threads ? { threads: String(batch.threads) } : defaultThreads(batch.output.format)),
  });
  const target = tempBeside(batch.output.path, "tmp");
  let connection: DuckDBConnection | null = null;
  let written = false;
  try {
    connection = await instance.connect();
    // DuckDB rewrites an IN of many values (a choice input's check) into a join with them, which
    // does not keep the rows' order: IN stays an expression, and the query projections only
    await connection.run("SET disabled_optimizers = 'in_clause'");
    await batch.onStage?.("setup", { connection });
    const input = batch.input;
    const jsonl = input.format === "jsonl" ? input : undefined;
    if (jsonl && batch.output.format !== "jsonl") throw new TableError("DuckDB's JSON reader writes JSONL only");
    const table: FileTable =
      input.format === "jsonl"
        ? { format: "csv", path: input.path, columns: [] }
        : { ...(await describe(connection, input.format, input.path)), maxLine: batch.maxRecordBytes };
    await batch.onStage?.("describe", { connection });
    // the digits the file's numbers need, so that the query's arithmetic stays in 64 bits (number-domain.ts; a JSONL file's the screen found)
    const names = Object.keys((model.inputSchema.properties ?? {}) as Record<string, unknown>);
    const numbers = table.format === "parquet" ? parquetNumbers(table, names) : undefined;
    const narrow = jsonl ? jsonl.screen.digits : numbers ? await parquetDigits(connection, table, numbers) : undefined;
    await batch.onStage?.("digits", { connection });
    const lowered = lowering(batch, table, narrow, names);
    if (!lowered) throw new TableError("the model does not compile to DuckDB's SQL");
    const { query, rows } = lowered;
    const problems = jsonl ? [] : tableProblems(table, query.inputs);
    if (problems.length > 0) throw new TableError(`${batch.input.path} does not have the model's inputs: ${problems.join("; ")}`);
    if (batch.output.format === "parquet") {
      const clash = parquetClash(query);
      if (clash !== undefined) throw new TableError(`the Parquet output would have two columns named ${JSON.stringify(clash)}`);
      const refused = parquetRefusals(query.decisions, batch.exactDecimals);
      if (refused.length > 0) throw new TableError(`the Parquet output cannot hold the decisions: ${refused.join("; ")}`);
    }

    await batch.onStage?.("compile", { connection, query: query.sql });
    const raw = rows.raw;
    // the JS engine's scorer, its module loaded when the first row SQL leaves comes
    const scorer = (): ((line: number, raw: (string | null)[]) => { text: string | null; error: boolean }) => {
      const loaded = loadModel(batch.loadable);
      if (!jsonl)
        return tableFallback(loaded, {
          input: table.format,
          output: batch.output.format,
          raw,
          exactDecimals: batch.exactDecimals,
          idField: batch.idField,
          cells: rows!.cells,
        });
      const options = { input: "jsonl", output: "jsonl", exactDecimals: batch.exactDecimals, idField: batch.idField } as const;
      const lineRecord = jsonlFallback(jsonl.path, jsonl.screen, pieceScorer(loaded, options));
      return (line) => lineRecord(line);
    };
    let fallback: ReturnType<typeof scorer> | undefined;
    const tally: TableTally = { rows: 0, errors: 0, bytes: 0, byJs: 0 };
    connection.registerScalarFunction(
      DuckDBScalarFunction.create({
        name: "pdm_row",
        returnType: VARCHAR,
        parameterTypes: [BIGINT, LIST(VARCHAR)],
        // where the COPY filters on its result (a blank line's NULL), DuckDB would call it for the
        // filter and again for the output: volatile, it is called once a row (only there: declared
        // volatile everywhere, insurance-rating's 200,000 rows cost 1.1-1.6 CPU seconds, not 1.06-1.13)
        volatile: rows.someBlank === true,
        mainFunction: (info, input, output) => {
          try {
            const lines = input.getColumnVector(0);
            const raws = input.getColumnVector(1);
            for (let i = 0; i < input.rowCount; i++) {
              const raw = (raws.getItem(i) as DuckDBListValue).items as (string | null)[];
              const r = (fallback ??= scorer())(Number(lines.getItem(i)), raw);
              if (r.text !== null) tally.byJs++;
              if (r.error) tally.errors++;
              output.setItem(i, r.text);
            }
            output.flush();
          } catch (e) {
            info.setError(`the JS engine failed on a row: ${(e as Error).message}`);
          }
        },
      }),
    );

    const size = (await stat(batch.input.path)).size;
    const header = recordWriter("csv", model.decisions).header()!.replace(/\n$/, "");
    const inOrder = rows.inOrder && query.clusterBy.length === 0;
    const statement = copyStatement(query, { ...rows, inOrder }, batch.output.format, batch.exactDecimals, target, header);
    const c = connection;
    const timer = batch.onProgress
      ? setInterval(() => {
          const p = c.progress;
          if (p.percentage >= 0)
            batch.onProgress!({ rows: Number(p.rows_processed), errors: tally.errors, bytes: (p.percentage / 100) * size });
        }, 200)
      : undefined;
    written = true;
    try {
      const result = await connection.runAndReadAll(statement).catch((e: Error) => {
        throw longLine(e, table) ?? e;
      });
      tally.rows = Number(result.getRows()[0]![0]);
    } finally {
      if (timer) clearInterval(timer);
    }
    await batch.onStage?.("copy", { connection, statement });
    await rename(target, batch.output.path);
    written = false;
    await batch.onStage?.("rename", { connection });
    tally.bytes = size;
    return tally;
  } finally {
    if (written) await rm(target, { force: true });
    connection?.closeSync();
    instance.closeSync();
  }
}
