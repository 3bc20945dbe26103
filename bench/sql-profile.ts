// Where a DuckDB row's time goes in the model's query (bench/RESULTS-sql.md): each model's rows
// written once as Parquet (the bench's generators), the query built as `pdm score --engine duckdb`
// builds it (the file's number domains narrowed, its rows read by `read_parquet`), then run on one
// DuckDB thread with every result column consumed (`sum(hash(…))`), CPU seconds of the process.
// PROFILE_TYPED=1 reads a typed copy of each file instead (its number columns integers or
// DECIMAL(p, s): sql-typed-parquet.ts), as the engine reads it (SqlOptions' `typed`).
// PROFILE_MODE=sql prints the query; PROFILE_MODE=explain prints DuckDB's EXPLAIN ANALYZE; the
// default measures the query beside the variants an ablation names (PROFILE_ONLY=column,… keeps those
// result columns only).
import { existsSync, mkdirSync, readFileSync, writeFileSync, createWriteStream } from "node:fs";
import { finished } from "node:stream/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { compileToSql, type InputColumn } from "../src/compiler/index.js";
import { identifier, stringLiteral } from "../src/compiler/4-sql/dialects.js";
import { ID, LINE, PLAIN } from "../src/batch/duckdb/json-rows.js";
import { numberDigits, statisticsDigits } from "../src/batch/duckdb/number-domain.js";
import { parquetExactTypes, parquetNumbers, tableRows, type FileTable, type TableRows } from "../src/batch/duckdb/table-rows.js";
import type { ModelInput } from "../src/ir/model.js";
import { lendingJsonl } from "./batch/lending-states.js";
import { corpusBatch } from "./corpus/batch.js";
import { CORPUS } from "./corpus/index.js";
import { typedParquet } from "./sql-typed-parquet.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const ROWS = Number(process.env.PROFILE_ROWS ?? 1_000_000);
const DIR = process.env.PROFILE_DIR ?? join(tmpdir(), "pdm-sql-profile");
const MODE = process.env.PROFILE_MODE ?? "measure";
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const TYPED = process.env.PROFILE_TYPED === "1";
const models = (process.env.PROFILE_MODELS ?? "lending,insurance-rating,scorecard").split(",");

const TYPES: Record<string, string> = { number: "DOUBLE", string: "VARCHAR", boolean: "BOOLEAN", date: "DATE" };

function modelOf(name: string): { model: ModelInput; jsonl: (rows: number) => Iterable<string> } {
  if (name === "lending")
    return { model: JSON.parse(readFileSync(join(root, "samples/lending/model.json"), "utf8")) as ModelInput, jsonl: lendingJsonl };
  const m = CORPUS.find((c) => c.name === name)!;
  return { model: m.model as ModelInput, jsonl: corpusBatch(m).jsonl };
}

async function parquetFile(name: string, model: ModelInput, jsonl: (rows: number) => Iterable<string>): Promise<string> {
  mkdirSync(DIR, { recursive: true });
  const parquet = join(DIR, `${name}-${ROWS}.parquet`);
  const typed = join(DIR, `${name}-${ROWS}-typed.parquet`);
  if (existsSync(parquet) && (!TYPED || existsSync(typed))) return TYPED ? typed : parquet;
  const inputs = (compileToSql(model, { dialect: "duckdb" }) as { query: { inputs: InputColumn[] } }).query.inputs;
  const instance = await DuckDBInstance.create(":memory:");
  const duck = await instance.connect();
  if (!existsSync(parquet)) await doubleFile(duck, inputs, jsonl, name, parquet);
  const numbers = inputs.filter((i) => i.kind === "number").map((i) => i.column);
  if (TYPED) console.log(name, JSON.stringify(await typedParquet(duck, parquet, numbers, typed)));
  duck.closeSync();
  instance.closeSync();
  return TYPED ? typed : parquet;
}

/** The rows as Parquet, every number column DOUBLE (DuckDB's reading of JSON's numbers). */
async function doubleFile(
  duck: DuckDBConnection,
  inputs: InputColumn[],
  jsonl: (rows: number) => Iterable<string>,
  name: string,
  parquet: string,
): Promise<void> {
  const text = join(DIR, `${name}-${ROWS}.jsonl`);
  const out = createWriteStream(text);
  for (const block of jsonl(ROWS)) if (!out.write(block)) await new Promise<void>((r) => out.once("drain", () => r()));
  out.end();
  await finished(out);
  const columns = `{'id': 'VARCHAR', ${inputs.map((c) => `${stringLiteral(c.column)}: ${stringLiteral(TYPES[c.kind]!)}`).join(", ")}}`;
  await duck.run(
    `COPY (SELECT * FROM read_json(${stringLiteral(text)}, format = 'newline_delimited', columns = ${columns})) TO ${stringLiteral(parquet)} (FORMAT parquet)`,
  );
}

async function main(): Promise<void> {
  const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  const duck = await instance.connect();
  await duck.run("SET disabled_optimizers = 'in_clause'");
  for (const name of models) {
    const { model, jsonl } = modelOf(name);
    const path = await parquetFile(name, model, jsonl);
    const described = await duck.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${stringLiteral(path)})`);
    const table: FileTable = {
      format: "parquet",
      path,
      columns: (described.getRowObjectsJS() as { column_name: string; column_type: string }[]).map((r) => ({
        name: r.column_name,
        type: r.column_type,
      })),
    };
    const names = Object.keys(((model.content as { inputs?: object }).inputs ?? {}) as Record<string, unknown>);
    const numbers = parquetNumbers(table, names);
    const types = new Map(table.columns.map((c) => [c.name, c.type]));
    const stats = await statisticsDigits(
      duck,
      path,
      numbers.columns.map((c) => ({ name: c.name, type: types.get(c.name)! })),
    );
    const narrow = {
      ...stats.digits,
      ...(await numberDigits(
        duck,
        numbers.from,
        numbers.columns.filter((c) => !stats.settled.has(c.name)),
      )),
    };
    let rows: TableRows | undefined;
    const compiled = compileToSql(model, {
      narrow,
      typed: parquetExactTypes(table, names),
      dialect: "duckdb",
      carry: (inputs) => [ID, ...(rows = tableRows(table, inputs, "id", { properties: {} })).carry],
      source: (_, clusterBy) =>
        clusterBy.length > 0 ? `(SELECT * FROM ${rows!.sql} ORDER BY ${clusterBy.map(identifier).join(", ")})` : rows!.sql,
      id: LINE,
      rowCondition: PLAIN,
    });
    if (!compiled.ok) throw new Error(`${name} does not compile`);
    const q = compiled.query;
    const outputs = [...q.decisions.map((d) => d.name), ...q.rules.map((r) => `${r}.rule`), "$scored"];
    const only = process.env.PROFILE_ONLY?.split(",");
    const kept = only ? outputs.filter((o) => only.includes(o)) : outputs;
    const consumed = `SELECT count(*), ${kept.map((o) => `sum(hash(${identifier(o)}))`).join(", ")} FROM (${q.sql})`;
    if (MODE === "sql") {
      writeFileSync(join(DIR, `${name}.sql`), q.sql);
      console.log(name, join(DIR, `${name}.sql`), q.sql.length, "chars");
      continue;
    }
    if (MODE === "explain") {
      const r = await duck.runAndReadAll(`EXPLAIN ANALYZE ${consumed}`);
      console.log(
        r
          .getRows()
          .map((row) => row.join("\n"))
          .join("\n"),
      );
      continue;
    }
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = process.cpuUsage();
      await duck.runAndReadAll(consumed);
      const used = process.cpuUsage(start);
      cpu.push((used.user + used.system) / 1e6);
    }
    const best = Math.min(...cpu);
    console.log(
      JSON.stringify({
        model: name,
        columns: only ? kept : "all",
        cpu: cpu.map((c) => +c.toFixed(3)),
        usPerRow: +((best / ROWS) * 1e6).toFixed(3),
      }),
    );
  }
  duck.closeSync();
  instance.closeSync();
}

await main();
