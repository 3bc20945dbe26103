// `replace()` of a literal regular expression (regexes.ts): random models of it, nested and named,
// over strings rich in what the patterns match — both cases, É and é, the Kelvin sign and the long
// s (outside ASCII, in the case orbits of k and s), \n and \r (which `.` skips), astral code points
// — compared with evaluate() row by row: the PostgreSQL subset in both dialects, and what only
// DuckDB takes (RE2's own translation: alternatives, groups, counts, escapes, XPath's class
// subtraction, the s, m, x, q flags) in DuckDB; PostgreSQL refuses those. Patterns that match the
// empty string make the call null. A control (the query of another pattern) shows the rows catch
// a wrong pattern.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL replace() of a regular expression");

const INPUTS = {
  s: { type: "string", desc: "s?", blank: true },
  t: { type: "string", desc: "t?", blank: true },
};

/** [pattern, flags] lowered in both dialects */
const BOTH: [string, string][] = [
  ["^a", ""],
  ["b$", ""],
  ["[a-c]+", ""],
  ["x*y", ""],
  [".", ""],
  ["é", ""],
  ["[0-9]", ""],
  ["a+b", ""],
  ["[^a]", ""],
  ["a?b", ""],
  ["[a-c]*d", ""],
  ["^[^b]*$", ""],
  ["😀+", ""],
  ["^a", "i"],
  ["x*y", "i"],
  ["[a-c]+", "i"],
  ["A", "i"],
  ["[^a]", "i"],
  ["[b-d]?x", "i"],
];
/** lowered in DuckDB only */
const DUCKDB: [string, string][] = [
  ["ab|a", ""],
  ["(a)(b)?", ""],
  ["a{2}", ""],
  ["\\d+", ""],
  ["é", "i"],
  ["k", "i"],
  ["s+", "i"],
  ["\\p{Lu}", ""],
  ["[a-z-[aeiou]]", ""],
  ["a*?b", ""],
  ["a.b", "s"],
  ["^b", "m"],
  ["a$", "m"],
  ["a b", "x"],
  ["a.b", "q"],
  ["a|ab", ""],
];
const replacement = fc.constantFrom('""', '"-"', '"XY"', '"é"', '"😀"');
const operand = fc.constantFrom("s", "t", "s + t", '("Ab" + s)');

const call = (pool: [string, string][]) =>
  fc
    .tuple(operand, fc.constantFrom(...pool), replacement, fc.boolean())
    .map(([s, [p, f], r, named]) =>
      named
        ? `replace(replacement: ${r}, input: ${s}, pattern: ${JSON.stringify(p)}${f ? `, flags: ${JSON.stringify(f)}` : ""})`
        : `replace(${s}, ${JSON.stringify(p)}, ${r}${f ? `, ${JSON.stringify(f)}` : ""})`,
    );
const forms = (pool: [string, string][]): fc.Arbitrary<string> =>
  fc.oneof(
    call(pool),
    call(pool).map((c) => `string length(${c})`),
    fc.tuple(call(pool), call(pool)).map(([c, d]) => `${c} = ${d}`),
    call(pool).map((c) => `upper case(${c})`),
  );
const model = (pool: [string, string][]): fc.Arbitrary<ModelInput> =>
  fc.array(forms(pool), { minLength: 2, maxLength: 5 }).map((ds) => ({
    content: { name: "regex", inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) },
  }));

const text = fc
  .array(
    fc.constantFrom(
      "a",
      "a",
      "b",
      "A",
      "B",
      "x",
      "y",
      "X",
      "c",
      "d",
      "é",
      "É",
      "k",
      "K",
      "\u212a",
      "s",
      "\u017f",
      "\n",
      "\r",
      "😀",
      "1",
      " ",
    ),
    {
      maxLength: 8,
    },
  )
  .map((cs) => cs.join(""));
const states = (count: number, seed: number): Row[] =>
  fc.sample(
    fc.record({
      s: fc.oneof({ arbitrary: text, weight: 6 }, { arbitrary: fc.constant(null), weight: 1 }),
      t: fc.oneof({ arbitrary: text, weight: 6 }, { arbitrary: fc.constantFrom("", "ab", null), weight: 1 }),
    }),
    { numRuns: count, seed },
  );

describe("replace() of a regular expression in SQL", () => {
  it("every random model of the common subset compiles in each dialect and agrees with evaluate()", { timeout: 600_000 }, async () => {
    const models = fc.sample(model(BOTH), { numRuns: 40, seed: 20261204 });
    await expectEveryModelAgrees(models, (i) => states(40, i), engines, { strict: true, states: 10 });
  });

  it(
    "every random model of DuckDB's whole RE2 agrees with evaluate() in DuckDB; PostgreSQL refuses them",
    { timeout: 600_000 },
    async () => {
      const models = fc.sample(model(DUCKDB), { numRuns: 40, seed: 20261204 });
      const duckdb = engines.filter((e) => e.dialect === "duckdb");
      await expectEveryModelAgrees(models, (i) => states(40, i), duckdb, { strict: true, states: 10 });
      for (const [p, f] of DUCKDB) {
        const m = {
          content: { name: "r", inputs: INPUTS, decisions: { d: `replace(s, ${JSON.stringify(p)}, "-", ${JSON.stringify(f)})` } },
        };
        const r = compileToSql(m as ModelInput, { dialect: "postgres" });
        expect(r.ok ? [] : r.diagnostics.map((d) => d.message.includes("replace()")), `${p} ${f}`).toEqual([true]);
      }
    },
  );

  it("a query of another pattern disagrees on the rows", async () => {
    const of = (d: string): ModelInput => ({ content: { name: "control", inputs: INPUTS, decisions: { d } } });
    const rows = states(60, 1);
    for (const engine of engines) {
      expect((await compare(of('replace(s, "[a-c]+", "-")'), rows, engine)).disagreements, engine.dialect).toEqual([]);
      const wrong = await compare(of('replace(s, "[a-c]+", "-")'), rows, engine, false, true, undefined, of('replace(s, "[a-c]", "-")'));
      expect(wrong.disagreements.length, engine.dialect).toBeGreaterThan(2);
    }
  });

  it("a back-reference, or a replacement naming a group, stays refused", () => {
    expectRefusedAtDecision(INPUTS, 'replace(s, "(a)\\\\1", "b")', "replace()");
    expectRefusedAtDecision(INPUTS, 'replace(s, "(a)", "$1")', "replace()");
  });
});
