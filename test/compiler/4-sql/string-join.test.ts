// `string join` (strings.ts stringJoin): random models joining lists of strings — an input list
// (empty, of empty strings, astral code points), a list literal with nulls and inputs that are null,
// a filtered list, one made by `for` — with no delimiter, a literal one or `null` (an input one is refused:
// DuckDB's must be a constant); compared with evaluate() row by row in both dialects (whose own
// `array_to_string` differ at those edges: a list of nulls, a null delimiter).
import fc from "fast-check";
import { describe, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL string join");

const INPUTS = {
  words: { type: ["string"], desc: "Which words?" },
  s: { type: "string", desc: "s?", blank: true },
};

const list = fc.constantFrom(
  "words",
  "[s, null, s]",
  "[null]",
  '["a", s, "😀"]',
  'words[item != ""]',
  'for w in words return w + "-"',
  "[s]",
  'words[item = "none of them"]',
);
const delimiter = fc.constantFrom(undefined, '""', '", "', '"😀"', "null");

const model: fc.Arbitrary<ModelInput> = fc
  .array(
    fc.tuple(list, delimiter).map(([l, d]) => (d === undefined ? `string join(${l})` : `string join(${l}, ${d})`)),
    { minLength: 2, maxLength: 5 },
  )
  .map((ds) => ({
    content: { name: "string join", inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) },
  }));

const word = fc.constantFrom("", "a", "😀", "é", " ", "b😀");
const states = (count: number, seed: number): Row[] =>
  fc.sample(
    fc.record({
      words: fc.array(word, { maxLength: 4 }),
      s: fc.oneof({ arbitrary: word, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }),
    }),
    { numRuns: count, seed },
  );

describe("string join in SQL", () => {
  it(
    "every random model of it compiles in each dialect and agrees with evaluate(); an input delimiter is refused",
    { timeout: 600_000 },
    async () => {
      const models = fc.sample(model, { numRuns: 40, seed: 20261203 });
      await expectEveryModelAgrees(models, (i) => states(40, i), engines, { strict: true, states: 10 });
      expectRefusedAtDecision(INPUTS, "string join(words, s)", "a delimiter that is no literal");
    },
  );
});
