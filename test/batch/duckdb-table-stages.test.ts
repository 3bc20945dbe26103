// The table engine's stage marks (table-engine.ts `onStage`, read by bench/sql-table-stages.ts):
// random batches of the lending model's edge rows (valid ones, nulls, and ones SQL leaves to the JS
// engine), as CSV, scored to JSONL and to Parquet with and without marks. Each run marks the six
// stages once and in order, hands over the model's query at `compile` only (a query over the file
// that reads every row), has written nothing to the output before `rename` and the whole output
// after it, and writes the same bytes as a run without marks.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compileToSource, compileToSql } from "../../src/compiler/index.js";
import { csvCell, csvField, csvRecord } from "../../src/batch/csv.js";
import { scoreTable, type TableStage } from "../../src/batch/duckdb/table-engine.js";
import type { ModelInput } from "../../src/ir/model.js";
import { statesFor } from "../compiler/4-sql/differential.js";

const model = JSON.parse(readFileSync("samples/lending/model.json", "utf8")) as ModelInput;
const compiled = compileToSource(model);
if (!compiled.ok) throw new Error("the lending model does not check");
const loadable = compiled.loadable;
const sql = compileToSql(model, { dialect: "duckdb" });
if (!sql.ok) throw new Error("the lending model does not compile to DuckDB's SQL");
const columns = ["id", ...sql.query.inputs.map((c) => c.column)];
const STATES = statesFor(compiled.check.input, 300, 7);
const STAGES: TableStage[] = ["setup", "describe", "digits", "compile", "copy", "rename"];

const dir = mkdtempSync(join(tmpdir(), "pdm-duckdb-stages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function csvText(rows: Record<string, unknown>[]): string {
  const cell = (v: unknown) => (v === undefined || v === null ? "" : csvCell(v));
  return [csvRecord(columns.map(csvField)), ...rows.map((r) => csvRecord(columns.map((c) => cell(r[c]))))].join("\n") + "\n";
}

interface Marked {
  stage: TableStage;
  query?: string;
  /** rows the handed query reads, counted on the run's own connection */
  queryRows?: number;
  outputThere: boolean;
}

async function score(input: string, output: { format: "jsonl" | "parquet"; path: string }, marks?: Marked[]) {
  return scoreTable({
    model,
    strict: true,
    loadable,
    input: { format: "csv", path: input },
    output,
    exactDecimals: false,
    idField: "id",
    onStage: marks
      ? async (stage, run) => {
          const queryRows =
            run.query === undefined
              ? undefined
              : Number((await run.connection.runAndReadAll(`SELECT count(*) FROM (${run.query})`)).getRows()[0]![0]);
          marks.push({ stage, query: run.query, queryRows, outputThere: existsSync(output.path) });
        }
      : undefined,
  });
}

describe("the table engine's stage marks", () => {
  it("marks each stage once, in order, hands over the query at compile, and changes no byte", async () => {
    let k = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(STATES.length - 1), { minLength: 1, maxLength: 60 }),
        fc.constantFrom("jsonl" as const, "parquet" as const),
        async (picks, format) => {
          const rows = picks.map((p, i) => ({ ...STATES[p]!, id: `r${i}` }));
          const input = join(dir, `in-${k}.csv`);
          writeFileSync(input, csvText(rows));
          const plain = { format, path: join(dir, `plain-${k}.${format}`) };
          const marked = { format, path: join(dir, `marked-${k++}.${format}`) };
          const marks: Marked[] = [];
          const a = await score(input, plain);
          const b = await score(input, marked, marks);
          expect(marks.map((m) => m.stage)).toEqual(STAGES);
          expect(marks.filter((m) => m.query !== undefined).map((m) => [m.stage, m.queryRows])).toEqual([["compile", rows.length]]);
          expect(marks.map((m) => m.outputThere)).toEqual(STAGES.map((s) => s === "rename"));
          expect(b).toEqual(a);
          expect(readFileSync(marked.path).equals(readFileSync(plain.path))).toBe(true);
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});
