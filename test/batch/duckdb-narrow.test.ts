// Narrowed domains (number-domain.ts, docs/sql.md): the digits a file's numbers need, and the query
// compiled with each input's domain narrowed to them (its arithmetic in 64 bits where the data
// allows), against the query of the default domain. Over random columns of numbers of every
// magnitude and places, with values at the edge of the widest domain, constructed half-way ties,
// nulls and values outside every domain:
// - the digits found are the fewest that hold every value the widest domain holds;
// - the narrowed query scores exactly the rows the default one scores, with the same values;
// - `pdm score --engine duckdb` from such a Parquet file writes the JS engine's records;
// - a whole-number Parquet column's digits read from the file's statistics are the pass's.
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql, type Digits, type SqlQuery } from "../../src/compiler/index.js";
import { identifier, stringLiteral } from "../../src/compiler/4-sql/dialects.js";
import { numberDigits, statisticsDigits } from "../../src/batch/duckdb/number-domain.js";
import { bothEngines as both, lending, NUMBERS, duckDbScratch, results as resultsOf } from "./lending-engines.js";

const duck = duckDbScratch("pdm-duckdb-narrow-");
const dir = duck.dir;

/** m × 10^-k, as JavaScript reads its text. */
const scaled = fc
  .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
  .map(([m, k]) => Number(`${m}e-${k}`));

/** Values at the edges: of the widest domain (below 10^9, 6 places), of 64-bit arithmetic, and outside them. */
const EDGES = [999999999.999999, -999999999.999999, 1e9, 999999999, 0.000001, 5e-7, 0.1234567, 9007199254740991, 1e15, 0, -0, 1, 0.5];

/** Quotients and roundings of the lending model that land half-way: 12/80000 = 0.00015, 0.3/60 = 0.005… */
const TIES: Record<string, number[]> = {
  "annual income": [80000, 240000, 48000, 16000, 1.2, 0.000012],
  "monthly debt": [1, 3, 0.5, 0.000001],
  "loan amount": [0.3, 0.9, 1.5, 2.7, 600000.3],
};

/** Mostly valid values of the input (whole dollars, scores in their range), and any other number. */
const numberOf = (name: string): fc.Arbitrary<number | null> =>
  fc.oneof(
    { weight: 6, arbitrary: name === "credit score" ? fc.integer({ min: 300, max: 850 }) : fc.integer({ min: 1, max: 200000 }) },
    { weight: 2, arbitrary: scaled.map(Math.abs) },
    { weight: 1, arbitrary: scaled },
    { weight: 2, arbitrary: fc.constantFrom(...(TIES[name] ?? [300, 850, 620, 680, 740])) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGES) },
    { weight: 1, arbitrary: fc.constant(null) },
  );

const lendingRow = fc.record({
  ...Object.fromEntries(NUMBERS.map((n) => [n, numberOf(n)])),
  employment: fc.constantFrom("salaried", "contractor", "retired", "unemployed", null),
});

/** A value of a narrow file: below 10^6 with at most 2 places, up to its edge 999,999.99. */
const narrowNumberOf = (name: string): fc.Arbitrary<number | null> =>
  fc.oneof(
    { weight: 6, arbitrary: name === "credit score" ? fc.integer({ min: 300, max: 850 }) : fc.integer({ min: 1, max: 200000 }) },
    { weight: 2, arbitrary: fc.integer({ min: -99999999, max: 99999999 }).map((n) => n / 100) },
    { weight: 1, arbitrary: fc.constantFrom(999999.99, -999999.99, 0.01, 0, 999999, 0.3, 0.9, 1.5, 80000, 48000, 16000) },
    { weight: 1, arbitrary: fc.constant(null) },
  );

const narrowLendingRow = fc.record({
  ...Object.fromEntries(NUMBERS.map((n) => [n, narrowNumberOf(n)])),
  employment: fc.constantFrom("salaried", "contractor", "retired", "unemployed", null),
});

/** A file of rows of every magnitude, or one of narrow rows (whose query needs no 128-bit integer). */
const lendingFile = fc.oneof(
  fc.array(lendingRow, { minLength: 20, maxLength: 60 }),
  fc.array(narrowLendingRow, { minLength: 20, maxLength: 60 }),
);

type Row = Record<string, number | string | null>;

const sqlNumber = (v: number | string | null) => (v === null ? "NULL" : `CAST(${stringLiteral(String(v))} AS DOUBLE)`);

/** The rows as a table `name` (an id, the number inputs as DOUBLE, employment as VARCHAR). */
async function table(name: string, rows: Row[]): Promise<void> {
  await duck.c.run(
    `CREATE OR REPLACE TABLE ${identifier(name)} (id BIGINT, ${NUMBERS.map((n) => `${identifier(n)} DOUBLE`).join(", ")}, employment VARCHAR)`,
  );
  const values = rows.map(
    (r, i) =>
      `(${i}, ${NUMBERS.map((n) => sqlNumber(r[n]!)).join(", ")}, ${r.employment === null ? "NULL" : stringLiteral(String(r.employment))})`,
  );
  if (values.length) await duck.c.run(`INSERT INTO ${identifier(name)} VALUES ${values.join(", ")}`);
}

/** Every row of a query, by id: `$scored` and each decision as text. */
const results = (query: SqlQuery): Promise<unknown[][]> => resultsOf(duck.c, query);

const compiled = (name: string, narrow?: Record<string, Digits>): SqlQuery => {
  const r = compileToSql(lending, { dialect: "duckdb", table: name, id: "id", narrow });
  if (!r.ok) throw new Error("the lending sample does not compile");
  return r.query;
};

/** Whether a value is held by DECIMAL(int + scale, scale), as the query's domain check reads it. */
async function holds(values: number[], d: Digits): Promise<boolean[]> {
  if (values.length === 0) return [];
  const p = Math.max(1, d.int + d.scale);
  const r = await duck.c.runAndReadAll(
    `SELECT coalesce(TRY_CAST(v AS DECIMAL(${p}, ${d.scale})) = v, FALSE) AND abs(v) < 1e${d.int} FROM (VALUES ${values.map((v) => `(${sqlNumber(v)})`).join(", ")}) t(v)`,
  );
  return r.getRows().map((x) => x[0] as boolean);
}

describe("narrowed number domains", () => {
  it("finds the fewest digits that hold every value of the widest domain", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(scaled, fc.constantFrom(...EDGES)), { maxLength: 40 }), async (values) => {
        await duck.c.run("CREATE OR REPLACE TABLE v (x DOUBLE)");
        if (values.length) await duck.c.run(`INSERT INTO v VALUES ${values.map((x) => `(${sqlNumber(x)})`).join(", ")}`);
        const found = await numberDigits(duck.c, "v", [{ name: "x", value: "x" }]);
        const widest = await holds(values, { int: 9, scale: 6 });
        const held = values.filter((_, i) => widest[i]);
        if (held.length === 0) {
          expect(found.x).toBeUndefined();
          return;
        }
        const d = found.x!;
        expect((await holds(held, d)).every(Boolean)).toBe(true);
        // one digit fewer before or after the point leaves a value out
        if (d.int > 0) expect((await holds(held, { int: d.int - 1, scale: d.scale })).every(Boolean)).toBe(false);
        if (d.scale > 0) expect((await holds(held, { int: d.int, scale: d.scale - 1 })).every(Boolean)).toBe(false);
      }),
      { numRuns: 60, seed: 28 },
    );
  });

  it("scores the rows the default domain scores, with the same values", async () => {
    let scored = 0;
    let narrowed = 0;
    await fc.assert(
      fc.asyncProperty(lendingFile, async (rows) => {
        await table("t", rows as Row[]);
        const narrow = await numberDigits(
          duck.c,
          "t",
          NUMBERS.map((n) => ({ name: n, value: identifier(n) })),
        );
        const fast = compiled("t", narrow);
        if (!fast.sql.includes("HUGEINT")) narrowed++;
        const expected = await results(compiled("t"));
        expect(await results(fast)).toEqual(expected);
        scored += expected.filter((r) => r[1] === true).length;
      }),
      { numRuns: 50, seed: 2028 },
    );
    // the property is not empty: rows were scored, and most files needed no 128-bit integer
    expect(scored).toBeGreaterThan(200);
    expect(narrowed).toBeGreaterThan(10);
  });

  it("writes the JS engine's records from a Parquet file of narrow rows with edges, ties and nulls", async () => {
    const rows = fc.sample(lendingRow, { numRuns: 3000, seed: 7 }) as Row[];
    // most rows narrow (incomes below 10^6, whole dollars), so the query needs no 128-bit integer
    const narrowRows = rows.map((r, i) => (i % 10 === 0 ? r : { ...r, "annual income": i % 150000, "monthly debt": i % 4000 }));
    await table("p", narrowRows);
    const parquet = join(dir, "rows.parquet");
    await duck.c.run(
      `COPY (SELECT CAST(id AS VARCHAR) AS id, * EXCLUDE (id) FROM p) TO ${stringLiteral(parquet)} (FORMAT parquet, ROW_GROUP_SIZE 1024)`,
    );
    const { tally, records, expected } = await bothEngines(narrowRows, parquet, "out.jsonl");
    expect(records).toBe(expected);
    // SQL scored many rows itself
    expect(tally.byJs).toBeLessThan(rows.length * 0.75);
  });

  /**
   * The DuckDB engine's JSONL records of the Parquet file of `rows` (written to `outName`), and the
   * JS engine's records of the same rows as JSONL, ids their row numbers.
   */
  const bothEngines = (rows: Row[], parquet: string, outName: string) =>
    both(
      rows.map((r, i) => ({ id: String(i), ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)) })),
      parquet,
      dir,
      outName,
    );

  /** A Parquet file of one column `x` of the type: `nulls` nulls, then the values, in row groups of `group` rows. */
  async function wholeFile(values: (bigint | null)[], type: string, group: number, nulls = 0): Promise<string> {
    const path = join(dir, "whole.parquet");
    await duck.c.run(`CREATE OR REPLACE TABLE w AS SELECT range AS i, CAST(NULL AS ${type}) AS x FROM range(${nulls})`);
    if (values.length)
      await duck.c.run(`INSERT INTO w VALUES ${values.map((v, i) => `(${nulls + i}, ${v === null ? "NULL" : String(v)})`).join(", ")}`);
    await duck.c.run(`COPY (SELECT x FROM w ORDER BY i) TO ${stringLiteral(path)} (FORMAT parquet, ROW_GROUP_SIZE ${group})`);
    return path;
  }

  it("settles a whole-number column from the file's statistics with the digits the pass finds", { timeout: 300_000 }, async () => {
    const TYPES: [string, bigint][] = [
      ["SMALLINT", 2n ** 15n - 1n],
      ["INTEGER", 2n ** 31n - 1n],
      ["BIGINT", 2n ** 63n - 1n],
      ["UBIGINT", 2n ** 64n - 1n],
      ["DECIMAL(18, 0)", 10n ** 18n - 1n],
    ];
    const value = (max: bigint, unsigned: boolean) =>
      fc.oneof(
        fc.constant(null),
        fc.constantFrom(0n, 1n, 9n, 10n, 999_999_999n, 10n ** 9n).map((v) => (v > max ? max : v)),
        fc.bigInt({ min: unsigned ? 0n : -max, max }),
        fc.bigInt({ min: unsigned ? 0n : -999n, max: 999n }),
      );
    let settled = 0;
    let left = 0;
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 0, max: TYPES.length - 1 })
          .chain((t) => fc.tuple(fc.constant(t), fc.array(value(TYPES[t]![1], TYPES[t]![0] === "UBIGINT"), { maxLength: 30 }))),
        fc.constantFrom(2048, 4096),
        fc.integer({ min: 0, max: 2 }),
        async ([t, values], group, nullGroups) => {
          const [type] = TYPES[t]!;
          // row groups of nulls only before the values, as a file of several row groups has them
          const path = await wholeFile(values, type, group, nullGroups * group);
          const stats = await statisticsDigits(duck.c, path, [{ name: "x", type }]);
          const pass = await numberDigits(duck.c, `read_parquet(${stringLiteral(path)})`, [{ name: "x", value: "x" }]);
          const nonNull = values.filter((v): v is bigint => v !== null);
          const below = nonNull.every((v) => (v < 0n ? -v : v) < 10n ** 9n);
          // a file of no rows has no row groups to read, and DuckDB writes no statistics of an
          // unsigned column: the pass's
          const known = nullGroups * group + values.length > 0 && !type.startsWith("U");
          expect(stats.settled.has("x"), `${type} ${values.join(",")}`).toBe(below && known);
          if (below && known) {
            settled++;
            expect(stats.digits.x, `${type} ${values.join(",")}`).toEqual(pass.x);
          } else left++;
        },
      ),
      { numRuns: 40, seed: 44 },
    );
    expect(settled).toBeGreaterThan(10);
    expect(left).toBeGreaterThan(5);
    // a column whose places the type does not settle is the pass's
    const path = await wholeFile([1n, 2n], "DOUBLE", 2048);
    for (const type of ["DOUBLE", "FLOAT", "VARCHAR"])
      expect((await statisticsDigits(duck.c, path, [{ name: "x", type }])).settled.size).toBe(0);
  });

  it(
    "settles a DECIMAL column from the file's statistics at its type's places, holding every value the pass holds",
    { timeout: 300_000 },
    async () => {
      // DECIMAL(p, s) of 0 to 8 places; values with fewer places than s, up to p's digits (past 10^9 too)
      const column = fc
        .tuple(fc.integer({ min: 1, max: 18 }), fc.integer({ min: 0, max: 8 }))
        .filter(([p, s]) => s <= p)
        .chain(([p, s]) =>
          fc.tuple(
            fc.constant([p, s] as const),
            fc.array(
              fc
                .oneof(
                  fc.constant(null),
                  fc.bigInt({ min: -(10n ** BigInt(p)) + 1n, max: 10n ** BigInt(p) - 1n }),
                  fc.bigInt({ min: -999n, max: 999n }).map((v) => v * 10n ** BigInt(s)),
                  fc.constantFrom(0n, 1n, 10n ** BigInt(p) - 1n),
                )
                .map((v) => (v === null ? v : v % 10n ** BigInt(p))),
              { maxLength: 30 },
            ),
          ),
        );
      const text = (v: bigint, s: number): string => {
        const sign = v < 0n ? "-" : "";
        const digits = (v < 0n ? -v : v).toString().padStart(s + 1, "0");
        return s === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -s)}.${digits.slice(-s)}`;
      };
      let settled = 0;
      let left = 0;
      let wider = 0;
      await fc.assert(
        fc.asyncProperty(column, fc.constantFrom(2048, 4096), async ([[p, s], units], group) => {
          const type = `DECIMAL(${p}, ${s})`;
          const path = join(dir, "decimal.parquet");
          await duck.c.run(`CREATE OR REPLACE TABLE w (i INTEGER, x ${type})`);
          if (units.length)
            await duck.c.run(
              `INSERT INTO w VALUES ${units.map((v, i) => `(${i}, ${v === null ? "NULL" : `CAST('${text(v, s)}' AS ${type})`})`).join(", ")}`,
            );
          await duck.c.run(`COPY (SELECT x FROM w ORDER BY i) TO ${stringLiteral(path)} (FORMAT parquet, ROW_GROUP_SIZE ${group})`);
          const stats = await statisticsDigits(duck.c, path, [{ name: "x", type }]);
          const pass = await numberDigits(duck.c, `read_parquet(${stringLiteral(path)})`, [{ name: "x", value: "x" }]);
          const magnitudes = units.filter((v): v is bigint => v !== null).map((v) => (v < 0n ? -v : v));
          const below = magnitudes.every((v) => v < 10n ** BigInt(9 + s));
          const at = `${type} ${units.map((v) => (v === null ? "null" : text(v, s))).join(",")}`;
          expect(stats.settled.has("x"), at).toBe(below && units.length > 0);
          if (!stats.settled.has("x")) return void left++;
          settled++;
          if (magnitudes.length === 0) return void expect(stats.digits.x, at).toBeUndefined();
          // the type's places (at most 6), and digits before the point holding the largest value
          const top = magnitudes.reduce((a, b) => (a > b ? a : b)) / 10n ** BigInt(s);
          expect(stats.digits.x, at).toEqual({ int: top === 0n ? 0 : top.toString().length, scale: Math.min(s, 6) });
          // every value the pass's domain holds, the settled domain holds too
          if (pass.x) {
            expect(stats.digits.x!.int, at).toBeGreaterThanOrEqual(pass.x.int);
            expect(stats.digits.x!.scale, at).toBeGreaterThanOrEqual(pass.x.scale);
            if (stats.digits.x!.scale > pass.x.scale) wider++;
          }
        }),
        { numRuns: 60, seed: 48 },
      );
      expect(settled).toBeGreaterThan(10);
      expect(left).toBeGreaterThan(3);
      expect(wider).toBeGreaterThan(3);
    },
  );

  it("writes the JS engine's records from a Parquet file of whole-number columns", async () => {
    // income and debt below 10^9 (settled by the statistics), the others with the edges (the pass's)
    const SMALL = ["annual income", "monthly debt"];
    const whole = (k: string, v: number, i: number) => {
      const n = Math.trunc(Math.abs(v) < 1e15 ? v : i) + 0;
      return SMALL.includes(k) ? (n % 1e9) + 0 : n;
    };
    const rows = (fc.sample(lendingRow, { numRuns: 3000, seed: 11 }) as Row[]).map((r, i) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, NUMBERS.includes(k) && v !== null ? whole(k, Number(v), i) : v])),
    ) as Row[];
    await table("q", rows);
    const parquet = join(dir, "whole-rows.parquet");
    await duck.c.run(
      `COPY (SELECT CAST(id AS VARCHAR) AS id, ${NUMBERS.map((n) => `CAST(${identifier(n)} AS BIGINT) AS ${identifier(n)}`).join(", ")}, * EXCLUDE (id, ${NUMBERS.map(identifier).join(", ")}) FROM q) TO ${stringLiteral(parquet)} (FORMAT parquet, ROW_GROUP_SIZE 1024)`,
    );
    const stats = await statisticsDigits(
      duck.c,
      parquet,
      NUMBERS.map((name) => ({ name, type: "BIGINT" })),
    );
    expect([...stats.settled].sort()).toEqual(SMALL);
    const { records, expected } = await bothEngines(rows, parquet, "whole-out.jsonl");
    expect(records).toBe(expected);
  });
});
