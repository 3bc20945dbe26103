// The table engine's stage marks (table-engine.ts `onStage`, read by bench/sql-table-stages.ts):
// random batches of the lending model's edge rows (valid ones, nulls, and ones SQL leaves to the JS
// engine), as CSV, scored to JSONL and to Parquet with and without marks. Each run marks the six
// stages once and in order, hands over the model's query at `compile` only (a query over the file
// that reads every row) and the COPY statement at `copy` only (run again, it writes the output's
// bytes again), has written nothing to the output before `rename` and the whole output
// after it, and writes the same bytes as a run without marks.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { DuckDBConnection } from "@duckdb/node-api";
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
  /** the COPY statement handed over, and the records it writes when run again to another file */
  statement?: string;
  again?: Buffer;
  /** rows the handed query reads, counted on the run's own connection */
  queryRows?: number;
  outputThere: boolean;
}

/** The handed COPY statement run again, its target swapped for a file of the test's: that file's bytes. */
async function rerun(connection: DuckDBConnection, statement: string, format: string): Promise<Buffer> {
  const target = /\) TO '([^']*)' \([^()]*\)$/.exec(statement)?.[1];
  if (target === undefined) throw new Error(`not a COPY to a file: ${statement.slice(-200)}`);
  const path = join(dir, `again-${rerunCount++}.${format}`);
  await connection.run(statement.split(`'${target}'`).join(`'${path}'`));
  return readFileSync(path);
}
let rerunCount = 0;

/** `again`: the COPY statement is run again at its mark (its JS rows scored twice: the tally is not the run's) */
async function score(input: string, output: { format: "jsonl" | "parquet"; path: string }, marks?: Marked[], again = false) {
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
          // the statement run again on the run's connection (its JS fallback registered there), to a file of its own
          const bytes = again && run.statement !== undefined ? await rerun(run.connection, run.statement, output.format) : undefined;
          marks.push({ stage, query: run.query, queryRows, statement: run.statement, again: bytes, outputThere: existsSync(output.path) });
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
          // the COPY statement, handed over at copy only, writes the output's bytes again
          expect(marks.filter((m) => m.statement !== undefined).map((m) => m.stage)).toEqual(["copy"]);
          const rerunMarks: Marked[] = [];
          await score(input, { format, path: join(dir, `rerun-${k}.${format}`) }, rerunMarks, true);
          expect(rerunMarks.find((m) => m.stage === "copy")!.again!.equals(readFileSync(plain.path))).toBe(true);
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});
