// `npm run bench` (part): where the data lives. Each model that compiles to DuckDB's SQL (the lending
// sample and the corpus models that do) is scored end to end by the built `pdm score` on the same
// generated rows (1,000,000 by default, written once as JSONL and, by DuckDB, as Parquet): the JS
// engine from JSONL, DuckDB from Parquet (to JSONL, and to Parquet), DuckDB from JSONL (its screen and
// `read_json`), and PostgreSQL in place when DATABASE_URL is set. The JSONL outputs are compared
// byte for byte. Beside them, where DuckDB's JSONL time goes: DuckDB alone reading the JSONL with
// `read_json` and explicit columns, and the same read with the model's query writing records (no
// JS for the rows SQL leaves, so not a complete engine). Writes bench/RESULTS-sql.md.
import { spawnSync } from "node:child_process";
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { DuckDBInstance } from "@duckdb/node-api";
import pg from "pg";
import { compileToSql, type InputColumn } from "../src/compiler/index.js";
import { identifier, stringLiteral } from "../src/compiler/4-sql/dialects.js";
import { recordJson } from "../src/batch/duckdb/records.js";
import type { ModelInput } from "../src/ir/model.js";
import { lendingJsonl } from "./batch/lending-states.js";
import { corpusBatch } from "./corpus/batch.js";
import { CORPUS } from "./corpus/index.js";
import { typedParquet } from "./sql-typed-parquet.js";
import { writeKeepingStops } from "./stop-sections.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const ROWS = Number(process.env.BENCH_SQL_ROWS ?? 1_000_000);
const PG_URL = process.env.DATABASE_URL;

interface Case {
  name: string;
  model: ModelInput;
  modelPath: string;
  jsonl: (rows: number) => Iterable<string>;
}

const lendingPath = join(root, "samples/lending/model.json");
/** BENCH_SQL_MODELS=lending,scorecard: only these */
const only = process.env.BENCH_SQL_MODELS?.split(",");
const cases: Case[] = (<Case[]>[
  { name: "lending", model: JSON.parse(readFileSync(lendingPath, "utf8")) as ModelInput, modelPath: lendingPath, jsonl: lendingJsonl },
  ...CORPUS.filter((m) => compileToSql(m.model as ModelInput, { dialect: "duckdb" }).ok).map((m) => {
    const b = corpusBatch(m);
    return { name: m.name, model: m.model as ModelInput, modelPath: b.modelPath, jsonl: b.jsonl };
  }),
]).filter((c) => !only || only.includes(c.name));

/** Seconds of one `pdm score` run, process start to exit. */
function pdm(c: Case, args: string[], env: Record<string, string> = {}): number {
  const start = performance.now();
  const r = spawnSync(process.execPath, [join(root, "bin/pdm.mjs"), "score", c.modelPath, "--quiet", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  // 1: some rows are error records (the corpus's states include invalid ones)
  if (r.status !== 0 && r.status !== 1) throw new Error(`${c.name} ${args.join(" ")}: exit ${r.status} ${r.stderr}`);
  return (performance.now() - start) / 1000;
}

const TYPES: Record<string, string> = { number: "DOUBLE", string: "VARCHAR", boolean: "BOOLEAN", date: "DATE" };
const jsonColumns = (inputs: InputColumn[]) =>
  `{'id': 'VARCHAR', ${inputs.map((c) => `${stringLiteral(c.column)}: ${stringLiteral(TYPES[c.kind]!)}`).join(", ")}}`;

async function seconds(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return (performance.now() - start) / 1000;
}

interface Measured {
  name: string;
  js: number;
  parquet: number;
  parquetOut: number;
  /** the same runs from the typed copy (sql-typed-parquet.ts) */
  typed: number;
  typedOut: number;
  /** each number column's type in the typed copy */
  types: Record<string, string>;
  jsonl: number;
  postgres?: number;
  readJson: number;
  queryJson: number;
  same: boolean;
}

async function measure(c: Case, dir: string): Promise<Measured> {
  const jsonl = join(dir, "rows.jsonl");
  const out = createWriteStream(jsonl);
  for (const block of c.jsonl(ROWS)) if (!out.write(block)) await new Promise<void>((r) => out.once("drain", () => r()));
  out.end();
  await finished(out);
  const inputs = (compileToSql(c.model, { dialect: "duckdb" }) as { query: { inputs: InputColumn[] } }).query.inputs;
  const instance = await DuckDBInstance.create(":memory:");
  const duck = await instance.connect();
  const readJson = `read_json(${stringLiteral(jsonl)}, format = 'newline_delimited', columns = ${jsonColumns(inputs)})`;
  const parquet = join(dir, "rows.parquet");
  await duck.run(`COPY (SELECT * FROM ${readJson}) TO ${stringLiteral(parquet)} (FORMAT parquet)`);
  const typedFile = join(dir, "typed.parquet");
  const numbers = inputs.filter((i) => i.kind === "number").map((i) => i.column);

  const m: Measured = {
    name: c.name,
    js: 0,
    parquet: 0,
    parquetOut: 0,
    typed: 0,
    typedOut: 0,
    types: await typedParquet(duck, parquet, numbers, typedFile),
    jsonl: 0,
    readJson: 0,
    queryJson: 0,
    same: false,
  };
  m.js = pdm(c, ["--in", jsonl, "--out", join(dir, "js.jsonl"), "--engine", "js"]);
  m.parquet = pdm(c, ["--in", parquet, "--out", join(dir, "parquet.jsonl"), "--engine", "duckdb"]);
  m.parquetOut = pdm(c, ["--in", parquet, "--out", join(dir, "out.parquet"), "--engine", "duckdb"]);
  m.typed = pdm(c, ["--in", typedFile, "--out", join(dir, "typed.jsonl"), "--engine", "duckdb"]);
  m.typedOut = pdm(c, ["--in", typedFile, "--out", join(dir, "typed-out.parquet"), "--engine", "duckdb"]);
  m.jsonl = pdm(c, ["--in", jsonl, "--out", join(dir, "duckdb.jsonl"), "--engine", "duckdb"]);
  const expected = readFileSync(join(dir, "js.jsonl"));
  m.same = ["parquet.jsonl", "typed.jsonl", "duckdb.jsonl"].every((f) => expected.equals(readFileSync(join(dir, f))));
  // the Parquet outputs hold the same values from either file
  const outputs = await duck.runAndReadAll(
    `SELECT count(*) FROM (SELECT * FROM read_parquet(${stringLiteral(join(dir, "out.parquet"))}) EXCEPT ALL SELECT * FROM read_parquet(${stringLiteral(join(dir, "typed-out.parquet"))}))`,
  );
  m.same &&= Number(outputs.getRows()[0]![0]) === 0;
  for (const f of ["duckdb.jsonl", "parquet.jsonl", "typed.jsonl"]) rmSync(join(dir, f));

  // where DuckDB's JSONL time goes: its own reader alone, then its reader under the model's query
  m.readJson = await seconds(() =>
    duck.run(`SELECT count(*), ${inputs.map((i) => `count(${identifier(i.column)})`).join(", ")} FROM ${readJson}`),
  );
  const source = `(SELECT row_number() OVER () AS "$line", * FROM ${readJson})`;
  const q = compileToSql(c.model, { dialect: "duckdb", source, id: "$line", carry: ["id"] });
  if (q.ok) {
    const record = recordJson(q.query.decisions, `"$line"`, `',"id":"' || id || '"'`, false, false);
    m.queryJson = await seconds(() =>
      duck.run(
        `COPY (SELECT ${record} FROM (${q.query.sql})) TO ${stringLiteral(join(dir, "q.txt"))} (FORMAT csv, QUOTE '', ESCAPE '', HEADER false, DELIMITER '\u0001')`,
      ),
    );
  }

  if (PG_URL) {
    // the rows into a PostgreSQL table (numbers as numeric, the exact type the query reads)
    const csv = join(dir, "rows.csv");
    await duck.run(`COPY (SELECT * FROM ${readJson}) TO ${stringLiteral(csv)} (FORMAT csv, HEADER true)`);
    // read by the server itself (a local server: the bench sends nothing but loopback traffic)
    chmodSync(dir, 0o755);
    chmodSync(csv, 0o644);
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    const PG_TYPES: Record<string, string> = { number: "numeric", string: "text", boolean: "boolean", date: "date" };
    await client.query(`DROP TABLE IF EXISTS bench_sql_rows, bench_sql_out`);
    await client.query(
      `CREATE TABLE bench_sql_rows (id text, ${inputs.map((i) => `${identifier(i.column)} ${PG_TYPES[i.kind]}`).join(", ")})`,
    );
    await client.query(`COPY bench_sql_rows FROM ${stringLiteral(csv)} (FORMAT csv, HEADER true)`);
    await client.query("ANALYZE bench_sql_rows");
    m.postgres = pdm(c, ["--engine", "postgres", "--table", "bench_sql_rows", "--out-table", "bench_sql_out", "--replace"]);
    await client.query(`DROP TABLE IF EXISTS bench_sql_rows, bench_sql_out`);
    await client.end();
  }
  duck.closeSync();
  instance.closeSync();
  return m;
}

const rate = (s: number) => Math.round(ROWS / s).toLocaleString("en-US");
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const geomean = (xs: number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

const results: Measured[] = [];
for (const c of cases) {
  const dir = mkdtempSync(join(tmpdir(), `pdm-bench-sql-${c.name}-`));
  try {
    results.push(await measure(c, dir));
    console.log(JSON.stringify(results.at(-1)), `load ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const parquetRatios = results.map((m) => m.js / m.parquet);
const typedRatios = results.map((m) => m.js / m.typed);
const typedOutRatios = results.map((m) => m.js / m.typedOut);
const jsonlRatios = results.map((m) => m.js / m.jsonl);
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(", ");
writeResults();

/** How many number columns of each type: `INTEGER 24, DECIMAL(8, 2) 16`. */
function typeCounts(types: Record<string, string>): string {
  const counts = new Map<string, number>();
  for (const t of Object.values(types)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([t, n]) => `${t} ${n}`).join(", ");
}

function writeResults(): void {
  const lines = [
    "# Scoring where the data lives: DuckDB and PostgreSQL beside the JS engine",
    "",
    `\`pdm score\` end to end (process start, compile, reading, writing), ${ROWS.toLocaleString("en-US")} generated rows per model, written once as JSONL and (by DuckDB) as Parquet; one run each. ${availableParallelism()} cores, load average at the end ${load} (1, 5, 15 min) on ${process.env.BENCH_MACHINE ?? "this machine"}, shared with other work. See docs/sql.md.`,
    "",
    "| model | JS engine, JSONL → JSONL | DuckDB, Parquet (DOUBLE columns) → JSONL | DuckDB, Parquet (DOUBLE columns) → Parquet | DuckDB, Parquet (typed columns) → JSONL | DuckDB, Parquet (typed columns) → Parquet | DuckDB, JSONL → JSONL | PostgreSQL, table → table | same bytes |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...results.map(
      (m) =>
        `| ${m.name} | ${rate(m.js)} | ${rate(m.parquet)} (${ratio(m.js, m.parquet)}) | ${rate(m.parquetOut)} (${ratio(m.js, m.parquetOut)}) | ${rate(m.typed)} (${ratio(m.js, m.typed)}) | ${rate(m.typedOut)} (${ratio(m.js, m.typedOut)}) | ${rate(m.jsonl)} (${ratio(m.js, m.jsonl)}) | ${m.postgres ? `${rate(m.postgres)} (${ratio(m.js, m.postgres)})` : "not run (no DATABASE_URL)"} | ${m.same ? "yes" : "**no**"} |`,
    ),
    "",
    `Rows per second; in brackets, the JS engine's time ÷ the engine's (above 1: faster than the JS engine). DuckDB from Parquet (DOUBLE columns, → JSONL): geometric mean ${geomean(parquetRatios).toFixed(2)}×, worst ${Math.min(...parquetRatios).toFixed(2)}×; from Parquet (typed columns) → JSONL ${geomean(typedRatios).toFixed(2)}×, worst ${Math.min(...typedRatios).toFixed(2)}×, → Parquet ${geomean(typedOutRatios).toFixed(2)}×, worst ${Math.min(...typedOutRatios).toFixed(2)}× (target ≥ 10×; ≥ 3,000,000 rows/s). Typed columns: the same values, each number column an integer type or DECIMAL(p, s) of its values' digits (bench/sql-typed-parquet.ts): ${results.map((m) => `${m.name} ${typeCounts(m.types)}`).join("; ")}. DuckDB from JSONL: geometric mean ${geomean(jsonlRatios).toFixed(2)}×, worst ${Math.min(...jsonlRatios).toFixed(2)}× (target ≥ 5×).`,
    "",
    "## Where DuckDB's JSONL time goes",
    "",
    "In process, no process start: DuckDB's own `read_json` with explicit columns reading every input, then the same read under the model's query writing every record with `COPY` (no JS for the rows SQL leaves, so not a complete engine: the upper bound of a `read_json` engine), beside the JSONL engine of `pdm score --engine duckdb` (the file screened by Node for lines `read_json` and JSON.parse read alike, beside DuckDB's `read_json` under the model's query, the rows SQL leaves scored by the JS engine: docs/sql.md).",
    "",
    "| model | read_json alone | read_json + query + records | pdm score --engine duckdb, JSONL |",
    "|---|---:|---:|---:|",
    ...results.map((m) => `| ${m.name} | ${rate(m.readJson)} | ${m.queryJson ? rate(m.queryJson) : "—"} | ${rate(m.jsonl)} |`),
    "",
  ];
  writeKeepingStops(join(root, "bench/RESULTS-sql.md"), lines.join("\n"));
}
