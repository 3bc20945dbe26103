// `pdm score` as a user runs it: the built CLI in a child process, files and standard streams.
import { spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { pdmBin } from "../server/spawn.js";
import { lendingJsonl, lendingRow } from "../../bench/batch/lending-states.js";
import { loadSample } from "../../bench/load-samples.js";
import { parseCsv } from "../../src/batch/csv.js";
import { compileModel } from "../../src/compiler/index.js";

const root = join(import.meta.dirname, "../..");
const model = join(root, "samples/lending/model.json");
const lending = loadSample("lending");
const dir = mkdtempSync(join(tmpdir(), "pdm-score-"));
const SUMMARY = /^scored ([\d,]+) rows, ([\d,]+) errors, in [\d.]+ s: [\d,]+ rows\/s$/;

// A preload that reports the process's peak resident set size (workers included) as it exits.
const REPORT_RSS = `data:text/javascript,process.on("exit",()=>process.stderr.write("maxRSS "+process.resourceUsage().maxRSS+"\\n"))`;

const pdm = (args: string[], options: { input?: string; preload?: string[] } = {}) =>
  spawnSync(process.execPath, [...(options.preload ?? []), pdmBin(), "score", ...args], {
    cwd: root,
    encoding: "utf8",
    input: options.input,
    maxBuffer: 1 << 28,
  });

const jsonl = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("pdm score", () => {
  it("scores JSONL into JSONL with row numbers and ids, and ends with a summary", () => {
    const input = file("cases.jsonl", lending.cases.map((c) => JSON.stringify({ id: c.name, ...c.state })).join("\n"));
    const out = join(dir, "cases.out.jsonl");
    const r = pdm([model, "--in", input, "--out", out]);
    expect(r.status).toBe(0);
    expect(jsonl(readFileSync(out, "utf8"))).toEqual(
      lending.cases.map((c, i) => ({ row: i + 1, id: c.name, decisions: c.expected.decisions })),
    );
    // Not a terminal: no progress line, only the summary.
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(SUMMARY);
    expect(SUMMARY.exec(lines[0]!)!.slice(1, 3)).toEqual([String(lending.cases.length), "0"]);
  });

  it("scores CSV into CSV: header columns in, decision columns out", () => {
    const columns = ["id", "credit score", "annual income", "monthly debt", "loan amount", "employment"];
    const body = lending.cases.map((c) => [c.name, ...columns.slice(1).map((k) => String(c.state[k]))].join(","));
    const input = file("cases.csv", `${columns.map((c) => `"${c}"`).join(",")}\r\n${body.join("\r\n")}\r\n`);
    const out = join(dir, "cases.out.csv");
    const r = pdm([model, "--in", input, "--out", out]);
    expect(r.status).toBe(0);
    const [header, ...records] = parseCsv(readFileSync(out, "utf8"));
    const names = Object.keys(lending.cases[0]!.expected.decisions);
    expect(header).toEqual(["row", "id", ...names, "error"]);
    expect(records).toEqual(lending.cases.map((c, i) => [String(i + 1), c.name, ...names.map((n) => String(c.expected.decisions[n])), ""]));
  });

  it("converts between formats by extension or by --in-format/--out-format", () => {
    const csv = file(
      "two.csv",
      `credit score,annual income,monthly debt,loan amount,employment\n${[780, 120000, 1500, 30000, "salaried"].join(",")}\n`,
    );
    const r = pdm([model, "--in", csv, "--out", "-", "--out-format", "jsonl"]);
    expect(r.status).toBe(0);
    expect(jsonl(r.stdout)).toEqual([{ row: 1, decisions: lending.cases.find((c) => c.name === "prime-salaried")!.expected.decisions }]);
    const r2 = pdm([model, "--in", "-", "--in-format", "jsonl", "--out", "-", "--out-format", "csv"], {
      input: `${JSON.stringify(lending.cases[0]!.state)}\n`,
    });
    expect(parseCsv(r2.stdout)).toHaveLength(2);
  });

  it("writes an error record for each failed row, goes on, and exits 1", () => {
    const good = JSON.stringify(lending.cases[0]!.state);
    const bad = JSON.stringify({ ...lending.cases[0]!.state, employment: "pirate", id: 42 });
    const out = join(dir, "errors.out.jsonl");
    const r = pdm([model, "--in", file("errors.jsonl", [good, bad, "{oops", good].join("\n")), "--out", out]);
    expect(r.status).toBe(1);
    const records = jsonl(readFileSync(out, "utf8"));
    expect(records.map((x) => x.row)).toEqual([1, 2, 3, 4]);
    expect(records[1]).toMatchObject({
      row: 2,
      id: 42,
      error: { code: "state.invalid", errors: [{ address: "inputs.employment", code: "state.enum" }] },
    });
    expect(records[2]).toMatchObject({ row: 3, error: { code: "row.json" } });
    expect(records[3].decisions).toEqual(lending.cases[0]!.expected.decisions);
    expect(SUMMARY.exec(r.stderr.trim())!.slice(1, 3)).toEqual(["4", "2"]);
  });

  it("gives each row the evaluation budget of --eval-budget: a row over it gets an error record, the rest are scored", () => {
    const loop = file(
      "loop.json",
      JSON.stringify({
        content: { name: "loop", inputs: { n: { type: "number", desc: "how long" } }, decisions: { total: "sum(for i in 1..n return i)" } },
        questions: {},
      }),
    );
    const ns = [10, 5000, 20, 400];
    const out = join(dir, "loop.out.jsonl");
    const r = pdm([
      loop,
      "--in",
      file("loop.jsonl", ns.map((n) => JSON.stringify({ n })).join("\n")),
      "--out",
      out,
      "--eval-budget",
      "1000",
    ]);
    expect(r.status).toBe(1);
    const records = jsonl(readFileSync(out, "utf8"));
    expect(records.map((x) => x.decisions?.total)).toEqual([55, undefined, 210, 80200]);
    expect(records[1]).toEqual({ row: 2, error: { code: "evaluation", message: expect.stringContaining("1,000 steps (--eval-budget)") } });
    expect(pdm([loop, "--in", join(dir, "loop.jsonl"), "--out", out, "--eval-budget", "none"]).status).toBe(2);
  });

  it("keeps input order with two workers", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => lendingRow(i));
    const out = join(dir, "order.out.jsonl");
    const r = pdm([
      model,
      "--in",
      file("order.jsonl", `${rows.map((x) => JSON.stringify(x)).join("\n")}\n`),
      "--out",
      out,
      "--workers",
      "2",
    ]);
    expect(r.status).toBe(0);
    const compiled = compileModel(lending.model);
    if (!compiled.ok) throw new Error("lending does not compile");
    const expected = rows.map((x, i) => ({
      row: i + 1,
      id: x.id,
      decisions: compiled.model.evaluate(x as unknown as Record<string, unknown>),
    }));
    expect(jsonl(readFileSync(out, "utf8"))).toEqual(expected);
  });

  it("reads stdin and writes stdout with -", () => {
    const input = lending.cases.map((c) => JSON.stringify(c.state)).join("\n");
    const r = pdm([model, "--in", "-", "--out", "-", "--quiet"], { input });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    expect(jsonl(r.stdout).map((x) => x.decisions)).toEqual(lending.cases.map((c) => c.expected.decisions));
  });

  it("reports an invalid model before writing anything, and unreadable input", () => {
    const out = join(dir, "never.jsonl");
    const r = pdm([join(root, "samples/broken/model.json"), "--in", file("one.jsonl", "{}\n"), "--out", out]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/invalid/);
    expect(existsSync(out)).toBe(false);
    expect(pdm([model, "--in", join(dir, "missing.jsonl"), "--out", out]).status).toBe(2);
    expect(pdm([model, "--in", join(dir, "one.jsonl")]).status).toBe(2);
    expect(pdm([model, "--in", join(dir, "one.jsonl"), "--out", out, "--workers", "0"]).status).toBe(2);
  });

  it("refuses a CSV header that names a column twice, with every engine, and writes nothing", () => {
    const input = file(
      "twice.csv",
      '"credit score","credit score","annual income","monthly debt","loan amount",employment\n700,x,1,1,1,retired\n',
    );
    for (const engine of ["js", "duckdb"]) {
      const out = join(dir, `twice-${engine}.jsonl`);
      const r = pdm([model, "--in", input, "--out", out, "--engine", engine]);
      expect(r.status).toBe(2);
      expect(r.stderr.trim()).toBe(`${input}: the header names the column "credit score" twice`);
      expect(existsSync(out)).toBe(false);
    }
  });

  it("refuses a CSV file with no header (empty, or a blank first line), with every engine, in the same words, and writes nothing", () => {
    for (const [name, text] of [
      ["empty.csv", ""],
      ["blank.csv", "\n700,1,1,1,retired\n"],
    ]) {
      const input = file(name!, text!);
      for (const engine of ["js", "duckdb"]) {
        const out = join(dir, `${name}-${engine}.jsonl`);
        const r = pdm([model, "--in", input, "--out", out, "--engine", engine]);
        expect(r.status, `${name} ${engine}`).toBe(2);
        expect(r.stderr.trim()).toBe(`${input}: the file has no header (no column names on its first line)`);
        expect(existsSync(out)).toBe(false);
      }
    }
  });

  it("streams in constant memory: ten times the rows, about the same peak RSS", async () => {
    const write = async (name: string, count: number) => {
      const path = join(dir, name);
      const stream = createWriteStream(path);
      for (const block of lendingJsonl(count)) if (!stream.write(block)) await new Promise<void>((r) => stream.once("drain", () => r()));
      stream.end();
      await finished(stream);
      return path;
    };
    const peak = (input: string) => {
      const r = pdm([model, "--in", input, "--out", join(dir, "big.out.jsonl"), "--workers", "2"], { preload: ["--import", REPORT_RSS] });
      expect(r.status).toBe(0);
      return Number(/maxRSS (\d+)/.exec(r.stderr)![1]) * 1024;
    };
    const small = peak(await write("20k.jsonl", 20_000));
    const bigFile = await write("200k.jsonl", 200_000);
    const big = peak(bigFile);
    const inputBytes = readFileSync(bigFile).length;
    const outputBytes = readFileSync(join(dir, "big.out.jsonl")).length;
    // Holding 200k rows (input text, parsed states, decisions, output text) would add about
    // 200 MB over the 20k-row run; streaming adds only the lazier growth of the V8 heaps.
    expect(inputBytes).toBeGreaterThan(20_000_000);
    expect(outputBytes).toBeGreaterThan(30_000_000);
    expect(big - small).toBeLessThan(120 * 1024 * 1024);
    expect(big).toBeLessThan(400 * 1024 * 1024);
  });
});
