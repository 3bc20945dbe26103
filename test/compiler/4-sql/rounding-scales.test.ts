// The roundings to any literal whole scale (numbers.ts `roundPlaces`): a negative scale rounds to
// tens, hundreds… (the runtime's `roundTo`: the number over 10^k rounded, times 10^k), a scale past
// 22 or past the number's own places. Random models of every mode at such scales — of inputs, sums,
// products, roundings, rounded quotients and means of arguments, `sum` of arguments — over random
// states rich in ties at tens and hundreds, negatives, long digits and nulls, each compared with
// evaluate() row by row in both dialects; what would pass 34 digits or a dialect's integers is
// refused at its address.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectEveryModelAgrees } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL rounding scales");

const INPUTS = {
  a: { type: "number", desc: "a?", blank: true },
  b: { type: "number [-99..99]", desc: "b?", blank: true },
  c: { type: "number [-99..99]", desc: "c?", blank: true },
  t: { type: "number [0..100000]", desc: "t?", blank: true },
};

const MODES = ["decimal", "round half up", "round half down", "round up", "round down", "floor", "ceiling"];
/** Negative scales (tens to 10^12), none, and scales past 22 and past every number's places. */
const SCALES = ["-1", "(-1)", "-2", "-3", "-6", "-9", "-12", "0", "23", "30", "6176"];
const OPERANDS = ["a", "b", "t", "a + b", "b * c", "t - a", "decimal(a, 1)", "-a", "sum(a, b, 5)", "sum(b, c)", "sum(b, null)"];

const FORMS: ((mode: string, x: string, p: string) => string)[] = [
  (mode, x, p) => `${mode}(${x}, ${p})`,
  (mode, x, p) => `${mode}(${x}, ${p}) + b`,
  (mode, x, p) => `${mode}(${x}, ${p}) > 1000`,
  (mode, x, p) => `if ${mode}(${x}, ${p}) = 0 then a else ${mode}(${x}, ${p}) * 2`,
  (mode, x, p) => `${mode}(${mode}(${x}, ${p}), -1)`,
  (mode) => `${mode}(b / 7, 25)`,
  (mode) => `${mode}(b / c, 24)`,
  (mode, _x, p) => `${mode}(mean(b, c, 1), ${Number(p) >= 0 && Number(p) < 30 ? p : "2"})`,
  (_mode, x) => `sum(${x}, b, c)`,
  () => "sum(a, t) - sum(b, c, -1.5)",
];

const roundingModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(fc.constantFrom(...FORMS), fc.constantFrom(...MODES), fc.constantFrom(...OPERANDS), fc.constantFrom(...SCALES)), {
    minLength: 1,
    maxLength: 3,
  })
  .map((ds) => ({
    content: {
      name: "rounding scales",
      inputs: INPUTS,
      decisions: Object.fromEntries(ds.map(([f, mode, x, p], i) => [`d${i}`, f(mode, x, p)])),
    },
  }));

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 6 }, { arbitrary: fc.constant(null), weight: 1 });
/** Ties at tens, hundreds and thousands (either sign), long digits, tiny numbers, zero. */
const tie = fc.tuple(fc.constantFrom(5, 15, 25, 50, 150, 250, 500, 1500, 2500, 5000), fc.constantFrom(1, -1)).map(([v, s]) => v * s);
const long = fc.constantFrom(123456789.123456, -987654321.654321, 999999999.999999, -999999999.999999, 0.000001, 4999.999999, 0);
const small = fc.oneof(fc.integer({ min: -99, max: 99 }), fc.constantFrom(-95, 95, 45, -45, 5, -5, 50, -50, 0.5, -0.5));

const hitting = (count: number, seed: number): Row[] =>
  fc.sample(
    fc.record({
      a: maybe(fc.oneof(tie, long, fc.integer({ min: -100000, max: 100000 }))),
      b: maybe(small),
      c: maybe(small),
      t: maybe(fc.oneof(fc.constantFrom(0, 5, 50, 500, 5000, 50000, 100000, 99995, 1250), fc.integer({ min: 0, max: 100000 }))),
    }),
    { numRuns: count, seed },
  );

describe("roundings to any literal scale in SQL", () => {
  it("every random model of them compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(roundingModel, { numRuns: 30, seed: 20261203 });
    await expectEveryModelAgrees(models, (i) => hitting(120, i), engines);
  });

  it("what would pass 34 digits or the dialect's integers, or reach no scale, is refused at its address", () => {
    for (const [feel, reasons] of [
      // 10^40: a rounded number of 41 digits
      ["round up(a, -40)", ["a rounded number may need more than 34 digits"]],
      // a divisor of 10^39: past DuckDB's 128-bit integers; PostgreSQL's numeric holds it
      ["round up(a, -33)", ["a number of 15 digits rounded to -33 places", ""]],
      ["decimal(a / b, -1)", ["a quotient not rounded to literal places", ""]],
      ["decimal(a, 7000)", ["decimal() without a literal whole scale from -6111 to 6176"]],
      ["decimal(a, b)", ["decimal() without a literal whole scale from -6111 to 6176"]],
    ] as const)
      (["duckdb", "postgres"] as const).forEach((dialect, i) => {
        const reason = reasons[Math.min(i, reasons.length - 1)]!;
        const m = { content: { name: "refused", inputs: INPUTS, decisions: { ok: "decimal(a, -2)", d: feel } } };
        expect(checkModel(m).valid).toBe(true);
        const r = compileToSql(m, { dialect });
        const got = r.ok ? [] : r.diagnostics.map((d) => [d.code, d.address, d.message]);
        expect(got, `${dialect}: ${feel}`).toEqual(reason ? [["sql.unsupported", "decisions.d", expect.stringContaining(reason)]] : []);
      });
  });
});
