// Quotients not rounded to places and `mean` (numbers.ts `quotient`): FEEL's quotient rounded once
// to 34 significant digits, half-even, where the dialect computes it exactly (PostgreSQL's
// numeric). Random models of quotients of inputs, of literals that do not terminate, of sums, of
// means of lists and of arguments — compared, chosen, rounded to places, divided again, listed —
// over random states rich in what makes them hard (zero divisors, nulls, empty lists, long digits,
// exact and repeating quotients, negatives), each compared with evaluate() row by row in
// PostgreSQL; `mean` of what is no list of numbers (null in FEEL) in both dialects. DuckDB, whose
// integers hold 38 digits, refuses the rest at its address, and arithmetic on a quotient (which
// FEEL rounds) is refused in both.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectEveryModelAgrees } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL quotients");

const INPUTS = {
  a: { type: "number", desc: "a?", blank: true },
  b: { type: "number [-99..99]", desc: "b?", blank: true },
  c: { type: "number [-99..99]", desc: "c?", blank: true },
  xs: { type: ["number"], desc: "Which numbers?", blank: true },
};

const OPERANDS = ["a", "b", "c", "(b + c)", "(b * c)", "(-a)", "decimal(a, 1)", "7", "0.3", "sum(xs)"];
const LISTS = ["xs", "xs[item > 0]", "for x in xs return x * 3", "concatenate(xs, [b])", "[a, b, c]", "[b, 1, 2]", "[]", "[null]"];

const FORMS: ((x: string, y: string, l: string) => string)[] = [
  (x, y) => `${x} / ${y}`,
  (x, y) => `(${x} / ${y}) > c`,
  (x, y) => `${x} / ${y} = ${y} / ${x}`,
  (x) => `${x} / 3`,
  (x, y) => `${x} / ${y} / 7`,
  (x, y) => `if b > 0 then ${x} / ${y} else a`,
  (x, y) => `[${x} / ${y}, c]`,
  (x, y) => `decimal(${x} / ${y}, -1)`,
  (x, y) => `${x} / (${y} / 7)`,
  (x, y) => `max(${x} / ${y}, 1)`,
  (_x, _y, l) => `mean(${l})`,
  (_x, _y, l) => `mean(${l}) < b`,
  (_x, _y, l) => `decimal(mean(${l}), -1)`,
  (x, y) => `mean(${x}, ${y}, 1)`,
  () => "mean(b, null)",
];

const quotientModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(fc.constantFrom(...FORMS), fc.constantFrom(...OPERANDS), fc.constantFrom(...OPERANDS), fc.constantFrom(...LISTS)), {
    minLength: 1,
    maxLength: 3,
  })
  .map((ds) => ({
    content: { name: "quotients", inputs: INPUTS, decisions: Object.fromEntries(ds.map(([f, x, y, l], i) => [`d${i}`, f(x, y, l)])) },
  }));

/** `mean` of what is null in FEEL: no list of numbers, no items. */
const NULL_MEANS = ['mean(["x", "y"])', "mean([])", "mean(null)", "mean([null])", "mean([true])"];

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 6 }, { arbitrary: fc.constant(null), weight: 1 });
/** Divisors: zero often, ones that terminate and ones that repeat, negatives. */
const small = fc.oneof(fc.integer({ min: -99, max: 99 }), fc.constantFrom(0, 0, 3, -3, 7, 0.5, -0.5, 1.5, 99, -99, 0.01));
const long = fc.constantFrom(123456789.123456, -987654321.654321, 999999999.999999, 0.000001, 1e-6, 2, 0, 1 / 3);

const hitting = (count: number, seed: number): Row[] =>
  fc.sample(
    fc.record({
      a: maybe(fc.oneof(small, long)),
      b: maybe(small),
      c: maybe(small),
      xs: maybe(fc.array(fc.oneof(small, long), { maxLength: 6 })),
    }),
    { numRuns: count, seed },
  );

describe("quotients and means in SQL", () => {
  it("every random model of them compiles in PostgreSQL and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(quotientModel, { numRuns: 30, seed: 20261204 });
    await expectEveryModelAgrees(
      models,
      (i) => hitting(120, i),
      engines.filter((e) => e.dialect === "postgres"),
    );
  });

  it("a mean that is null on every row compiles in each dialect and agrees with evaluate()", { timeout: 600_000 }, async () => {
    const models = NULL_MEANS.map((d) => ({ content: { name: "null means", inputs: INPUTS, decisions: { d, e: "b" } } }));
    await expectEveryModelAgrees(models, (i) => hitting(20, i), engines);
  });

  it("a quotient or a mean in DuckDB, and arithmetic on a quotient, are refused at their address", () => {
    for (const [feel, reason, dialects] of [
      ["a / b", "a quotient not rounded to literal places", ["duckdb"]],
      ["a / 3", "a quotient not rounded to literal places", ["duckdb"]],
      ["mean(xs)", "the built-in mean()", ["duckdb"]],
      ["a / b + 1", "a sum may need more than 34 digits", ["postgres"]],
      ["mean(xs) * 2", "a product may need more than 34 digits", ["postgres"]],
    ] as const)
      for (const dialect of dialects) {
        const m = { content: { name: "refused", inputs: INPUTS, decisions: { ok: "b * 2", d: feel } } };
        expect(checkModel(m).valid).toBe(true);
        const r = compileToSql(m, { dialect });
        expect(r.ok ? [] : r.diagnostics.map((d) => [d.code, d.address, d.message]), `${dialect}: ${feel}`).toEqual([
          ["sql.unsupported", "decisions.d", expect.stringContaining(reason)],
        ]);
      }
  });
});
