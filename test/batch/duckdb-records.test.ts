// A number's text in a record written by DuckDB, from the output's shape (its digits and scale):
// on every value it is the text the shape-less formula gives (which the engine tests hold to the JS
// engine's bytes), and where not null it is what JSON.stringify writes of the JS engine's number
// (or, with exact decimals, of its decimal string); the shape-less formula is compared where it can
// run at all (at most 32 digits before the point). Values are drawn around the bounds where the
// formula changes path (10^(15 - s), 10^(17 - s)) and over the whole width of the type.
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OutputColumn } from "../../src/compiler/index.js";
import { integerDouble, recordJson, unsure } from "../../src/batch/duckdb/records.js";
import { sqlParquetParts } from "../../src/batch/duckdb/parquet-columns.js";
import { Decimal } from "../../src/runtime/decimal.js";
import { toJson } from "../../src/runtime/json.js";

const shape = fc
  .integer({ min: 1, max: 38 })
  .chain((digits) => fc.record({ digits: fc.constant(digits), scale: fc.integer({ min: 0, max: Math.min(digits - 1, 12) }) }));

/** m × 10^-scale with |m| < 10^digits, often near a power of ten or with few significant digits. */
const value = (digits: number) => {
  const top = 10n ** BigInt(digits) - 1n;
  const clamp = (m: bigint) => (m > top ? top : m < -top ? -top : m);
  return fc
    .oneof(
      fc.bigInt({ min: -top, max: top }),
      fc
        .record({ power: fc.integer({ min: 0, max: digits }), offset: fc.bigInt({ min: -3n, max: 3n }), sign: fc.boolean() })
        .map(({ power, offset, sign }) => (sign ? -1n : 1n) * (10n ** BigInt(power) + offset)),
      fc.bigInt({ min: -99n, max: 99n }).map((m) => m * 10n ** BigInt(Math.max(0, digits - 3))),
    )
    .map(clamp);
};

const text = (m: bigint, scale: number): string => {
  const digits = (m < 0n ? -m : m).toString().padStart(scale + 1, "0");
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return `${m < 0n ? "-" : ""}${body}`;
};

/** The record's text, null where SQL is unsure of it (as the engines read it). */
const written = (record: string) => `(SELECT CASE WHEN ${unsure("r")} THEN NULL ELSE r END FROM (SELECT ${record} AS r))`;

describe("a number's text in a DuckDB record", () => {
  it("is the shape-less formula's, and JSON.stringify's where not null", { timeout: 120_000 }, async () => {
    const instance = await DuckDBInstance.create(":memory:");
    const db = await instance.connect();
    try {
      await fc.assert(
        fc.asyncProperty(
          shape.chain((s) => fc.record({ s: fc.constant(s), ms: fc.array(value(s.digits), { minLength: 1, maxLength: 40 }) })),
          fc.boolean(),
          async ({ s, ms }, exact) => {
            const typed: OutputColumn = { name: "x", kind: "number", digits: s.digits, scale: s.scale };
            const plain: OutputColumn = { name: "x", kind: "number" };
            const values = ms.map((m) => `(CAST('${text(m, s.scale)}' AS DECIMAL(${s.digits}, ${s.scale})))`).join(", ");
            // the shape-less formula compares with 0.000001 as a DECIMAL(38, 6): at most 32 digits before the point
            const b = s.digits - s.scale <= 32 ? written(recordJson([plain], "1", "''", exact, false)) : "NULL";
            const sql = `SELECT ${written(recordJson([typed], "1", "''", exact, false))} AS a, ${b} AS b FROM (VALUES ${values}) AS v("x")`;
            const rows = (await db.runAndReadAll(sql)).getRows() as [string | null, string | null][];
            rows.forEach(([a, b], i) => {
              if (s.digits - s.scale <= 32) expect(a).toBe(b);
              // at most 15 significant digits and 6 places: DuckDB writes it (to_json of the double, or the integer)
              const m = ms[i]! < 0n ? -ms[i]! : ms[i]!;
              if (s.scale <= 6 && m < 10n ** 15n) expect(a).not.toBeNull();
              if (a === null) return;
              const expected = JSON.stringify({
                row: 1,
                decisions: { x: toJson(new Decimal(text(ms[i]!, s.scale)), { exactDecimals: exact }) },
              });
              expect(a).toBe(expected);
            });
          },
        ),
        { numRuns: 150 },
      );
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });
});

/** n × 10^-scale for |n| < 2^53 at any scale to 18: zero, the largest, powers of ten and their neighbours, any. */
const LARGEST = 2n ** 53n - 1n;
const scaled = fc.record({
  scale: fc.integer({ min: 0, max: 18 }),
  ns: fc.array(
    fc.oneof(
      fc.constantFrom(0n, LARGEST, -LARGEST, 1n, -1n),
      fc.bigInt({ min: -LARGEST, max: LARGEST }),
      fc
        .record({ power: fc.integer({ min: 0, max: 15 }), offset: fc.bigInt({ min: -3n, max: 3n }), sign: fc.boolean() })
        .map(({ power, offset, sign }) => (sign ? -1n : 1n) * (10n ** BigInt(power) + offset)),
    ),
    { minLength: 1, maxLength: 40 },
  ),
});

/** A fresh in-memory DuckDB connection for `run`, closed after. */
async function withDuckDB(run: (db: DuckDBConnection) => Promise<void>): Promise<void> {
  const instance = await DuckDBInstance.create(":memory:");
  const db = await instance.connect();
  try {
    await run(db);
  } finally {
    db.closeSync();
    instance.closeSync();
  }
}

describe("a number held as its scaled integer, written by DuckDB", () => {
  it("has its decimal's double: the integer divided once, correctly rounded", { timeout: 120_000 }, async () => {
    await withDuckDB(async (db) => {
      await fc.assert(
        fc.asyncProperty(scaled, async ({ scale, ns }) => {
          // −0 as a decimal is zero, and its integer 0: both give +0
          const rows = [...ns.map((n) => [String(n), text(n, scale)]), ["-0", `-${text(0n, scale)}`]];
          const values = rows.map(([n, t]) => `(CAST('${n}' AS BIGINT), CAST('${t}' AS DECIMAL(18, ${scale})))`).join(", ");
          const sql = `SELECT ${integerDouble('"n"', scale)} AS a, CAST("d" AS DOUBLE) AS b FROM (VALUES ${values}) AS v("n", "d")`;
          const got = (await db.runAndReadAll(sql)).getRows() as [number, number][];
          got.forEach(([a, b], i) => {
            expect(Object.is(a, b)).toBe(true);
            // the double nearest the decimal (JavaScript's reading of its text is correctly rounded)
            expect(Object.is(a, Number(rows[i]![1]) + 0)).toBe(true);
          });
        }),
        { numRuns: 150 },
      );
    });
  });

  it("writes the record's and the Parquet column's value the decimal's way, byte for byte", { timeout: 120_000 }, async () => {
    await withDuckDB(async (db) => {
      const shapes = fc
        .integer({ min: 1, max: 15 })
        .chain((digits) => fc.record({ digits: fc.constant(digits), scale: fc.integer({ min: 0, max: Math.min(digits, 8) }) }));
      await fc.assert(
        fc.asyncProperty(
          shapes.chain((s) => fc.record({ s: fc.constant(s), ms: fc.array(value(s.digits), { minLength: 1, maxLength: 40 }) })),
          async ({ s, ms }) => {
            const decimal: OutputColumn = { name: "x", kind: "number", digits: s.digits, scale: s.scale };
            const held: OutputColumn = { ...decimal, integer: "x.integer" };
            const values = [
              ...ms.map((m) => `(CAST('${m}' AS BIGINT), CAST('${text(m, s.scale)}' AS DECIMAL(${s.digits}, ${s.scale})))`),
              "(CAST(NULL AS BIGINT), NULL)",
            ].join(", ");
            const record = (c: OutputColumn) => written(recordJson([c], "1", "''", false, false));
            const double = (c: OutputColumn) => sqlParquetParts([c], false).columns[0]!.replace(/ AS "\$typed\.0"$/, "");
            const sql = `SELECT ${record(held)}, ${record(decimal)}, ${double(held)}, ${double(decimal)} FROM (VALUES ${values}) AS v("x.integer", "x")`;
            expect(sqlParquetParts([held], false).sure).toBe("TRUE");
            for (const [a, b, p, q] of (await db.runAndReadAll(sql)).getRows()) {
              expect(a).toBe(b);
              expect(Object.is(p, q)).toBe(true);
            }
          },
        ),
        { numRuns: 150 },
      );
    });
  });
});

/** Strings of every kind of character: control characters, quotes, backslashes, `\u00` as text, non-ASCII, astral, U+2028. */
const anyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(
      "a",
      '"',
      "\\",
      "u",
      "0",
      "\u0000",
      "\u0001",
      "\b",
      "\t",
      "\n",
      "\u000b",
      "\f",
      "\r",
      "\u001f",
      "\u007f",
      "é",
      "\u2028",
      "😀",
    ),
    maxLength: 12,
  }),
);
/** What DuckDB's JSON writer escapes with capital hex digits (JSON.stringify: small ones), or a backslash before `u00`. */
const NAMED = new Set([8, 9, 10, 12, 13]);
const unsureText = (t: string): boolean =>
  t.includes("\\u00") || [...t].some((ch) => ch.charCodeAt(0) < 0x20 && !NAMED.has(ch.charCodeAt(0)));

describe("a string's text in a DuckDB record", () => {
  it("is JSON.stringify's, and written by DuckDB unless it has a control character without a name", { timeout: 120_000 }, async () => {
    const instance = await DuckDBInstance.create(":memory:");
    const db = await instance.connect();
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(anyString, { minLength: 1, maxLength: 30 }), fc.boolean(), async (strings, exact) => {
          const column: OutputColumn = { name: "x", kind: "string" };
          // the strings as parameters: DuckDB's VARCHAR holds every one of them (lone surrogates aside, which it cannot hold)
          const usable = strings.filter((t) => Buffer.from(t, "utf8").toString("utf8") === t);
          if (usable.length === 0) return;
          const values = usable.map((_, i) => `($${i + 1}::VARCHAR)`).join(", ");
          const sql = `SELECT ${written(recordJson([column], "7", "''", exact, false))} AS a FROM (VALUES ${values}) AS v("x")`;
          const rows = (await db.runAndReadAll(sql, usable)).getRows() as [string | null][];
          rows.forEach(([a], i) => {
            const t = usable[i]!;
            if (!unsureText(t)) expect(a).not.toBeNull();
            if (a !== null) expect(a).toBe(JSON.stringify({ row: 7, decisions: { x: t } }));
          });
        }),
        { numRuns: 200 },
      );
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });
});
