// A number decision of sums, differences and products of short decimals (no quotient, power or
// root: integer work on the decimals) is worked out in certified double-doubles too, its JSON
// output taken from them where the bound decides the nearest double. Random such decisions, and a
// second reading the first, on states on and near each other, at 2^53 and its halves, 0.1 beside
// 0.2, huge and tiny, nulls and strings, answer on every path what the unoptimised model answers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileCounting, expectEveryState, expectRandomChains, nearState } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];

const short = (names: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ e: string }>((tie) => {
    const e = tie("e");
    return {
      e: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constantFrom(...names, ...names, "0.1", "0.2", "3", "2.5", "1e16", "-7"),
        fc.tuple(e, fc.constantFrom("+", "-", "*"), e).map(([x, o, y]) => `(${x}) ${o} (${y})`),
        e.map((x) => `-(${x})`),
        e.map((x) => `abs(${x})`),
        fc.tuple(fc.constantFrom("min", "max"), e, e).map(([f, x, y]) => `${f}(${x}, ${y})`),
      ),
    };
  }).e;

/** At least one operator: a decision that is a bare name or literal is no arithmetic. */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc.tuple(short(names), fc.constantFrom("+", "-", "*"), short(names)).map(([x, o, y]) => `(${x}) ${o} (${y})`);

/** The tie of 2^53 + 1 (half-way between doubles), 0.1 + 0.2 (0.30000000000000004 in doubles), 1e16 + 1. */
const TIES: Record<string, unknown>[] = [
  { a: 2 ** 53, b: 1, c: 0 },
  { a: 0.1, b: 0.2, c: -0.3 },
  { a: 1e16, b: 1, c: 3 },
  { a: 2 ** 53 - 1, b: 2, c: -1 },
];

const compile = (decisions: Record<string, unknown>) => compileCounting("short forms", INPUTS, decisions, ["ddNearest"]);

describe("certified double-doubles for sums and products of short decimals", () => {
  it("answer as the decimals do on random decisions and chains, on every path", () => {
    const tally = expectRandomChains(decision, nearState(INPUTS), INPUTS, compile);
    // every compiled model's decisions are the double-doubles' (none are on the start commit)
    expect(tally.compiled).toBeGreaterThan(150);
    expect(tally.decided).toBeGreaterThan(tally.checked / 2);
  });

  it("decide the nearest double of a tie or leave it to the decimals, never the doubles' sum", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    for (const out of ["a + b + c", "(a + b) - c", "a * 3 + b", "(a - c) * (b + c)", "-(a) + b * 0.1"]) {
      const decisions = { out, read: "out * 3 - a" };
      expectEveryState(compile(decisions), decisions, TIES, tally);
    }
    expect(tally.compiled).toBe(5);
  });
});
