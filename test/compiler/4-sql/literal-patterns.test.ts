// `replace` and `matches` of a literal pattern without regular-expression meaning (and a literal
// replacement: strings.ts literalPattern): random models of them, nested, named, measured and compared, over
// strings rich in repeats of the patterns (overlapping ones: "aaa" by "aa"), astral code points,
// combining marks, empty strings and nulls, and patterns that are empty (null), astral or longer
// than the input — compared with evaluate() row by row in both dialects.
import fc from "fast-check";
import { describe, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL replace and matches of a literal pattern");

const INPUTS = {
  s: { type: "string", desc: "s?", blank: true },
  t: { type: "string", desc: "t?", blank: true },
};

const pattern = fc.constantFrom('"a"', '"aa"', '"é"', '"😀"', '""', '"A"', '"a😀"', '"-"', '" "', '"e\u0301"');
const replacement = fc.constantFrom('""', '"-"', '"XY"', '"😀"', '"aa"', '"é"');
const operand = fc.constantFrom("s", "t", "s + t", '("aaa" + s)', "upper case(s)");

const FORMS: fc.Arbitrary<string>[] = [
  fc.tuple(operand, pattern, replacement).map(([s, p, r]) => `replace(${s}, ${p}, ${r})`),
  fc.tuple(operand, pattern, replacement, pattern, replacement).map(([s, p, r, q, x]) => `replace(replace(${s}, ${p}, ${r}), ${q}, ${x})`),
  fc.tuple(operand, pattern, replacement).map(([s, p, r]) => `string length(replace(${s}, ${p}, ${r}))`),
  fc.tuple(operand, pattern, replacement).map(([s, p, r]) => `replace(${s}, ${p}, ${r}) = t`),
  fc.tuple(operand, pattern, replacement).map(([s, p, r]) => `replace(replacement: ${r}, input: ${s}, pattern: ${p})`),
  fc.tuple(operand, pattern).map(([s, p]) => `matches(${s}, ${p})`),
  fc.tuple(operand, pattern, replacement, pattern).map(([s, p, r, q]) => `matches(replace(${s}, ${p}, ${r}), ${q})`),
  fc.tuple(operand, pattern).map(([s, p]) => `matches(pattern: ${p}, input: ${s})`),
];

const model: fc.Arbitrary<ModelInput> = fc.array(fc.oneof(...FORMS), { minLength: 2, maxLength: 5 }).map((ds) => ({
  content: { name: "replace", inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) },
}));

const text = fc.array(fc.constantFrom("a", "a", "A", "é", "e", "\u0301", "😀", "-", " ", "b"), { maxLength: 8 }).map((cs) => cs.join(""));

const states = (count: number, seed: number): Row[] =>
  fc.sample(
    fc.record({
      s: fc.oneof({ arbitrary: text, weight: 6 }, { arbitrary: fc.constant(null), weight: 1 }),
      t: fc.oneof({ arbitrary: text, weight: 6 }, { arbitrary: fc.constantFrom("", "aa", null), weight: 1 }),
    }),
    { numRuns: count, seed },
  );

describe("replace and matches of a literal pattern in SQL", () => {
  it(
    "every random model of them compiles in each dialect and agrees with evaluate(); replace() with a back-reference or a replacement naming a group, and matches() of a regular expression, stay refused",
    { timeout: 600_000 },
    async () => {
      const models = fc.sample(model, { numRuns: 40, seed: 20261203 });
      await expectEveryModelAgrees(models, (i) => states(60, i), engines, { strict: true, states: 10 });
      expectRefusedAtDecision(INPUTS, 'replace(s, "(a)\\\\1", "b")', "replace()");
      expectRefusedAtDecision(INPUTS, 'replace(s, "a", "$0")', "replace()");
      expectRefusedAtDecision(INPUTS, 'matches(s, "^a")', "matches()");
    },
  );
});
