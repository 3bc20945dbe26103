// Inlined calls with loops on the double-doubles (optimise/certify.ts `inlinedForm`): a function
// whose body holds a loop (`sum(for o in 1..3 return o * p / 7) - n`) is put in place of its call
// where no argument names a local, and an argument holding a loop stands where its parameter is
// read, when the body reads it once on every evaluation. A parameter read only inside the body's
// loop takes a literal or a decision's name (a number or null, which its check takes as it is).
// Random decisions calling such functions must answer what the unoptimised model answers on every
// path, spend no more steps than the decimals, and be decided by the double-doubles where a form
// holds them; a parameter read twice, or an input's name (a string in the state makes the call
// null), keeps the call on the decimals, with the same answers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileCounting,
  expectAnswers,
  expectNoMoreSteps,
  expectRandomPairs,
  LIST_INPUTS,
  LIST_TYPES,
  listState,
  quotientArithmetic,
} from "../../support/certified-paths.js";

const FUNCTIONS = {
  total: { params: { p: "number", n: "number" }, returns: "number", body: "sum(for o in 1..3 return o * p / 7) - n" },
  least: { params: { p: "number", k: "number" }, returns: "number", body: "min(for o in 1..k return p / o) + k" },
  scale: { params: { x: "number" }, returns: "number", body: "x / 3 + 1" },
  twice: { params: { x: "number" }, returns: "number", body: "x * x / 7" },
};

/** A loop over the list inputs or a range. */
const loop: fc.Arbitrary<string> = fc.constantFrom(
  "sum(for i in 1..b return a / i)",
  "max(for x in xs return x / 3)",
  "sum(for v in items return v.p - v.q)",
  "min(for i in 0..2 return a * i / 7)",
);

/** A call of one of the functions: its loop over a literal, a decision or an input, or a loop as its argument. */
const call = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom("total", "least", "scale", "twice"),
      fc.constantFrom("2.5", "-7", "a", ...names.filter((n) => n === "first")),
      quotientArithmetic(names.filter((n) => n !== "xs" && n !== "items")),
      loop,
      fc.constantFrom("2", "b", "3"),
    )
    .map(([f, p, n, l, k]) =>
      f === "total" ? `total(${p}, ${n})` : f === "least" ? `least(${p}, ${k})` : f === "scale" ? `scale(${l})` : `twice(${l})`,
    );

/** A decision holding such a call and a quotient (so that it pays). */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc.tuple(call(names), quotientArithmetic(names.filter((n) => n !== "xs" && n !== "items"))).map(([c, y]) => `${c} / 3 + (${y})`);

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified call loops", LIST_INPUTS, decisions, ["ddAnswer"], LIST_TYPES, { functions: FUNCTIONS });

describe("certified double-doubles: inlined calls with loops", () => {
  it("answer as the decimals do on random calls of functions with loops and of loops, on every path", () => {
    expectRandomPairs(compile, decision, LIST_INPUTS, listState(fc.constant([0.1, 0.2])));
  });

  it("take a function's loop, and a loop as an argument read once, onto the double-doubles, spending no more steps", () => {
    const m = compile({
      literal: "total(2.5, a) / 3 + b",
      decided: "total(first, b / 7) / 3 + a",
      ranged: "least(first, 3) / 3 + a",
      argument: "scale(sum(for i in 1..b return a / i)) * 2 + a / 7",
      first: "a / 3 + 1",
    })!;
    expect(m.steps).toBe(4);
    fc.assert(
      fc.property(listState(fc.constant([0.1, 0.2])), (s) => expectNoMoreSteps(m, s, JSON.stringify(s))),
      { numRuns: 100 },
    );
  });

  it("keep a call whose parameter reads a loop twice, or an input only in its loop, on the decimals", () => {
    const m = compile({ squared: "twice(sum(for x in xs return x)) / 3 + a", input: "total(a, 1) / 3 + b", alone: "a / 3 + b / 7" })!;
    // neither call is on the double-doubles (`ddAnswer` answers a form holding a loop; `alone` holds none)
    expect(m.steps).toBe(0);
    const states = [
      { a: 2, b: 1, xs: [1, 2], items: [] },
      { a: "x", b: 1, xs: [0.1], items: [] },
      { a: null, b: null, xs: null, items: null },
    ];
    expectAnswers(m, states);
  });
});
