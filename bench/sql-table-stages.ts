// `npm run bench:sql:table-stages -- <model> <rows.parquet> [runs]` (model: lending or a corpus
// model's name): where a DuckDB Parquet → Parquet and Parquet → JSONL run's CPU goes, stage by
// stage. First, in a child process of the built CLI (dist/, `node scripts/build.mjs` first), for
// each output: Node's own start (CPU before the first line runs), loading the CLI's module, and
// the whole `pdm score` run of a one-row copy of the file (the fixed cost: the score command's
// modules, the plan, compile, DuckDB's load) and of the whole file (BENCH_DIST=<a dist folder>: another
// build's CLI, for a base beside a change). Then in process (tsx, the
// sources): the plan (plan.ts, the model lowered once to decide), and scoreTable's own stages as
// it marks them (table-engine.ts `onStage`: DuckDB's instance and connection, the file's columns,
// the number digits, the query's lowering, the COPY that runs the query and writes every record,
// the rename), then the query alone over the same file (every result column consumed, nothing
// written) so that the COPY's writing is the difference. CPU seconds by process.cpuUsage (Node's
// thread and DuckDB's together); `runs` runs, each printed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { compileToSource } from "../src/compiler/index.js";
import { stringLiteral } from "../src/compiler/4-sql/dialects.js";
import type { ModelInput } from "../src/ir/model.js";
import { planDuckDb } from "../src/batch/duckdb/plan.js";
import { scoreTable, type TableStage } from "../src/batch/duckdb/table-engine.js";
import { CORPUS } from "./corpus/index.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const [name, path, runsText] = process.argv.slice(2) as [string, string, string?];
const runs = Number(runsText ?? 3);
/** BENCH_CHILD_ONLY=1: the child runs alone (a base build has no stage marks) */
const childOnly = process.env.BENCH_CHILD_ONLY === "1";
const model = (
  name === "lending"
    ? JSON.parse(readFileSync(join(root, "samples/lending/model.json"), "utf8"))
    : CORPUS.find((m) => m.name === name)!.model
) as ModelInput;
const dir = mkdtempSync(join(tmpdir(), "pdm-sql-table-stages-"));
const modelPath = join(dir, "model.json");
await import("node:fs").then((fs) => fs.writeFileSync(modelPath, JSON.stringify(model)));

// a one-row copy of the file: the run's fixed cost
const tiny = join(dir, "tiny.parquet");
{
  const instance = await DuckDBInstance.create(":memory:");
  const c = await instance.connect();
  await c.run(`COPY (SELECT * FROM read_parquet(${stringLiteral(path)}) LIMIT 1) TO ${stringLiteral(tiny)} (FORMAT parquet)`);
  c.closeSync();
  instance.closeSync();
}

const seconds = (u: { user: number; system: number }) => (u.user + u.system) / 1e6;

/** One `pdm score` in a child: CPU before its first line, loading the CLI, the run. */
const dist = process.env.BENCH_DIST ?? join(root, "dist");
function child(input: string, out: string): { start: number; cli: number; run: number } {
  const code = `const a = process.cpuUsage(); const { main } = await import(${JSON.stringify(join(dist, "cli.mjs"))}); const b = process.cpuUsage(); const exit = await main(${JSON.stringify(["score", modelPath, "--in", input, "--out", out, "--engine", "duckdb", "--quiet"])}); const c = process.cpuUsage(); process.stdout.write(JSON.stringify({ exit, a, b, c }));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" });
  const { exit, a, b, c } = JSON.parse(r.stdout) as Record<string, { user: number; system: number }> & { exit: number };
  if (exit !== 0 && exit !== 1) throw new Error(`exit ${exit}: ${r.stderr}`);
  const d = (x: { user: number; system: number }, y: { user: number; system: number }) =>
    seconds({ user: y.user - x.user, system: y.system - x.system });
  return { start: seconds(a), cli: d(a, b), run: d(b, c) };
}

const rows: Record<string, number[]> = {};
const add = (k: string, v: number) => (rows[k] ??= []).push(v);
for (let r = 0; r < runs; r++) {
  for (const format of ["parquet", "jsonl"] as const) {
    const out = join(dir, `out.${format}`);
    const fixed = child(tiny, out);
    add("node start", fixed.start);
    add("CLI module", fixed.cli);
    add(`${format}: one-row run`, fixed.run);
    add(`${format}: whole run`, child(path, out).run);
    if (childOnly) continue;

    const source = compileToSource(model);
    if (!source.ok) throw new Error("the model does not compile");
    const cpu0 = process.cpuUsage();
    const plan = planDuckDb(model, { strict: true, idField: "id", inputFormat: "parquet", outputFormat: format, defaultLimits: true });
    if (!plan.ok) throw new Error(plan.reason);
    add(`${format}: plan`, seconds(process.cpuUsage(cpu0)));
    let mark = process.cpuUsage();
    const stage = async (s: TableStage, run: { connection: DuckDBConnection; query?: string }) => {
      add(`${format}: ${s}`, seconds(process.cpuUsage(mark)));
      if (run.query !== undefined) {
        // the query alone, every column read, nothing written (not part of the run)
        const q = process.cpuUsage();
        await run.connection.run(`SELECT count(*), max(COLUMNS(*)) FROM (${run.query})`);
        add(`${format}: (query alone)`, seconds(process.cpuUsage(q)));
      }
      mark = process.cpuUsage();
    };
    await scoreTable({
      model,
      strict: true,
      loadable: source.loadable,
      input: { format: "parquet", path },
      output: { format, path: out },
      exactDecimals: false,
      idField: "id",
      onStage: stage,
    });
    rmSync(out, { force: true });
  }
}
rmSync(dir, { recursive: true, force: true });
const show = (xs: number[]) => xs.map((x) => x.toFixed(3)).join(", ");
for (const [k, v] of Object.entries(rows)) console.log(`${name} ${k.padEnd(24)} ${show(v)}`);
