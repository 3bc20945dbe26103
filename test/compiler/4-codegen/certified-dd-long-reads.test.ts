// A form the certified double-doubles would hold that reads a decision they do not hand on (not
// marked) whose decimal is long as a rule — arithmetic on a quotient or a root, 34 digits, which
// `ddRead` cannot read — declines on every call: the double-doubles' work is spent and the decimals
// do it all again. Such a reader is left to the decimals (optimise/certify-output.ts
// `longDecisions`); one reading a short decision (a rounding, a bare quotient, whole numbers) keeps
// its double-doubles and decides. Random pairs of each kind answer what the unoptimised model does
// on every path.
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

const state = listState(hairApart);

const compile = (decisions: Record<string, unknown>) => compileCounting("long reads", LIST_INPUTS, decisions, ["ddNearest"], LIST_TYPES);

describe("readers of decisions whose decimal the double-doubles cannot read", () => {
  it("are left to the decimals when the decision is long as a rule, and answer as the decimals do", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    fc.assert(
      fc.property(long, reader, fc.array(state, { minLength: 8, maxLength: 8 }), (first, second, states) => {
        const decisions = { first, second };
        const m = compile(decisions);
        expect(m, first).toBeDefined();
        // no double-doubles for `second`: they would decline on every state
        expect(m!.steps, JSON.stringify(decisions)).toBe(0);
        expectEveryState(m, decisions, states, tally);
      }),
      { numRuns: 60 },
    );
  });

  it("keep their double-doubles when the decision is short, and decide", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    fc.assert(
      fc.property(short, reader, fc.array(state, { minLength: 8, maxLength: 8 }), (first, second, states) => {
        const decisions = { first, second };
        const m = compile(decisions);
        expect(m!.steps, JSON.stringify(decisions)).toBeGreaterThan(0);
        expectEveryState(m, decisions, states, tally);
      }),
      { numRuns: 60 },
    );
    expect(tally.decided).toBeGreaterThan(tally.checked / 4);
  });
});
