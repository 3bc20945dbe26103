// `pdm score --max-record-bytes`: a record longer than the limit is skipped unread and becomes its
// row's error record, the same bytes from the JS engine and DuckDB's (its JSON reader declines the
// file to the piece engine, which skips the line), and the rows after it are scored as before.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pdmBin } from "../server/spawn.js";
import { lendingRow } from "../../bench/batch/lending-states.js";
import { longRecord } from "../../src/batch/record-limit.js";

const root = join(import.meta.dirname, "../..");
const model = join(root, "samples/lending/model.json");
const dir = mkdtempSync(join(tmpdir(), "pdm-score-long-"));
const LIMIT = 4096;
const ROWS = 3000;
// rows past the limit: the first, one in the middle (in the first 4 MiB DuckDB's reader guesses from), the last
const LONG = new Set([1, 1234, ROWS]);

/** Row i's JSONL line, or CSV record: past the limit for a long row (a value far past it, in a string or a quoted cell). */
const jsonl = (i: number) => JSON.stringify({ ...lendingRow(i), note: LONG.has(i + 1) ? "x".repeat(3 * LIMIT) : "" });
const csvRow = (i: number) => {
  const r = lendingRow(i);
  const note = LONG.has(i + 1) ? `"${"y,\n".repeat(LIMIT)}"` : "";
  return [r.id, r["credit score"], r["annual income"], r["monthly debt"], r["loan amount"], r.employment, note].join(",");
};

/** The summary line's note when `--engine duckdb` leaves a CSV file to the JS engine. */
const JS_NOTE = `(by the JS engine, not DuckDB: row 1 is longer than --max-record-bytes (4,096 bytes), and DuckDB's CSV reader would refuse the whole file)`;

function score(input: string, engine: string, out: string, summary?: (stderr: string) => void): string {
  const r = spawnSync(
    process.execPath,
    [pdmBin(), "score", model, "--in", input, "--out", out, "--engine", engine, "--max-record-bytes", "4k"],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  expect(r.stderr).toContain(`scored ${ROWS.toLocaleString("en-US")} rows, ${LONG.size} errors`);
  summary?.(r.stderr);
  return readFileSync(out, "utf8");
}

const longLine = (row: number) => `${JSON.stringify({ row, error: longRecord(LIMIT) })}\n`;

describe("pdm score --max-record-bytes", () => {
  it(
    "JSONL: the JS engine and DuckDB's write the same records, a long line's the error record naming the limit",
    { timeout: 120_000 },
    () => {
      const input = join(dir, "rows.jsonl");
      writeFileSync(input, Array.from({ length: ROWS }, (_, i) => `${jsonl(i)}\n`).join(""));
      const js = score(input, "js", join(dir, "js.jsonl"));
      const duckdb = score(input, "duckdb", join(dir, "duckdb.jsonl"));
      expect(duckdb).toBe(js);
      const lines = js.split("\n");
      expect(lines.length).toBe(ROWS + 1);
      for (const row of LONG) expect(`${lines[row - 1]}\n`).toBe(longLine(row));
      expect(longRecord(LIMIT).message).toContain("4,096 bytes");
      // the other rows as without a limit
      expect(JSON.parse(lines[1]!)).toMatchObject({ row: 2, id: "r1" });
      expect(lines.filter((l) => l.includes('"error"')).length).toBe(LONG.size);
    },
  );

  const csvInput = (): string => {
    const input = join(dir, "rows.csv");
    const header = "id,credit score,annual income,monthly debt,loan amount,employment,note\n";
    writeFileSync(input, header + Array.from({ length: ROWS }, (_, i) => `${csvRow(i)}\n`).join(""));
    return input;
  };

  it("CSV: a record past the limit (its line breaks inside quotes) is one row's error record", { timeout: 120_000 }, () => {
    const lines = score(csvInput(), "js", join(dir, "csv.jsonl")).split("\n");
    expect(lines.length).toBe(ROWS + 1);
    for (const row of LONG) expect(`${lines[row - 1]}\n`).toBe(longLine(row));
    expect(JSON.parse(lines[ROWS - 2]!)).toMatchObject({ row: ROWS - 1, id: `r${ROWS - 2}` });
  });

  it(
    "CSV with --engine duckdb: the JS engine's records, byte for byte (DuckDB's reader would refuse the file)",
    { timeout: 120_000 },
    () => {
      const input = csvInput();
      for (const format of ["jsonl", "csv"]) {
        const js = score(input, "js", join(dir, `csv-js.${format}`), (stderr) => expect(stderr).not.toContain("by the JS engine"));
        // the summary says which engine scored the file, and why
        const duckdb = score(input, "duckdb", join(dir, `csv-duckdb.${format}`), (stderr) => expect(stderr).toContain(JS_NOTE));
        expect(duckdb).toBe(js);
      }
    },
  );

  it("CSV into Parquet (DuckDB's to write): refused, naming the line, nothing written", { timeout: 120_000 }, () => {
    const out = join(dir, "csv.parquet");
    const r = spawnSync(
      process.execPath,
      [pdmBin(), "score", model, "--in", csvInput(), "--out", out, "--engine", "duckdb", "--max-record-bytes", "4k"],
      { cwd: root, encoding: "utf8" },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("line 2: a record longer than 4,096 bytes");
    expect(existsSync(out)).toBe(false);
  });
});
