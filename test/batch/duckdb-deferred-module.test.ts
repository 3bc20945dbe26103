// The table engine reads the model module's code only when a row is left to the JS engine: a
// module whose code is made when first read (as `pdm score` hands it over) is not made for a
// batch that SQL scores whole. Random batches of the lending model's edge rows (valid ones, and
// ones SQL leaves: values the schema rejects, numbers outside the exact domain), as CSV: the code
// is read exactly when some row went to the JS engine, and the records are the JS engine's bytes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compileToSource, compileToSql, type LoadableModel } from "../../src/compiler/index.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { pieceScorer } from "../../src/batch/chunk-scorer.js";
import { csvCell, csvField, csvRecord } from "../../src/batch/csv.js";
import { scoreTable } from "../../src/batch/duckdb/table-engine.js";
import type { ModelInput } from "../../src/ir/model.js";
import { statesFor } from "../compiler/4-sql/differential.js";

const model = JSON.parse(readFileSync("samples/lending/model.json", "utf8")) as ModelInput;
const compiled = compileToSource(model);
if (!compiled.ok) throw new Error("the lending model does not check");
const sql = compileToSql(model, { dialect: "duckdb" });
if (!sql.ok) throw new Error("the lending model does not compile to DuckDB's SQL");
const columns = ["id", ...sql.query.inputs.map((c) => c.column)];
const STATES = statesFor(compiled.check.input, 400, 42);

const dir = mkdtempSync(join(tmpdir(), "pdm-duckdb-deferred-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The module, its code counted each time it is read. */
function counted(loadable: LoadableModel): { loadable: LoadableModel; reads: () => number } {
  let reads = 0;
  const read = <T>(value: T): T => {
    reads++;
    return value;
  };
  return {
    loadable: {
      inputSchema: loadable.inputSchema,
      decisions: loadable.decisions,
      get source() {
        return read(loadable.source);
      },
      get explainSource() {
        return read(loadable.explainSource);
      },
      get questions() {
        return read(loadable.questions);
      },
    },
    reads: () => reads,
  };
}

function csvText(rows: Record<string, unknown>[]): string {
  const cell = (v: unknown) => (v === undefined ? "" : csvCell(v));
  return [csvRecord(columns.map(csvField)), ...rows.map((r) => csvRecord(columns.map((c) => cell(r[c]))))].join("\n") + "\n";
}

/** The JS engine's JSONL records for the same CSV text. */
function jsRecords(text: string): string {
  const js = pieceScorer(loadModel(compiled.ok ? compiled.loadable : (undefined as never)), {
    input: "csv",
    output: "jsonl",
    exactDecimals: false,
    idField: "id",
  });
  const end = text.indexOf("\n");
  const sink = new ByteSink(new Uint8Array(1 << 16));
  js({ bytes: new TextEncoder().encode(text.slice(end + 1)), first: 1, columns: text.slice(0, end).split(",") }, sink);
  return new TextDecoder().decode(sink.view());
}

describe("the table engine's module for the rows SQL leaves", () => {
  it("is read exactly when a row goes to the JS engine, and the records are the JS engine's", async () => {
    const seen = { read: 0, unread: 0 };
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(STATES.length - 1), { minLength: 1, maxLength: 6 }), async (picks) => {
        const rows = picks.map((k, i) => {
          const row: Record<string, unknown> = { id: `r${i}` };
          for (const c of sql.query.inputs) row[c.column] = STATES[k]![c.input];
          return row;
        });
        const text = csvText(rows);
        const input = join(dir, `rows-${run}.csv`);
        const output = join(dir, `out-${run++}.jsonl`);
        writeFileSync(input, text);
        const module = counted(compiled.loadable);
        const tally = await scoreTable({
          model,
          strict: true,
          loadable: module.loadable,
          input: { format: "csv", path: input },
          output: { format: "jsonl", path: output },
          exactDecimals: false,
          idField: "id",
        });
        expect(module.reads() > 0).toBe(tally.byJs > 0);
        expect(readFileSync(output, "utf8")).toBe(jsRecords(text));
        seen[tally.byJs > 0 ? "read" : "unread"]++;
      }),
      { numRuns: 40, seed: 7 },
    );
    // both kinds of batch were tried
    expect(seen.read).toBeGreaterThan(0);
    expect(seen.unread).toBeGreaterThan(0);
  }, 120_000);
});
