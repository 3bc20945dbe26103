// DuckDB scoring Parquet and CSV files where they lie, against the JS engine. For every sample and
// corpus model that compiles to DuckDB's SQL, and generated models that do: seeded edge rows (ties,
// nulls, bounds, numbers outside the exact domain, invalid values) are written as JSONL, as CSV
// and, by DuckDB itself, as Parquet. Then:
// - DuckDB from CSV writes the JS engine's bytes for the same CSV, as JSONL and as CSV;
// - DuckDB from Parquet writes the JS engine's bytes for the same rows as JSONL, as JSONL and CSV,
//   and a Parquet file whose every row holds the JSON texts of the JS engine's record;
// - a missing column or a column of the wrong type is one error naming it, and nothing is written.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, describe, expect, it } from "vitest";
import { compileToSource, compileToSql, type InputColumn, type OutputColumn } from "../../src/compiler/index.js";
import { identifier, stringLiteral } from "../../src/compiler/4-sql/dialects.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { pieceScorer } from "../../src/batch/chunk-scorer.js";
import { csvCell, csvRecord, csvField } from "../../src/batch/csv.js";
import { parquetRefusals } from "../../src/batch/duckdb/parquet-columns.js";
import { planDuckDb } from "../../src/batch/duckdb/plan.js";
import { scoreTable, TableError } from "../../src/batch/duckdb/table-engine.js";
import type { OutputFormat } from "../../src/batch/duckdb/table-fallback.js";
import type { ModelInput } from "../../src/ir/model.js";
import { CORPUS } from "../../bench/corpus/index.js";
import { fitsColumn } from "./typed-columns.js";
import { isoDate } from "../compiler/4-sql/engines.js";
import { statesFor } from "../compiler/4-sql/differential.js";
import { scalarModel } from "../compiler/4-sql/generated.js";

type Row = Record<string, unknown>;

/** The model is one DuckDB scores from a table file: it compiles, and the engine's plan for Parquet takes it (no list input, docs/sql.md). */
const tableScored = (m: ModelInput) =>
  planDuckDb(m, { strict: true, idField: "id", inputFormat: "parquet", outputFormat: "jsonl", defaultLimits: true }).ok;

const MODELS: [string, ModelInput][] = [
  ...readdirSync("samples")
    .filter((d) => existsSync(`samples/${d}/model.json`))
    .map((d) => [d, JSON.parse(readFileSync(`samples/${d}/model.json`, "utf8")) as ModelInput] as [string, ModelInput]),
  ...CORPUS.map((c) => [c.name, c.model as ModelInput] as [string, ModelInput]),
  // dates before year 1 and past 9999 (`-0002-03-01`, `13832-01-26`), in a context too
  [
    "far-dates",
    {
      content: {
        name: "far-dates",
        inputs: { day: { type: "date", desc: "day?" }, n: { type: "number", desc: "n?" } },
        decisions: { back: 'day - duration("P800000D")', on: 'day + duration("P1400000D")', held: "{back: back, n: n}" },
      },
    } as ModelInput,
  ] as [string, ModelInput],
  // decisions that are lists or hold them: of numbers (nulls among them), strings, dates, booleans,
  // contexts (a null one among them), lists; empty ones; in a context; filtered, sorted, joined
  [
    "lists",
    {
      content: {
        name: "lists",
        inputs: {
          a: { type: "number", desc: "a?" },
          b: { type: "number [-50..50]", desc: "b?" },
          s: { type: "string", desc: "s?" },
          day: { type: "date", desc: "day?" },
          yes: { type: "boolean", desc: "yes?" },
        },
        decisions: {
          numbers: "[a, b, a / 8, null, decimal(b * 1.005, 2)]",
          positive: "numbers[item > 0]",
          sorted: "sort([b, 3, -7.25, 0], function(x, y) x < y)",
          strings: 'concatenate([s, upper case(s)], if yes then ["yes"] else [])',
          days: 'for k in 0..2 return day + duration("P1D") * k',
          flags: "[yes, not(yes), null]",
          people: '[{name: s, age: b, on: day}, null, {name: "x", age: a, on: null}]',
          held: "{totals: [a + b, a - b], none: [], inner: {xs: [b]}}",
          nested: "[[a, b], [], [null]]",
          empty: "[]",
        },
      },
    } as ModelInput,
  ] as [string, ModelInput],
].filter(([, m]) => tableScored(m));

/** The model's result columns, as the DuckDB query has them. */
const outputs = (m: ModelInput): OutputColumn[] =>
  (compileToSql(m, { dialect: "duckdb" }) as { query: { decisions: OutputColumn[] } }).query.decisions;

const dir = mkdtempSync(join(tmpdir(), "pdm-duckdb-tables-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PARQUET_TYPES: Record<string, string> = { number: "DOUBLE", string: "VARCHAR", boolean: "BOOLEAN", date: "DATE" };

/** Text ids whose JSON and CSV texts differ from the text: a quote, a separator, a line break, a backslash, a tab, non-ASCII, a control character. */
const IDS = [(i: number) => `R-${i}`, (i: number) => `q"${i},\n`, (i: number) => `é😀\\${i}\t`, (i: number) => `\u0001${i}`];

/** Rows that a typed Parquet file can hold: each value of its column's kind, or missing; every third without an id. */
function tableStates(model: ModelInput, count: number, seed: number): { states: Row[]; inputs: InputColumn[] } {
  const compiled = compileToSource(model);
  if (!compiled.ok) throw new Error("does not check");
  const sql = compileToSql(model, { dialect: "duckdb" });
  if (!sql.ok) throw new Error("does not compile");
  const inputs = sql.query.inputs;
  const states = statesFor(compiled.check.input, count, seed).map((s, i) => {
    const row: Row = {};
    if (i % 3 !== 2) row.id = IDS[i % IDS.length]!(i);
    for (const c of inputs) if (fitsColumn(s[c.input], c.kind)) row[c.column] = s[c.input];
    return row;
  });
  return { states, inputs };
}

function csvText(states: Row[], inputs: InputColumn[]): string {
  const columns = ["id", ...inputs.map((c) => c.column)];
  const cell = (v: unknown) => (v === undefined ? "" : csvCell(v));
  return [csvRecord(columns.map(csvField)), ...states.map((s) => csvRecord(columns.map((c) => cell(s[c]))))].join("\r\n") + "\n";
}

const sqlValue = (v: unknown, kind: string): string =>
  v === undefined
    ? "NULL"
    : kind === "number"
      ? `CAST(${stringLiteral(String(v))} AS DOUBLE)`
      : kind === "date"
        ? `DATE ${stringLiteral(String(v))}`
        : kind === "boolean"
          ? String(v)
          : stringLiteral(String(v));

async function writeParquet(path: string, states: Row[], inputs: InputColumn[], rowGroupSize?: number): Promise<void> {
  const instance = await DuckDBInstance.create(":memory:");
  const c = await instance.connect();
  const columns = [{ column: "id", kind: "string" }, ...inputs];
  await c.run(`CREATE TABLE t (${columns.map((x) => `${identifier(x.column)} ${PARQUET_TYPES[x.kind]}`).join(", ")})`);
  for (let i = 0; i < states.length; i += 500) {
    const values = states.slice(i, i + 500).map((s) => `(${columns.map((x) => sqlValue(s[x.column], x.kind)).join(", ")})`);
    await c.run(`INSERT INTO t VALUES ${values.join(", ")}`);
  }
  await c.run(`COPY t TO ${stringLiteral(path)} (FORMAT parquet${rowGroupSize ? `, ROW_GROUP_SIZE ${rowGroupSize}` : ""})`);
  c.closeSync();
  instance.closeSync();
}

/** The JS engine's records for a piece of input. */
function jsRecords(
  model: ModelInput,
  input: "jsonl" | "csv",
  output: "jsonl" | "csv",
  text: string,
  exactDecimals: boolean,
): { text: string; rows: number; errors: number } {
  const compiled = compileToSource(model);
  if (!compiled.ok) throw new Error("does not check");
  const js = pieceScorer(loadModel(compiled.loadable), { input, output, exactDecimals, idField: "id" });
  const sink = new ByteSink(new Uint8Array(1 << 16));
  let body = text;
  let columns: string[] | undefined;
  if (input === "csv") {
    const end = text.indexOf("\n");
    columns = text.slice(0, end).replace(/\r$/, "").split(",");
    body = text.slice(end + 1);
  }
  const header = output === "csv" ? `${csvRecord(["row", "id", ...loadModel(compiled.loadable).decisions, "error"].map(csvField))}\n` : "";
  const r = js({ bytes: new TextEncoder().encode(body), first: 1, columns }, sink);
  return { text: header + new TextDecoder().decode(sink.view()), ...r };
}

async function duck(
  model: ModelInput,
  input: { format: "csv" | "parquet"; path: string },
  format: OutputFormat,
  exactDecimals: boolean,
  name: string,
) {
  const compiled = compileToSource(model);
  if (!compiled.ok) throw new Error("does not check");
  const path = join(dir, `${name}.${format}`);
  const tally = await scoreTable({
    model,
    strict: true,
    loadable: compiled.loadable,
    input,
    output: { format, path },
    exactDecimals,
    idField: "id",
    threads: 2,
  });
  return { path, tally };
}

/**
 * A Parquet output's rows as the JSONL records they stand for (read back with `read_parquet`): the
 * id's JSON text parsed, a decision's typed value as the JSON value (a DATE as FEEL's text, an
 * empty context's text parsed), the error STRUCT as the error object (a null field: one it does not have).
 */
async function parquetRecords(path: string, decisions: OutputColumn[]): Promise<unknown[]> {
  const instance = await DuckDBInstance.create(":memory:");
  const c = await instance.connect();
  const result = await c.runAndReadAll(`SELECT * FROM read_parquet(${stringLiteral(path)})`);
  const rows = result.getRowObjectsJson() as Record<string, unknown>[];
  c.closeSync();
  instance.closeSync();
  const value = (column: OutputColumn, v: unknown): unknown =>
    v === null
      ? null
      : column.fields
        ? column.fields.length === 0
          ? JSON.parse(v as string)
          : Object.fromEntries(column.fields.map((f) => [f.name, value(f, (v as Record<string, unknown>)[f.name])]))
        : column.kind === "list"
          ? (v as unknown[]).map((x) => value(column.element!, x))
          : column.kind === "date"
            ? isoDate(v as string)
            : v;
  return rows.map((r) => {
    const record: Record<string, unknown> = { row: Number(r.row) };
    if (r.id !== null) record.id = JSON.parse(r.id as string);
    if (r.error !== null) {
      // a field the error record does not have is null
      const present = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));
      const { errors, ...rest } = r.error as Record<string, unknown>;
      record.error = errors === null ? present(rest) : { ...present(rest), errors: (errors as object[]).map(present) };
    } else record.decisions = Object.fromEntries(decisions.map((d) => [d.name, value(d, r[d.name])]));
    return record;
  });
}

/** JSONL records as objects. */
const parsed = (text: string): unknown[] =>
  text
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as unknown);

async function agree(name: string, model: ModelInput, rows: number, seed: number): Promise<number> {
  const { states, inputs } = tableStates(model, rows, seed);
  const jsonl = states.map((s) => JSON.stringify(s)).join("\n") + "\n";
  const csv = join(dir, `${name}.in.csv`);
  const parquet = join(dir, `${name}.in.parquet`);
  writeFileSync(csv, csvText(states, inputs));
  await writeParquet(parquet, states, inputs);
  let sqlRows = 0;
  // the 3,700-rule rating table takes DuckDB seconds to plan: one pass of it
  for (const exact of name === "insurance-rating" ? [false] : [false, true]) {
    for (const out of ["jsonl", "csv"] as const) {
      const fromCsv = jsRecords(model, "csv", out, readFileSync(csv, "utf8"), exact);
      const d1 = await duck(model, { format: "csv", path: csv }, out, exact, `${name}-csv-${out}`);
      expect(readFileSync(d1.path, "utf8"), `${name}: CSV → ${out}${exact ? " --exact" : ""}`).toBe(fromCsv.text);
      expect({ rows: d1.tally.rows, errors: d1.tally.errors }).toEqual({ rows: fromCsv.rows, errors: fromCsv.errors });
      const fromJsonl = jsRecords(model, "jsonl", out, jsonl, exact);
      const d2 = await duck(model, { format: "parquet", path: parquet }, out, exact, `${name}-parquet-${out}`);
      expect(readFileSync(d2.path, "utf8"), `${name}: Parquet → ${out}${exact ? " --exact" : ""}`).toBe(fromJsonl.text);
      expect({ rows: d2.tally.rows, errors: d2.tally.errors }).toEqual({ rows: fromJsonl.rows, errors: fromJsonl.errors });
      sqlRows += d2.tally.rows - d2.tally.byJs;
    }
    const d3 = await duck(model, { format: "parquet", path: parquet }, "parquet", exact, `${name}-parquet-parquet`);
    expect(await parquetRecords(d3.path, outputs(model)), `${name}: Parquet → Parquet`).toEqual(
      parsed(jsRecords(model, "jsonl", "jsonl", jsonl, exact).text),
    );
  }
  return sqlRows;
}

describe("the models DuckDB scores from a table file", () => {
  it("include those whose decisions are or hold lists (a corpus model's list of contexts among them)", () => {
    expect(MODELS.map(([name]) => name)).toEqual(expect.arrayContaining(["lists", "tax-brackets"]));
  });
});

describe.each(MODELS)("%s from Parquet and CSV", (name, model) => {
  it("writes the JS engine's records, in every output format", { timeout: 600_000 }, async () => {
    const sqlRows = await agree(name, model, name === "insurance-rating" ? 200 : 600, name.length);
    // SQL scored most rows itself (the rest are invalid or outside its exact domain)
    expect(sqlRows).toBeGreaterThan(0);
  });
});

/** A choice of twelve values, whose check DuckDB would run as a join with them (which does not keep the rows' order). */
const REGIONS: ModelInput = {
  content: {
    name: "regions",
    inputs: {
      region: { type: "a|b|c|d|e|f|g|h|i|j|k|l", desc: "Which region?" },
      amount: { type: "number", desc: "How much?" },
    },
    decisions: { share: 'if region = "a" then decimal(amount / 3, 2) else amount' },
  },
};

describe("a Parquet file of many row groups", () => {
  // the rating model is looked up in its grid (grid.ts); with one cell that reads another input it
  // is a tree of CASEs again, whose rows are sorted by the table's columns before the query (cluster.ts)
  const rating = MODELS.find(([n]) => n === "insurance-rating")!;
  const tree = structuredClone(rating[1]) as { content: { decisions: Record<string, string[][]> } };
  tree.content.decisions["base premium"]![1]![2] = "< no claims years + 18";
  const models: [string, ModelInput][] = [
    MODELS.find(([n]) => n === "lending") ?? MODELS[0]!,
    ["regions", REGIONS],
    rating,
    ["rating-tree", tree as unknown as ModelInput],
  ];
  it("sorts the rating model's rows before its query when its table is a tree, not when it is a grid", () => {
    const sorted = compileToSql(tree as unknown as ModelInput, { dialect: "duckdb" });
    expect(sorted.ok && sorted.query.clusterBy.length).toBeGreaterThan(0);
    const grid = compileToSql(rating[1], { dialect: "duckdb" });
    expect(grid.ok && grid.query.sql).toContain("INTEGER[]");
    expect(grid.ok && grid.query.clusterBy).toEqual([]);
  });
  it.each(models)("is scored in file order, read on two threads (%s)", { timeout: 600_000 }, async (name, model) => {
    const { states, inputs } = tableStates(model, 40_000, 7);
    const parquet = join(dir, `${name}.groups.parquet`);
    await writeParquet(parquet, states, inputs, 2_048);
    for (const out of ["jsonl", "parquet"] as const) {
      const { path } = await duck(model, { format: "parquet", path: parquet }, out, false, `${name}-groups-${out}`);
      const records = out === "jsonl" ? parsed(readFileSync(path, "utf8")) : await parquetRecords(path, outputs(model));
      const rows = records.map((r) => (r as { row: number }).row);
      expect(rows.length).toBe(states.length);
      expect(rows.every((r, i) => r === i + 1)).toBe(true);
      // a Parquet output's values too: a column of more distinct values than the writer's dictionary
      // holds is written plain, the others dictionary-encoded (table-engine.ts)
      if (out === "parquet") {
        const jsonl = states.map((s) => JSON.stringify(s)).join("\n") + "\n";
        expect(records, `${name}: Parquet → Parquet`).toEqual(parsed(jsRecords(model, "jsonl", "jsonl", jsonl, false).text));
      }
    }
  });
  it(
    "writes a Parquet column of many distinct values plain and one of few as a dictionary, the same values",
    { timeout: 600_000 },
    async () => {
      const [name, model] = models[0]!;
      const { states, inputs } = tableStates(model, 40_000, 11);
      const parquet = join(dir, `${name}.encodings.parquet`);
      await writeParquet(parquet, states, inputs);
      const { path } = await duck(model, { format: "parquet", path: parquet }, "parquet", false, `${name}-encodings`);
      const instance = await DuckDBInstance.create(":memory:");
      const c = await instance.connect();
      const chunks = (
        await c.runAndReadAll(`SELECT path_in_schema AS name, encodings FROM parquet_metadata(${stringLiteral(path)})`)
      ).getRowObjectsJS() as { name: string; encodings: string }[];
      c.closeSync();
      instance.closeSync();
      const encodings = (column: string) => chunks.filter((k) => k.name === column).map((k) => k.encodings);
      // the id (a text of each row) is written plain, a choice output (a few values) as a dictionary
      expect(encodings("id").some((e) => !e.includes("DICTIONARY"))).toBe(true);
      const few = outputs(model).find((d) => d.kind === "string")!;
      expect(encodings(few.name).every((e) => e.includes("DICTIONARY"))).toBe(true);
      const jsonl = states.map((s) => JSON.stringify(s)).join("\n") + "\n";
      expect(await parquetRecords(path, outputs(model))).toEqual(parsed(jsRecords(model, "jsonl", "jsonl", jsonl, false).text));
    },
  );
});

describe("generated models from Parquet and CSV", () => {
  // models of scalar inputs from the expression and table generators; about two in five compile
  const models = fc.sample(scalarModel, { numRuns: 150, seed: 28 }).filter(tableScored).slice(0, 6);
  it("some compile", () => expect(models.length).toBeGreaterThan(2));
  it.each(models.map((m, i) => [i, m] as const))(
    "generated model %i writes the JS engine's records",
    { timeout: 600_000 },
    async (i, model) => {
      await agree(`generated-${i}`, model, 200, 100 + i);
    },
  );
});

describe("a model with a list input", () => {
  it("is scored by DuckDB from JSONL lines, and refused from a table file naming the list", () => {
    const model = CORPUS.find((c) => c.name === "household-benefit")!.model as ModelInput;
    const request = { strict: true, idField: "id", outputFormat: "jsonl", defaultLimits: true };
    expect(planDuckDb(model, { ...request, inputFormat: "jsonl" }).ok).toBe(true);
    for (const inputFormat of ["parquet", "csv"]) {
      const plan = planDuckDb(model, { ...request, inputFormat });
      expect(plan.ok).toBe(false);
      expect(plan.ok ? "" : plan.reason).toContain('"members" is a list');
    }
  });
});

describe("a file that does not fit the model", () => {
  const lending = MODELS.find(([n]) => n === "lending")![1];
  const compiled = compileToSource(lending);
  if (!compiled.ok) throw new Error("does not check");

  async function refused(input: { format: "csv" | "parquet"; path: string }): Promise<string> {
    const path = join(dir, `refused-${input.format}.jsonl`);
    const before = readdirSync(dir).length;
    const error = await scoreTable({
      model: lending,
      strict: true,
      loadable: compiled.ok ? compiled.loadable : (undefined as never),
      input,
      output: { format: "jsonl", path },
      exactDecimals: false,
      idField: "id",
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TableError);
    // nothing written, no temporary file left
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).length).toBe(before);
    return (error as Error).message;
  }

  it("a Parquet file: one error naming each missing column and each column of the wrong type", async () => {
    const path = join(dir, "bad.parquet");
    const instance = await DuckDBInstance.create(":memory:");
    const c = await instance.connect();
    await c.run(
      `COPY (SELECT 700 AS "credit score", '5000' AS "annual income", 200.5 AS "monthly debt", TRUE AS employment) TO ${stringLiteral(path)} (FORMAT parquet)`,
    );
    c.closeSync();
    instance.closeSync();
    const message = await refused({ format: "parquet", path });
    expect(message).toContain(`the column "annual income" is VARCHAR, but the input is a number`);
    expect(message).toContain(`the column "employment" is BOOLEAN, but the input is text`);
    expect(message).toContain(`the column "loan amount" is missing`);
    expect(message).not.toContain(`"credit score"`);
    expect(message).not.toContain(`"monthly debt"`);
  });

  it("a CSV file: one error naming each missing column", async () => {
    const path = join(dir, "bad.csv");
    writeFileSync(path, `"credit score",employment,id\n700,salaried,A\n`);
    const message = await refused({ format: "csv", path });
    for (const missing of ["annual income", "monthly debt", "loan amount"]) expect(message).toContain(`the column "${missing}" is missing`);
    expect(message).not.toContain(`"employment"`);
  });

  it("a file that is not Parquet, a file that is not there", async () => {
    const path = join(dir, "text.parquet");
    writeFileSync(path, "not parquet\n");
    expect(await refused({ format: "parquet", path })).toContain(`cannot read ${path}`);
    expect(await refused({ format: "csv", path: join(dir, "absent.csv") })).toContain("ENOENT");
  });
});

describe("a typed Parquet output, on random states", () => {
  /** dates, a context of a date and a string, a string built with non-ASCII text: outputs the models above lack */
  const dates = {
    content: {
      name: "dates",
      inputs: {
        start: { type: "date", desc: "When does it start?" },
        name: { type: "string", desc: "Who is it?" },
        n: { type: "number", desc: "How many?" },
      },
      decisions: {
        first: "if n > 0 then start else null",
        label: 'name + "·é😀"',
        plan: [
          ["n", "=> day", "=> tag", "# why"],
          [">= 10", "start", '"big"', "big ones"],
          ["-", "null", "name", "the rest"],
        ],
      },
    },
  } as unknown as ModelInput;
  // the 3,700-rule rating table takes DuckDB seconds to plan: left to the runs above
  const models: [string, ModelInput][] = [...MODELS.filter(([n]) => n !== "insurance-rating"), ["dates", dates]];
  it("the dates model compiles, with a date, a context and a string output", () => {
    expect(outputs(dates).map((d) => d.kind)).toEqual(["date", "string", "record"]);
  });
  const TYPES: Record<string, string> = { number: "DOUBLE", string: "VARCHAR", boolean: "BOOLEAN", date: "DATE" };
  /** A decision's column type (a context's STRUCT is checked by the records read back), a list's its items' with `[]`. */
  const typeOf = (d: OutputColumn, exact: boolean): string | undefined =>
    d.fields
      ? "STRUCT"
      : d.kind === "list"
        ? `${typeOf(d.element!, exact)}[]`
        : d.kind === "number" && exact
          ? "VARCHAR"
          : d.kind === "null"
            ? "VARCHAR"
            : TYPES[d.kind];

  it("reads back as the JSONL records, JS engine's rows, nulls and error rows included", { timeout: 600_000 }, async () => {
    let errorRows = 0;
    let jsRows = 0;
    let sqlRows = 0;
    // every model, on random states
    for (const [m] of models.entries())
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.boolean(),
          // numbers of every magnitude, put in place of some of the rows' number inputs
          fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 40 }),
          async (seed, exact, doubles) => {
            const [name, model] = models[m]!;
            const { states, inputs } = tableStates(model, 150, seed);
            const numbers = inputs.filter((c) => c.kind === "number");
            doubles.forEach((v, i) => {
              if (numbers.length > 0) states[(i * 7) % states.length]![numbers[i % numbers.length]!.column] = v;
            });
            const parquet = join(dir, `prop-${name}.in.parquet`);
            await writeParquet(parquet, states, inputs);
            const jsonl = states.map((s) => JSON.stringify(s)).join("\n") + "\n";
            const expected = parsed(jsRecords(model, "jsonl", "jsonl", jsonl, exact).text);
            const { path, tally } = await duck(model, { format: "parquet", path: parquet }, "parquet", exact, `prop-${name}`);
            expect(await parquetRecords(path, outputs(model)), `${name} seed ${seed}${exact ? " --exact" : ""}`).toEqual(expected);
            errorRows += tally.errors;
            jsRows += tally.byJs;
            sqlRows += tally.rows - tally.byJs;

            const instance = await DuckDBInstance.create(":memory:");
            const c = await instance.connect();
            const types = new Map(
              (
                (await c.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${stringLiteral(path)})`)).getRowObjectsJson() as Record<
                  string,
                  string
                >[]
              ).map((r) => [r.column_name, r.column_type]),
            );
            // an error row: its code and message in their columns, no decision; a scored row: no error
            const mixed = await c.runAndReadAll(
              `SELECT count(*) FILTER (WHERE error IS NOT NULL AND (error.code IS NULL OR error.message IS NULL)) AS bad_errors, count(*) FILTER (WHERE error IS NOT NULL) AS errors FROM read_parquet(${stringLiteral(path)})`,
            );
            c.closeSync();
            instance.closeSync();
            expect(types.get("row")).toBe("BIGINT");
            expect(types.get("id")).toBe("VARCHAR");
            expect(types.get("error")).toMatch(/^STRUCT\(code VARCHAR, message VARCHAR, errors STRUCT\(/);
            for (const d of outputs(model)) expect(types.get(d.name)?.replace(/\(.*\)/s, ""), `${name}: ${d.name}`).toBe(typeOf(d, exact));
            const [counts] = mixed.getRowObjectsJson() as { bad_errors: string; errors: string }[];
            expect(Number(counts!.bad_errors)).toBe(0);
            expect(Number(counts!.errors)).toBe(tally.errors);
          },
        ),
        { numRuns: 4, seed: 2028 + m },
      );
    // the runs held error records, rows the JS engine scored and rows SQL wrote typed
    expect(errorRows).toBeGreaterThan(0);
    expect(jsRows).toBeGreaterThan(0);
    expect(sqlRows).toBeGreaterThan(0);
  });

  it("refuses a decision no column type holds exactly, naming it and its type", () => {
    // a compiled model's duration decision is a string output (its text, durations.ts), so none reaches this
    const columns: OutputColumn[] = [
      { name: "gap", kind: "days" },
      {
        name: "table",
        kind: "record",
        fields: [
          { name: "score", kind: "number" },
          { name: "wait", kind: "days" },
        ],
      },
      { name: "score", kind: "number", digits: 5, scale: 2 },
      { name: "when", kind: "date" },
    ];
    for (const exact of [false, true]) {
      const refused = parquetRefusals(columns, exact);
      expect(refused).toEqual([
        `the decision "gap" is a duration, which no Parquet column type holds exactly`,
        `the decision "table" is a duration (its entry "wait"), which no Parquet column type holds exactly`,
      ]);
      expect(parquetRefusals(columns.slice(2), exact)).toEqual([]);
    }
  });
});

/** A FEEL number literal's text: ties, negatives, zeros (`-0`, `0.000`), long and wide places. */
const numberLiteral = fc.oneof(
  fc.constantFrom("0", "-0", "0.000", "-0.00", "0.5", "-2.5", "0.005", "-0.015", "123456789012345.675", "0.000000000001"),
  fc.record({ m: fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), scale: fc.integer({ min: 0, max: 12 }) }).map(({ m, scale }) => {
    const digits = (m < 0n ? -m : m).toString().padStart(scale + 1, "0");
    return `${m < 0n ? "-" : ""}${scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`}`;
  }),
);
/** A FEEL string literal whose JSON and CSV texts need escapes (a line break, a tab, a control character, a comma, SQL's quote). */
const stringLiteralOutput = fc
  .array(fc.constantFrom("a", "é", " ", ",", "'", "\n", "\t", "\u0001", "😀", "x"), { maxLength: 8 })
  .map((cs) => `"${cs.join("")}"`);

const tableOf = (kind: string, cells: string[], outputs: string[]): ModelInput =>
  ({
    content: {
      name: "literal outputs",
      inputs: { x: { type: "number", desc: "What is x?" } },
      decisions: { out: [["x", `=> ${kind}`], ...cells.map((c, i) => [c, outputs[i]!])] },
    },
  }) as unknown as ModelInput;

/** A one-input model: a table over ranges of `x` (and the else row) whose single output is a literal per rule. */
const literalTable = fc
  .record({
    kind: fc.constantFrom("number", "string"),
    bounds: fc.uniqueArray(fc.integer({ min: -40000, max: 40000 }), { minLength: 1, maxLength: 7 }),
  })
  .chain(({ kind, bounds }) =>
    fc
      .array(kind === "number" ? numberLiteral : stringLiteralOutput, { minLength: bounds.length + 3, maxLength: bounds.length + 3 })
      .map((outputs): ModelInput => {
        const sorted = [...bounds].sort((a, b) => a - b);
        const cells = [`< ${sorted[0]}`, ...sorted.slice(1).map((b, i) => `[${sorted[i]}..${b})`), `>= ${sorted.at(-1)}`];
        return tableOf(kind, [...cells, "-"], outputs);
      }),
  );

describe("a table whose output is a literal per rule", () => {
  it("writes each rule's text once, from a list by the rule's number, and the JS engine's records", { timeout: 600_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(literalTable, async (model) => {
        const [out] = outputs(model);
        expect(out!.listed?.rule).toBe("out.rule");
        expect(out!.listed?.items.length).toBe(
          (model as unknown as { content: { decisions: { out: unknown[] } } }).content.decisions.out.length - 1,
        );
        await agree(`literal-${run}`, model, 120, run++);
      }),
      // a rule's number of 16 digits (a Parquet output's cast of it to 15 overflowed, on a row not SQL's)
      { numRuns: 8, examples: [[tableOf("number", ["< -1", "[-1..0)", ">= 0", "-"], ["0", "0", "-1000000000000", "0.005"])]] },
    );
  });
});
