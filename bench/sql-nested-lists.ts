// `DATABASE_URL=… npm run bench:sql-nested-lists`: PostgreSQL's inner lists as `json` arrays (the
// lowering's) against `jsonb` arrays, by the CPU time of the PostgreSQL backend that runs the query
// (utime + stime of /proc/<backend pid>/stat: the server must run on this machine). A table of
// NESTED_ROWS (20,000) rows of a list of 0 to 6 numbers (seeded), a model of lists of lists (made,
// counted, indexed, filtered, iterated, summed), each representation's query run in alternating pairs
// (NESTED_PAIRS, 5); both must give the same rows (as jsonb: values, not spacing).
import { readFileSync } from "node:fs";
import pg from "pg";
import { compileToSql } from "../src/compiler/index.js";
import { DIALECTS } from "../src/compiler/4-sql/dialects.js";
import { seeded } from "../src/providers/seeded-random.js";

const URL = process.env.DATABASE_URL;
if (!URL) throw new Error("DATABASE_URL is not set");
const ROWS = Number(process.env.NESTED_ROWS ?? 20_000);
const PAIRS = Number(process.env.NESTED_PAIRS ?? 5);

const model = {
  content: {
    name: "nested",
    inputs: { xs: { type: ["number [-1000..1000]"], desc: "Which numbers?" } },
    decisions: {
      pairs: "for x in xs return [x, x * 2, null]",
      counted: "count(for i in 1..3 return xs[item > i * 100])",
      last: "(for x in xs return [x, x - 1])[-1]",
      longer: "(for i in 1..3 return xs[item > i * 100])[count(item) > 1]",
      sums: "sum(for l in (for x in xs return [x, 1, x * 3]) return sum(l))",
      anyBig: "some l in (for x in xs return [x, -x]) satisfies l[2] > 500",
    },
  },
};

const nest = DIALECTS.postgres.lists!.nest!;
const asJson = { ...nest };
/** The same lowering with jsonb arrays (key order would be lost for structs: numbers only here). */
const asJsonb: typeof nest = {
  type: "jsonb",
  wrap: (l) => `to_jsonb(${l})`,
  unwrap: (x, kind, v) =>
    asJson.unwrap(x, kind, v).replace("json_array_elements(", "jsonb_array_elements(").replaceAll("json_typeof(", "jsonb_typeof("),
  same: (a, b) => `(to_jsonb(${a}) = to_jsonb(${b}))`,
};

function queryWith(representation: typeof nest): string {
  Object.assign(nest, representation);
  const r = compileToSql(model, { dialect: "postgres", strict: false, source: "nested_bench", id: "id" });
  Object.assign(nest, asJson);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return `SELECT md5(string_agg(CAST(to_jsonb("$q") AS text), ',' ORDER BY "$q".id)) FROM (${r.query.sql}) AS "$q"`;
}

const cpu = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // ms (clock ticks of 10 ms)
};

const client = new pg.Client({ connectionString: URL });
await client.connect();
try {
  const pid = Number((await client.query("SELECT pg_backend_pid() AS p")).rows[0].p);
  const rnd = seeded(57);
  await client.query("CREATE TEMP TABLE nested_bench (id integer, xs numeric[])");
  for (let i = 0; i < ROWS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => {
      const n = Math.floor(rnd() * 7);
      const xs = Array.from({ length: n }, () => Math.round((rnd() * 2000 - 1000) * 100) / 100);
      return `(${i + k}, ARRAY[${xs.join(",")}]::numeric[])`;
    });
    await client.query(`INSERT INTO nested_bench VALUES ${rows.join(", ")}`);
  }
  await client.query("ANALYZE nested_bench");
  const queries = { json: queryWith(asJson), jsonb: queryWith(asJsonb) };
  const times: Record<string, number[]> = { json: [], jsonb: [] };
  const digests = new Set<string>();
  for (let p = 0; p < PAIRS; p++)
    for (const name of ["json", "jsonb"] as const) {
      const before = cpu(pid);
      const r = await client.query(queries[name]);
      times[name]!.push(cpu(pid) - before);
      digests.add(r.rows[0].md5 as string);
    }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [name, xs] of Object.entries(times))
    console.log(`${name}: backend CPU ms ${xs.join(", ")}; median ${median(xs)}, worst ${Math.max(...xs)}`);
  console.log(digests.size === 1 ? "the same rows in both" : `different rows: ${[...digests].join(" ")}`);
} finally {
  await client.end();
}
