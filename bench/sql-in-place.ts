// PostgreSQL in place, taken apart: household-benefit's rows (the corpus generator, seed 55) in a
// table `(id integer, members jsonb, rent numeric)`, then the stages the in-place run goes
// through, each timed on its own (wall time: PostgreSQL's backend does the work).
// DATABASE_URL set; `npm run bench:sql:in-place -- <command>`:
//   load N     make the table (IN_PLACE_TABLE, default in_place_hb) of N rows
//   stages     the in-place run's statements one by one, each its backend's CPU and wall time
//   run        the whole run (pdm score's path): wall time, this process's CPU, the backend's CPU
//   verify N   every row of the output table against the compiled module's decisions
//   sql        the query's text;  drop: both tables dropped
import pg from "pg";
import { readFileSync } from "node:fs";
import { compileToSource, compileToSql } from "../src/compiler/index.js";
import { scoreInPostgres } from "../src/batch/postgres/in-place.js";
import { householdBenefit } from "./corpus/household-benefit.js";
import { statesOf } from "./corpus/random.js";
import type { ModelInput } from "../src/ir/model.js";
import { loadModel } from "../src/compiler/5-load/compiled-model.js";
import { Decimal, isDecimal } from "../src/runtime/decimal.js";

const url = process.env.DATABASE_URL!;
const TABLE = process.env.IN_PLACE_TABLE ?? "in_place_hb";
const OUT = `${TABLE}_out`;
const model = householdBenefit.model as ModelInput;

async function load(client: pg.Client, n: number): Promise<void> {
  const states = statesOf(householdBenefit.state, n, 55);
  await client.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await client.query(`CREATE TABLE ${TABLE} (id integer, members jsonb, rent numeric)`);
  for (let i = 0; i < states.length; i += 500) {
    const params: unknown[] = [];
    const tuples = states.slice(i, i + 500).map((s, k) => {
      params.push(i + k, JSON.stringify(s.members), String(s.rent));
      return `($${params.length - 2}, $${params.length - 1}, $${params.length})`;
    });
    await client.query(`INSERT INTO ${TABLE} VALUES ${tuples.join(", ")}`, params);
  }
  await client.query(`ANALYZE ${TABLE}`);
}

const time = async (what: string, f: () => Promise<unknown>): Promise<number> => {
  const t = performance.now();
  await f();
  const s = (performance.now() - t) / 1000;
  console.log(`${what}: ${s.toFixed(2)} s`);
  return s;
};

/** A backend's CPU seconds so far (user + sys), from /proc: the server runs on this machine. */
function backendCpu(pid: number): number | undefined {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The whole in-place run: wall time, this process's CPU, and its backend's CPU (found by application name, read until it ends). */
async function run(): Promise<void> {
  const compiled = compileToSource(model);
  if (!compiled.ok) throw new Error("does not compile");
  const name = `sql-in-place-${process.pid}`;
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  let backend = 0;
  let seen: number | undefined;
  let asking = false;
  const poll = setInterval(() => {
    if (backend !== 0) seen = backendCpu(backend) ?? seen;
    else if (!asking) {
      asking = true;
      void watcher
        .query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = $1", [name])
        .then((r) => ((backend = r.rows[0]?.pid ?? 0), (asking = false)));
    }
  }, 20);
  const own = process.cpuUsage();
  const wall = await time("in place, wall", () =>
    scoreInPostgres({
      url: `${url}${url.includes("?") ? "&" : "?"}application_name=${name}`,
      model,
      strict: true,
      loadable: compiled.loadable,
      table: TABLE,
      outTable: OUT,
      replace: true,
      idField: "id",
    }),
  );
  clearInterval(poll);
  await watcher.end();
  const used = process.cpuUsage(own);
  console.log(
    JSON.stringify({ wall, pdmCpu: (used.user + used.system) / 1e6, backendCpu: seen, load: (await import("node:os")).loadavg()[0] }),
  );
}

async function stages(client: pg.Client): Promise<void> {
  const sql = compileToSql(model, { dialect: "postgres", source: `(SELECT ctid AS "$ctid", * FROM ${TABLE})`, id: "id", carry: ["$ctid"] });
  if (!sql.ok) throw new Error("does not compile");
  const pid = (await client.query<{ p: number }>("SELECT pg_backend_pid() AS p")).rows[0]!.p;
  const step = async (what: string, statement: string) => {
    const cpu = backendCpu(pid)!;
    const wall = await time(what, () => client.query(statement));
    console.log(`  backend CPU ${(backendCpu(pid)! - cpu).toFixed(2)} s, wall ${wall.toFixed(2)} s`);
  };
  const out = `${OUT}_stages`;
  await client.query(`DROP TABLE IF EXISTS ${out}`);
  await step("BEGIN", "BEGIN");
  await step("CREATE TABLE AS", `CREATE TABLE ${out} AS SELECT "$q".*, CAST(NULL AS json) AS "error" FROM (${sql.query.sql}) AS "$q"`);
  await step("rows left", `SELECT count(*) FROM ${out} WHERE NOT "$scored"`);
  await step("DROP COLUMN", `ALTER TABLE ${out} DROP COLUMN "$ctid", DROP COLUMN "$scored"`);
  await step("COMMIT", "COMMIT");
  await client.query(`DROP TABLE ${out}`);
}

/** Every row of the output table against the compiled module's decisions on the same state (numbers by exact value). */
async function verify(client: pg.Client, n: number): Promise<void> {
  const compiled = compileToSource(model);
  if (!compiled.ok) throw new Error("does not compile");
  const loaded = loadModel(compiled.loadable);
  const states = statesOf(householdBenefit.state, n, 55);
  const rows = (await client.query<Record<string, unknown>>(`SELECT * FROM ${OUT}`)).rows;
  let differ = 0;
  for (const row of rows) {
    const values = loaded.evaluateToValues(states[Number(row.id)]!);
    for (const d of loaded.decisions) {
      const [feel, sql] = [values[d], row[d]];
      const same = isDecimal(feel) ? sql !== null && feel.eq(new Decimal(String(sql))) : feel === sql;
      if (!same && differ++ < 3) console.log(`row ${String(row.id)}, ${d}: ${String(feel)} vs ${JSON.stringify(sql)}`);
    }
  }
  console.log(`${rows.length} rows, ${differ} values differ`);
}

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const [cmd, n] = process.argv.slice(2);
  if (cmd === "load") await load(client, Number(n ?? 20000));
  else if (cmd === "stages") await stages(client);
  else if (cmd === "run") await run();
  else if (cmd === "sql") {
    const sql = compileToSql(model, {
      dialect: "postgres",
      source: `(SELECT ctid AS "$ctid", * FROM ${TABLE})`,
      id: "id",
      carry: ["$ctid"],
    });
    if (sql.ok) console.log(sql.query.sql);
  } else if (cmd === "verify") await verify(client, Number(n ?? 20000));
  else if (cmd === "drop") await client.query(`DROP TABLE IF EXISTS ${TABLE}, ${OUT}`);
} finally {
  await client.end();
}
