// Certified doubles through a context's entry (`{p: a / 3, q: p + b}.q`, optimise/certify.ts
// `expand`): the entry worked out with the entries before it in place, as an inlined call's body
// with its arguments. Random contexts whose entries read the ones before them, or leave some
// unread, as a decision's value, under a rounding and in a comparison, on values on and near each
// other, large and tiny, negative, nulls and strings, must answer what the unoptimised model
// answers, through `evaluate`, with a trace and as FEEL values; and only contexts whose every
// entry evaluation the doubles meet as well are taken.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileCounting, expectAnswers, expectRandomChains, ifEdges, nearState, quotientTerms } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];

const value = (names: string[]): fc.Arbitrary<string> => quotientTerms(names, { powers: true, ifs: true });

/**
 * A context of two to four entries, each over the inputs and the entries before it (and reading
 * the one before it, so that every entry is worked out for the last), picking the last.
 */
const context = (names: string[]): fc.Arbitrary<string> =>
  fc.integer({ min: 2, max: 4 }).chain((n) => {
    const keys = ["p", "q", "r", "s"].slice(0, n);
    const entries = keys.map((k, i) =>
      fc
        .tuple(value([...names, ...keys.slice(0, i)]), fc.constantFrom("+", "-", "*", "/"))
        .map(([v, op]) => `${k}: ${i === 0 ? v : `(${v}) ${op} ${keys[i - 1]}`}`),
    );
    return fc.tuple(...entries).map((es) => `{${es.join(", ")}}.${keys.at(-1)}`);
  });

/** A decision over a context: its value (with a quotient beside it, so that it pays), a rounding or a comparison. */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(context(names), value(names), fc.constantFrom(0, 1, 2))
    .map(([x, y, form]) => [`(${x}) / 7 + (${y})`, `decimal((${x}) / 3, 2)`, `if (${x}) / 3 < (${y}) / 7 then 1 else 0`][form]!);

const state = nearState(INPUTS);

const STEPS = ["ddAnswer", "ddNearest", "certRound", "certCompare"];
const compile = (decisions: Record<string, unknown>) => compileCounting("certified contexts", INPUTS, decisions, STEPS);

describe("certified doubles through a context's entry", () => {
  it("answer as the decimals do on random contexts and chains, on every path", () => {
    const tally = expectRandomChains(decision, state, INPUTS, compile);
    // the doubles decide, not only decline
    expect(tally.compiled).toBeGreaterThan(180);
    expect(tally.decided).toBeGreaterThan(tally.checked / 4);
  });

  it("leave to the decimals an entry FEEL's own rounding decides", () => {
    const m = compile({
      equal: "if {p: a / b, q: p * b}.q = a then a / 7 else 1000 + a / 7",
      rounded: "decimal({p: a / b, q: p * b - a}.q * 10 ** 30, 3)",
      value: "{p: a / b, q: p * b - a}.q + a / 7",
    })!;
    expect(m.steps).toBeGreaterThanOrEqual(3);
    const decided = expectAnswers(m, ifEdges());
    expect(decided).toBeGreaterThan(0);
  });

  it("take a context only when every entry it evaluates the doubles evaluate too", () => {
    const steps = (x: string) => compile({ x })!.steps;
    // the entries before the picked one read on every evaluation, or plain names and literals
    expect(steps("{p: a / 3, q: p * b + 1}.q")).toBe(1);
    expect(steps("{p: a, q: 2, r: a / 3 * b}.r")).toBe(1);
    expect(steps("{p: a / 3, q: p + 1, r: q * b}.r")).toBe(1);
    expect(steps("{p: a / 3 + 1, q: if b > 0 then p else p * 2}.q")).toBe(1);
    // an entry that is worked out but not read (a division by a zero b, a string), or read in one branch only
    expect(steps("{p: a / b, q: c / 3 + 1}.q")).toBe(0);
    expect(steps("{p: a, q: c / 3 + 1, r: 1}.q")).toBe(1);
    expect(steps("{p: a / 3, q: c / 3 + 1, r: a / b}.q")).toBe(0);
    expect(steps("{p: a / b, q: if c > 0 then p + 1 else c / 3}.q")).toBe(0);
    // an entry holding a loop, a string or a list: the decimals
    expect(steps("{p: sum(for i in 1..3 return a / i), q: p + 1}.q")).toBe(0);
    expect(steps('{p: "s", q: a / 3 + 1}.q')).toBe(0);
    // an entry's name inside a later entry means that entry; an outer name the same
    expect(compile({ x: "{p: a / 3 + 1, q: p * 2}.q", y: "{a: b / 3, b: a * 2 + x}.b" })!.steps).toBe(2);
    // the answers as the decimals give them
    const m = compile({ x: "{p: a / 3 + 1, q: p * 2}.q", y: "{a: b / 3, b: a * 2 + x}.b", z: "decimal({p: a / 7, q: p * p}.q, 4)" })!;
    expect(
      expectAnswers(m, [
        { a: 1, b: 2, c: 3 },
        { a: -7.5, b: 1e-20, c: 0 },
        { a: null, b: 1, c: 1 },
        { a: "x", b: 1, c: 1 },
      ]),
    ).toBeGreaterThan(0);
  });
});
