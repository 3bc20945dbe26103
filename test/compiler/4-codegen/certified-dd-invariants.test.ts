// A certified loop's parts that are the same in every pass (codegen/certified-invariants.ts): the
// double-doubles work them out once, before the loop. Random sums, least and greatest values over
// ranges, lists and lists of structs whose bodies mix such parts (quotients, roots, roundings of
// the number inputs) with the pass's item must answer what the unoptimised model answers on every
// path, and the loop's own code must hold none of the fixed parts' steps.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileCounting,
  expectAnswers,
  expectRandomPairs,
  LIST_INPUTS,
  LIST_TYPES,
  listEdgeStates,
  listState,
  quotientArithmetic,
  type CountedModel,
} from "../../support/certified-paths.js";

/** A part over the number inputs alone (`a` at least, so that it is not folded): a quotient, now and then a root or a rounding of it. */
const fixed = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(quotientArithmetic(names), fc.constantFrom("plain", "root", "rounded"))
    .map(([x, how]) => (how === "plain" ? `(${x} - a) / 7` : how === "root" ? `sqrt(abs(${x} + a))` : `decimal((${x} - a) / 3, 2)`));

/** The loops: over a range, a list of numbers, a list of structs; the variable's reads. */
const LOOPS = [
  { head: "i in 1..3", reads: ["i"] },
  { head: "i in 0..b", reads: ["i"] },
  { head: "x in xs", reads: ["x"] },
  { head: "v in items", reads: ["v.p", "v.q"] },
];

/** An aggregate of a loop whose body is a fixed part alone, or one beside the pass's item; and the operator that joins them. */
const looped = (names: string[]): fc.Arbitrary<{ text: string; op: string }> =>
  fc
    .tuple(fc.constantFrom("sum", "min", "max"), fc.constantFrom(...LOOPS), fixed(names), fc.constantFrom("alone", "+", "*", "/"), fc.nat())
    .map(([fn, loop, part, op, k]) => {
      const item = loop.reads[k % loop.reads.length]!;
      return { text: `${fn}(for ${loop.head} return ${op === "alone" ? part : `(${item}) ${op} (${part})`})`, op };
    });

/** A decision holding such a loop and a quotient (so that it pays). */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(looped(names.filter((n) => n === "a" || n === "b")), quotientArithmetic(names.filter((n) => n !== "xs" && n !== "items")))
    .map(([l, y]) => `${l.text} / 3 + (${y})`);

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified loop invariants", LIST_INPUTS, decisions, ["ddAnswer"], LIST_TYPES);

/** The code of each pass of each loop of the double-doubles (between the budget step and the pass's value kept). */
function passCode(m: CountedModel): string[] {
  const code = m.source.split("function explain(")[0]!;
  return [...code.matchAll(/for \(let (j\d+) = 0; \1 < n\d+; \1\+\+\) \{ rt\.tick\(\); tk\d+\+\+; (.*?) if \(\1 === 0\)/g)].map(
    (p) => p[2]!,
  );
}

/** The steps of the fixed parts the tests draw. */
const FIXED_STEPS = /rt\.dd(Sqrt|Rounded|ReadInput)\(/;

describe("certified double-doubles: loop invariants", () => {
  it("answer as the decimals do on random loops with parts the same in every pass, on every path", () => {
    expectRandomPairs(compile, decision, LIST_INPUTS, listState(fc.constant([0.1, 0.2])));
  });

  it("work a fixed part out before the loop, not in its passes", () => {
    let loops = 0;
    fc.assert(
      fc.property(looped(["a", "b"]), ({ text: l, op }) => {
        const m = compile({ x: `${l} / 3 + a / 7` });
        expect(m, l).toBeDefined();
        const passes = passCode(m!);
        expect(passes.length, l).toBe(1);
        loops++;
        // the item's reads and the step that takes it stay; the fixed part's quotients, root, rounding and input reads do not
        expect(passes[0], l).not.toMatch(FIXED_STEPS);
        expect(passes[0]!.split("rt.ddDiv(").length - 1, l).toBe(op === "/" ? 1 : 0);
      }),
      { numRuns: 100 },
    );
    expect(loops).toBe(100);
  });

  it("keep the loop's steps and answers where it makes no pass or meets a null", () => {
    const m = compile({
      empty: "sum(for i in 0..b return sqrt(abs(a)) / 7) / 3 + a / 7",
      least: "min(for x in xs return x * (a / 7)) / 3 + a / 9",
      fields: "max(for v in items return v.p - decimal(a / 3, 2)) / 3 + a / 11",
    })!;
    expect(passCode(m)).toHaveLength(3);
    const states = listEdgeStates((p) => ({ p, q: 1 }));
    const decided = expectAnswers(m, states);
    expect(decided).toBeGreaterThan(states.length / 4);
  });
});
