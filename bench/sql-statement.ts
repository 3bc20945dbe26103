// `npm run bench:sql:statement -- <model> <rows.parquet> [variant.sql ...]` (model: lending or a
// corpus model's name): the COPY statement of a DuckDB Parquet → Parquet run (table-engine.ts hands
// it over at its `copy` mark), run again in process on the run's own connection (its JS fallback
// registered there), in alternating order with each variant (a file holding a statement of the
// reader's own, its target written TARGET and the file SOURCE: a hand-written query, other writer
// options; bench/sql-statement/ holds lending's, bench/RESULTS-sql.md what they gave), on
// STATEMENT_THREADS DuckDB threads (default 1), STATEMENT_ROUNDS rounds (default 5). CPU s by
// process.cpuUsage (every thread), best and median, the median wall s, the load average.
// STATEMENT_PROFILE=1 adds DuckDB's own profile of one more run of each: its operators' times,
// summed by kind (the Parquet writer, the projections, the scan). STATEMENT_SQL=<file> writes the
// statement (target TARGET) there, to start variants from.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { compileToSource } from "../src/compiler/index.js";
import { scoreTable } from "../src/batch/duckdb/table-engine.js";
import { benchModel } from "./sql-model.js";

const [name, path, ...variantFiles] = process.argv.slice(2) as [string, string, ...string[]];
const THREADS = Number(process.env.STATEMENT_THREADS ?? 1);
const ROUNDS = Number(process.env.STATEMENT_ROUNDS ?? 5);
const PROFILE = process.env.STATEMENT_PROFILE === "1";
const model = benchModel(name);
const source = compileToSource(model);
if (!source.ok) throw new Error("the model does not compile");
const dir = mkdtempSync(join(tmpdir(), "pdm-sql-statement-"));
const TARGET = "TARGET";

/** The statement's target, its last `TO '…'`, made TARGET. */
function withPlaceholder(statement: string): string {
  const at = statement.lastIndexOf(") TO '");
  const end = statement.indexOf("' (", at);
  return `${statement.slice(0, at)}) TO '${TARGET}'${statement.slice(end + 1)}`;
}

/** DuckDB's profile of one run: each operator kind's own time, summed (s). */
async function profile(connection: DuckDBConnection, sql: string): Promise<Record<string, number>> {
  const file = join(dir, "profile.json");
  await connection.run("PRAGMA enable_profiling = 'json'");
  await connection.run(`PRAGMA profiling_output = '${file}'`);
  await connection.run(sql);
  await connection.run("PRAGMA disable_profiling");
  type Node = { operator_type?: string; operator_timing?: number; children?: Node[] };
  const kinds: Record<string, number> = {};
  const walk = (n: Node) => {
    if (n.operator_type) kinds[n.operator_type] = (kinds[n.operator_type] ?? 0) + (n.operator_timing ?? 0);
    for (const c of n.children ?? []) walk(c);
  };
  walk(JSON.parse(readFileSync(file, "utf8")) as Node);
  return kinds;
}

async function measure(connection: DuckDBConnection, statement: string): Promise<void> {
  const runs: [string, string][] = [
    ["engine", withPlaceholder(statement)],
    ...variantFiles.map((f): [string, string] => [f, readFileSync(f, "utf8").split("'SOURCE'").join(`'${path}'`)]),
  ];
  if (process.env.STATEMENT_SQL) writeFileSync(process.env.STATEMENT_SQL, runs[0]![1]);
  const cpu: Record<string, number[]> = {};
  const wall: Record<string, number[]> = {};
  for (let r = 0; r < ROUNDS; r++)
    for (const [label, sql] of r % 2 === 0 ? runs : [...runs].reverse()) {
      const target = join(dir, `out-${runs.findIndex((x) => x[0] === label)}.parquet`);
      const a = process.cpuUsage();
      const t = performance.now();
      await connection.run(sql.split(`'${TARGET}'`).join(`'${target}'`));
      const b = process.cpuUsage(a);
      (wall[label] ??= []).push((performance.now() - t) / 1e3);
      (cpu[label] ??= []).push((b.user + b.system) / 1e6);
    }
  const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;
  for (const [label] of runs) {
    const xs = cpu[label]!;
    console.log(
      `${label}: CPU s ${xs.map((x) => x.toFixed(3)).join(", ")}; best ${Math.min(...xs).toFixed(3)}, median ${median(xs).toFixed(3)}; wall median ${median(wall[label]!).toFixed(3)}`,
    );
    if (PROFILE) {
      const kinds = await profile(
        connection,
        runs
          .find((x) => x[0] === label)![1]
          .split(`'${TARGET}'`)
          .join(`'${join(dir, "p.parquet")}'`),
      );
      console.log(
        `  profile (s): ${Object.entries(kinds)
          .map(([k, v]) => `${k} ${v.toFixed(3)}`)
          .join(", ")}`,
      );
    }
  }
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(", ")}; DuckDB threads ${THREADS}`,
  );
}

await scoreTable({
  model,
  strict: true,
  loadable: source.loadable,
  input: { format: "parquet", path },
  output: { format: "parquet", path: join(dir, "out.parquet") },
  exactDecimals: false,
  idField: "id",
  threads: THREADS,
  onStage: async (stage, run) => {
    if (stage === "copy") await measure(run.connection, run.statement!);
  },
});
rmSync(dir, { recursive: true, force: true });
