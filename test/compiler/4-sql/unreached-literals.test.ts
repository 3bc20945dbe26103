// A number compared with a literal none of its values can reach or equal (compare.ts
// unreachedLiteral): random comparisons, `=`, `in` and `between` of inputs, sums and products
// against literals beyond their types (34-digit whole numbers, 31 places) and at their edges (the
// domain's largest value, one unit past it, half a unit past it), on both sides, compared with
// evaluate() row by row in both dialects over states at the domain's edges; before this lowering
// DuckDB refused them (no common type of 38 digits). A control (the constant answered the wrong
// way) shows the rows catch a wrong answer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, expectEveryModelAgrees } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL comparisons with unreached literals");

const INPUTS = {
  x: { type: "number", desc: "x?", blank: true },
  y: { type: "number", desc: "y?", blank: true },
};

/** Literals far beyond the inputs' domain (9 whole digits, 6 places), at its edge, and within it. */
const LITERALS = [
  "9999999999999999999999999999999999",
  "1000000000000000000000000000000.5",
  "0.0000000000000000000000000000007",
  "999999999.999999",
  "1000000000",
  "999999999.9999995",
  "1999999999.999998",
  "0.0000005",
  "0.000001",
  "2.5",
  "0",
];
const literal = fc.constantFrom(...LITERALS);
const operand = fc.constantFrom("x", "y", "(x + y)", "(x - y)", "(x * y)", "-x");
const op = fc.constantFrom("<", "<=", ">", ">=", "=", "!=");

const FORMS: fc.Arbitrary<string>[] = [
  fc.tuple(operand, op, literal).map(([x, o, l]) => `${x} ${o} ${l}`),
  fc.tuple(literal, op, operand).map(([l, o, x]) => `${l} ${o} ${x}`),
  fc.tuple(operand, literal, literal).map(([x, l, m]) => `${x} in (${l}, < ${m})`),
  fc.tuple(operand, literal).map(([x, l]) => `${x} between 0 and ${l}`),
  fc.tuple(operand, literal).map(([x, l]) => `if ${x} >= ${l} then "beyond" else "within"`),
];

const model: fc.Arbitrary<ModelInput> = fc.array(fc.oneof(...FORMS), { minLength: 3, maxLength: 6 }).map((ds) => ({
  content: { name: "unreached", inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) },
}));

/** The domain's edges and the values next to them, and nulls. */
const EDGES = [999999999.999999, -999999999.999999, 999999999.99999, 0.000001, -0.000001, 0, 2.5, 1, null];
const states = (count: number, seed: number): Row[] =>
  fc.sample(fc.record({ x: fc.constantFrom(...EDGES), y: fc.constantFrom(...EDGES) }), { numRuns: count, seed });

describe("numbers compared with literals they cannot reach, in SQL", () => {
  it("every random model of them compiles in each dialect and agrees with evaluate()", { timeout: 600_000 }, async () => {
    const models = fc.sample(model, { numRuns: 60, seed: 20261204 });
    await expectEveryModelAgrees(models, (i) => states(30, i), engines, { strict: true, states: 10 });
  });

  it("a query answering the constant the wrong way disagrees on the rows", async () => {
    const of = (d: string): ModelInput => ({ content: { name: "control", inputs: INPUTS, decisions: { d } } });
    const rows = states(60, 1);
    const far = LITERALS[0]!;
    for (const engine of engines) {
      expect((await compare(of(`x < ${far}`), rows, engine)).disagreements, engine.dialect).toEqual([]);
      const wrong = await compare(of(`x < ${far}`), rows, engine, false, true, undefined, of(`x > ${far}`));
      expect(wrong.disagreements.length, engine.dialect).toBeGreaterThan(2);
    }
  });
});
