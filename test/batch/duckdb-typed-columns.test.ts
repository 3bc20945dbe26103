// Parquet number columns typed as integers or DECIMAL(p, s) (`typed` in SqlOptions, table-rows.ts'
// parquetExactTypes): the query reads such a column as its decimal (a widening CAST, or a TRY_CAST
// where its digits before the point may overflow the input's domain) with a null check, instead of
// the cast to the input's decimal and the comparison back. Random tables of the lending sample's
// four number inputs, each column of a random type (integers of every width, decimals of 0 to 8
// places, DOUBLE), values from the small to each type's edges (past the widest domain's 10^9 and 6
// places, outside the credit score's 300..850), nulls:
// - the typed query scores exactly the rows the untyped query scores, with the same values, and
//   leaves a value of more places than its domain, or past its digits, to the JS engine;
// - it is typed where the type proves the domain (no TRY_CAST of that column, no comparison back);
// - `pdm score --engine duckdb` from such a Parquet file writes the JS engine's records.
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql, type Digits, type ModelInput, type SqlQuery } from "../../src/compiler/index.js";
import { identifier, stringLiteral } from "../../src/compiler/4-sql/dialects.js";
import { numberDigits } from "../../src/batch/duckdb/number-domain.js";
import { parquetExactTypes } from "../../src/batch/duckdb/table-rows.js";
import { bothEngines, lending, NUMBERS, duckDbScratch, results as resultsOf } from "./lending-engines.js";
/** The same model with debt and loan unbounded (their checks a null check alone), debt optional. */
const free = JSON.parse(JSON.stringify(lending)) as { content: { inputs: Record<string, { type: string; blank?: boolean }> } };
free.content.inputs["monthly debt"]!.type = "number";
free.content.inputs["monthly debt"]!.blank = true;
free.content.inputs["loan amount"]!.type = "number";
const lendingFree = free as unknown as ModelInput;

const duck = duckDbScratch("pdm-duckdb-typed-");
const dir = duck.dir;

/** A column type: its SQL, its places, and the largest magnitude of its unscaled integer. */
interface ColumnType {
  sql: string;
  scale: number;
  max: bigint;
}
const TYPES: ColumnType[] = [
  { sql: "SMALLINT", scale: 0, max: 2n ** 15n - 1n },
  { sql: "INTEGER", scale: 0, max: 2n ** 31n - 1n },
  { sql: "BIGINT", scale: 0, max: 2n ** 63n - 1n },
  { sql: "DECIMAL(4, 0)", scale: 0, max: 9999n },
  { sql: "DECIMAL(9, 2)", scale: 2, max: 10n ** 9n - 1n },
  { sql: "DECIMAL(12, 2)", scale: 2, max: 10n ** 12n - 1n },
  { sql: "DECIMAL(18, 4)", scale: 4, max: 10n ** 18n - 1n },
  { sql: "DECIMAL(20, 8)", scale: 8, max: 10n ** 20n - 1n },
  { sql: "DOUBLE", scale: 0, max: 2n ** 53n },
];

/** A value's text: the unscaled integer m at the type's places. */
function text(m: bigint, scale: number): string {
  const sign = m < 0n ? "-" : "";
  const digits = (m < 0n ? -m : m).toString().padStart(scale + 1, "0");
  return scale === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * Unscaled integers of a type: valid credit scores and money (`valid`: their weight against 5 for
 * the rest), the type's own, the domain's edges; each clipped to the type.
 */
const unscaled = (t: ColumnType, valid = 5): fc.Arbitrary<bigint | null> => {
  const one = 10n ** BigInt(t.scale);
  const clip = (v: bigint) => (v > t.max ? t.max : v < -t.max ? -t.max : v);
  return fc
    .oneof(
      { weight: valid, arbitrary: fc.bigInt({ min: 300n, max: 850n }).map((v) => v * one) },
      { weight: valid, arbitrary: fc.bigInt({ min: 0n, max: 200_000n * one }) },
      { weight: 2, arbitrary: fc.bigInt({ min: -t.max, max: t.max }) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(0n, 1n, -1n, 10n ** 9n * one - 1n, 10n ** 9n * one, 10n ** 6n * one - 1n, 10n ** 15n, one - 1n),
      },
      { weight: 1, arbitrary: fc.constant(null) },
    )
    .map((v) => (v === null ? v : clip(v)));
};

/** A table: each number input's type, and rows of unscaled integers (null a missing value), an employment. */
const tableOf = fc.array(fc.integer({ min: 0, max: TYPES.length - 1 }), { minLength: 4, maxLength: 4 }).chain((types) =>
  fc.tuple(
    fc.constant(types.map((i) => TYPES[i]!)),
    fc.array(fc.tuple(fc.tuple(...types.map((i) => unscaled(TYPES[i]!))), fc.constantFrom("salaried", "contractor", "retired", null)), {
      minLength: 20,
      maxLength: 60,
    }),
  ),
);

type Row = [values: (bigint | null)[], employment: string | null];

const cell = (v: bigint | null, t: ColumnType) => (v === null ? "NULL" : `CAST(${stringLiteral(text(v, t.scale))} AS ${t.sql})`);

/** The rows as a table `name`: an id, the number inputs of their types, employment. */
async function table(name: string, types: ColumnType[], rows: Row[]): Promise<void> {
  const columns = NUMBERS.map((n, i) => `${identifier(n)} ${types[i]!.sql}`).join(", ");
  await duck.c.run(`CREATE OR REPLACE TABLE ${identifier(name)} (id BIGINT, ${columns}, employment VARCHAR)`);
  const values = rows.map(
    ([v, e], i) => `(${i}, ${v.map((x, k) => cell(x, types[k]!)).join(", ")}, ${e === null ? "NULL" : stringLiteral(e)})`,
  );
  await duck.c.run(`INSERT INTO ${identifier(name)} VALUES ${values.join(", ")}`);
}

const results = (query: SqlQuery): Promise<unknown[][]> => resultsOf(duck.c, query);

const compiled = (model: ModelInput, name: string, narrow: Record<string, Digits>, typed?: Record<string, Digits>): SqlQuery => {
  const r = compileToSql(model, { dialect: "duckdb", table: name, id: "id", narrow, typed });
  if (!r.ok) throw new Error("the lending sample does not compile");
  return r.query;
};

/** Whether a value (unscaled at `scale` places) is held by the domain: at most its places, below 10^int. */
const inDomain = (m: bigint, scale: number, d: Digits): boolean => {
  const step = 10n ** BigInt(Math.max(0, scale - d.scale));
  const abs = m < 0n ? -m : m;
  return abs % step === 0n && abs < 10n ** BigInt(d.int + scale);
};

describe("typed Parquet number columns", () => {
  it("score exactly the rows the untyped query scores, with the same values", { timeout: 300_000 }, async () => {
    let scored = 0;
    let widened = 0;
    let leftForPlaces = 0;
    await fc.assert(
      fc.asyncProperty(tableOf, fc.boolean(), async ([types, rows], bounded) => {
        const model = bounded ? lending : lendingFree;
        await table("t", types, rows);
        const narrow = await numberDigits(
          duck.c,
          "t",
          NUMBERS.map((n) => ({ name: n, value: identifier(n) })),
        );
        const columns = NUMBERS.map((name, i) => ({ name, type: types[i]!.sql.replace(/,\s*/, ",") }));
        const typed = parquetExactTypes({ format: "parquet", path: "", columns }, NUMBERS);
        const query = compiled(model, "t", narrow, typed);
        const expected = await results(compiled(model, "t", narrow));
        const got = await results(query);
        expect(got).toEqual(expected);
        scored += expected.filter((r) => r[1] === true).length;
        const domains = Object.fromEntries(query.inputs.map((i) => [i.column, i.digits!]));
        NUMBERS.forEach((n, k) => {
          const t = types[k]!;
          const own = typed[n];
          if (!own || own.scale > domains[n]!.scale) {
            return;
          }
          // the column is read as its decimal: no TRY_CAST of it unless its digits may overflow
          widened++;
          const tried = query.sql.includes(`TRY_CAST(${identifier(n)} AS`);
          expect(tried, `${n} ${t.sql} in ${JSON.stringify(domains[n])}`).toBe(own.int > domains[n]!.int);
          // a value past the domain's digits is not scored
          rows.forEach(([v], i) => {
            if (v[k] !== null && !inDomain(v[k]!, t.scale, domains[n]!)) expect(got[i]![1]).toBe(false);
          });
        });
        // a value of more places than its domain holds is the JS engine's
        NUMBERS.forEach((n, k) => {
          rows.forEach(([v], i) => {
            if (v[k] !== null && !inDomain(v[k]!, types[k]!.scale, { int: 9, scale: 6 })) {
              leftForPlaces++;
              expect(got[i]![1]).toBe(false);
            }
          });
        });
      }),
      { numRuns: 60, seed: 4747 },
    );
    expect(scored).toBeGreaterThan(200);
    expect(widened).toBeGreaterThan(40);
    expect(leftForPlaces).toBeGreaterThan(20);
  });

  it("writes the JS engine's records from a Parquet file of integer and decimal columns", { timeout: 120_000 }, async () => {
    // credit score a BIGINT (values outside 300..850 and past 10^9), income money as DECIMAL(12, 2),
    // debt an INTEGER, the loan a DECIMAL(20, 8) (values past 6 places)
    const types = [TYPES[2]!, TYPES[5]!, TYPES[1]!, TYPES[7]!];
    const rows = fc.sample(
      fc.tuple(fc.tuple(...types.map((t) => unscaled(t, 60))), fc.constantFrom("salaried", "contractor", "retired", "unemployed")),
      { numRuns: 3000, seed: 47 },
    ) as Row[];
    await table("p", types, rows);
    const parquet = join(dir, "typed.parquet");
    await duck.c.run(
      `COPY (SELECT CAST(id AS VARCHAR) AS id, * EXCLUDE (id) FROM p) TO ${stringLiteral(parquet)} (FORMAT parquet, ROW_GROUP_SIZE 1024)`,
    );
    const records = rows.map(([v, e], i) => {
      const record: Record<string, unknown> = { id: String(i) };
      NUMBERS.forEach((n, k) => {
        if (v[k] !== null) record[n] = Number(text(v[k]!, types[k]!.scale));
      });
      if (e !== null) record.employment = e;
      return record;
    });
    const { tally, records: got, expected } = await bothEngines(records, parquet, dir, "typed-out.jsonl");
    expect(got).toBe(expected);
    // SQL scored rows itself, and left the others (past a domain, past 6 places) to the JS engine
    expect(tally.byJs).toBeGreaterThan(100);
    expect(tally.byJs).toBeLessThan(rows.length * 0.9);
  });
});
