// Lets read by name on the certified double-doubles (optimise/certify.ts `letsForm`): a number let
// holding a loop (`sum`, `min`, `max` of a `for`, of a named list or a path), or a let read inside
// a loop's body, is worked out once before the value and its name read as that double-double
// wherever it stands — in one branch of an `if`, in a condition, twice, not at all, inside another
// loop — so that its passes are charged once, as the decimals charge them. Random decisions of such
// shapes, alone and read by another decision, on states with equal items, items an ulp apart, ties,
// nulls, strings and empty lists, must answer what the unoptimised model answers on every path,
// spend no more budget steps than the decimals' path on the same state nor fail a budget it meets,
// report the same problems, and be taken with their lets in place.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collectProblems } from "../../../src/runtime/problems.js";
import {
  compileCounting,
  expectEveryState,
  expectNoMoreSteps,
  hairApart,
  LIST_INPUTS,
  LIST_TYPES,
  listState,
  loopAggregate,
  quotientArithmetic,
  letsInPlace,
} from "../../support/certified-paths.js";

type Boxed = { let: Record<string, string>; expr: string };

/** A decision with a let `s` holding a loop (and `t` another, or `r` a let read inside a loop), in each shape the lets were refused in. */
const decision: fc.Arbitrary<Boxed> = fc
  .tuple(
    loopAggregate,
    loopAggregate,
    quotientArithmetic(["a", "b"]),
    fc.constantFrom(
      "in a branch",
      "in both branches",
      "twice",
      "unread",
      "in a condition",
      "read in a loop",
      "in a loop",
      "chained",
      "two loops",
    ),
  )
  .map(([m, n, y, shape]): Boxed => {
    const s = { s: m };
    if (shape === "in a branch") return { let: s, expr: `if a > 1 then s / 7 else a / 3` };
    if (shape === "in both branches") return { let: s, expr: `if a > 1 then s / 7 else s * (${y}) / 3` };
    if (shape === "twice") return { let: s, expr: `s / 7 + s` };
    if (shape === "unread") return { let: s, expr: `(${y}) / 7 + a` };
    if (shape === "in a condition") return { let: s, expr: `if s > a then a / 7 else (${y}) / 3` };
    if (shape === "read in a loop") return { let: { r: `(${y}) / 3` }, expr: `sum(for i in 1..3 return r * i / 7) + a` };
    if (shape === "in a loop") return { let: s, expr: `sum(for i in 0..b return s / (i + 3)) - a` };
    if (shape === "chained") return { let: { ...s, t: `s / 3 - (${y})` }, expr: `if a > 1 then t else s / 7` };
    return { let: { ...s, t: n }, expr: `if s > t then s / 7 else t / 3 + a` };
  });

const state = listState(hairApart);

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified lets by name", LIST_INPUTS, decisions, ["ddAnswer", "ddGiveBack"], LIST_TYPES);

describe("lets holding a loop, or read inside one, on the certified double-doubles", () => {
  it("answer as the decimals do, spend no more budget, and are taken with their lets in place", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    let [drawn, inPlace] = [0, 0];
    fc.assert(
      fc.property(decision, fc.boolean(), fc.array(state, { minLength: 8, maxLength: 8 }), (x, read, states) => {
        // alone, or read by another decision (its double-double handed on, its passes given back when its decimal is made)
        const decisions = { x, ...(read && { y: "x / 3 + a" }) };
        const m = compile(decisions);
        drawn++;
        if (letsInPlace(LIST_INPUTS, decisions, LIST_TYPES)) inPlace++;
        expectEveryState(m, decisions, states, tally);
        if (!m) return;
        // the problems a let meets are reported whether the double-doubles decide or not
        for (const s of states) {
          const slow = collectProblems(() => m.slow.evaluate(s)).problems.sort();
          expect(collectProblems(() => m.json(s)).problems.sort(), `${JSON.stringify(decisions)} on ${JSON.stringify(s)}`).toEqual(slow);
        }
        // (a path `items.p` is made as a list by each side where the double-doubles decline: left out of the count)
        if (JSON.stringify(decisions).includes("items.p")) return;
        for (const s of states) expectNoMoreSteps(m, s, `${JSON.stringify(decisions)} on ${JSON.stringify(s)}`);
      }),
      { numRuns: 150 },
    );
    // most such decisions hold their lets in place, and the doubles decide, not only decline
    expect(inPlace).toBeGreaterThan(drawn / 2);
    expect(tally.decided).toBeGreaterThan(tally.checked / 8);
  });

  it("walk a let's loop once, however often and wherever it is read", () => {
    const decisions = { x: { let: { s: "sum(for i in 1..4 return a / i)" }, expr: "if s > b then s / 7 else s * b / 3" } };
    expect(letsInPlace(LIST_INPUTS, decisions, LIST_TYPES)).toBe(true);
    const m = compile(decisions)!;
    // one loop in the double-doubles' code, and the decimals' let not worked out where they decide
    const code = m.source.split("function run(")[0]!;
    expect(code.split("for (let ").length - 1).toBe(1);
    const s = { a: 1, b: 0.5, xs: [], items: [] };
    expect(m.json(s).decided).toBeGreaterThan(0);
    expectNoMoreSteps(m, s, JSON.stringify(s));
  });
});
