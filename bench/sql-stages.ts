// `npm run bench:sql:stages -- <model> <rows.jsonl> [runs]` (model: lending or a corpus model's
// name): where a DuckDB JSONL → JSONL run's CPU goes, stage by stage, in process (no process start,
// no JS module): the screen (Node's pass over the file, jsonl-screen.ts), then the engine's own
// relation and query (jsonl-file.ts, narrowed to the digits the screen found) run by DuckDB four
// times, each time doing more: `read_json` of the typed inputs alone, the model's query over them,
// the query with each row's record text (records.ts), and the whole `COPY` of the records to a
// file. Each DuckDB stage includes the ones before it, so the differences are each stage's own
// cost. CPU seconds by process.cpuUsage (Node's thread and DuckDB's together), DuckDB on one thread
// as the engine runs it (THREADS=n to try more); the COPY's wall seconds beside. A row SQL leaves is
// written as NULL (the engine's JS fallback is not run: how many there were is printed).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { DuckDBInstance } from "@duckdb/node-api";
import { compileToSql } from "../src/compiler/index.js";
import { identifier, stringLiteral } from "../src/compiler/4-sql/dialects.js";
import { recordJson, unsure } from "../src/batch/duckdb/records.js";
import { jsonlRows, screenKeys, type CleanScreen } from "../src/batch/duckdb/jsonl-file.js";
import { screenJsonl } from "../src/batch/duckdb/jsonl-screen.js";
import { ID, LINE, PLAIN } from "../src/batch/duckdb/json-rows.js";
import type { TableRows } from "../src/batch/duckdb/table-rows.js";
import { benchModel } from "./sql-model.js";

const [name, path, runsText] = process.argv.slice(2) as [string, string, string?];
const runs = Number(runsText ?? 3);
const model = benchModel(name);

const walls: Record<string, number[]> = {};
const cpu = async (f: () => Promise<unknown>, stage = ""): Promise<number> => {
  const a = process.cpuUsage();
  const w = performance.now();
  await f();
  const b = process.cpuUsage(a);
  (walls[stage] ??= []).push((performance.now() - w) / 1000);
  return (b.user + b.system) / 1e6;
};

const planned = compileToSql(model, { dialect: "duckdb", source: "t", id: LINE, rowCondition: PLAIN, carry: [ID] });
if (!planned.ok) throw new Error("no SQL");
const keys = screenKeys(planned.query.inputs, "id")!;
const stages: Record<string, number[]> = { screen: [], read: [], query: [], records: [], copy: [] };
for (let r = 0; r < runs; r++) {
  let screen!: CleanScreen;
  stages.screen!.push(
    await cpu(async () => {
      screen = (await screenJsonl(path, keys.keys, keys.id)) as CleanScreen;
    }),
  );
  if (!screen.clean) throw new Error("not clean");
  let rows!: TableRows;
  const q = compileToSql(model, {
    narrow: screen.digits,
    dialect: "duckdb",
    carry: (inputs) => [ID, ...(rows = jsonlRows(screen, inputs, "id")).carry],
    source: (_, clusterBy) =>
      clusterBy.length > 0 ? `(SELECT * FROM ${rows.sql} ORDER BY ${clusterBy.map(identifier).join(", ")})` : rows.sql,
    id: LINE,
    rowCondition: PLAIN,
  });
  if (!q.ok) throw new Error("no SQL");
  const instance = await DuckDBInstance.create(":memory:", { threads: process.env.THREADS ?? "1" });
  const c = await instance.connect();
  await c.run("SET disabled_optimizers = 'in_clause'");
  const line = identifier(LINE);
  const record = recordJson(q.query.decisions, line, identifier(ID), false, false);
  const out = `CASE WHEN "$scored" AND NOT ${unsure(`"$record"`)} THEN "$record" END`;
  const scored = `SELECT ${line}, "$scored", ${record} AS "$record" FROM (${q.query.sql})`;
  const target = join(tmpdir(), `sql-stages-${process.pid}.jsonl`);
  stages.read!.push(await cpu(() => c.run(`SELECT count(*), max(COLUMNS(*)) FROM ${rows.sql}`)));
  stages.query!.push(await cpu(() => c.run(`SELECT count(*), max(COLUMNS(*)) FROM (${q.query.sql})`)));
  stages.records!.push(await cpu(() => c.run(`SELECT count(*), sum(length(${out})) FROM (${scored})`)));
  stages.copy!.push(
    await cpu(
      () =>
        c.run(
          `COPY (SELECT ${out} AS record FROM (${scored})) TO ${stringLiteral(target)} (FORMAT csv, QUOTE '', ESCAPE '', DELIMITER '\u0001', FORCE_QUOTE *, HEADER false)`,
        ),
      "copy",
    ),
  );
  const left = await c.runAndReadAll(`SELECT count(*) FILTER (WHERE NOT "$scored" OR ${unsure(`"$record"`)}) FROM (${scored})`);
  if (r === 0) console.log(name, "rows SQL leaves:", String(left.getRows()[0]![0]));
  rmSync(target, { force: true });
  c.closeSync();
  instance.closeSync();
}
const show = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(", ");
console.log(
  `${name}: copy wall ${show(walls.copy ?? [])} | ${Object.entries(stages)
    .map(([k, v]) => `${k} ${show(v)}`)
    .join(" | ")}`,
);
