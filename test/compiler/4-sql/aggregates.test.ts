// `product` and `median` lowered (aggregates.ts): random models of them — of a list (an input's,
// a literal's, a filter's, a `for`'s, a concatenation, null items, no items) and of their
// arguments, composed with each other, a rounding, a comparison — over random states rich in what
// makes them hard (nulls, empty lists, ties, negative numbers, long digits), each compared with
// evaluate() row by row in both dialects; `stddev` the same in PostgreSQL. `stddev` in DuckDB,
// arithmetic on a stddev, and a product that may pass 34 digits are refused at their address.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectEveryModelAgrees } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL aggregates");

const INPUTS = {
  a: { type: "number", desc: "a?", blank: true },
  b: { type: "number [-99..99]", desc: "b?", blank: true },
  c: { type: "number [-99..99]", desc: "c?", blank: true },
  xs: { type: ["number [-9..9]"], desc: "Which numbers?", blank: true },
};

/** Lists of any length (for median) and of a few items (for product, whose digits must fit). */
const LISTS = ["xs", "xs[item > 0]", "for x in xs return x * 2", "concatenate(xs, [b])", "concatenate(xs, [null])", "[a, b, c]", "[]"];
const SHORT = [
  "[b, c]",
  "[a, b]",
  "[b, c, 2.5]",
  "[b, c, -1.5][item != null]",
  "for x in [b, c, 0.5] return x - 1",
  "[b, null]",
  "[]",
  "[a]",
  "[c, c, c]",
];

const FORMS: ((l: string, p: string) => string)[] = [
  (l) => `median(${l})`,
  (_l, p) => `median(${p})`,
  (_l, p) => `product(${p})`,
  () => "product(b, c)",
  () => "product(a, b)",
  () => "product(b, c, 0.1)",
  () => "median(a, b, c)",
  () => "median(b, c)",
  () => "median(b, null)",
  (l, p) => `product(${p}) + median(${l})`,
  (l, p) => `if median(${l}) > 0 then product(${p}) else null`,
  (l) => `decimal(median(${l}), 1)`,
  (l) => `median(${l}) = b`,
  () => 'median(["x", "y"])',
];

const aggregateModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(fc.constantFrom(...FORMS), fc.constantFrom(...LISTS), fc.constantFrom(...SHORT)), { minLength: 1, maxLength: 3 })
  .map((ds) => ({
    content: { name: "aggregates", inputs: INPUTS, decisions: Object.fromEntries(ds.map(([f, l, p], i) => [`d${i}`, f(l, p)])) },
  }));

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 6 }, { arbitrary: fc.constant(null), weight: 1 });
/** Small numbers that tie (equal items, halves), negatives, and numbers of many digits. */
const small = fc.oneof(fc.integer({ min: -9, max: 9 }), fc.constantFrom(0.5, -0.5, 1.25, 2.5, -7.75, 0.000001, 98.999999, -99));
const long = fc.constantFrom(123456789.123456, -987654321.654321, 0.000001, 999999999.999999, 1e-6, -5.5, 0);

/** A state's inputs: ties, nulls and long numbers. */
const FIELDS = {
  a: maybe(fc.oneof(small, long)),
  b: maybe(small),
  c: maybe(small),
  xs: maybe(fc.array(fc.oneof(fc.integer({ min: -9, max: 9 }), fc.constantFrom(1.5, -2.25, 2.5)), { maxLength: 6 })),
};
const hitting = (count: number, seed: number): Row[] => fc.sample(fc.record(FIELDS), { numRuns: count, seed });

/** stddev of lists, of arguments, compared, chosen, returned: never arithmetic (FEEL rounds it, which is refused). */
const STDDEV_FORMS: ((l: string, p: string) => string)[] = [
  (l) => `stddev(${l})`,
  (_l, p) => `stddev(${p})`,
  () => "stddev(a, b, c)",
  () => "stddev(b, c)",
  () => "stddev(a, b)",
  () => "stddev(b, null)",
  () => "stddev(a, 0.000001)",
  (l) => `stddev(${l}) > b`,
  (l, p) => `stddev(${l}) = stddev(${p})`,
  (l) => `if stddev(${l}) < 3 then stddev(${l}) else median(${l})`,
  (l) => `[stddev(${l}), a]`,
  () => 'stddev(["x", "y"])',
];

const stddevModel: fc.Arbitrary<ModelInput> = fc
  .array(
    fc.tuple(fc.constantFrom(...STDDEV_FORMS), fc.constantFrom(...LISTS, "ys", "for y in ys return y * 1000"), fc.constantFrom(...SHORT)),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((ds) => ({
    content: {
      name: "stddev",
      inputs: { ...INPUTS, ys: { type: ["number"], desc: "Which others?", blank: true } },
      decisions: Object.fromEntries(ds.map(([f, l, p], i) => [`d${i}`, f(l, p)])),
    },
  }));

/** Lists whose variance is a perfect square (exact roots), of one repeated item (0), of long digits and of far-apart magnitudes. */
const spread = fc.oneof(
  fc.array(fc.oneof(small, long), { maxLength: 7 }),
  fc.constantFrom([1, 3], [2, 4, 4, 4, 5, 5, 7, 9], [5, 5, 5], [0.000001, 999999999.999999], [-1e-6, 1e-6], [1, 2], [7], []),
);

const stddevStates = (count: number, seed: number): Row[] =>
  fc.sample(fc.record({ ...FIELDS, ys: maybe(spread) }), { numRuns: count, seed });

describe("product and median in SQL", () => {
  it("every random model of them compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(aggregateModel, { numRuns: 30, seed: 20261202 });
    await expectEveryModelAgrees(models, (i) => hitting(120, i), engines);
  });

  it("stddev: every random model of it compiles in PostgreSQL and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(stddevModel, { numRuns: 30, seed: 20261203 });
    await expectEveryModelAgrees(
      models,
      (i) => stddevStates(120, i),
      engines.filter((e) => e.dialect === "postgres"),
    );
  });

  it("stddev in DuckDB, arithmetic on a stddev, and a product that may pass 34 digits, are refused at their address", () => {
    for (const [feel, reason, dialects] of [
      ["stddev(xs)", "stddev(): FEEL's square root to 34 significant digits", ["duckdb"]],
      ["stddev(b, c)", "stddev(): FEEL's square root to 34 significant digits", ["duckdb"]],
      ["stddev(b, c) + 1", "a sum may need more than 34 digits", ["postgres"]],
      ["product(xs)", "a product of up to 10000 numbers", ["duckdb", "postgres"]],
      ["product(a, a, a)", "a product of up to 3 numbers", ["duckdb", "postgres"]],
    ] as const)
      for (const dialect of dialects) {
        const m = { content: { name: "refused", inputs: INPUTS, decisions: { ok: "median(xs)", d: feel } } };
        expect(checkModel(m).valid).toBe(true);
        const r = compileToSql(m, { dialect });
        expect(r.ok ? [] : r.diagnostics.map((d) => [d.code, d.address, d.message])).toEqual([
          ["sql.unsupported", "decisions.d", expect.stringContaining(reason)],
        ]);
      }
  });
});
