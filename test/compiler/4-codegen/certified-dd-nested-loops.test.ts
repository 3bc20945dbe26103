// A certified loop whose body holds loops of its own (optimise/certify-output.ts `summed`): the
// double-doubles walk the inner loops on every pass, as the decimals do, each pass a budget step.
// Random sums, least and greatest values over ranges, lists and lists of structs, whose bodies hold
// such aggregates — over the outer pass's item or not, a variable of the same name as the outer's
// now and then — must answer what the unoptimised model answers on every path, decided by the
// double-doubles, and spend no more steps than the decimals.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileCounting,
  expectAnswers,
  expectNoMoreSteps,
  expectRandomPairs,
  LIST_INPUTS,
  LIST_TYPES,
  listEdgeStates,
  listState,
  quotientArithmetic,
} from "../../support/certified-paths.js";

/** The outer loops, their variable's reads, and the inner loops each may hold (over the outer's item, or the same name again). */
const OUTER = [
  { head: "i in 1..3", reads: ["i"], inner: ["j in 1..i", "j in 0..b", "i in 2..3", "y in xs"] },
  { head: "i in 0..b", reads: ["i"], inner: ["j in i..2", "y in xs", "w in items"] },
  { head: "x in xs", reads: ["x"], inner: ["j in 1..2", "w in items", "x in xs"] },
  { head: "v in items", reads: ["v.p", "v.q"], inner: ["j in 1..2", "y in xs"] },
];
/** An inner loop's variable's reads. */
const readsOf = (head: string): string[] => {
  const name = head.split(" ")[0]!;
  return name === "w" ? ["w.p", "w.q"] : [name];
};

/** An aggregate of a loop whose body holds an aggregate of an inner loop, alone, rounded or beside the outer item. */
const nested: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom("sum", "min", "max"), fc.constantFrom("sum", "min", "max"), fc.constantFrom(...OUTER), fc.nat(), fc.nat())
  .chain(([outerFn, innerFn, outer, k, m]) => {
    const inner = outer.inner[k % outer.inner.length]!;
    const item = outer.reads[m % outer.reads.length]!;
    return fc.tuple(quotientArithmetic([...readsOf(inner), item, "a"]), fc.constantFrom("alone", "+", "/", "modulo")).map(([body, how]) => {
      const agg = `${innerFn}(for ${inner} return ${body})`;
      const value = how === "alone" ? agg : how === "modulo" ? `modulo(${agg}, 7)` : `(${item}) ${how} (${agg})`;
      return `${outerFn}(for ${outer.head} return ${value})`;
    });
  })
  // (loops reading no input are folded to their value at compile time)
  .filter((l) => /\b(a|b|xs|items)\b/.test(l));

/** A decision holding such a loop and a quotient (so that it pays). */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc.tuple(nested, quotientArithmetic(names.filter((n) => n !== "xs" && n !== "items"))).map(([l, y]) => `${l} / 3 + (${y})`);

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified nested loops", LIST_INPUTS, decisions, ["ddAnswer"], LIST_TYPES);

describe("certified double-doubles: loops in a loop's body", () => {
  it("answer as the decimals do on random nested loops, on every path", () => {
    expectRandomPairs(compile, decision, LIST_INPUTS, listState(fc.constant([0.1, 0.2])));
  });

  it("take a loop whose body holds a loop onto the double-doubles, spending no more steps than the decimals", () => {
    fc.assert(
      fc.property(nested, listState(fc.constant([0.1, 0.2])), (l, s) => {
        const m = compile({ x: `${l} / 3 + a / 7` });
        expect(m, l).toBeDefined();
        expect(m!.steps, l).toBe(1);
        expectNoMoreSteps(m!, s, `${l} on ${JSON.stringify(s)}`);
      }),
      { numRuns: 100 },
    );
  });

  it("keep the decimals' answers where an inner loop makes no pass or meets a null", () => {
    const m = compile({
      empty: "sum(for i in 1..3 return sum(for j in 0..b return a / (j + 3))) / 3 + a / 7",
      nulls: "min(for v in items return max(for y in xs return v.q / y)) / 3 + a / 9",
      shadowed: "max(for x in xs return sum(for x in xs return x / 3) - x) / 3 + a / 11",
    })!;
    expect(m.steps).toBe(3);
    const states = listEdgeStates();
    const decided = expectAnswers(m, states);
    expect(decided).toBeGreaterThan(states.length / 4);
  });
});
