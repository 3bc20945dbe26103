// `pdm score` on Parquet files (DuckDB, the default `auto` engine), on JSONL with `--engine duckdb`, and on PostgreSQL tables
// (`--engine postgres`, when DATABASE_URL is set), as a user runs it: the built CLI in a child process.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdmBin } from "../server/spawn.js";
import { lendingJsonl } from "../../bench/batch/lending-states.js";
import { freshSchemaName, PG_URL } from "../ledger/backends.js";

const root = join(import.meta.dirname, "../..");
const model = join(root, "samples/lending/model.json");
const dir = mkdtempSync(join(tmpdir(), "pdm-score-tables-"));
const SUMMARY = /^scored ([\d,]+) rows, ([\d,]+) errors, in [\d.]+ s: [\d,]+ rows\/s$/;

const pdm = (args: string[], env: Record<string, string | undefined> = {}) =>
  spawnSync(process.execPath, [pdmBin(), "score", model, ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 1 << 28,
    env: { ...process.env, ...env },
  });

const ROWS = 3000;
const jsonlPath = join(dir, "rows.jsonl");
const parquetPath = join(dir, "rows.parquet");

beforeAll(async () => {
  // lending rows with an invalid one every 500 (a negative income)
  const lines = [...lendingJsonl(ROWS)].join("").trim().split("\n");
  for (let i = 250; i < lines.length; i += 500) lines[i] = lines[i]!.replace(/"annual income":\d+/, '"annual income":-5');
  writeFileSync(jsonlPath, lines.join("\n") + "\n");
  const instance = await DuckDBInstance.create(":memory:");
  const c = await instance.connect();
  await c.run(
    `COPY (SELECT * FROM read_json('${jsonlPath}', columns = {'id': 'VARCHAR', 'credit score': 'DOUBLE', 'annual income': 'DOUBLE', 'monthly debt': 'DOUBLE', 'loan amount': 'DOUBLE', 'employment': 'VARCHAR'})) TO '${parquetPath}' (FORMAT parquet)`,
  );
  await c.run(`COPY (SELECT id, "credit score" FROM '${parquetPath}') TO '${join(dir, "short.parquet")}' (FORMAT parquet)`);
  c.closeSync();
  instance.closeSync();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("pdm score --engine duckdb on a JSONL file", () => {
  it("writes the JS engine's records byte for byte, on one connection or two", { timeout: 300_000 }, () => {
    const js = pdm(["--in", jsonlPath, "--out", join(dir, "js-lines.jsonl"), "--engine", "js"]);
    expect(js.status).toBe(1);
    const expected = readFileSync(join(dir, "js-lines.jsonl"), "utf8");
    for (const workers of ["1", "2"]) {
      const out = join(dir, `duck-lines-${workers}.jsonl`);
      const duck = pdm(["--in", jsonlPath, "--out", out, "--engine", "duckdb", "--workers", workers]);
      expect(duck.status).toBe(1);
      expect(readFileSync(out, "utf8")).toBe(expected);
      expect(SUMMARY.exec(duck.stderr.trim())!.slice(1, 3)).toEqual([ROWS.toLocaleString("en-US"), String(ROWS / 500)]);
    }
    // written under a temporary name, renamed when complete: none is left
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("leaves a failed run's output as it was", { timeout: 300_000 }, () => {
    const outDir = mkdtempSync(join(tmpdir(), "pdm-score-late-"));
    try {
      // an input that opens but cannot be read (a directory: the first read fails, once the output is open)
      const out = join(outDir, "decisions.jsonl");
      writeFileSync(out, "the previous run's records\n");
      const failed = pdm(["--in", outDir, "--out", out, "--engine", "duckdb"]);
      expect(failed.status).not.toBe(0);
      expect(failed.status).not.toBe(1);
      expect(readFileSync(out, "utf8")).toBe("the previous run's records\n");
      // and a rename that fails once every record is written (the output's place is a directory)
      const taken = join(outDir, "taken");
      mkdirSync(taken);
      const late = pdm(["--in", jsonlPath, "--out", taken, "--engine", "duckdb"]);
      expect(late.status).not.toBe(0);
      expect(late.status).not.toBe(1);
      expect(readdirSync(outDir).sort()).toEqual(["decisions.jsonl", "taken"]);
      expect(readdirSync(taken)).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

describe("pdm score on a Parquet file", () => {
  it(
    "scores it with DuckDB by default, the JS engine's records byte for byte, in JSONL, CSV and Parquet",
    { timeout: 300_000 },
    async () => {
      const js = pdm(["--in", jsonlPath, "--out", join(dir, "js.jsonl"), "--engine", "js"]);
      expect(js.status).toBe(1);
      const expected = readFileSync(join(dir, "js.jsonl"), "utf8");
      expect(expected.split("\n").filter((l) => l.includes('"error"'))).toHaveLength(ROWS / 500);

      const duck = pdm(["--in", parquetPath, "--out", join(dir, "duck.jsonl")]);
      expect(duck.status).toBe(1);
      expect(readFileSync(join(dir, "duck.jsonl"), "utf8")).toBe(expected);
      expect(SUMMARY.exec(duck.stderr.trim())!.slice(1, 3)).toEqual([ROWS.toLocaleString("en-US"), String(ROWS / 500)]);

      const stdout = pdm(["--in", parquetPath, "--out", "-", "--quiet"]);
      expect(stdout.stdout).toBe(expected);

      pdm(["--in", jsonlPath, "--out", join(dir, "js.csv"), "--engine", "js"]);
      pdm(["--in", parquetPath, "--out", join(dir, "duck.csv")]);
      expect(readFileSync(join(dir, "duck.csv"), "utf8")).toBe(readFileSync(join(dir, "js.csv"), "utf8"));

      expect(pdm(["--in", parquetPath, "--out", join(dir, "duck.parquet")]).status).toBe(1);
      const instance = await DuckDBInstance.create(":memory:");
      const c = await instance.connect();
      const rows = (
        await c.runAndReadAll(`SELECT "row", id, risk, error FROM '${join(dir, "duck.parquet")}' ORDER BY "row"`)
      ).getRowObjectsJson();
      c.closeSync();
      instance.closeSync();
      const records = expected
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { row: number; id: string; decisions?: { risk: string }; error?: unknown });
      expect(
        rows.map((r) => [
          Number(r.row),
          JSON.parse(r.id as string),
          // typed columns: the risk's text, the error's fields (no problems listed: no `errors`)
          r.risk,
          r.error === null ? null : Object.fromEntries(Object.entries(r.error as object).filter(([, v]) => v !== null)),
        ]),
      ).toEqual(records.map((r) => [r.row, r.id, r.decisions?.risk ?? null, r.error ?? null]));
    },
  );

  it("keeps its lowerings in PDM_CACHE_DIR and reads them back, none another user could have written", { timeout: 300_000 }, () => {
    const cache = join(dir, "cache");
    const run = (out: string, env: Record<string, string> = { PDM_CACHE_DIR: cache }) => {
      expect(pdm(["--in", parquetPath, "--out", join(dir, out), "--engine", "duckdb"], env).status).toBe(1);
      return readFileSync(join(dir, out), "utf8");
    };
    const expected = run("cache-none.jsonl", { PDM_CACHE_DIR: "" });
    expect(existsSync(cache)).toBe(false);
    expect(run("cache-1.jsonl")).toBe(expected);
    // the plan and the query over the file's columns, private to the user
    const entries = () =>
      readdirSync(cache)
        .sort()
        .map((f) => ({ f, ...statSync(join(cache, f), { bigint: true }) }));
    const made = entries();
    expect(made).toHaveLength(2);
    expect(Number(statSync(cache).mode & 0o777)).toBe(0o700);
    expect(made.every((e) => Number(e.mode & 0o777n) === 0o600)).toBe(true);
    // read back, not made again: the same files (an entry is written to a new file and renamed), each touched as used
    expect(run("cache-2.jsonl")).toBe(expected);
    const read = entries();
    expect(read.map((e) => [e.f, e.ino])).toEqual(made.map((e) => [e.f, e.ino]));
    expect(read.every((e, i) => e.mtimeNs >= made[i]!.mtimeNs)).toBe(true);
    // an entry others could have written is not read: the lowering is made again, and kept anew
    for (const e of made) chmodSync(join(cache, e.f), 0o666);
    expect(run("cache-3.jsonl")).toBe(expected);
    expect(entries().map((e) => [e.f, Number(e.mode & 0o777n), e.ino === made.find((m) => m.f === e.f)!.ino])).toEqual(
      made.map((e) => [e.f, 0o600, false]),
    );
  });

  it("names each missing column in one error and writes nothing", () => {
    const out = join(dir, "short.jsonl");
    const r = pdm(["--in", join(dir, "short.parquet"), "--out", out]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    for (const column of ["annual income", "monthly debt", "loan amount", "employment"])
      expect(r.stderr).toContain(`the column "${column}" is missing`);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("is DuckDB's: the JS engine refuses Parquet", () => {
    const r = pdm(["--in", parquetPath, "--out", join(dir, "x.jsonl"), "--engine", "js"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Parquet input is DuckDB's");
  });
});

describe.skipIf(!PG_URL)("pdm score --engine postgres", () => {
  const schema = freshSchemaName();
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(
      `CREATE TABLE ${schema}.applicants (id text, "credit score" numeric, "annual income" numeric, "monthly debt" numeric, "loan amount" numeric, employment text)`,
    );
    await client.query(
      `INSERT INTO ${schema}.applicants VALUES ('a', 700, 85000, 400, 20000, 'salaried'), ('b', 640, -1, 0, 5000, 'retired'), ('c', 820, 120000, 0, 1000, 'contractor')`,
    );
  });
  afterAll(async () => {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it("scores the table into a new table; an existing one only with --replace", () => {
    const args = ["--engine", "postgres", "--table", `${schema}.applicants`, "--out-table", `${schema}.decisions`];
    const first = pdm(args, { DATABASE_URL: PG_URL });
    expect(first.status, first.stderr).toBe(1);
    expect(SUMMARY.exec(first.stderr.trim())!.slice(1, 3)).toEqual(["3", "1"]);
    const again = pdm(args, { DATABASE_URL: PG_URL });
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("exists (--replace replaces it)");
    expect(pdm([...args, "--replace"], { DATABASE_URL: PG_URL }).status).toBe(1);
    expect(pdm(args, { DATABASE_URL: "" }).stderr).toContain("DATABASE_URL");
  });

  it("writes the JS engine's decisions", async () => {
    const rows = (await client.query(`SELECT id, risk, approved, error FROM ${schema}.decisions ORDER BY id`)).rows;
    const input = join(dir, "pg.jsonl");
    writeFileSync(
      input,
      [
        { id: "a", "credit score": 700, "annual income": 85000, "monthly debt": 400, "loan amount": 20000, employment: "salaried" },
        { id: "b", "credit score": 640, "annual income": -1, "monthly debt": 0, "loan amount": 5000, employment: "retired" },
        { id: "c", "credit score": 820, "annual income": 120000, "monthly debt": 0, "loan amount": 1000, employment: "contractor" },
      ]
        .map((s) => JSON.stringify(s))
        .join("\n"),
    );
    pdm(["--in", input, "--out", join(dir, "pg.out.jsonl"), "--engine", "js"]);
    const records = readFileSync(join(dir, "pg.out.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id: string; decisions?: { risk: string; approved: boolean }; error?: unknown });
    expect(rows).toEqual(
      records.map((r) => ({ id: r.id, risk: r.decisions?.risk ?? null, approved: r.decisions?.approved ?? null, error: r.error ?? null })),
    );
  });
});
