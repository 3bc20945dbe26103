// `count(l)` of an input declared as a list of numbers, strings or booleans is the raw JSON array's
// length where every item converts as it is (runtime/raw-items.ts plainArray), without the list
// converted; anything else (an item of another kind, an array inside, a value that is no array,
// null, the input missing) goes the FEEL way. Random models counting and otherwise reading such
// lists, on random states, must give what the unoptimised module (-O0, no raw path) gives: the
// same values, the same problems, and the same steps charged against a budget.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached } from "../../../src/compiler/index.js";
import { collectProblems } from "../../../src/runtime/problems.js";
import { valuesWithin } from "../../support/within-steps.js";

const inputs = {
  nums: { type: ["number"], desc: "numbers" },
  words: { type: ["string"], desc: "words" },
  flags: { type: ["boolean"], desc: "flags" },
  n: { type: "number", desc: "n" },
};
const LISTS = ["nums", "words", "flags"] as const;

const list = fc.constantFrom(...LISTS);
/** Expressions that count a list, alone or within other FEEL, and that read its items. */
const expression = fc.oneof(
  list.map((l) => `count(${l})`),
  fc.tuple(list, list).map(([a, b]) => `count(${a}) * 2 + count(${b})`),
  fc.tuple(list, fc.integer({ min: 0, max: 4 })).map(([l, k]) => `if count(${l}) > ${k} then "many" else "few"`),
  list.map((l) => `count(${l}) + n`),
  fc.constant("sum(nums)"),
  fc.constant('list contains(words, "a")'),
  fc.constant("count(flags[item])"),
  list.map((l) => `${l}[1]`),
);

const item = fc.oneof(
  fc.constantFrom(0, -0, 1.5, -3, 1e308, 2 ** 60, 0.1),
  fc.constantFrom("a", "", "1", "true"),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom([], [1], { a: 1 }),
);
/** A value for one list input: an array of items of any kind, mostly of its own, or no array at all. */
const value = (own: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(own, { maxLength: 6 }) },
    { weight: 3, arbitrary: fc.array(fc.oneof({ weight: 5, arbitrary: own }, { weight: 1, arbitrary: item }), { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.oneof(item, fc.constant(undefined)) },
  );
const state = fc.record({
  nums: value(fc.constantFrom(0, 1, -2.5, 1e21, 0.3)),
  words: value(fc.constantFrom("a", "b", "")),
  flags: value(fc.boolean()),
  n: fc.constantFrom(1, 0.5, null),
});

const compile = (decisions: Record<string, string>, optimise: boolean) => {
  const typed = Object.fromEntries(Object.entries(decisions).map(([name, expr]) => [name, { type: "any", expr }]));
  const r = compileUncached({ content: { name: "plain list counts", inputs, decisions: typed } }, { optimise, strict: false });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error")));
  return r.model;
};

describe("count of a list of numbers, strings or booleans", () => {
  it("gives what the unoptimised module gives: values, problems and steps", () => {
    fc.assert(
      fc.property(
        fc.array(expression, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(state, fc.integer({ min: 0, max: 30 })), { minLength: 1, maxLength: 6 }),
        (texts, states) => {
          const decisions = Object.fromEntries(texts.map((t, i) => [`r${i}`, t]));
          const [fast, plain] = [compile(decisions, true), compile(decisions, false)];
          const counts = texts.some((t) => /count\((nums|words|flags)\)/.test(t));
          expect(fast.source.includes("rt.plainArray("), texts.join(" | ")).toBe(counts);
          expect(plain.source).not.toContain("rt.plainArray(");
          for (const [s, steps] of states) {
            for (const limit of [steps, 1e6]) {
              const what = `${texts.join(" | ")} on ${fc.stringify(s)}`;
              expect(
                collectProblems(() => valuesWithin(fast, s, limit)),
                what,
              ).toEqual(collectProblems(() => valuesWithin(plain, s, limit)));
              expect(valuesWithin(fast, s, limit), what).toEqual(valuesWithin(plain, s, limit));
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
