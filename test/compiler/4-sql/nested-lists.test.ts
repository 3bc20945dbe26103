// Lists of lists (PostgreSQL: each inner list a json array, dialects.ts `nest`; DuckDB: a LIST of
// LIST of one inner type, a literal's inner lists cast to it): random models that
// make lists of lists — ragged, empty and null inner lists, null items, lists of three levels,
// contexts holding them — and use them every way the lowering takes a list (count, positions
// negative and computed, filters, `for`, `some`, `every`, several iterations, concatenate, sums of
// inner lists, `=`, `in`, `flatten`, the list as a decision), compiled in both dialects and compared with
// evaluate() row by row over random states. Hand-made faults in PostgreSQL's representation are caught.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { checkModel, compileToSql } from "../../../src/compiler/index.js";
import { DIALECTS } from "../../../src/compiler/4-sql/dialects.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, statesFor } from "./differential.js";
import { useEngines, type SqlEngine } from "./engines.js";

const engines = useEngines("SQL lists of lists");

const INPUTS = {
  a: { type: "number [-9..9]", desc: "a?", blank: true },
  xs: { type: ["number [-1000..1000]"], desc: "Which numbers?" },
  members: { type: [{ age: "number [0..120]", name: "string" }], desc: "Who?" },
};

/** Lists of lists of numbers, over an end `p` of a range; `bounded`: of few items, inner lists too (an iteration over both is lowered). */
const NUMBERS: { bounded?: true; list: (p: string) => string }[] = [
  { list: () => `for x in xs return [x, a]` },
  { list: (p) => `for i in 1..${p} return xs[item > i * 100]` },
  { list: () => `for m in members return [m.age, null]` },
  { list: () => `for x in xs return if x > 0 then [x, x * 2] else null` },
  { list: () => `for x in xs return if x > 0 then [] else [x]` },
  { list: () => `for x in xs return for m in members return m.age + x` },
  { list: () => `concatenate(for x in xs return [x], [[a], null, []])` },
  { bounded: true, list: (p) => `for i in ${p}..1, x in [a, 2] return [i, x, i * x]` },
  { bounded: true, list: (p) => `for i in 1..${p} return if i = 2 then null else [i, a, null]` },
  { bounded: true, list: () => `[[a], null, [], [a, 1]]` },
  { bounded: true, list: () => `[[a, 1.5], [], null, [2, null, -0.25]]` },
  { list: () => `[xs, [a], xs[item > 0], [0.125]]` },
];

/** Uses of a list of lists of numbers `L`, an end `p`. */
const USES: ((L: string, p: string) => string)[] = [
  (L) => L,
  (L) => `count(${L})`,
  (L) => `${L}[1]`,
  (L) => `${L}[-1]`,
  (L, p) => `${L}[${p}]`,
  (L) => `count(${L}[2])`,
  (L) => `sum(${L}[-2])`,
  (L) => `${L}[count(item) > 1]`,
  (L) => `count(${L}[item = null])`,
  (L) => `for l in ${L} return count(l)`,
  (L) => `for l in ${L} return sum(l)`,
  (L) => `sum(for l in ${L} return sum(l))`,
  (L) => `some l in ${L} satisfies count(l) > 1`,
  (L) => `every l in ${L} satisfies l[1] > 0`,
  (L) => `for l in ${L} return l[item > 0]`,
  (L) => `concatenate(${L}, ${L})`,
  (L) => `concatenate(${L}, [])`,
  (L) => `${L} = ${L}`,
  (L) => `${L} = (for x in xs return [x, a])`,
  (L) => `null in ${L}`,
  (L) => `{n: count(${L}), l: ${L}}`,
  (L) => `{l: ${L}}.l[1]`,
  (L) => `(for l in ${L} return {v: l, n: count(l)})[1].v`,
  (L) => `count((for l in ${L} return {v: l})[-1].v)`,
  (L) => `for l in ${L} return for x in l return [x]`,
  (L) => `(for l in ${L} return for x in l return [x])[1][-1]`,
  (L) => `flatten(${L})`,
  (L) => `count(flatten(${L}))`,
  (L) => `flatten(${L})[-1]`,
  (L) => `flatten(for l in ${L} return [l, l])`,
];

/** Uses that iterate over a list of lists and its inner lists (of a bounded list only). */
const BOUNDED_USES: ((L: string, p: string) => string)[] = [
  (L) => `for l in ${L}, x in l return x`,
  (L, p) => `for l in ${L}, i in 1..${p} return l[i]`,
  (L) => `some l in ${L}, x in l satisfies x > 2`,
];

/** Lists of lists of strings, dates and booleans, used whole or by item. */
const OTHERS = [
  `for m in members return [m.name, upper case(m.name)]`,
  `(for m in members return [m.name])[-1]`,
  `for x in xs return [date("2024-01-31") + duration("P1D"), null]`,
  `for x in xs return [x > 0, x > a]`,
  `count((for m in members return [m.name][item != "a"])[1])`,
  `for m in members return {n: m.name, k: [m.age, a]}`,
  `(for m in members return {n: m.name, k: [m.age, a]})[-1].k`,
  `[["a", "b"], [], null, [upper case("c")]]`,
  `[[[1, 2.5]], [], [[a], null, []], null]`,
  `count([[[1, 2.5]], [[a, 0.001]]][-1][1])`,
  `[[date("2024-01-31")], [null]][1][1] + duration("P1D")`,
  `[[true], [a > 0, null]][2]`,
  `flatten([[[1, 2.5]], [], [[a], null, []], null])`,
  `flatten(for m in members return [m.name, null])`,
  `flatten(xs)`,
  `flatten(for m in members return [[m.age], [a]])`,
];

const end = fc.constantFrom("1", "2", "3", "-1");

const nestedModel: fc.Arbitrary<ModelInput> = fc
  .array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(fc.constantFrom(...NUMBERS), fc.constantFrom(...USES), end).map(([l, u, p]) => u(`(${l.list(p)})`, p)),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(...NUMBERS.filter((l) => l.bounded)), fc.constantFrom(...BOUNDED_USES), end)
          .map(([l, u, p]) => u(`(${l.list(p)})`, p)),
      },
      { weight: 1, arbitrary: fc.constantFrom(...OTHERS) },
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((ds) => ({ content: { name: "nested", inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) } }));

const MODELS = fc.sample(nestedModel, { numRuns: 50, seed: 20261202 });

/** Rows compared and disagreements (or a query that stopped) over the models, in `engine`. */
async function run(engine: SqlEngine, models: ModelInput[]): Promise<{ scored: number; wrong: number }> {
  let scored = 0;
  let wrong = 0;
  for (const [i, m] of models.entries()) {
    const states = statesFor(checkModel(m).input, 40, i + 1);
    try {
      const c = await compare(m, states, engine, false, false);
      scored += c.scored;
      wrong += c.disagreements.length;
    } catch {
      wrong++;
    }
  }
  return { scored, wrong };
}

const postgres = () => engines.find((e) => e.dialect === "postgres");

describe("lists of lists in SQL", () => {
  it(
    "every random model of lists of lists checks, compiles in both dialects, and agrees with evaluate()",
    { timeout: 600_000 },
    async () => {
      let scored = 0;
      for (const [i, m] of MODELS.entries()) {
        const where = JSON.stringify(m.content);
        const check = checkModel(m);
        expect(check.valid, where).toBe(true);
        const r = compileToSql(m, { dialect: "postgres", strict: false });
        expect(r.ok ? [] : r.diagnostics, where).toEqual([]);
        const duck = compileToSql(m, { dialect: "duckdb", strict: false });
        expect(duck.ok ? [] : duck.diagnostics, `duckdb: ${where}`).toEqual([]);
        const states = statesFor(check.input, 40, i + 1);
        for (const engine of engines) {
          const c = await compare(m, states, engine, false, false).catch((e: Error) => {
            throw new Error(`${engine.dialect}: ${where}: ${e.message}`);
          });
          expect(c.disagreements.slice(0, 3), `${engine.dialect}: ${where}`).toEqual([]);
          scored += c.scored;
        }
      }
      // at least a quarter of the 50 models' 40 rows scored a side, in each engine that ran (PostgreSQL only with DATABASE_URL)
      expect(scored).toBeGreaterThan(engines.length * 625);
    },
  );

  describe("hand-made faults in PostgreSQL's inner lists are caught", () => {
    const nest = DIALECTS.postgres.lists!.nest!;
    const kept = { ...nest };
    afterEach(() => Object.assign(nest, kept));
    const faults: [string, () => void][] = [
      // PostgreSQL's own arrays of arrays: a 2-D array, whose count is every item's
      [
        "inner lists as arrays (a flattened count)",
        () => Object.assign(nest, { type: "numeric[]", wrap: (l: string) => l, unwrap: (x: string) => x }),
      ],
      ["a null inner list read as an empty one", () => (nest.unwrap = (x, kind, v) => kept.unwrap(`COALESCE(${x}, '[]')`, kind, v))],
      ["null items dropped from an inner list", () => (nest.wrap = (l) => kept.wrap(`array_remove(${l}, NULL)`))],
      [
        "an inner list's items reversed",
        () => (nest.wrap = (l) => kept.wrap(`ARRAY(SELECT x FROM unnest(${l}) WITH ORDINALITY AS u(x, o) ORDER BY o DESC)`)),
      ],
    ];
    for (const [what, fault] of faults)
      it(what, { timeout: 600_000 }, async () => {
        const engine = postgres();
        if (!engine) return;
        fault();
        const { wrong } = await run(engine, MODELS.slice(0, 25));
        expect(wrong).toBeGreaterThan(0);
      });
  });
});
