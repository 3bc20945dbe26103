// The DuckDB engine's lowerings kept on disk (sql-cache.ts, docs/sql.md): an entry is read back
// only by the build that wrote it, under its whole key, from a file and directory no one else can
// write, and a damaged one is a miss; and the table engine scoring batch after batch of the
// lending model through one cache (Parquet files of rows whose numbers need different digits, so
// that some batches find their lowering kept and others do not) writes the JS engine's records
// every time, from a file at another path than the one its lowering was made for.
import { chmodSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringLiteral } from "../../src/compiler/4-sql/dialects.js";
import { sqlCache, type SqlCache } from "../../src/batch/duckdb/sql-cache.js";
import { bothEngines, duckDbScratch, NUMBERS } from "./lending-engines.js";

const duck = duckDbScratch("pdm-duckdb-sql-cache-");
let folders = 0;
const folder = () => join(duck.dir, `cache-${folders++}`);

describe("the lowering cache", () => {
  const json = fc.jsonValue();

  it("gives back what this build stored under the same key, and nothing under another key or build", () => {
    fc.assert(
      fc.property(json, json, json, (key, other, value) => {
        const dir = folder();
        const cache = sqlCache(dir, "build-a");
        expect(cache.get(key)).toBeUndefined();
        cache.set(key, value);
        // JSON's own reading of the value (a -0 is written 0)
        expect(cache.get(key)).toEqual(JSON.parse(JSON.stringify(value)));
        if (JSON.stringify(other) !== JSON.stringify(key)) expect(cache.get(other)).toBeUndefined();
        expect(sqlCache(dir, "build-b").get(key)).toBeUndefined();
      }),
      { numRuns: 50, seed: 3 },
    );
  });

  it("reads no entry another user could have written, and no damaged one", () => {
    const dir = folder();
    const cache = sqlCache(dir, "build");
    cache.set("k", { sql: "SELECT 1" });
    const [name] = readdirSync(dir);
    const entry = join(dir, name!);
    expect(cache.get("k")).toEqual({ sql: "SELECT 1" });
    chmodSync(entry, 0o622);
    expect(cache.get("k")).toBeUndefined();
    chmodSync(entry, 0o600);
    chmodSync(dir, 0o770);
    expect(cache.get("k")).toBeUndefined();
    chmodSync(dir, 0o700);
    writeFileSync(entry, '{"build":"build","key":"\\"k\\"","value":');
    expect(cache.get("k")).toBeUndefined();
  });
});

describe("the lowering cache's size", () => {
  const size = (dir: string) => readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  /** Gives the files a step wrote or read (they have the real clock's time) the time of step `i`, a second after step i − 1's. */
  const stamp = (dir: string, i: number) => {
    const t = new Date(1_700_000_000_000 + i * 1000);
    for (const name of readdirSync(dir)) if (statSync(join(dir, name)).mtime > t) utimesSync(join(dir, name), t, t);
  };

  it("stays under its bound and always keeps the entry used last", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 30 }), bytes: fc.integer({ min: 0, max: 3000 }), read: fc.boolean() }), {
          maxLength: 40,
        }),
        (steps) => {
          const dir = folder();
          const max = 8000;
          const cache = sqlCache(dir, "build", max);
          let last: number | undefined;
          steps.forEach((step, i) => {
            if (!(step.read && cache.get(step.key) !== undefined)) cache.set(step.key, "x".repeat(step.bytes));
            last = step.key;
            stamp(dir, i);
            expect(size(dir)).toBeLessThanOrEqual(max);
          });
          // each entry is at most about 3,100 bytes, under the bound
          if (last !== undefined) expect(cache.get(last)).toBeDefined();
        },
      ),
      { numRuns: 40, seed: 5 },
    );
  });

  it("removes the least recently used entry first: one read since is kept over one only written", () => {
    const dir = folder();
    const cache = sqlCache(dir, "build", 2500);
    const value = "x".repeat(1000);
    cache.set("a", value);
    stamp(dir, 0);
    cache.set("b", value);
    stamp(dir, 1);
    expect(cache.get("a")).toBe(value);
    stamp(dir, 2);
    cache.set("c", value);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([value, undefined, value]);
  });

  it("removes a temporary file a run left an hour ago, not one being written now", () => {
    const dir = folder();
    const cache = sqlCache(dir, "build");
    cache.set("a", 1);
    writeFileSync(join(dir, "left.json.123-x.tmp"), "{");
    writeFileSync(join(dir, "writing.json.456-y.tmp"), "{");
    const earlier = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(dir, "left.json.123-x.tmp"), earlier, earlier);
    cache.set("b", 2);
    expect(readdirSync(dir)).not.toContain("left.json.123-x.tmp");
    expect(readdirSync(dir)).toContain("writing.json.456-y.tmp");
    expect([cache.get("a"), cache.get("b")]).toEqual([1, 2]);
  });
});

describe("the table engine through the cache", () => {
  /** A lending row whose numbers need at most `digits` digits, or none. */
  const row = (digits: number): fc.Arbitrary<Record<string, number | string | null>> =>
    fc.record({
      ...Object.fromEntries(NUMBERS.map((n) => [n, fc.option(fc.integer({ min: 0, max: 10 ** digits - 1 }), { freq: 8 })])),
      employment: fc.constantFrom("salaried", "contractor", "retired", "unemployed", null),
    });
  const batch = fc.integer({ min: 3, max: 6 }).chain((digits) => fc.array(row(digits), { minLength: 1, maxLength: 40 }));

  it("writes the JS engine's records whether the lowering is kept or made", async () => {
    const dir = folder();
    const counts = { hits: 0, misses: 0 };
    const inner = sqlCache(dir, "build");
    const cache: SqlCache = {
      get(key) {
        const found = inner.get(key);
        counts[found === undefined ? "misses" : "hits"]++;
        return found;
      },
      set: (key, value) => inner.set(key, value),
    };
    let run = 0;
    await fc.assert(
      fc.asyncProperty(batch, async (rows) => {
        const records = rows.map((r, i) => ({ id: `r${i}`, ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)) }));
        const values = rows
          .map(
            (r, i) =>
              `(${[stringLiteral(`r${i}`), ...NUMBERS.map((n) => `CAST(${r[n] ?? "NULL"} AS INTEGER)`), r.employment === null ? "NULL" : stringLiteral(String(r.employment))].join(", ")})`,
          )
          .join(", ");
        const parquet = join(duck.dir, `rows-${run}.parquet`);
        await duck.c.run(
          `COPY (SELECT * FROM (VALUES ${values}) AS t(id, ${[...NUMBERS, "employment"].map((n) => `"${n}"`).join(", ")})) TO ${stringLiteral(parquet)} (FORMAT parquet)`,
        );
        const both = await bothEngines(records, parquet, duck.dir, `out-${run++}.jsonl`, cache);
        expect(both.records).toBe(both.expected);
      }),
      { numRuns: 20, seed: 11 },
    );
    expect(counts.hits).toBeGreaterThan(0);
    expect(counts.misses).toBeGreaterThan(0);
  }, 120_000);
});
