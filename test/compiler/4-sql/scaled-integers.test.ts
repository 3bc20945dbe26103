// Numbers held as 64-bit scaled integers from one operation to the next (numbers.ts, `heldInteger`):
// random expressions of + − ×, roundings to places of every mode, rounded quotients, `if`s, tables of
// number literals and comparisons over inputs narrowed to few digits (as a batch engine narrows a
// file's columns, so that the shapes fit 64 bits), on states built to land on ties, against
// evaluate() in both dialects.
import { DuckDBInstance } from "@duckdb/node-api";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { seeded } from "../../../src/providers/seeded-random.js";
import { compare } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("scaled integers");

const INPUTS = ["a", "b", "c"] as const;
const ROUNDINGS = ["decimal", "round half up", "round half down", "round up", "round down", "floor", "ceiling"] as const;

/** A random expression of numbers; `depth` bounds it so that its shape stays within 64 bits mostly. */
type Gen = (depth: number) => fc.Arbitrary<string>;

const literalText = fc
  .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 3 }))
  .map(([digits, places]) => (places === 0 ? String(digits) : (digits / 10 ** places).toFixed(places)));

const expr: Gen = (depth) => {
  const leaf = fc.oneof(fc.constantFrom(...INPUTS), literalText, fc.constant("t"));
  if (depth === 0) return leaf;
  const sub = expr(depth - 1);
  return fc.oneof(
    { weight: 2, arbitrary: leaf },
    { weight: 3, arbitrary: fc.tuple(sub, fc.constantFrom("+", "-", "*"), sub).map(([x, op, y]) => `(${x} ${op} ${y})`) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...ROUNDINGS), sub, fc.integer({ min: 0, max: 3 }))
        .map(([f, x, k]) => (f === "floor" || f === "ceiling" ? `${f}(${x})` : `${f}(${x}, ${k})`)),
    },
    { weight: 2, arbitrary: fc.tuple(sub, sub, fc.integer({ min: 0, max: 3 })).map(([x, y, k]) => `decimal(${x} / ${y}, ${k})`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(sub, fc.constantFrom("<", "<=", "=", ">=", ">", "!="), sub, sub, sub)
        .map(([x, op, y, p, q]) => `(if ${x} ${op} ${y} then ${p} else ${q})`),
    },
    { weight: 1, arbitrary: sub.map((x) => `(-${x})`) },
  );
};

interface Case {
  scales: [number, number, number];
  ints: [number, number, number];
  decisions: string[];
  comparisons: string[];
  seed: number;
}

const cases: fc.Arbitrary<Case> = fc.record({
  scales: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })),
  ints: fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 })),
  decisions: fc.array(expr(3), { minLength: 1, maxLength: 4 }),
  comparisons: fc.array(
    fc.tuple(expr(2), fc.constantFrom("<", "<=", "=", ">=", ">", "!="), expr(2)).map(([x, op, y]) => `${x} ${op} ${y}`),
    { maxLength: 2 },
  ),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});

function modelOf(c: Case): ModelInput {
  const decisions: Record<string, unknown> = {
    // a table of number literals (held as the list of their integers), read by the expressions as t
    t: [
      ["a", "=> number"],
      ["< 1", "0.25"],
      ["< 20", "2.5"],
      ["-", "7"],
    ],
  };
  c.decisions.forEach((e, i) => (decisions[`d${i}`] = e));
  c.comparisons.forEach((e, i) => (decisions[`k${i}`] = e));
  // a rounding of a sum of the decisions: what reads a held integer two steps on
  decisions.total = `decimal(${c.decisions.map((_, i) => `d${i}`).join(" + ")}, 1)`;
  const inputs = Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: `${n}?`, blank: true }]));
  return { content: { name: "scaled integers", inputs, decisions } };
}

/** Values of each input's narrowed domain, many on ties of the roundings (multiples of 5 × 10^-k), its edges, nulls, zero. */
function statesOf(c: Case, count: number): Row[] {
  const rnd = seeded(c.seed);
  const value = (i: number): number | null => {
    const [int, scale] = [c.ints[i]!, c.scales[i]!];
    const top = 10 ** (int + scale) - 1;
    const r = rnd();
    if (r < 0.08) return null;
    if (r < 0.14) return 0;
    if (r < 0.2) return (rnd() < 0.5 ? -top : top) / 10 ** scale;
    if (r < 0.22) return 10 ** int; // outside the narrowed domain: not scored
    const units = Math.floor(rnd() * (top + 1)) * (rnd() < 0.3 ? -1 : 1);
    // a multiple of 5 of its last place in half of them: a tie of some rounding
    const tied = rnd() < 0.5 ? units - (units % 5) : units;
    return Number((tied / 10 ** scale).toFixed(scale));
  };
  return Array.from({ length: count }, () => Object.fromEntries(INPUTS.map((n, i) => [n, value(i)])));
}

describe("numbers held as scaled integers", () => {
  it("agree with evaluate() on every row, in every dialect", { timeout: 600_000 }, async () => {
    let compiled = 0;
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const model = modelOf(c);
        const narrow = Object.fromEntries(INPUTS.map((n, i) => [n, { int: c.ints[i]!, scale: c.scales[i]! }]));
        // a shape beyond what a dialect computes exactly is refused; the rest must agree
        if (!compileToSql(model, { dialect: "duckdb", narrow }).ok) return;
        compiled++;
        for (const engine of engines) {
          const r = await compare(model, statesOf(c, 200), engine, false, true, narrow);
          expect(r.disagreements.slice(0, 3)).toEqual([]);
          expect(r.scored).toBeGreaterThan(0);
        }
      }),
      { numRuns: 60, seed: 44 },
    );
    expect(compiled).toBeGreaterThan(30);
  });

  it("keep a sum of roundings and its comparison in integers, with no decimal in between", () => {
    const model: ModelInput = {
      content: {
        name: "held sum",
        inputs: { x: { type: "number", desc: "x?" }, y: { type: "number", desc: "y?" } },
        decisions: { s: "decimal(x / 3, 2) + decimal(y, 1) * 2", high: "s > 10.5", r: "decimal(s / 7, 1)" },
      },
    };
    const narrow = { x: { int: 4, scale: 2 }, y: { int: 4, scale: 2 } };
    const r = compileToSql(model, { dialect: "duckdb", narrow });
    if (!r.ok) throw new Error("no query");
    // the sum, the product and the comparison are BIGINT operations; decimals are only made for the outputs
    expect(r.query.sql).not.toMatch(/AS DECIMAL\(\d+, \d+\)\) \+ /);
    expect(r.query.sql).not.toMatch(/\* CAST\('2' AS DECIMAL/);
    expect(r.query.sql).toContain(`* CAST('2' AS BIGINT)`);
    expect(r.query.sql).toMatch(/> CAST\('1050' AS BIGINT\)/);
  });

  it("give a number output computed as an integer that integer too, the decimal's on every row (SqlOptions' integers)", async () => {
    const model: ModelInput = {
      content: {
        name: "held outputs",
        inputs: { x: { type: "number", desc: "x?" }, y: { type: "number", desc: "y?" } },
        decisions: {
          s: "decimal(x / 3, 2) + decimal(y, 1) * 2",
          high: "s > 10.5",
          r: "if high then decimal(s / 7, 1) else 1",
          // an input's value: its decimal, with no integer of its own (its cast would cost what it saves)
          e: "x",
          // a sum of two inputs, added as their integers
          p: "x + y",
        },
      },
    };
    const narrow = { x: { int: 4, scale: 2 }, y: { int: 4, scale: 2 } };
    const r = compileToSql(model, { dialect: "duckdb", narrow, integers: true });
    if (!r.ok) throw new Error("no query");
    expect(Object.fromEntries(r.query.decisions.map((d) => [d.name, d.integer]))).toEqual({
      s: "s.integer",
      high: undefined,
      r: "r.integer",
      e: undefined,
      p: "p.integer",
    });
    expect(r.query.sql).toContain(`AS "s.integer"`);
    const plain = compileToSql(model, { dialect: "duckdb", narrow });
    expect(plain.ok && plain.query.decisions.some((d) => d.integer !== undefined)).toBe(false);
    const rnd = seeded(53);
    const value = () => (rnd() < 0.1 ? "NULL" : ((rnd() < 0.3 ? -1 : 1) * Math.floor(rnd() * 1_000_000)) / 100);
    const rows = Array.from({ length: 2000 }, (_, i) => `('${i}', ${value()}, ${value()})`).join(", ");
    const instance = await DuckDBInstance.create(":memory:");
    const db = await instance.connect();
    try {
      await db.run(`CREATE TABLE input AS SELECT * FROM (VALUES ${rows}) AS v(id, x, y)`);
      const differ = (c: string, scale: number) =>
        `count(*) FILTER (WHERE "${c}.integer" IS DISTINCT FROM CAST("${c}" * ${10 ** scale} AS BIGINT))`;
      const sql = `SELECT ${differ("s", 2)}, ${differ("r", 1)}, ${differ("p", 2)}, count("s.integer"), count("r.integer") FROM (${r.query.sql})`;
      const [ds, dr, dp, ns, nr] = (await db.runAndReadAll(sql)).getRows()[0]!.map(Number);
      expect([ds, dr, dp]).toEqual([0, 0, 0]);
      expect(ns).toBeGreaterThan(1000);
      expect(nr).toBeGreaterThan(1000);
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });

  it("add three or more numbers read from columns in DuckDB's own decimals, with one cast for the sum", async () => {
    const model: ModelInput = {
      content: {
        name: "decimal sum",
        inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: `${n}?`, blank: true }])),
        decisions: {
          t: [
            ["a", "=> number"],
            ["< 1", "0.25"],
            ["< 20", "2.5"],
            ["-", "7"],
          ],
          s: "a + b - c + t - 0.5 - (b - a + t)",
          r: "decimal(s, 1)",
          k: "s >= 3.25",
          // a rounding among the terms: summed one operation at a time, in integers
          h: "a + b + decimal(c, 0)",
        },
      },
    };
    const narrow = { a: { int: 3, scale: 0 }, b: { int: 2, scale: 2 }, c: { int: 4, scale: 1 } };
    const r = compileToSql(model, { dialect: "duckdb", narrow });
    if (!r.ok) throw new Error("no query");
    // the terms of s are added as they are, not each cast to an integer or to the sum's type
    const column = String.raw`"\$\d+"`;
    const tree = String.raw`CAST\(\(\(\(${column} \+ ${column}\) \+ \(${column} \+ ${column}\)\) - \(\(${column} \+ CAST\('0\.5' AS DECIMAL\(2, 1\)\)\) \+ \(${column} \+ ${column}\)\)\) AS DECIMAL\(7, 2\)\)`;
    expect(r.query.sql).toMatch(new RegExp(tree));
    expect(r.query.sql).toContain(`CAST("$1" AS BIGINT)`);
    const c: Case = { scales: [0, 2, 1], ints: [3, 2, 4], decisions: [], comparisons: [], seed: 7 };
    for (const engine of engines) {
      const d = await compare(model, statesOf(c, 2000), engine, false, true, narrow);
      expect(d.disagreements.slice(0, 3)).toEqual([]);
      expect(d.scored).toBeGreaterThan(1000);
    }
  });
});
