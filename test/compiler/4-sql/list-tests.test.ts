// A test against a list value — a table cell `xs`, `x in xs` — lowered: the input matches when an
// item equals it by FEEL's `=` (a null item a null input, an item of another kind never), and a
// null list matches a null input. Random models of such tests (cells, `in`, `not(…)`, lists made by
// filters, `for`, paths and `concatenate`, items of the input's kind or not) on random states (null
// inputs, empty lists, null items, equal numbers of other scales, strings by code point), each
// compared with evaluate() row by row in both dialects.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectAgreesInEach, statesFor } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL list tests");

const INPUTS = {
  a: { type: "number [-9..9]", desc: "a?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
  xs: { type: ["number [-9..9]"], desc: "Which numbers?", blank: true },
  names: { type: ["string"], desc: "Which names?", blank: true },
  members: { type: [{ age: "number [0..9]", name: "string" }], desc: "Who?" },
};

/** Lists of numbers, of strings, and of contexts. */
const NUMBER_LISTS = [
  "xs",
  "xs[item > 0]",
  "for x in xs return x * 2",
  "members.age",
  "concatenate(xs, [null])",
  "[a, 3][item != null]",
  "(if a > 0 then xs else null)",
  "for x in xs return if x > 2 then null else x / 2",
];
const STRING_LISTS = ["names", "members.name", 'for n in names return n + "é"', "names[item != s]"];
const OTHER_LISTS = ["members", "for m in members return {n: m.name}"];

/** Templates over a number list `l`, a string list `t` and any list `o`. */
const FORMS: ((l: string, t: string, o: string) => string | string[][])[] = [
  (l) => `a in ${l}`,
  (_l, t) => `s in ${t}`,
  (l) => `not(a in ${l})`,
  (l) => `a + 1 in ${l}`,
  (_l, t) => `upper case(s) in ${t}`,
  (_l, t) => `a in ${t}`,
  (l) => `s in ${l}`,
  (_l, _t, o) => `a in ${o}`,
  (_l, _t, o) => `s in ${o}`,
  (l) => `null in ${l}`,
  (l) => `a in (${l}, > 5)`,
  (l, t) => `if a in ${l} then "n" else if s in ${t} then "s" else "-"`,
  (l, t) => [
    ["a", "s", "=> number"],
    [l, "-", "1"],
    [`not(${l})`, t, "2"],
    [`> 5, ${l}`, "-", "3"],
    ["-", `not(${t})`, "4"],
    ["-", "-", "0"],
  ],
];

const listTestModel: fc.Arbitrary<ModelInput> = fc
  .array(
    fc.tuple(
      fc.constantFrom(...FORMS),
      fc.constantFrom(...NUMBER_LISTS),
      fc.constantFrom(...STRING_LISTS),
      fc.constantFrom(...OTHER_LISTS),
    ),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((ds) => ({
    content: {
      name: "list tests",
      inputs: INPUTS,
      decisions: Object.fromEntries(ds.map(([f, l, t, o], i) => [`d${i}`, f(l, t, o)])),
    },
  }));

const NAMES = ["", "a", "A", "é", "e\u0301", "😀", "aé"];
const maybe = <T>(arb: fc.Arbitrary<T>, nulls = 1) =>
  fc.oneof({ arbitrary: arb, weight: 6 }, { arbitrary: fc.constant(null), weight: nulls });

/**
 * States where the tests hit: small numbers (some not whole), short names (equal only code point by
 * code point: é and e + U+0301 differ), null inputs and lists, empty lists. Null items come from the
 * lists the model makes (`concatenate(xs, [null])`): an input's are invalid (statesFor sends some).
 */
const hitting = (count: number, seed: number): Row[] =>
  fc.sample(
    fc.record({
      a: maybe(fc.oneof(fc.integer({ min: -3, max: 9 }), fc.constantFrom(1.5, 2.25, -0.5))),
      s: maybe(fc.constantFrom(...NAMES, "AÉ", "A\u0301")),
      xs: maybe(fc.array(fc.oneof(fc.integer({ min: -3, max: 9 }), fc.constantFrom(1.5, 2.25, 2.5)), { maxLength: 5 })),
      names: maybe(fc.array(fc.constantFrom(...NAMES), { maxLength: 4 })),
      members: fc.array(fc.record({ age: fc.integer({ min: 0, max: 9 }), name: fc.constantFrom(...NAMES) }), { maxLength: 3 }),
    }),
    { numRuns: count, seed },
  );

describe("tests against list values in SQL", () => {
  it("every random model of them compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(listTestModel, { numRuns: 40, seed: 20261201 });
    const scored = new Map<string, number>();
    for (const [i, m] of models.entries()) {
      const check = checkModel(m);
      expect(check.valid, JSON.stringify(m.content)).toBe(true);
      const states = [...hitting(150, i + 1), ...statesFor(check.input, 40, i + 1)];
      await expectAgreesInEach(m, states, engines, scored);
    }
    // not vacuous: most rows are scored in every dialect
    for (const engine of engines) expect(scored.get(engine.dialect)).toBeGreaterThan(40 * 150);
  });

  it("a list tested against a list is refused at its address", () => {
    const m = { content: { name: "refused", inputs: INPUTS, decisions: { d: "xs in names" } } };
    expect(checkModel(m).valid).toBe(true);
    const r = compileToSql(m, { dialect: "duckdb" });
    expect(r.ok ? [] : r.diagnostics.map((d) => [d.code, d.address])).toEqual([["sql.unsupported", "decisions.d"]]);
  });
});
