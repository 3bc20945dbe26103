// `for`, `some` and `every` over ranges and over several lists, filters by a computed position and a function given as a
// filter's condition, lowered in DuckDB: random models of those forms, with ends that are inputs
// (null, non-integer, negative, zero) or literals (both directions, a single item, non-integers,
// null), positions that are range variables, closed calls and literals (zero, negative, past
// either end, non-integers), over random lists (empty, null items, long), each compared with
// evaluate() row by row, in DuckDB (nested lambdas, flattened) and in PostgreSQL (one subquery of
// unnests, each lateral to those before it, ordered by their ordinals) alike.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, expectRefusedAtDecision, statesFor } from "./differential.js";
import { useEngines } from "./engines.js";

const engines = useEngines("SQL iterations");

const INPUTS = {
  a: { type: "number [-9..9]", desc: "a?", blank: true },
  b: { type: "number [-9..9]", desc: "b?", blank: true },
  xs: { type: ["number [-1000..1000]"], desc: "Which numbers?" },
  members: { type: [{ age: "number [0..120]", name: "string" }], desc: "Who?" },
};

/** A range's end: an input, a literal (negative, zero, non-integer) or null. */
const end = fc.constantFrom("a", "b", "1", "3", "0", "-2", "7", "2.5", "null", "-(a)", "b - 1");
/** A computed position that is never null: literals the runtime works out, arithmetic of literals. */
const position = fc.constantFrom(
  "count([1, 2])",
  "abs(-1)",
  "floor(2.7)",
  "2.5",
  "-1.5",
  "0",
  "0.5",
  "-(3)",
  "1 + 2",
  "sum([4, 5])",
  "-20",
);

/** Templates over two ends `p`, `q` and a position `n`. */
const FORMS: ((p: string, q: string, n: string) => string)[] = [
  (p, q) => `for i in ${p}..${q} return i`,
  (p, q) => `for i in ${p}..${q} return i * 2 - a`,
  (p, q) => `sum(for i in ${p}..${q} return i)`,
  (p, q) => `count(for i in ${p}..${q} return [i, b][item > b])`,
  () => `for i in 1..1, x in xs return x * 10 + i`,
  (p, q) => `for x in [a, b, 5][item > 0], i in ${p}..${q} return x - i`,
  (p, q) => `for i in ${p}..${q}, x in [a, b][item < 3] return [i, x]`,
  () => `for x in xs, i in 2..2 return x - i`,
  (p, q) => `for i in ${p}..${q}, j in ${q}..${p} return i * 100 + j`,
  () => `for i in [1, 2], j in [10, 20], k in [100, 200] return i + j + k`,
  (p, q) => `for m in [{n: "a", k: a}, {n: "b", k: b}], i in ${p}..${q} return {n: m.n, i: i * m.k}`,
  () => `for m in members, i in [1] return {n: m.name, i: i}`,
  (p, q) => `for i in ${p}..${q} return xs[i]`,
  (p, q) => `for i in ${p}..${q} return members[-i].age`,
  (p, q) => `for i in ${p}..${q} return xs[i * 2 - 1]`,
  (_p, _q, n) => `xs[${n}]`,
  (_p, _q, n) => `members[${n}].name`,
  (_p, _q, n) => `[a, b, 7][${n}]`,
  (_p, _q, n) => `xs[${n}] + 1`,
  () => `xs[function(v) v > 1]`,
  () => `count(members[function(m) m.age])`,
  () => `[1, 2, 3][function(v) v]`,
  () => `sum(for x in [members[1], members[-1]], y in [1, 2] return x.age * y)`,
  (p, q) => `every i in for i in ${p}..${q} return i satisfies i > 0`,
  (p, q) => `some i in ${p}..${q} satisfies i > a`,
  (p, q) => `every x in [a, b][item > 0], i in ${p}..${q} satisfies x > i`,
  (p, q) => `some i in ${p}..${q}, j in [1, 2] satisfies (if i > j then null else i = j)`,
];

const iterationModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(fc.constantFrom(...FORMS), end, end, position), { minLength: 1, maxLength: 3 })
  .map((ds) => ({
    content: {
      name: "iterations",
      inputs: INPUTS,
      decisions: Object.fromEntries(ds.map(([f, p, q, n], i) => [`d${i}`, f(p, q, n)])),
    },
  }));

describe("iterations and positions in SQL", () => {
  it(
    "every random model of ranges, several lists and positions compiles in both dialects and agrees with evaluate()",
    { timeout: 600_000 },
    async () => {
      const models = fc.sample(iterationModel, { numRuns: 60, seed: 20261201 });
      let scored = 0;
      for (const [i, m] of models.entries()) {
        const check = checkModel(m);
        expect(check.valid, JSON.stringify(m.content)).toBe(true);
        // lists of lists too (PostgreSQL: inner lists as json arrays)
        for (const dialect of ["duckdb", "postgres"] as const) {
          const r = compileToSql(m, { dialect, strict: false });
          expect(r.ok ? [] : r.diagnostics, `${dialect}: ${JSON.stringify(m.content)}`).toEqual([]);
        }
        const states = statesFor(check.input, 60, i + 1);
        for (const engine of engines) {
          const c = await compare(m, states, engine, false, false);
          expect(c.disagreements.slice(0, 3), JSON.stringify(m.content)).toEqual([]);
          scored += c.scored;
        }
      }
      expect(scored).toBeGreaterThan(60 * 30);
    },
  );

  it("what is not lowered exactly is refused at its address, in both dialects", () => {
    const refused: [string, RegExp][] = [
      ["for x in xs, i in 1..2 return x", /more than 10000 items/],
      ["for i in 1..n return i", /range that may have more than 10000 items/],
      ["for i in 1..3, j in 1..i return j", /earlier iteration's variable/],
      ["xs[a]", /position that may be null/],
      ["xs[item]", /reads the item/],
      ["members[count([age])].name", /reads the item/],
      ['for d in @"2020-01-01"..@"2020-01-03" return d', /range of dates/],
    ];
    for (const [expr, why] of refused) expectRefusedAtDecision({ ...INPUTS, n: { type: "number", desc: "n?" } }, expr, why, false);
  });
});
