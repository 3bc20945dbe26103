// `npm run bench:sql:records -- <model> <rows.jsonl> [runs]` (model: lending or a corpus model's
// name): what a DuckDB JSONL output's records cost, and what the forms of their text tried instead
// would cost. The file is screened and the model's query built as `pdm score --engine duckdb` builds
// them (jsonl-file.ts: the digits the screen found), the query's result kept as a table, then each
// form's text of every row hashed (`sum(hash(…))`) on one DuckDB thread, as the engine runs a JSONL
// output: the engine's record (records.ts), its row number and constant parts alone (the floor of
// one `concat` a row), the record without the listed literals' texts (every value formatted a row), and DuckDB's own
// JSON writer (`to_json` of a struct of the row and the decisions, whole-number decisions as
// BIGINT: the text `COPY … (FORMAT json)` writes a row, without the id). Then the COPY of the
// engine's records to a file beside the input and to /dev/null: the difference is the kernel's
// writing. CPU seconds by process.cpuUsage (Node's thread and DuckDB's together), each run printed.
import { rmSync } from "node:fs";
import { DuckDBInstance } from "@duckdb/node-api";
import { compileToSql, type OutputColumn } from "../src/compiler/index.js";
import { identifier, stringLiteral } from "../src/compiler/4-sql/dialects.js";
import { recordJson } from "../src/batch/duckdb/records.js";
import { jsonlRows, screenKeys, type CleanScreen } from "../src/batch/duckdb/jsonl-file.js";
import { screenJsonl } from "../src/batch/duckdb/jsonl-screen.js";
import { ID, LINE, PLAIN } from "../src/batch/duckdb/json-rows.js";
import type { TableRows } from "../src/batch/duckdb/table-rows.js";
import { benchModel } from "./sql-model.js";

const [name, path, runsText] = process.argv.slice(2) as [string, string, string?];
const runs = Number(runsText ?? 3);
const model = benchModel(name);

const planned = compileToSql(model, { dialect: "duckdb", source: "t", id: LINE, rowCondition: PLAIN, carry: [ID] });
if (!planned.ok) throw new Error(`${name} does not compile to SQL`);
const keys = screenKeys(planned.query.inputs, "id")!;
const screen = await screenJsonl(path, keys.keys, keys.id);
if (!screen.clean) throw new Error(`${path}: line ${screen.line}: ${screen.reason}`);
let rows!: TableRows;
const q = compileToSql(model, {
  narrow: (screen as CleanScreen).digits,
  dialect: "duckdb",
  carry: (inputs) => [ID, ...(rows = jsonlRows(screen as CleanScreen, inputs, "id")).carry],
  source: (_, clusterBy) =>
    clusterBy.length > 0 ? `(SELECT * FROM ${rows.sql} ORDER BY ${clusterBy.map(identifier).join(", ")})` : rows.sql,
  id: LINE,
  rowCondition: PLAIN,
});
if (!q.ok) throw new Error(`${name} does not compile to SQL`);

const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
const c = await instance.connect();
await c.run("SET disabled_optimizers = 'in_clause'");
await c.run(`CREATE TABLE scored AS SELECT * FROM (${q.query.sql})`);

const line = identifier(LINE);
const decisions = q.query.decisions;
const unlisted = decisions.map(({ listed: _, ...d }): OutputColumn => d);
const structJson = `CAST(to_json({'row': ${line}, 'decisions': {${decisions
  .map(
    (d) =>
      `${stringLiteral(d.name)}: ${d.kind === "number" && d.scale === 0 ? `CAST(${identifier(d.name)} AS BIGINT)` : identifier(d.name)}`,
  )
  .join(", ")}}}) AS VARCHAR)`;
const forms: Record<string, string> = {
  record: recordJson(decisions, line, identifier(ID), false, false),
  constants: `concat('{"row":', CAST(${line} AS VARCHAR), ${decisions.map((d, i) => stringLiteral(`${i ? "," : ""}${JSON.stringify(d.name)}:`)).join(", ")}, '}}')`,
  unlisted: recordJson(unlisted, line, identifier(ID), false, false),
  toJson: structJson,
};
const target = `${path}.records-${process.pid}.txt`;
const RAW = `FORMAT csv, QUOTE '', ESCAPE '', DELIMITER '\u0001', FORCE_QUOTE *, HEADER false`;
const copies: Record<string, string> = {
  copyFile: `COPY (SELECT ${forms.record} FROM scored) TO ${stringLiteral(target)} (${RAW})`,
  copyNull: `COPY (SELECT ${forms.record} FROM scored) TO '/dev/null' (${RAW})`,
};

const cpu = async (sql: string): Promise<string> => {
  const a = process.cpuUsage();
  await c.run(sql);
  const b = process.cpuUsage(a);
  return `${((b.user + b.system) / 1e6).toFixed(2)} (system ${(b.system / 1e6).toFixed(2)})`;
};
try {
  for (let r = 0; r < runs; r++) {
    const out: string[] = [];
    for (const [form, sql] of Object.entries(forms)) out.push(`${form} ${await cpu(`SELECT sum(hash(${sql})) FROM scored`)}`);
    for (const [form, sql] of Object.entries(copies)) {
      out.push(`${form} ${await cpu(sql)}`);
      rmSync(target, { force: true });
    }
    console.log(`${name}: ${out.join(" | ")}`);
  }
} finally {
  rmSync(target, { force: true });
  c.closeSync();
  instance.closeSync();
}
