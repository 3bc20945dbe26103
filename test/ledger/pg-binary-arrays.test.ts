// The group commit's array parameters in PostgreSQL's binary format read back exactly: any text
// (quotes, backslashes, braces, commas, empty, non-ASCII, NULL) and any safe integer, negative
// ones and those past 32 bits included, and empty arrays.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import pg from "pg";
import { bigintArray, textArray } from "../../src/ledger/pg-binary-arrays.js";
import { PG_URL, warnIfSkipped } from "./backends.js";

warnIfSkipped("binary arrays");

describe("binary array parameters", () => {
  it("refuses a number that is not a safe integer", () => {
    expect(() => bigintArray([1.5])).toThrow(/safe integer/);
    expect(() => bigintArray([2 ** 53])).toThrow(/safe integer/);
  });
});

describe.skipIf(!PG_URL)("binary array parameters read by PostgreSQL", () => {
  let c: pg.Client;
  beforeAll(async () => {
    c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
  });
  afterAll(async () => {
    await c?.end();
  });

  it("reads back every text[] and bigint[] as sent", async () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme" }),
      fc.constantFrom('{"a":"b\\"c"}', "\\", "NULL", "", ",", "{}"),
      fc.constant(null),
    );
    const int = fc.oneof(fc.maxSafeInteger(), fc.integer(), fc.constantFrom(0, -1, 2 ** 32, -(2 ** 32), 2 ** 32 - 1, -(2 ** 53) + 1));
    await fc.assert(
      fc.asyncProperty(fc.array(text, { maxLength: 12 }), fc.array(int, { maxLength: 12 }), async (texts, ints) => {
        const { rows } = await c.query<{ t: (string | null)[]; n: string[]; tc: number; nc: number }>({
          name: "binary-arrays-round-trip",
          text: "SELECT $1::text[] AS t, $2::bigint[]::text[] AS n, cardinality($1::text[]) AS tc, cardinality($2::bigint[]) AS nc",
          values: [textArray(texts), bigintArray(ints)],
        });
        const row = rows[0]!;
        expect(row.tc).toBe(texts.length);
        expect(row.nc).toBe(ints.length);
        expect(row.t).toEqual(texts);
        expect(row.n.map(Number)).toEqual(ints);
      }),
      { numRuns: 200 },
    );
  });
});
