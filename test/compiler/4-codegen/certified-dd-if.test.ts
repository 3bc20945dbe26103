// Certified double-doubles through `if` on comparisons, `between` and connectives of them
// (runtime/certified-dd.ts `ddTest`, `ddIf`): the branch FEEL takes where the bounds decide the
// condition, the decimals otherwise. Random decisions with conditions on values built on and near
// each other, whole numbers and halves, large and tiny, negative, nulls and strings, must answer
// what the unoptimised model answers, through `evaluate`, with a trace and as FEEL values.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as runtime from "../../../src/runtime/generated-api.js";
import {
  compileCounting,
  expectAnswers,
  expectEveryPath,
  expectRandomChains,
  ifEdges,
  nearState,
  quotientTerms,
} from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];
const OPS = ["<", "<=", ">", ">=", "=", "!="];

const value = (names: string[]): fc.Arbitrary<string> => quotientTerms(names);

/** A condition of comparisons, `between` and connectives over such values. */
const condition = (names: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ c: string }>((tie) => ({
    c: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: fc.tuple(value(names), fc.constantFrom(...OPS), value(names)).map(([x, o, y]) => `${x} ${o} ${y}`), weight: 6 },
      { arbitrary: fc.tuple(value(names), value(names), value(names)).map(([x, l, h]) => `(${x}) between (${l}) and (${h})`), weight: 2 },
      { arbitrary: fc.tuple(tie("c"), fc.constantFrom("and", "or"), tie("c")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 2 },
      { arbitrary: tie("c").map((x) => `not(${x})`), weight: 1 },
    ),
  })).c;

/** An `if` whose branches hold a quotient (so the decision pays), nested now and then. */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(condition(names), value(names), value(names), fc.boolean())
    .map(([c, t, f, nested]) => `if ${c} then (${t}) / 3 else ${nested ? `(if ${t} > ${f} then ${t} else (${f}) / 7)` : `(${f}) * 2 / 7`}`);

const state = nearState(INPUTS);

const compile = (decisions: Record<string, unknown>) => compileCounting("certified ifs", INPUTS, decisions, ["ddIf"]);

describe("certified double-doubles through if", () => {
  it("answer as the decimals do on random conditions and chains, on every path", () => {
    const tally = expectRandomChains(decision, state, INPUTS, compile);
    // the double-doubles decide, not only decline
    expect(tally.compiled).toBeGreaterThan(150);
    expect(tally.decided).toBeGreaterThan(tally.checked / 2);
  });

  it("leave to the decimals a condition FEEL's own rounding decides", () => {
    // FEEL's a / b × b falls a hair either side of a, the double-double's by other amounts: the branch
    // taken on the wrong side is far off
    const decisions: Record<string, string> = {
      equal: "if a / b * b = a then a / 7 else 1000 + a / 7",
      below: "if a / b * b < a then a / 7 else 1000 + a / 7",
      above: "if a / b * b >= a then a / 7 else 1000 + a / 7",
      within: "if a / b * b between a and a + 1 then a / 7 else 1000 + a / 7",
      either: "if a / b * b > a or a / b * b < a then a / 7 else 1000 + a / 7",
      neither: "if not(a / b * b != a) and b > 0 then a / 7 else 1000 + a / 7",
    };
    const m = compile(decisions)!;
    expect(m.steps).toBe(6);
    const decided = expectAnswers(m, ifEdges());
    expect(decided).toBeGreaterThan(0);
  });

  it("decide a condition only when the bounds keep the two sides apart", () => {
    const test = (ah: number, al: number, ea: number, bh: number, bl: number, eb: number, op: string) =>
      runtime.ddTest(ah, al, ea, bh, bl, eb, op);
    // two exact integers are ordered and equal as they are
    expect(test(3, 0, 0, 3, 0, 0, "=")).toBe(1);
    expect(test(3, 0, 0, 4, 0, 0, "<")).toBe(1);
    // a difference within the bounds is undecided, one beyond them decided
    expect(test(1, 1e-20, 1e-25, 1, 0, 0, ">")).toBe(1);
    expect(test(1, 1e-20, 1e-20, 1, 0, 0, ">")).toBeNaN();
    expect(test(1, 0, 1e-30, 1, 0, 1e-30, "=")).toBeNaN();
    expect(test(1, 0, NaN, 2, 0, 0, "<")).toBeNaN();
    // the branch FEEL takes, with its bound; undecided declines
    expect(runtime.ddIf(1, 5, 1e-17, 1e-20, 6, 0, NaN)).toBe(5);
    expect([runtime.ddState[0], runtime.ddState[1]]).toEqual([1e-17, 1e-20]);
    expect(runtime.ddIf(0, 5, 0, NaN, 6, 1e-17, 0)).toBe(6);
    expect([runtime.ddState[0], runtime.ddState[1]]).toEqual([1e-17, 0]);
    runtime.ddIf(NaN, 5, 0, 0, 6, 0, 0);
    expect(runtime.ddState[1]).toBeNaN();
    // max of an exact 134 and an inexact 3.15: FEEL picks 134 whatever 3.15's error, so its own bound 0
    // (a ceiling of it is then decided); within the bounds of each other, the larger bound
    expect(runtime.ddExtreme(134, 0, 0, 3.15, 1e-16, 1e-29, true)).toBe(134);
    expect(runtime.ddState[1]).toBe(0);
    expect(runtime.ddExtreme(3.15, 0, 0, 3.15, 1e-16, 1e-29, false)).toBe(3.15);
    expect(runtime.ddState[1]).toBe(1e-29);
    expect(runtime.ddExtreme(1, 0, 1e-20, 1 + 2 ** -52, 0, 1e-17, true)).toBe(1 + 2 ** -52);
    expect(runtime.ddState[1]).toBe(1e-17);
  });

  it("decide a value compared with itself, or with a decision that names it, as equal", () => {
    // FEEL compares one decimal with itself: equal, however wide the double-doubles' bound
    const m = compile({
      mid: "a / b * c + 1",
      same: "mid",
      x: "if mid between mid and same then mid / 3 + 1 else 1000 + a / 7",
      y: "if a / 3 < same or same != mid then a / 7 * 2 else mid / 7 + 2",
    })!;
    let decided = 0;
    for (const s of [
      { a: 1, b: 7, c: 3 },
      { a: -3.5, b: 0.7, c: 1e-20 },
      { a: 2 ** 52, b: 3, c: 2 ** 53 + 2 },
      { a: 1e15 + 0.5, b: -7, c: 3 },
      { a: 1, b: 0, c: 3 },
      { a: null, b: 7, c: 3 },
    ]) {
      const r = m.json(s);
      expect(r.out, JSON.stringify(s)).toEqual(m.slow.evaluate(s));
      decided += r.decided;
    }
    // both conditions in the two states whose operands the double-doubles read (not 2^53 + 2, 10^15 + ½, a zero divisor, null)
    expect(decided).toBeGreaterThanOrEqual(4);
  });

  it("leave to the decimals an if whose condition comes out a number, which makes FEEL's if null", () => {
    // the condition folds to the name `a` (3 > 0 is true): a number, neither boolean nor null
    const m = compileCounting(
      "certified non-boolean conditions",
      INPUTS,
      {
        rounded: "decimal(((if if 3 > 0 then a else 3 > a then a else 3) + a) / 3, 2)",
        value: "(if if 3 > 0 then a else 3 > a then a else 3) / 7 + a",
      },
      ["ddNearest", "certRound", "ddIf"],
    )!;
    const states = [0, 0.5, -2, 3, null].map((a) => ({ a, b: 1, c: 1 }));
    expectAnswers(m, states);
    for (const s of states) expectEveryPath(m.fast, m.slow, () => m.json(s).out, s, JSON.stringify(s));
    expect(m.slow.evaluate({ a: 0.5, b: 1, c: 1 })).toEqual({ rounded: null, value: null });
  });

  it("decide a condition on a string name equal to a literal, as the decimals do", () => {
    const m = compileCounting(
      "certified string tests",
      [...INPUTS, "tier"],
      {
        x: 'if tier = "gold" then a / 3 + 1 else b / 7 * 2',
        y: 'if tier != "gold" and a > b then a / 7 else (b / 3) ** 2',
        z: 'decimal(if tier = "gold" or c > 0 then a / 3 else b / 7, 2) + 1',
      },
      ["ddIf"],
      { tier: "string" },
    )!;
    expect(m.steps).toBe(3);
    const states: Record<string, unknown>[] = [];
    for (const tier of ["gold", "silver", "", "Gold", null, 7]) {
      for (const [a, b, c] of [
        [1, 2, 3],
        [-7.5, 0.125, 0],
        [2 ** 53 + 2, 3, -1],
        [1e-20, null, 1],
        [3, 3, 0],
      ])
        states.push({ a, b, c, tier });
    }
    for (const s of states) expectEveryPath(m.fast, m.slow, () => m.json(s).out, s, JSON.stringify(s));
    // every branch on a string, a number's tier or null decided (null goes to the else branch) where the operands are read
    expect(expectAnswers(m, states)).toBeGreaterThan(states.length);
  });

  it("take an if into the double-doubles only on conditions of values it holds", () => {
    expect(compile({ x: "if a > b then a / 3 + 1 else b / 7 * 2" })!.steps).toBe(1);
    // a name tested for truth, a string, a list: the decimals
    expect(compile({ x: "if a in [1..3] then a / 3 + 1 else b / 7 * 2" })!.steps).toBe(0);
    expect(compile({ x: 'if string(a) = "1" then a / 3 + 1 else b / 7 * 2' })!.steps).toBe(0);
    // a let read in one branch is worked out first and read as a decimal, a long one (a root, a
    // quotient meeting more arithmetic) too (certified-dd-long-reads.test.ts)
    const withLet = (part: string) => compile({ x: { let: { part }, expr: "if a > b then part / 3 + 1 else b / 7 * 2" } })!.steps;
    for (const part of ["sqrt(a)", "a / 7 + b", "a / 7"]) expect(withLet(part)).toBe(1);
  });
});
