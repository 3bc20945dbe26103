// The lending sample scored both ways, for the DuckDB engine's differential tests over Parquet
// files: the JS engine's JSONL records of the rows (as JSONL), DuckDB's records of the same rows
// as Parquet, and every row of a query's results as text.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { afterAll, beforeAll } from "vitest";
import { compileToSource, type ModelInput, type SqlQuery } from "../../src/compiler/index.js";
import { identifier } from "../../src/compiler/4-sql/dialects.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { pieceScorer } from "../../src/batch/chunk-scorer.js";
import { scoreTable, type TableTally } from "../../src/batch/duckdb/table-engine.js";
import type { SqlCache } from "../../src/batch/duckdb/sql-cache.js";

export const lending = JSON.parse(readFileSync("samples/lending/model.json", "utf8")) as ModelInput;
export const NUMBERS = ["credit score", "annual income", "monthly debt", "loan amount"];

/**
 * DuckDB's JSONL records of the Parquet file (written to `outName` in `dir`), and the JS engine's
 * records of `records` (the same rows, each with its id) as JSONL; the lowering kept in `cache`, if given.
 */
export async function bothEngines(
  records: Record<string, unknown>[],
  parquet: string,
  dir: string,
  outName: string,
  cache?: SqlCache,
): Promise<{ tally: TableTally; records: string; expected: string }> {
  const jsonl = records.map((r) => JSON.stringify(r)).join("\n") + "\n";
  const source = compileToSource(lending);
  if (!source.ok) throw new Error("does not check");
  const js = pieceScorer(loadModel(source.loadable), { input: "jsonl", output: "jsonl", exactDecimals: false, idField: "id" });
  const sink = new ByteSink(new Uint8Array(1 << 16));
  js({ bytes: new TextEncoder().encode(jsonl), first: 1 }, sink);
  const out = join(dir, outName);
  const tally = await scoreTable({
    model: lending,
    strict: true,
    loadable: source.loadable,
    input: { format: "parquet", path: parquet },
    output: { format: "jsonl", path: out },
    exactDecimals: false,
    idField: "id",
    threads: 2,
    cache,
  });
  return { tally, records: readFileSync(out, "utf8"), expected: new TextDecoder().decode(sink.view()) };
}

/** A decimal's text without trailing zeros (two queries may give a value different scales). */
const plain = (v: unknown): unknown => (typeof v === "string" && /^-?\d+\.\d+$/.test(v) ? v.replace(/\.?0+$/, "") : v);

/** Every row of a query, by id: `$scored` and each decision as text. */
export async function results(c: DuckDBConnection, query: SqlQuery): Promise<unknown[][]> {
  const columns = query.decisions.map((d) => `CAST(${identifier(d.name)} AS VARCHAR)`);
  const r = await c.runAndReadAll(`SELECT "id", "$scored", ${columns.join(", ")} FROM (${query.sql}) ORDER BY "id"`);
  return r.getRows().map((row) => row.map(plain));
}

/** A scratch folder and an in-memory DuckDB (`duck.c`) for a test file: opened before its tests, closed and removed after them. */
export function duckDbScratch(prefix: string): { dir: string; c: DuckDBConnection } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let instance: DuckDBInstance | undefined;
  const duck = { dir, c: undefined as unknown as DuckDBConnection };
  beforeAll(async () => {
    instance = await DuckDBInstance.create(":memory:", { threads: "2" });
    duck.c = await instance.connect();
  });
  afterAll(() => {
    duck.c.closeSync();
    instance?.closeSync();
    rmSync(dir, { recursive: true, force: true });
  });
  return duck;
}
