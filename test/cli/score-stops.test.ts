// `pdm score` stopped or pointed at its own input: an existing output is replaced only by a complete
// one, and a stopped run leaves no temporary file behind, says so and ends by the signal (a shell
// sees 130 or 143), even with a DuckDB query running on a named pipe that never ends.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { pdmBin } from "../server/spawn.js";
import { lendingJsonl } from "../../bench/batch/lending-states.js";

const root = join(import.meta.dirname, "../..");
const model = join(root, "samples/lending/model.json");
const dir = mkdtempSync(join(tmpdir(), "pdm-score-stops-"));
const ROWS = 300_000;
const rows = join(dir, "rows.jsonl");
writeFileSync(rows, [...lendingJsonl(ROWS)].join(""));

const lineCount = (text: string) => text.split("\n").filter((l) => l !== "").length;

describe("pdm score stopped by a signal", () => {
  for (const engine of ["js", "duckdb"])
    for (const [signal, code] of [
      ["SIGINT", 130],
      ["SIGTERM", 143],
    ] as const)
      it(
        `--engine ${engine}, ${signal}: the output as it was, no temporary file, ended by the signal (${code})`,
        { timeout: 120_000 },
        async () => {
          const out = mkdtempSync(join(dir, "out-"));
          const output = join(out, "scored.jsonl");
          writeFileSync(output, "the previous output\n");
          const child = spawn(process.execPath, [pdmBin(), "score", model, "--in", rows, "--out", output, "--engine", engine], {
            cwd: root,
          });
          let stderr = "";
          child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
          const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_, by) => resolve(by)));
          // stopped once the run has started writing: a file beside the output, or the output itself changed
          while (readdirSync(out).length === 1 && readFileSync(output, "utf8") === "the previous output\n") await sleep(20);
          child.kill(signal);
          expect(await exited).toBe(signal);
          expect(readdirSync(out)).toEqual(["scored.jsonl"]);
          expect(readFileSync(output, "utf8")).toBe("the previous output\n");
          expect(stderr).toContain(`pdm score: stopped by ${signal}: ${output} was not written`);
        },
      );
});

describe("pdm score --engine duckdb stopped while reading a named pipe", () => {
  // a JSONL pipe is read by DuckDB's piece engine on a thread of Node's pool (a CSV pipe is refused
  // before it is opened: test/cli/score-pipe.test.ts): an exit must not wait for that thread, which
  // waits for bytes that never come (the writer holds the pipe open and writes no more)
  it.skipIf(process.platform === "win32")("SIGTERM ends it, no temporary file, the output as it was", { timeout: 60_000 }, async () => {
    const out = mkdtempSync(join(dir, "fifo-"));
    const fifo = join(out, "rows.jsonl");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const output = join(out, "scored.jsonl");
    writeFileSync(output, "the previous output\n");
    const child = spawn(process.execPath, [pdmBin(), "score", model, "--in", fifo, "--out", output, "--engine", "duckdb"], { cwd: root });
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_, by) => resolve(by)));
    // the writer's end, opened once the reader has opened the pipe: one row, then nothing
    const writer = openSync(fifo, "w");
    writeSync(
      writer,
      `${JSON.stringify({ id: "a", "credit score": 700, "annual income": 50000, "monthly debt": 500, "loan amount": 10000, employment: "salaried" })}\n`,
    );
    // stopped once DuckDB has started its output beside the old one
    while (readdirSync(out).length === 2) await sleep(20);
    child.kill("SIGTERM");
    // before, the process never ended: the test's own timeout fails it; after, it ends at once
    const ended = await Promise.race([exited, sleep(30_000).then(() => "still running")]);
    closeSync(writer);
    if (ended === "still running") child.kill("SIGKILL");
    expect(ended).toBe("SIGTERM");
    expect(readdirSync(out).sort()).toEqual(["rows.jsonl", "scored.jsonl"]);
    expect(readFileSync(output, "utf8")).toBe("the previous output\n");
    expect(stderr).toContain(`pdm score: stopped by SIGTERM: ${output} was not written`);
  });
});

describe("pdm score into its own input", () => {
  it("reads the whole input before the records replace it", () => {
    const input = join(dir, "same.jsonl");
    writeFileSync(input, [...lendingJsonl(1_000)].join(""));
    const r = spawnSync(process.execPath, [pdmBin(), "score", model, "--in", input, "--out", input, "--engine", "js"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(r.stderr).toMatch(/^scored 1,000 rows/);
    const records = readFileSync(input, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { row: number });
    expect(records.map((r) => r.row)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
    expect(lineCount(readFileSync(input, "utf8"))).toBe(1_000);
  });
});
