// A Parquet file's number digits (number-domain.ts): the cheap passes (each column's bounds, then
// whether its values are all whole or of money's 1 or 2 places) settle a column only at the
// digits the places' pass finds. Random tables of several columns, each whole numbers (negative,
// zero, -0, up to and past ±10^9), numbers of a few places, money (1 to 3 places, and doubles near
// such decimals or not: 0.29, 1.005, 0.1 + 0.2, 1e-7, huge magnitudes), or these with nulls, NaN
// and infinities, or nulls only, as DOUBLE columns of a Parquet file (read, as the engine reads
// one, with its statistics): the digits are the places' pass's, column for column and in order.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identifier, stringLiteral } from "../../src/compiler/4-sql/dialects.js";
import { numberDigits, placesDigits } from "../../src/batch/duckdb/number-domain.js";

const dir = mkdtempSync(join(tmpdir(), "pdm-number-passes-"));
let instance: DuckDBInstance;
let c: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  c = await instance.connect();
});
afterAll(() => {
  c.closeSync();
  instance.closeSync();
  rmSync(dir, { recursive: true, force: true });
});

const LIMIT = 1e9;
const whole = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(0, -0, LIMIT - 1, -(LIMIT - 1), LIMIT, -LIMIT, 2 * LIMIT),
  fc.integer({ min: -(LIMIT + 10), max: LIMIT + 10 }),
);
const placed = fc.tuple(fc.integer({ min: -100000, max: 100000 }), fc.integer({ min: 1, max: 7 })).map(([k, s]) => k / 10 ** s);
/** Money-like values, 1 to 3 places, and the doubles that are near a few places' decimal or not. */
const money = fc.oneof(
  fc.tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 1, max: 3 })).map(([k, s]) => k / 10 ** s),
  fc.tuple(fc.integer({ min: -(LIMIT - 1), max: LIMIT - 1 }), fc.integer({ min: 1, max: 3 })).map(([k, s]) => k / 10 ** s),
  fc.constantFrom(0.29, 1.005, 0.1 + 0.2, 0.1 * 3, -0.05, 1e-7, -1e-7, 5e-324, 0.125, 2.675, 1.15, 999_999_999.99, -999_999_999.999),
  fc.constantFrom(LIMIT - 0.01, 1e15 + 0.5, 1e300, -1e300, 4503599627370495.5, 123456789.123),
);
/** The double next to v toward d's sign: near a decimal of few places, yet not its double. */
function beside(v: number, d: 1 | -1): number {
  if (v === 0) return d * Number.MIN_VALUE;
  const bits = new BigInt64Array(new Float64Array([v]).buffer);
  bits[0] = bits[0]! + (v > 0 === d > 0 ? 1n : -1n);
  return new Float64Array(bits.buffer)[0]!;
}
/** Beside a decimal of 1 or 2 places: some (the constants) whole once multiplied by 10 or 100. */
const nearMoney = fc.oneof(
  fc.tuple(money, fc.constantFrom(1 as const, -1 as const)).map(([v, d]) => beside(v, d)),
  fc.constantFrom(-905686.2000000001, 2010473.7000000002, 821395.9400000001, -30736.940000000002, 14637586.799999999),
);
const odd = fc.constantFrom(null, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
const sqlNumber = (v: number | null) =>
  v === null
    ? "NULL"
    : Number.isNaN(v)
      ? "'nan'::DOUBLE"
      : Number.isFinite(v)
        ? `'${Object.is(v, -0) ? "-0.0" : String(v)}'::DOUBLE`
        : `'${v > 0 ? "inf" : "-inf"}'::DOUBLE`;

/** A column's values: mostly whole, or with places, each kind with a few odd values mixed in or not. */
const column = fc.oneof(
  fc.array(whole, { minLength: 1, maxLength: 30 }),
  fc.array(fc.oneof(whole, odd), { minLength: 1, maxLength: 30 }),
  fc.array(fc.oneof(whole, placed), { minLength: 1, maxLength: 30 }),
  fc.array(fc.oneof(placed, odd), { minLength: 1, maxLength: 30 }),
  fc.array(fc.constant(null), { minLength: 1, maxLength: 5 }),
  fc.array(money, { minLength: 1, maxLength: 30 }),
  fc.array(fc.oneof(money, whole), { minLength: 1, maxLength: 30 }),
  fc.array(fc.oneof(money, odd, placed), { minLength: 1, maxLength: 30 }),
  fc.array(fc.oneof(money, nearMoney), { minLength: 1, maxLength: 30 }),
  fc.array(nearMoney, { minLength: 1, maxLength: 3 }),
);

describe("a Parquet file's number digits", () => {
  it("are the places' pass's where the bounds and money-places passes settle a column", async () => {
    let k = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(column, { minLength: 1, maxLength: 5 }), async (columns) => {
        const rows = Math.max(...columns.map((v) => v.length));
        // a name an object inherits is a column's like any other
        const names = columns.map((_, i) => (i === 0 ? "constructor" : `n ${i}`));
        const values = Array.from({ length: rows }, (_, r) => `(${columns.map((v) => sqlNumber(v[r] ?? null)).join(", ")})`);
        const path = join(dir, `t-${k++}.parquet`);
        await c.run(
          `COPY (SELECT * FROM (VALUES ${values.join(", ")}) t(${names.map(identifier).join(", ")})) TO ${stringLiteral(path)} (FORMAT parquet, ROW_GROUP_SIZE 8)`,
        );
        const from = `read_parquet(${stringLiteral(path)})`;
        const cols = names.map((name) => ({ name, value: identifier(name) }));
        const found = await numberDigits(c, from, cols);
        const places = await placesDigits(c, from, cols);
        expect(Object.entries(found)).toEqual(Object.entries(places));
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
