// A context read in a certified loop's body (`sum(for o in 2..8 return {a: 16, b: p - a}.b)`): its
// entries are put in place in each pass (optimise/certify.ts `loopWithEntries`), so the loop stays on
// the double-doubles. Random contexts in the bodies of sums, least and greatest values over ranges,
// lists and lists of structs — entries reading the pass's item, the inputs, each other — must answer
// what the unoptimised model answers on every path, decided by the double-doubles, not only declined.
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
} from "../../support/certified-paths.js";

/** The loops: over a range, a list of numbers, a list of structs; the variable's reads. */
const LOOPS = [
  { head: "i in 1..3", reads: ["i"] },
  { head: "i in 0..b", reads: ["i"] },
  { head: "x in xs", reads: ["x"] },
  { head: "v in items", reads: ["v.p", "v.q"] },
];

/** A context whose last entry is read: entries over the pass's item, the inputs and the entries before (each read by the next). */
const context = (reads: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(quotientArithmetic([...reads, "a"]), fc.constantFrom("+", "-", "*", "/"), quotientArithmetic(["p", "a", ...reads]), fc.boolean())
    .map(([p, op, q, third]) => {
      const second = `(p) ${op} (${q})`;
      return third ? `{p: ${p}, q: ${second}, r: (q) * (p) + 1}.r` : `{p: ${p}, q: ${second}}.q`;
    });

/** An aggregate of a loop whose body holds such a context, alone or beside the item. */
const looped: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom("sum", "min", "max"), fc.constantFrom(...LOOPS), fc.nat(), fc.constantFrom("alone", "+", "/"))
  .chain(([fn, loop, k, op]) =>
    // (a body over the range 1..3 alone is folded to its value at compile time: it reads `a` too)
    context(loop.reads)
      .filter((c) => loop.head !== "i in 1..3" || c.includes("a"))
      .map((c) => {
        const item = loop.reads[k % loop.reads.length]!;
        return `${fn}(for ${loop.head} return ${op === "alone" ? c : `(${item}) ${op} (${c})`})`;
      }),
  );

/** A decision holding such a loop and a quotient (so that it pays). */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc.tuple(looped, quotientArithmetic(names.filter((n) => n !== "xs" && n !== "items"))).map(([l, y]) => `${l} / 3 + (${y})`);

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified loop contexts", LIST_INPUTS, decisions, ["ddAnswer"], LIST_TYPES);

describe("certified double-doubles: contexts in a loop's body", () => {
  it("answer as the decimals do on random loops reading contexts, on every path", () => {
    expectRandomPairs(compile, decision, LIST_INPUTS, listState(fc.constant([0.1, 0.2])));
  });

  it("take a loop whose body reads a context onto the double-doubles", () => {
    fc.assert(
      fc.property(looped, (l) => {
        const m = compile({ x: `${l} / 3 + a / 7` });
        expect(m, l).toBeDefined();
        expect(m!.steps, l).toBe(1);
      }),
      { numRuns: 100 },
    );
  });

  it("keep the decimals' answers where a context's entry is null or a loop makes no pass", () => {
    const m = compile({
      empty: "sum(for i in 0..b return {p: i / 7, q: p + a}.q) / 3 + a / 7",
      nulls: "min(for v in items return {p: v.p, q: p / 3 - v.q}.q) / 3 + a / 9",
      greatest: "max(for x in xs return {p: x * a, q: sqrt(abs(p))}.q) + a / 11",
    })!;
    expect(m.steps).toBe(3);
    const states = listEdgeStates();
    const decided = expectAnswers(m, states);
    expect(decided).toBeGreaterThan(states.length / 4);
  });
});
