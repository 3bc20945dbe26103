// `pdm score --in PIPE`: a named pipe fed by another process is read once, in order, by every
// engine (no read at a position, no screen before DuckDB's read), and its records are the JS
// engine's from a file of the same bytes; DuckDB's CSV and Parquet readers refuse one, naming it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pdmBin } from "../server/spawn.js";
import { lendingJsonl } from "../../bench/batch/lending-states.js";

const root = join(import.meta.dirname, "../..");
const model = join(root, "samples/lending/model.json");
const dir = mkdtempSync(join(tmpdir(), "pdm-score-pipe-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `pdm score` of `input` into `out`; with `bytes`, `input` is a new named pipe a writer process feeds them. */
function score(input: string, out: string, engine: string, bytes?: string, ...more: string[]) {
  let writer: ReturnType<typeof spawn> | undefined;
  if (bytes !== undefined) {
    const source = `${input}.bytes`;
    writeFileSync(source, bytes);
    rmSync(input, { force: true });
    expect(spawnSync("mkfifo", [input]).status).toBe(0);
    const write = "require('fs').writeFileSync(process.argv[2], require('fs').readFileSync(process.argv[1]))";
    writer = spawn(process.execPath, ["-e", write, source, input], { stdio: "ignore" });
  }
  try {
    const args = [pdmBin(), "score", model, "--in", input, "--out", out, "--engine", engine, "--quiet", ...more];
    return spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", timeout: 60_000 });
  } finally {
    writer?.kill();
  }
}

describe("pdm score from a named pipe", () => {
  // a third of a piece engine's 4 MiB piece past one, and a line SQL leaves to the JS engine
  const rows = [...lendingJsonl(60_000)].join("") + '{"id":"bad","credit score":"x"}\n';

  it("JSONL: every engine writes the records --engine js writes from a file of the same bytes", { timeout: 180_000 }, () => {
    const file = join(dir, "rows.jsonl");
    writeFileSync(file, rows);
    const reference = score(file, join(dir, "reference.jsonl"), "js");
    expect(reference.status).toBe(1);
    const expected = readFileSync(join(dir, "reference.jsonl"), "utf8");
    expect(expected.split("\n").length).toBe(60_002);
    for (const engine of ["js", "duckdb", "auto"]) {
      const out = join(dir, `${engine}.jsonl`);
      const r = score(join(dir, `${engine}.pipe`), out, engine, rows);
      expect({ engine, status: r.status, stderr: r.stderr }).toEqual({ engine, status: 1, stderr: "" });
      expect(readFileSync(out, "utf8")).toBe(expected);
    }
  });

  it("CSV with --engine duckdb: refused, naming the pipe, nothing written", { timeout: 60_000 }, () => {
    const out = join(dir, "csv.jsonl");
    const pipe = join(dir, "rows.csv");
    const r = score(
      pipe,
      out,
      "duckdb",
      "id,credit score,annual income,monthly debt,loan amount,employment\nr1,700,1000,10,1000,salaried\n",
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${pipe}: not a regular file`);
    expect(existsSync(out)).toBe(false);
  });
});
