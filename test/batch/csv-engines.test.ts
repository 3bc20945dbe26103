// The JS engine and DuckDB reading the same CSV file: generated files whose records end at LF, CRLF
// or a lone CR, whose quoted cells hold line breaks, commas and quotes, and whose records may have
// more cells than the header has columns. Both engines must write the same records, byte for byte:
// a lone CR ends a record for both (DuckDB's reader ends one there whatever its options), and a
// record with extra cells is that row's error record (neither drops the cells silently).
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { BufferPool } from "../../src/batch/buffer-pool.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { fileSource } from "../../src/batch/byte-source.js";
import { pieceScorer } from "../../src/batch/chunk-scorer.js";
import { csvField } from "../../src/batch/csv.js";
import { scoreTable } from "../../src/batch/duckdb/table-engine.js";
import { PieceReader } from "../../src/batch/piece-reader.js";
import { takeHeader } from "../../src/batch/score-stream.js";
import { compileToSource } from "../../src/compiler/index.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { lending } from "./lending-engines.js";

const dir = mkdtempSync(join(tmpdir(), "pdm-csv-engines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = compileToSource(lending);
if (!source.ok) throw new Error("the lending sample does not check");
const { loadable } = source;
const model = loadModel(loadable);

const COLUMNS = ["id", "credit score", "annual income", "monthly debt", "loan amount", "employment"];
/** Cells of each column: valid values, values the schema rejects, empty, and texts that need quotes (line breaks, a lone CR, commas, quotes). */
const CELLS: Record<string, string[]> = {
  id: ["A-1", "b\r2", "c\n3", 'q"4', "5,5", ""],
  "credit score": ["780", "640", "x", "", "1e3"],
  "annual income": ["120000", "90000", "-1", ""],
  "monthly debt": ["1500", "0", "abc", ""],
  "loan amount": ["30000", "2500.5", ""],
  employment: ["salaried", "retired", "sala\rried", "contr\nactor", "unemployed", ""],
};

const record = fc
  .tuple(
    fc.tuple(...COLUMNS.map((c) => fc.constantFrom(...CELLS[c]!))),
    fc.array(fc.constantFrom("x", "", "a\rb", "7"), { maxLength: 2 }),
    fc.constantFrom("\n", "\r\n", "\r"),
  )
  .map(([cells, extra, end]) => ({ text: [...cells, ...extra].map(csvField).join(","), end }));

/** The JS engine's records for a CSV file: pieces as `pdm score` cuts them (small ones, so records straddle them), the header taken off the first. */
async function jsRecords(path: string, pieceBytes: number): Promise<string> {
  const score = pieceScorer(model, { input: "csv", output: "jsonl", idField: "id" });
  const source = await fileSource(path);
  const reader = new PieceReader(source, "csv", new BufferPool(pieceBytes), pieceBytes);
  let columns: string[] | undefined;
  let first = 1;
  let out = "";
  for (let piece = await reader.next(); piece; piece = await reader.next()) {
    if (!columns) ({ columns, rest: piece } = takeHeader(piece));
    const sink = new ByteSink(new Uint8Array(1 << 12));
    score({ bytes: piece.bytes, first, columns }, sink);
    out += new TextDecoder().decode(sink.view());
    first += piece.records;
  }
  await source.close();
  return out;
}

async function duckRecords(path: string, name: string): Promise<string> {
  const out = join(dir, `${name}.out.jsonl`);
  await scoreTable({
    model: lending,
    strict: true,
    loadable,
    input: { format: "csv", path },
    output: { format: "jsonl", path: out },
    exactDecimals: false,
    idField: "id",
  });
  return readFileSync(out, "utf8");
}

describe("a CSV file read by the JS engine and by DuckDB", () => {
  it("gives the same records, whatever its line breaks (LF, CRLF, lone CR, inside quotes) and extra cells", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 12 }),
        fc.constantFrom("\n", "\r\n", "\r"),
        fc.boolean(),
        fc.integer({ min: 1, max: 64 }),
        async (records, headerEnd, finalBreak, pieceBytes) => {
          const body = records.map((r, i) => r.text + (i < records.length - 1 || finalBreak ? r.end : "")).join("");
          const path = join(dir, `f${++run}.csv`);
          writeFileSync(path, `${COLUMNS.map(csvField).join(",")}${headerEnd}${body}`);
          const js = await jsRecords(path, pieceBytes);
          expect(js.split("\n").length - 1).toBe(records.length);
          expect(await duckRecords(path, `f${run}`)).toBe(js);
        },
      ),
      { numRuns: 15, endOnFailure: true },
    );
  }, 180_000);

  it("makes a record with more cells than the header that row's error record, naming the header's count", async () => {
    const path = join(dir, "wide.csv");
    const row = "780,120000,1500,30000,salaried";
    writeFileSync(path, `id,${COLUMNS.slice(1).join(",")}\nA,${row}\nB,${row},extra\nC,${row},\nD,${row}\n`);
    const js = await jsRecords(path, 1 << 16);
    const lines = js
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { row: number; id: string; error?: { message: string } });
    expect(lines.map((l) => [l.row, l.id, l.error?.message])).toEqual([
      [1, "A", undefined],
      [2, "B", "the record has more cells than the header's 6 columns"],
      [3, "C", "the record has more cells than the header's 6 columns"],
      [4, "D", undefined],
    ]);
    expect(await duckRecords(path, "wide")).toBe(js);
  });
});
