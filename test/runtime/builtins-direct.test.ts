// The direct forms of the commonest built-in calls (the `direct` forms of runtime/builtins/def.ts), which generated
// code gets from `positional`, against the catalogue's general call on any arguments: the same
// value, the same problems, and the same charge against the budget, to the step and character.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BudgetExceeded, withBudget } from "../../src/runtime/budget.js";
import type { BuiltinFunction } from "../../src/runtime/functions.js";
import { codePointCount, codePoints } from "../../src/runtime/builtins/args.js";
import { builtin, call, collectProblems, FeelContext, positional, valueEquals, type FeelValue } from "../../src/runtime/index.js";
import { isDecimal } from "../../src/runtime/decimal.js";
import { n, show } from "./helpers.js";

/** Strings over an alphabet with astral code points, lone surrogates and letters whose case maps to several. */
const text = fc
  .array(fc.constantFrom("a", "B", "ß", "İ", " ", "@", "ǅ", "\u{1F40E}", "\u{10400}", "\uD800", "\uDC00", "é", "x"), { maxLength: 40 })
  .map((cs) => cs.join(""));

/** Numbers in each form (scaled, quotient, exact), equal ones among them: min and max keep the first of equals. */
const FORMS = [n("1.5"), n("1.50"), n(1).div(3), n("0.3333333333333333333333333333333333"), n("1e40"), n("-1e-30"), n(-2).div(7)];

/** Strings that mean something to matches, replace and split: patterns (some invalid), groups and replacements. */
const pattern = fc.constantFrom(" +", "a+", "[aB]", "(a)(B)?", "\\d", "a{2}", "(", "$1", "\\$", "x|ß", ".", "^a", "B$", "a*", "\\p{Lu}");

const value: fc.Arbitrary<FeelValue> = fc.oneof(
  { arbitrary: text, weight: 8 },
  { arbitrary: pattern, weight: 3 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.integer({ min: -5, max: 5 }).map(n), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.array(text, { maxLength: 3 }), weight: 2 },
  { arbitrary: fc.array(fc.oneof(fc.integer({ min: -99, max: 99 }).map(n), fc.constant(null)), { maxLength: 4 }), weight: 2 },
  { arbitrary: fc.constant(new FeelContext(new Map([["a", "b"]]))), weight: 1 },
  {
    arbitrary: fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }).map(n), fc.constantFrom(...FORMS)), { minLength: 1, maxLength: 5 }),
    weight: 3,
  },
);

const DIRECT = [
  ["string length", 1],
  ["upper case", 1],
  ["lower case", 1],
  ["contains", 2],
  ["starts with", 2],
  ["ends with", 2],
  ["substring before", 2],
  ["substring after", 2],
  ["substring", 2],
  ["substring", 3],
  ["string join", 1],
  ["string join", 2],
  ["matches", 2],
  ["replace", 3],
  ["split", 2],
  ["count", 1],
  ["sum", 1],
  ["min", 1],
  ["max", 1],
  ["distinct values", 1],
] as const;

/**
 * The arguments a call takes mostly of the kinds its direct form is for (any value now and then),
 * where an argument drawn from `value` would rarely be of them: substring's positions, a list of strings.
 */
const position = fc.integer({ min: -45, max: 45 }).map(n);
const strings = fc.array(fc.oneof(text, pattern, fc.constant(null)), { maxLength: 4 });
const SHAPES: Readonly<Record<string, readonly fc.Arbitrary<FeelValue>[]>> = {
  "substring/2": [text, position],
  "substring/3": [text, position, position],
  "string join/1": [strings],
  "string join/2": [strings, text],
  // strings often equal to each other
  "distinct values/1": [fc.array(fc.oneof(fc.constantFrom("a", "B", "ß", "\uD800", ""), text), { maxLength: 6 })],
};
const argumentsOf = (name: string, arity: number): fc.Arbitrary<FeelValue[]> => {
  const shape = SHAPES[`${name}/${arity}`];
  return shape
    ? fc.tuple(...shape.map((a) => fc.oneof({ arbitrary: a, weight: 4 }, { arbitrary: value, weight: 1 })))
    : fc.array(value, { minLength: arity, maxLength: arity });
};

type Outcome = { result: FeelValue; problems: string[] } | string;

/** Step budgets about what one call costs: a few steps, or about a regular expression's step a character. */
const steps = fc.oneof(fc.nat(8), fc.nat(300));

/** The result and problems of `run`, or the limit it stopped at. */
function outcome(run: () => FeelValue, steps: number, size: number): Outcome {
  try {
    return withBudget({ steps, size }, () => collectProblems(run));
  } catch (e) {
    if (e instanceof BudgetExceeded) return e.kind;
    throw e;
  }
}

/** `picks`: the result is one of the arguments' items, the very same one (min, max). */
const same = (a: Outcome, b: Outcome, picks: boolean): boolean =>
  typeof a === "string" || typeof b === "string"
    ? a === b
    : (a.result === b.result || (!(picks && isDecimal(a.result)) && valueEquals(a.result, b.result) === true)) &&
      JSON.stringify(a.problems) === JSON.stringify(b.problems);

describe("direct built-in calls", () => {
  for (const [name, arity] of DIRECT) {
    it(`${name}: the same value, problems and budget as the general call`, () => {
      const direct = positional(builtin(name), arity);
      // the lookup found a direct form: it is not the catalogue's implementation
      expect(direct).not.toBe((builtin(name) as BuiltinFunction).def.signatures.find((s) => s.params.length >= arity)!.impl);
      fc.assert(
        fc.property(argumentsOf(name, arity), steps, fc.nat(60), (args, steps, size) => {
          const general = outcome(() => call(builtin(name), args), steps, size);
          const fast = outcome(() => direct(...args), steps, size);
          expect(
            same(fast, general, name === "min" || name === "max"),
            `${name}(${args.map((a) => show(a)).join(", ")}) steps ${steps} size ${size}`,
          ).toBe(true);
        }),
        { numRuns: 600 },
      );
    });
  }

  // min(a, b), max(a, b, c): the arguments are the rest, mostly numbers of every form and equal ones
  const restArgument: fc.Arbitrary<FeelValue> = fc.oneof(
    { arbitrary: fc.constantFrom(...FORMS), weight: 4 },
    { arbitrary: fc.integer({ min: -3, max: 3 }).map(n), weight: 4 },
    { arbitrary: value, weight: 1 },
  );
  for (const name of ["min", "max"])
    for (const arity of [2, 3, 5])
      it(`${name} of ${arity} arguments: the same value, problems and budget as the general call`, () => {
        const direct = positional(builtin(name), arity);
        fc.assert(
          fc.property(fc.array(restArgument, { minLength: arity, maxLength: arity }), steps, fc.nat(60), (args, steps, size) => {
            const general = outcome(() => call(builtin(name), args), steps, size);
            const fast = outcome(() => direct(...args), steps, size);
            expect(same(fast, general, true), `${name}(${args.map((a) => show(a)).join(", ")}) steps ${steps} size ${size}`).toBe(true);
          }),
          { numRuns: 600 },
        );
      });

  it("code points are counted as Array.from counts them, lone surrogates included", () => {
    fc.assert(fc.property(fc.oneof(text, fc.string({ unit: "binary" })), (s) => codePointCount(s) === codePoints(s).length));
  });

  it("substring indexes code points with or without surrogates in the string", () => {
    const position = fc.integer({ min: -45, max: 45 });
    fc.assert(
      fc.property(text, position, fc.option(position, { nil: undefined }), (s, start, length) => {
        const cs = codePoints(s);
        const from = start > 0 ? start - 1 : cs.length + start;
        const valid = start !== 0 && Math.abs(start) <= cs.length && (length === undefined || (length >= 1 && length <= cs.length - from));
        const want = valid ? cs.slice(from, length === undefined ? undefined : from + length).join("") : null;
        const args = length === undefined ? [s, n(start)] : [s, n(start), n(length)];
        expect(collectProblems(() => call(builtin("substring"), args)).result).toBe(want);
      }),
      { numRuns: 2000 },
    );
  });
});
