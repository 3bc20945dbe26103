// A rounding to literal places of a choice — `min`, `max`, `if`, nested — whose leaves hold a
// quotient or a mean (rounded-choices.ts): lowered as the choice of the roundings, each quotient
// rounded from its two integers. Random models of every rounding built-in over random choice trees,
// over rows rich in ties at the rounding's places, zero divisors, nulls and negatives, compiled in
// both dialects (DuckDB, whose 38-digit integers cannot hold FEEL's unrounded quotient, included)
// and compared with evaluate() row by row.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectEveryModelAgrees } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL rounded choices");

const INPUTS = {
  a: { type: "number [-100000..100000]", desc: "a?", blank: true },
  b: { type: "number [-99..99]", desc: "b?", blank: true },
  c: { type: "number [-99..99]", desc: "c?", blank: true },
  flag: { type: "boolean", desc: "flag?", blank: true },
};

/** Leaves: quotients that end and that repeat, by an input or a literal, a mean; plain numbers. */
const QUOTIENTS = ["a / b", "a / 12", "(a + c) / 7", "c / b", "mean(a, b, c)", "a / (b * 3)"];
const PLAIN = ["a", "c * 0.5", "10", "-2.5", "b"];
const CONDITIONS = ["flag", "a > c", "b = 0", "not(flag)"];

const leaf: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...QUOTIENTS), weight: 3 },
  { arbitrary: fc.constantFrom(...PLAIN), weight: 2 },
);

/** A choice tree over the leaves, a quotient somewhere in it. */
const choice: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc
      .tuple(fc.constantFrom("min", "max"), fc.array(tie("node"), { minLength: 2, maxLength: 3 }))
      .map(([f, xs]) => `${f}(${xs.join(", ")})`),
    fc.tuple(fc.constantFrom(...CONDITIONS), tie("node"), tie("node")).map(([c, t, e]) => `(if ${c} then ${t} else ${e})`),
  ),
})).node;

const rootChoice = fc
  .tuple(fc.constantFrom("min", "max", "if"), fc.constantFrom(...QUOTIENTS), choice, fc.constantFrom(...CONDITIONS))
  .map(([f, q, rest, c]) => (f === "if" ? `if ${c} then ${q} else ${rest}` : `${f}(${q}, ${rest})`));

const ROUNDINGS = ["decimal", "round half up", "round half down", "round up", "round down", "floor", "ceiling"];

const roundedModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(fc.constantFrom(...ROUNDINGS), rootChoice, fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 3 })
  .map((ds) => ({
    content: {
      name: "rounded choices",
      inputs: INPUTS,
      decisions: Object.fromEntries(ds.map(([r, x, p], i) => [`d${i}`, `${r}(${x}, ${p})`])),
    },
  }));

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 6 }, { arbitrary: fc.constant(null), weight: 1 });
/** Numbers that land on half-way points of places 0 to 3 when divided by 12, 7 or small divisors. */
const tie = fc
  .tuple(fc.integer({ min: -999, max: 999 }), fc.constantFrom(6, 0.6, 0.06, 0.006, 3.5, 1.75, 0.875))
  .map(([w, f]) => w * 12 + f);
const small = fc.oneof(fc.integer({ min: -99, max: 99 }), fc.constantFrom(0, 0, 1, -1, 2, 4, 8, 0.5, -0.5, 7));

const hitting = (count: number, seed: number): Row[] =>
  fc.sample(
    fc.record({
      a: maybe(
        fc.oneof(
          tie,
          fc.integer({ min: -100000, max: 100000 }),
          fc.double({ min: -1000, max: 1000, noNaN: true }).map((x) => Number(x.toFixed(3))),
        ),
      ),
      b: maybe(small),
      c: maybe(small),
      flag: maybe(fc.boolean()),
    }),
    { numRuns: count, seed },
  );

describe("a rounding of a choice in SQL", () => {
  it(
    "every random model of roundings of choices over quotients compiles in each dialect and agrees with evaluate() row by row",
    { timeout: 600_000 },
    async () => {
      const models = fc.sample(roundedModel, { numRuns: 30 });
      await expectEveryModelAgrees(models, (i) => hitting(80, i), engines);
    },
  );

  it("the energy-bill instalment, a rounded max of a min of a quotient, lowers in DuckDB", () => {
    const m: ModelInput = {
      content: {
        name: "instalment",
        inputs: INPUTS,
        decisions: { instalment: "if a = 0 then 0 else if a <= 100 then a else decimal(max(10, min(a / 12, c * 0.5)), 2)" },
      },
    };
    const r = compileToSql(m, { dialect: "duckdb" });
    expect(r.ok ? [] : r.diagnostics).toEqual([]);
  });

  it("a quotient a choice does not round is still refused in DuckDB at its address", () => {
    const m: ModelInput = { content: { name: "refused", inputs: INPUTS, decisions: { d: "max(a / b, 1) + decimal(c, 2)" } } };
    const r = compileToSql(m, { dialect: "duckdb" });
    expect(r.ok ? [] : r.diagnostics.map((d) => [d.code, d.address, d.message])).toEqual([
      ["sql.unsupported", "decisions.d", expect.stringContaining("a quotient not rounded to literal places")],
    ]);
  });
});
