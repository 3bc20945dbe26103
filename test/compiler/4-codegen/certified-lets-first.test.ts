// Lets the value does not read on every evaluation (read in one branch of an `if` only, or not at
// all) on the certified double-doubles (optimise/certify.ts `letsForm` `first`): FEEL works out
// every let, so the double-doubles work each such let out before the value and decline where it
// declines. Random decisions of one to three lets, each over the inputs and the lets before it, one
// of them read in one branch only or not at all, on states on and near each other, zero divisors,
// large and tiny, nulls and strings, must answer what the unoptimised model answers on every path
// and report the same problems (a division by zero or a string in an unread let); and such
// decisions must be taken with their lets in place.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collectProblems } from "../../../src/runtime/problems.js";
import { compileCounting, expectEveryState, letsInPlace, nearState, quotientTerms } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];

const value = (names: string[]): fc.Arbitrary<string> => quotientTerms(names, { powers: true });

type Boxed = { let: Record<string, string>; expr: string };

/**
 * A decision of one to three lets (`part 1`, ...), each over the inputs and the lets before it; the
 * value reads the last let in one branch of an `if` only (either), or not at all, beside a quotient
 * (so that it pays).
 */
const decision: fc.Arbitrary<Boxed> = fc.integer({ min: 1, max: 3 }).chain((n) => {
  const keys = ["part 1", "part 2", "part 3"].slice(0, n);
  const lets = keys.map((_, i) => value([...INPUTS, ...keys.slice(0, i)]));
  const last = keys.at(-1)!;
  const earlier = [...INPUTS, ...keys.slice(0, -1)];
  return fc.tuple(fc.tuple(...lets), value(earlier), value(earlier), fc.constantFrom(0, 1, 2)).map(([ls, x, y, form]) => ({
    let: Object.fromEntries(keys.map((k, i) => [k, ls[i]!])),
    expr: [
      `if (${x}) > (${y}) then (${last}) / 7 + (${x}) else (${y}) / 3 - 1`,
      `if (${x}) < 1 then (${y}) / 9 * 2 else (${last}) * (${x}) / 3`,
      `(${x}) / 7 + (${y})`,
    ][form]!,
  }));
});

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("lets first", INPUTS, decisions, ["ddNearest", "ddAnswer", "ddTest"]);

describe("lets not read on every evaluation, on the certified double-doubles", () => {
  it("answer and report problems as the decimals do, and are taken with their lets in place", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    let [drawn, inPlace] = [0, 0];
    fc.assert(
      fc.property(decision, fc.array(nearState(INPUTS), { minLength: 8, maxLength: 8 }), (x, states) => {
        // a number decision and a boolean one over the same lets, and a reader of the number
        const decisions = {
          x,
          y: { let: x.let, expr: `(${x.expr}) > c / 7 - 1` },
          z: "x / 3 - c",
        };
        const m = compile(decisions);
        drawn++;
        if (letsInPlace(INPUTS, decisions)) inPlace++;
        expectEveryState(m, decisions, states, tally);
        if (!m) return;
        for (const s of states) {
          // the problems a let meets are reported whether the double-doubles decide or not
          const slow = collectProblems(() => m.slow.evaluate(s)).problems;
          expect(collectProblems(() => m.json(s)).problems.sort(), `${JSON.stringify(decisions)} on ${JSON.stringify(s)}`).toEqual(
            slow.sort(),
          );
        }
      }),
      { numRuns: 150 },
    );
    // most such decisions hold their lets in place, and the doubles decide, not only decline
    expect(inPlace).toBeGreaterThan(drawn / 2);
    expect(tally.decided).toBeGreaterThan(tally.checked / 4);
  });

  it("decline where a let read in one branch only declines, though the other branch is taken", () => {
    const decisions = { x: { let: { p: "a / b" }, expr: "if c > 0 then p / 7 + c else c / 3 - 1" } };
    expect(letsInPlace(INPUTS, decisions)).toBe(true);
    const m = compile(decisions)!;
    for (const s of [
      { a: 1, b: 0, c: -2 },
      { a: "x", b: 3, c: -2 },
      { a: null, b: 3, c: -2 },
      { a: 1e300, b: 1e-300, c: -2 },
    ]) {
      const want = collectProblems(() => m.slow.evaluate(s));
      const got = collectProblems(() => m.json(s).out);
      expect(got, JSON.stringify(s)).toEqual(want);
    }
    // and decide where it does not
    expect(m.json({ a: 1, b: 3, c: -2 }).decided).toBeGreaterThan(0);
  });
});
