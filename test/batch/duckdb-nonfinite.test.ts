// A Parquet FLOAT or DOUBLE column holding NaN or an infinity: no JSON number and no decimal, so the
// query's own check of the number input (its cast to the input's decimal, compared back) leaves the
// row to the JS engine, whose record names the column and the value's text (table-rows.ts reads such
// a column with no check of its own). On random lending rows whose cells are now and then NaN, Inf or
// -Inf, in both column types, `pdm score --engine duckdb` writes the JS engine's records of the same
// rows as JSONL, a non-finite value written as its text (`"nan"`, `"inf"`, `"-inf"`).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, describe, expect, it } from "vitest";
import { compileToSource, type ModelInput } from "../../src/compiler/index.js";
import { identifier, stringLiteral } from "../../src/compiler/4-sql/dialects.js";
import { loadModel } from "../../src/compiler/5-load/compiled-model.js";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { pieceScorer } from "../../src/batch/chunk-scorer.js";
import { scoreTable } from "../../src/batch/duckdb/table-engine.js";

const lending = JSON.parse(readFileSync("samples/lending/model.json", "utf8")) as ModelInput;
const NUMBERS = ["credit score", "annual income", "monthly debt", "loan amount"];
/** DuckDB's text of each non-finite double, as the JS engine is handed it */
const NON_FINITE = ["nan", "inf", "-inf"];

const dir = mkdtempSync(join(tmpdir(), "pdm-duckdb-nonfinite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Cell = number | string | null;

const cell = (name: string): fc.Arbitrary<Cell> =>
  fc.oneof(
    { weight: 6, arbitrary: name === "credit score" ? fc.integer({ min: 300, max: 850 }) : fc.integer({ min: 1, max: 200000 }) },
    { weight: 1, arbitrary: fc.integer({ min: -99999, max: 99999 }).map((n) => n / 100) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.constantFrom(...NON_FINITE) },
  );
const rows = fc.array(
  fc.record({
    ...Object.fromEntries(NUMBERS.map((n) => [n, cell(n)])),
    employment: fc.constantFrom("salaried", "contractor", "retired", "unemployed", null),
  }) as fc.Arbitrary<Record<string, Cell>>,
  { minLength: 10, maxLength: 40 },
);

const literal = (v: Cell, type: string): string =>
  v === null
    ? "NULL"
    : typeof v === "string" && !NON_FINITE.includes(v)
      ? stringLiteral(v)
      : `CAST(${stringLiteral(String(v))} AS ${type})`;

async function parquetOf(states: Record<string, Cell>[], type: string): Promise<string> {
  const path = join(dir, `rows-${type}.parquet`);
  const instance = await DuckDBInstance.create(":memory:");
  const c = await instance.connect();
  await c.run(`CREATE TABLE t (id VARCHAR, ${NUMBERS.map((n) => `${identifier(n)} ${type}`).join(", ")}, employment VARCHAR)`);
  const values = states.map(
    (s, i) => `('${i}', ${NUMBERS.map((n) => literal(s[n]!, type)).join(", ")}, ${literal(s.employment!, "VARCHAR")})`,
  );
  await c.run(`INSERT INTO t VALUES ${values.join(", ")}`);
  await c.run(`COPY t TO ${stringLiteral(path)} (FORMAT parquet)`);
  c.closeSync();
  instance.closeSync();
  return path;
}

function jsRecords(states: Record<string, Cell>[]): string {
  const source = compileToSource(lending);
  if (!source.ok) throw new Error("does not check");
  const jsonl =
    states
      .map((s, i) => JSON.stringify({ id: String(i), ...Object.fromEntries(Object.entries(s).filter(([, v]) => v !== null)) }))
      .join("\n") + "\n";
  const js = pieceScorer(loadModel(source.loadable), { input: "jsonl", output: "jsonl", exactDecimals: false, idField: "id" });
  const sink = new ByteSink(new Uint8Array(1 << 16));
  js({ bytes: new TextEncoder().encode(jsonl), first: 1 }, sink);
  return new TextDecoder().decode(sink.view());
}

describe("a Parquet number column holding NaN or an infinity", () => {
  it("leaves the row to the JS engine, which writes its record, in FLOAT and DOUBLE columns", { timeout: 300_000 }, async () => {
    const source = compileToSource(lending);
    if (!source.ok) throw new Error("does not check");
    let left = 0;
    await fc.assert(
      fc.asyncProperty(rows, fc.constantFrom("DOUBLE", "FLOAT"), async (states, type) => {
        // a FLOAT holds fewer values: each row's numbers as the FLOAT column holds them
        const held = states.map((s) =>
          Object.fromEntries(Object.entries(s).map(([k, v]) => [k, type === "FLOAT" && typeof v === "number" ? Math.fround(v) : v])),
        );
        const out = join(dir, "out.jsonl");
        const tally = await scoreTable({
          model: lending,
          strict: true,
          loadable: source.loadable,
          input: { format: "parquet", path: await parquetOf(held, type) },
          output: { format: "jsonl", path: out },
          exactDecimals: false,
          idField: "id",
          threads: 1,
        });
        expect(readFileSync(out, "utf8")).toBe(jsRecords(held));
        const nonFinite = held.filter((s) => NUMBERS.some((n) => NON_FINITE.includes(s[n] as string))).length;
        expect(tally.byJs).toBeGreaterThanOrEqual(nonFinite);
        left += nonFinite;
      }),
      { numRuns: 20, seed: 46 },
    );
    expect(left).toBeGreaterThan(50);
  });
});
