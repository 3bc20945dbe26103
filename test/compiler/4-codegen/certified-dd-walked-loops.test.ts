// Loops over ranges of literal bounds whose passes walk sums, differences and products only
// (optimise/certify-output.ts `pays`, `LOOP_WORTH`): without a quotient, a power or a root the
// double-doubles took a decision only where it read one they held; now four operations or more
// walked in the passes of a call make it worth them, as each pass makes decimals. Random such
// decisions must be on the double-doubles, answer what the unoptimised model answers on every
// path, and spend no more steps than the decimals.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileCounting,
  expectAnswers,
  expectNoMoreSteps,
  LIST_INPUTS,
  LIST_TYPES,
  listEdgeStates,
  listState,
} from "../../support/certified-paths.js";

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified walked loops", LIST_INPUTS, decisions, ["ddAnswer"], LIST_TYPES);

/** A body of `ops` operations over the inputs and the loop's variable, every term a name (so nothing folds away). */
const body = (ops: number): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.array(fc.constantFrom("a", "b", "i"), { minLength: ops + 1, maxLength: ops + 1 }),
      fc.array(fc.constantFrom("+", "-", "*"), { minLength: ops, maxLength: ops }),
    )
    .filter(([terms]) => terms.includes("a") || terms.includes("b"))
    .map(([terms, signs]) => terms.reduce((e, t, k) => (k === 0 ? t : `(${e}) ${signs[k - 1]} (${t})`), ""));

/** An aggregate of a loop over a range of literal bounds (either way round) whose passes walk four operations or more. */
const walked: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("sum", "min", "max"),
    fc.integer({ min: -2, max: 3 }),
    fc.integer({ min: 2, max: 8 }),
    fc.integer({ min: 1, max: 3 }),
    fc.boolean(),
  )
  .filter(([, , passes, ops]) => passes * ops >= 4)
  .chain(([agg, from, passes, ops, down]) => {
    const to = from + passes - 1;
    return body(ops).map((b) => `${agg}(for i in ${down ? `${to}..${from}` : `${from}..${to}`} return ${b})`);
  });

describe("certified double-doubles: loops whose passes walk sums and products", () => {
  it("take them onto the double-doubles, answering as the decimals do and spending no more steps", () => {
    fc.assert(
      fc.property(walked, fc.array(listState(fc.constant([0.1, 0.2])), { minLength: 6, maxLength: 6 }), (l, states) => {
        const m = compile({ x: l });
        expect(m, l).toBeDefined();
        expect(m!.steps, l).toBe(1);
        expectAnswers(m!, states);
        for (const s of states) expectNoMoreSteps(m!, s, `${l} on ${JSON.stringify(s)}`);
      }),
      { numRuns: 150 },
    );
  });

  it("decide most edge states, and leave loops of few operations on the decimals", () => {
    const m = compile({
      summed: "sum(for i in 1..6 return a * i)",
      least: "min(for i in 4..1 return (a - b) * (i + a))",
      few: "sum(for i in 1..3 return a * b)",
      unknown: "sum(for i in 1..b return a * i)",
    })!;
    // `few` walks 3 operations a call; `unknown`'s passes are not known before the call
    expect(m.steps).toBe(2);
    const states = listEdgeStates();
    const decided = expectAnswers(m, states);
    expect(decided).toBeGreaterThan(states.length / 2);
  });
});
