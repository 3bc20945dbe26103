// A form the certified double-doubles hold that reads a decimal of 34 digits — a decision they do
// not hand on (not marked) whose value is arithmetic on a quotient or a root, or a let worked out
// before the value — takes it through `ddRead`, which reads a long decimal as a double-double within
// 2^-96 of it (runtime/certified-dd.ts `longRead`). Such readers keep their double-doubles and
// decide as often as readers of short decimals do; random pairs of each kind answer what the
// unoptimised model does on every path.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileCounting, expectEveryState, LIST_INPUTS, LIST_TYPES, listState, hairApart } from "../../support/certified-paths.js";

/** A decision the double-doubles do not hold (a `count` of a list) whose decimal is long as a rule. */
const long = fc.constantFrom(
  "count(xs) + a / 7",
  "(a / 3) * count(xs) - 1",
  "sqrt(abs(a)) + count(xs)",
  "if count(xs) > 2 then a / 3 * b else b / 7 - a",
  "abs(a / 9 + count(xs))",
  "modulo(a / 7, 3) + count(xs)",
);

/** One whose decimal is short: a rounding, a bare quotient of short numbers, whole numbers. */
const short = fc.constantFrom(
  "count(xs) + decimal(a / 7, 2)",
  "floor(a / 3) + count(xs)",
  "count(xs) * 3 - a",
  "if count(xs) > 2 then a / 3 else b",
);

/** Readers worth the double-doubles (a quotient beside more arithmetic, a root). */
const reader = fc.constantFrom("first / 3 + a", "sqrt(abs(first)) - b / 7", "(first - a) / 9 * 2");

/**
 * A decision with a let of a long decimal read in one branch only: the let is put in place and
 * worked out by the double-doubles before the value (certify.ts `letsForm`, its `first`).
 */
const letReader = fc
  .tuple(fc.constantFrom("sqrt(abs(a)) * 2", "a / 7 * b", "(a + 1) / 3 - b / 9"), fc.constantFrom("p / 3 + a", "sqrt(abs(p)) - a / 7"))
  .map(([p, then]) => ({ let: { p }, expr: `if b > 1 then ${then} else a / 7 * 2` }));

const state = listState(hairApart);

const compile = (decisions: Record<string, unknown>) => compileCounting("long reads", LIST_INPUTS, decisions, ["ddNearest"], LIST_TYPES);

/** Random pairs `first`, `second` of `decisions`: each compiled with double-doubles, answering as the decimals do, deciding. */
function expectDecided(decisions: fc.Arbitrary<Record<string, unknown>>): void {
  const tally = { compiled: 0, checked: 0, decided: 0 };
  fc.assert(
    fc.property(decisions, fc.array(state, { minLength: 8, maxLength: 8 }), (ds, states) => {
      const m = compile(ds);
      expect(m?.steps, JSON.stringify(ds)).toBeGreaterThan(0);
      expectEveryState(m, ds, states, tally);
    }),
    { numRuns: 60 },
  );
  expect(tally.decided).toBeGreaterThan(tally.checked / 4);
}

describe("readers of decisions and lets whose decimal is long", () => {
  it("keep their double-doubles when the decision is long as a rule, and decide", () => {
    expectDecided(fc.tuple(long, reader).map(([first, second]) => ({ first, second })));
  });

  it("keep their double-doubles when the decision is short, and decide", () => {
    expectDecided(fc.tuple(short, reader).map(([first, second]) => ({ first, second })));
  });

  it("keep their double-doubles when a let read in one branch is long, and decide", () => {
    expectDecided(letReader.map((second) => ({ first: "count(xs) * 3 - a", second })));
  });
});
