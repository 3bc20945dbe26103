// A PostgreSQL table scored inside PostgreSQL (`pdm score --engine postgres`), against the JS
// engine: for every sample and corpus model that compiles to PostgreSQL's SQL, and generated models
// that do, seeded edge rows (ties, nulls, bounds, numbers outside the exact domain, invalid values)
// go into a table of typed columns; the output table must hold, row by row, the JS engine's
// decisions (numbers by exact value) or its error record. A missing column, a column of the wrong
// type, an existing output table: one error, nothing written. Runs when DATABASE_URL is set.
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileToSource, compileToSql, type InputColumn } from "../../src/compiler/index.js";
import { identifier } from "../../src/compiler/4-sql/dialects.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { rowScorer } from "../../src/batch/chunk-scorer.js";
import { PgTableError, scoreInPostgres } from "../../src/batch/postgres/in-place.js";
import type { ModelInput } from "../../src/ir/model.js";
import { fitsColumn } from "./typed-columns.js";
import { freshSchemaName, PG_URL } from "../ledger/backends.js";
import { isoDate, sameValue } from "../compiler/4-sql/engines.js";
import { statesFor } from "../compiler/4-sql/differential.js";
import { scalarModel } from "../compiler/4-sql/generated.js";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { CORPUS } from "../../bench/corpus/index.js";

type Row = Record<string, unknown>;

if (!PG_URL) console.warn("NOTICE: DATABASE_URL is not set; the PostgreSQL in-place scoring suite is skipped.");

const compiles = (m: ModelInput) => compileToSql(m, { dialect: "postgres" }).ok;
const MODELS: [string, ModelInput][] = [
  ...readdirSync("samples")
    .filter((d) => existsSync(`samples/${d}/model.json`))
    .map((d) => [d, JSON.parse(readFileSync(`samples/${d}/model.json`, "utf8")) as ModelInput] as [string, ModelInput]),
  ...CORPUS.map((c) => [c.name, c.model as ModelInput] as [string, ModelInput]),
  ...fc
    .sample(scalarModel, { numRuns: 150, seed: 28 })
    .filter(compiles)
    .slice(0, 4)
    .map((m, i) => [`generated-${i}`, m] as [string, ModelInput]),
  // lists of lists (inner lists as json arrays in the query): ragged, empty and null inner lists, null items
  [
    "nested-lists",
    {
      content: {
        name: "nested-lists",
        inputs: {
          xs: { type: ["number [-1000..1000]"], desc: "Which numbers?" },
          members: { type: [{ age: "number [0..120]", name: "string" }], desc: "Who?" },
        },
        decisions: {
          pairs: "for x in xs return [x, x * 2, null]",
          ragged: "for i in 1..3 return for x in xs[item > i * 100] return x - i",
          names: "for m in members return if m.age > 60 then null else [m.name]",
          counted: "count(for i in 1..3 return xs[item > i * 100])",
          last: "(for x in xs return [x * 0.25, x])[-1]",
          held: "{ages: for m in members return [m.age + 1], n: count(members)}",
        },
      },
    } as ModelInput,
  ] as [string, ModelInput],
  // dates before year 1 and past 9999, written by SQL and, for a number outside the exact domain, by the JS engine
  [
    "far-dates",
    {
      content: {
        name: "far-dates",
        inputs: { x: { type: "date", desc: "When?" }, n: { type: "number", desc: "How many?" } },
        decisions: {
          back: 'x - duration("P800000D")',
          on: 'x + duration("P1400000D")',
          year: '(x - @"P13M").year',
          later: "n + 1",
        },
      },
    } as ModelInput,
  ] as [string, ModelInput],
].filter(([, m]) => compiles(m));

const COLUMN_TYPES: Record<string, string> = { number: "numeric", string: "text", boolean: "boolean", date: "date", datetime: "text" };

/** An input's column type: a list an array of its items' type, a list of structs jsonb. */
const columnType = (c: InputColumn): string =>
  c.kind !== "list" ? COLUMN_TYPES[c.kind]! : c.items!.fields ? "jsonb" : `${COLUMN_TYPES[c.items!.kind]}[]`;

/** Whether the column holds the state's value as it is: a list of structs any JSON (jsonb), a list of scalars its items or nulls. */
function fits(v: unknown, c: InputColumn): boolean {
  if (c.kind !== "list") return fitsColumn(v, c.kind, true);
  if (c.items!.fields) return v !== undefined && !/\\u(0000|d[89a-f])/i.test(JSON.stringify(v));
  return Array.isArray(v) && v.every((x) => x === null || fitsColumn(x, c.items!.kind, true));
}

/** A value as a query parameter of its column. */
function parameter(v: unknown, c: InputColumn): unknown {
  if (v === undefined || v === null) return null;
  if (c.kind === "number") return String(v);
  if (c.kind === "list" && c.items!.fields) return JSON.stringify(v);
  return v;
}

let client: pg.Client;
const schema = freshSchemaName();
beforeAll(async () => {
  if (!PG_URL) return;
  // a date as FEEL's text (a year before 1 is PostgreSQL's BC)
  const date = (oid: number, format?: string) => (oid === 1082 ? isoDate : pg.types.getTypeParser(oid, format as "text"));
  client = new pg.Client({ connectionString: PG_URL, types: { getTypeParser: date as typeof pg.types.getTypeParser } });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
});
afterAll(async () => {
  if (!PG_URL) return;
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
});

/** A table of the states (`id` their index), with the values its typed columns hold; the states as the table has them. */
async function tableOf(name: string, inputs: InputColumn[], raw: Row[]): Promise<Row[]> {
  const states = raw.map((s) => {
    const row: Row = {};
    for (const c of inputs) if (fits(s[c.input], c)) row[c.column] = s[c.input];
    return row;
  });
  await client.query(
    `CREATE TABLE ${schema}.${identifier(name)} (id integer, ${inputs.map((c) => `${identifier(c.column)} ${columnType(c)}`).join(", ")})`,
  );
  for (let i = 0; i < states.length; i += 200) {
    const params: unknown[] = [];
    const tuples = states.slice(i, i + 200).map((s, k) => {
      const values = [i + k, ...inputs.map((c) => parameter(s[c.column], c))];
      const start = params.length;
      params.push(...values);
      return `(${values.map((_, j) => `$${start + j + 1}`).join(", ")})`;
    });
    await client.query(`INSERT INTO ${schema}.${identifier(name)} VALUES ${tuples.join(", ")}`, params);
  }
  return states;
}

describe.skipIf(!PG_URL).each(MODELS)("%s in PostgreSQL", (name, model) => {
  it("writes the JS engine's decisions or error for every row", { timeout: 600_000 }, async () => {
    const compiled = compileToSource(model);
    const sql = compileToSql(model, { dialect: "postgres" });
    if (!compiled.ok || !sql.ok) throw new Error("does not compile");
    const loaded = loadModel(compiled.loadable);
    const states = await tableOf(
      `${name}-in`,
      sql.query.inputs,
      statesFor(compiled.check.input, name === "insurance-rating" ? 200 : 500, name.length),
    );
    const tally = await scoreInPostgres({
      url: PG_URL!,
      model,
      strict: true,
      loadable: compiled.loadable,
      table: `${schema}.${name}-in`,
      outTable: `${schema}.${name}-out`,
      replace: false,
      idField: "id",
      fetch: 37,
    });
    const out = (await client.query(`SELECT * FROM ${schema}.${identifier(`${name}-out`)}`)).rows as Row[];
    expect(out.length).toBe(states.length);
    expect(tally.rows).toBe(states.length);
    const byId = new Map(out.map((r) => [Number(r.id), r]));
    const score = rowScorer(loaded, { input: "jsonl", output: "jsonl", exactDecimals: true, idField: "id" });
    let errors = 0;
    states.forEach((state, i) => {
      const row = byId.get(i)!;
      const lines: string[] = [];
      if (!score(i + 1, state, lines)) {
        errors++;
        expect(row.error, `row ${i}: ${JSON.stringify(state)}`).toEqual((JSON.parse(lines[0]!) as { error: unknown }).error);
        return;
      }
      expect(row.error).toBeNull();
      const values = loaded.evaluateToValues(state);
      for (const d of loaded.decisions) {
        expect(
          sameValue(values[d]!, row[d]),
          `row ${i}, ${d}: ${String(values[d])} vs ${JSON.stringify(row[d])} for ${JSON.stringify(state)}`,
        ).toBe(true);
      }
    });
    expect(tally.errors).toBe(errors);
    // SQL scored the rows it could; the JS engine took the rest
    expect(tally.byJs).toBeLessThan(states.length);
  });
});

describe.skipIf(!PG_URL)("a table that does not fit the model", () => {
  const lending = MODELS.find(([n]) => n === "lending")![1];
  const compiled = compileToSource(lending);
  if (!compiled.ok) throw new Error("does not check");
  const run = (table: string, outTable: string, replace = false) =>
    scoreInPostgres({
      url: PG_URL!,
      model: lending,
      strict: true,
      loadable: compiled.loadable,
      table,
      outTable,
      replace,
      idField: "id",
    }).then(
      () => null,
      (e: unknown) => e as Error,
    );
  const exists = async (table: string) => (await client.query("SELECT to_regclass($1)::text AS t", [table])).rows[0].t !== null;

  it("one error naming each missing column and each column of the wrong type; nothing written", async () => {
    await client.query(
      `CREATE TABLE ${schema}.bad (id text, "credit score" integer, "annual income" double precision, "monthly debt" numeric(12,2), employment boolean)`,
    );
    const e = await run(`${schema}.bad`, `${schema}.bad_out`);
    expect(e).toBeInstanceOf(PgTableError);
    expect(e!.message).toContain(`the column "annual income" is double precision, but the input is a number`);
    expect(e!.message).toContain(`the column "employment" is boolean, but the input is text`);
    expect(e!.message).toContain(`the column "loan amount" is missing`);
    expect(e!.message).not.toContain(`"credit score"`);
    expect(await exists(`${schema}.bad_out`)).toBe(false);
    expect((await run(`${schema}.absent`, `${schema}.x`))!.message).toContain("does not exist");
  });

  it("a list column of the wrong type is named: a list of structs needs jsonb, a list of numbers an array of them", async () => {
    const household = MODELS.find(([n]) => n === "household-benefit")![1];
    const c = compileToSource(household);
    if (!c.ok) throw new Error("does not check");
    await client.query(`CREATE TABLE ${schema}.households (id text, members json, rent numeric[])`);
    const e = await scoreInPostgres({
      url: PG_URL!,
      model: household,
      strict: true,
      loadable: c.loadable,
      table: `${schema}.households`,
      outTable: `${schema}.households_out`,
      replace: false,
      idField: "id",
    }).then(
      () => null,
      (x: unknown) => x as Error,
    );
    expect(e).toBeInstanceOf(PgTableError);
    expect(e!.message).toContain(`the column "members" is json, but the input is a list of structs (jsonb, an array of objects)`);
    expect(e!.message).toContain(`the column "rent" is numeric[], but the input is a number`);
    expect(await exists(`${schema}.households_out`)).toBe(false);
  });

  it("an existing output table is an error unless replaced", async () => {
    await client.query(
      `CREATE TABLE ${schema}.good (id text, "credit score" integer, "annual income" numeric, "monthly debt" numeric, "loan amount" numeric, employment text)`,
    );
    await client.query(
      `INSERT INTO ${schema}.good VALUES ('a', 700, 50000, 100, 10000, 'salaried'), ('b', 700, -1, 100, 10000, 'salaried')`,
    );
    await client.query(`CREATE TABLE ${schema}.taken (x integer)`);
    const e = await run(`${schema}.good`, `${schema}.taken`);
    expect(e).toBeInstanceOf(PgTableError);
    expect(e!.message).toContain("exists");
    expect((await client.query(`SELECT count(*)::int AS n FROM ${schema}.taken`)).rows[0].n).toBe(0);
    expect(await run(`${schema}.good`, `${schema}.taken`, true)).toBeNull();
    const rows = (await client.query(`SELECT id, risk, error FROM ${schema}.taken ORDER BY id`)).rows as Row[];
    expect(rows.map((r) => r.id)).toEqual(["a", "b"]);
    expect(rows[0]!.error).toBeNull();
    expect(rows[1]!.risk).toBeNull();
    expect((rows[1]!.error as { code: string }).code).toBe("state.invalid");
  });
});
