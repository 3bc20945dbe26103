// `range(text)` of a string literal (range-text.ts): random models calling the range relations and
// `in` on ranges spelt in strings — every bracket form, numbers negative and with places, strings,
// spaces — over points drawn near the endpoints so that ties are common, compared with evaluate() row by
// row in both dialects; a control (the text's brackets read wrongly) shows the rows catch a wrong
// reading; texts of other endpoints and a text that is no literal stay refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { type Row, useEngines } from "./engines.js";
import { RANGE_RELATIONS } from "../../support/generate/builtin-calls.js";

const engines = useEngines("SQL range() of a literal");

const INPUTS = {
  a: { type: "number", desc: "a?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
  t: { type: "string", desc: "t?", blank: true },
};

/** Range texts by the kind of their endpoints (a text the runtime makes null fails the model's check). */
const TEXTS = {
  number: ["[1..5)", "(0..2.5]", "]1..3[", "[-2..-1]", " [ -0.5 .. 2 ] ", "(1..1]", "[1..1]", "[2..2.50)"],
  string: ['["a".."c")', '("b".."b"]', '["".."b"]', '["ab".."b"['],
};
type Kind = keyof typeof TEXTS;
const POINTS: Record<Kind, string[]> = { number: ["a", "1", "2.5", "-1", "(a - 1)"], string: ["s", "t", '"b"', '""'] };

const text = (k: Kind) => fc.constantFrom(...TEXTS[k]).map((t) => `range(${JSON.stringify(t)})`);
const point = (k: Kind) => fc.constantFrom(...POINTS[k]);

const FORMS: fc.Arbitrary<string>[] = (["number", "string"] as const).flatMap((k) => [
  fc.tuple(point(k), text(k)).map(([p, r]) => `${p} in ${r}`),
  fc
    .tuple(fc.constantFrom("before", "after", "includes", "during"), point(k), text(k))
    .map(([n, p, r]) => (n === "includes" ? `${n}(${r}, ${p})` : n === "after" ? `${n}(${r}, ${p})` : `${n}(${p}, ${r})`)),
  fc.tuple(fc.constantFrom(...RANGE_RELATIONS), text(k), text(k)).map(([n, r, q]) => `${n}(${r}, ${q})`),
  fc.tuple(text(k), point(k), point(k)).map(([r, p, q]) => `overlaps(${r}, [${p}..${q}])`),
]);

const model: fc.Arbitrary<ModelInput> = fc.array(fc.oneof(...FORMS), { minLength: 3, maxLength: 6 }).map((ds) => ({
  content: { name: "range-text", inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) },
}));

const states = (count: number, seed: number): Row[] => {
  const or = <T>(xs: T[]) => fc.oneof({ arbitrary: fc.constantFrom(...xs), weight: 6 }, { arbitrary: fc.constant(null), weight: 1 });
  const strings = ["", "a", "ab", "b", "c", "bb"];
  return fc.sample(fc.record({ a: or([-2, -1, -0.5, 0, 1, 2, 2.5, 3, 5, 6]), s: or(strings), t: or(strings) }), { numRuns: count, seed });
};

describe("range() of a literal in SQL", () => {
  it("every random model of it compiles in each dialect and agrees with evaluate()", { timeout: 600_000 }, async () => {
    const models = fc.sample(model, { numRuns: 60, seed: 20261204 });
    await expectEveryModelAgrees(models, (i) => states(40, i), engines, { strict: true, states: 10 });
  });

  it("a query reading the text's brackets wrongly disagrees on the rows", async () => {
    const of = (d: string): ModelInput => ({ content: { name: "control", inputs: INPUTS, decisions: { d } } });
    const rows = states(60, 1);
    for (const engine of engines) {
      const right = await compare(of('a in range("[1..5)")'), rows, engine);
      expect(right.disagreements, engine.dialect).toEqual([]);
      const wrong = await compare(of('a in range("[1..5)")'), rows, engine, false, true, undefined, of("a in [1..5]"));
      expect(wrong.disagreements.length, engine.dialect).toBeGreaterThan(2);
    }
  });

  it("texts of other endpoints, and a text that is no literal, stay refused", () => {
    expectRefusedAtDecision(INPUTS, 'a in range("[@\\"2020-01-01\\"..@\\"2020-12-31\\"]")', "range()");
    expectRefusedAtDecision(INPUTS, 'a in range("(null..5]")', "range()");
    expectRefusedAtDecision(INPUTS, "a in range(s)", "range()");
  });
});
