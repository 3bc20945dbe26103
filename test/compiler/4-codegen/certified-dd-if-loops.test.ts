// An `if` whose branches (or condition) hold a loop, in the certified double-doubles
// (codegen/certified-dd-code.ts `branched`): the condition decided from the bounds, then only the
// branch FEEL takes worked out, its loops walked and charged as the decimals walk them. Random
// decisions with loops over a range, a list of numbers and a list of structs in either branch or in
// the condition, nested now and then, beside a reader, on states with empty lists, nulls, odd items,
// ties and values a hair apart, must answer what the unoptimised model answers on every path and
// spend no more budget steps; the double-doubles hold every step of them and decide a share of the states. A
// path's aggregate (`sum(items.p)`) is read item by item (`ddFieldAggregate`), its projection not
// made: where the double-doubles decline, FEEL's path makes it and charges it once.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileCounting,
  ddBlockersOf,
  expectPairsAndSteps,
  expectEveryState,
  expectNoMoreSteps,
  hairApart,
  LIST_INPUTS,
  LIST_TYPES,
  listState,
  loopAggregate,
  quotientArithmetic,
  watchedModel,
} from "../../support/certified-paths.js";

const OPS = ["<", "<=", ">", ">=", "=", "!="];
const value = quotientArithmetic(["a", "b"]);

/** A branch: a loop's aggregate now and then over a quotient, or arithmetic without a loop. */
const branch: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: loopAggregate, weight: 3 },
  { arbitrary: fc.tuple(loopAggregate, value).map(([l, v]) => `${l} / (${v})`), weight: 2 },
  { arbitrary: value.map((v) => `(${v}) / 7`), weight: 2 },
);

/** A condition on values, or on a loop's aggregate. */
const condition: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(value, loopAggregate), fc.constantFrom(...OPS), value)
  .map(([x, o, y]) => `${x} ${o} (${y})`);

/** An `if` with a loop in a branch or its condition (a loop in neither is `ddIf`'s), nested now and then in a branch, over 7 (so that it pays). */
const decision: fc.Arbitrary<string> = fc
  .tuple(condition, branch, branch, fc.boolean(), condition, branch)
  .filter(([c, t, f]) => [c, t, f].some((x) => x.includes("for ") || /\b(xs|items\.p)\b/.test(x)))
  .map(([c, t, f, nested, c2, t2]) => `(if ${c} then ${t} else ${nested ? `(if ${c2} then ${t2} else ${f})` : f}) / 7 - a`);

const state = listState(fc.oneof(hairApart, fc.constantFrom<unknown>([0.105, 2.5, null], ["2.5", 3], [0.5, 0.5])));

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified if loops", LIST_INPUTS, decisions, ["ddTest"], LIST_TYPES);

describe("certified double-doubles through an if holding loops", () => {
  it("answer as the unoptimised model does on every path, and spend no more steps", () => {
    const tally = expectPairsAndSteps(decision, state, compile, 150);
    // models whose conditions the double-doubles test
    expect(tally.compiled).toBeGreaterThan(100);
  });

  it("charge a path's aggregate once where they decline (the projection is not made for them)", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    const odd = fc.array(
      fc.oneof(fc.record({ p: fc.constantFrom<unknown>(0.07, 2.5, null, "x", "2.5") }), fc.constantFrom<unknown>(null, {})),
      {
        maxLength: 4,
      },
    );
    fc.assert(
      fc.property(
        fc.constantFrom("sum", "min", "max"),
        value,
        fc.array(fc.tuple(state, odd), { minLength: 8, maxLength: 8 }),
        (fn, v, pairs) => {
          const decisions = { first: `${fn}(items.p) / (${v} + 1) + a` };
          const m = compile(decisions);
          const states = pairs.map(([s, items]) => ({ ...s, items }));
          expectEveryState(m, decisions, states, tally);
          if (m) for (const s of states) expectNoMoreSteps(m, s, `${JSON.stringify(decisions)} on ${JSON.stringify(s)}`);
        },
      ),
      { numRuns: 60 },
    );
    expect(tally.checked).toBeGreaterThan(400);
  });

  it("decide, not only decline", () => {
    let [decided, checked] = [0, 0];
    fc.assert(
      fc.property(decision, fc.array(state, { minLength: 8, maxLength: 8 }), (first, states) => {
        const m = watchedModel(first, { ddAnswer: (x) => x === x, ddNearest: (x) => x === x });
        for (const s of states) {
          checked++;
          if (m.run(s).decided) decided++;
        }
      }),
      { numRuns: 100 },
    );
    // about a third of random states on the lists' edges (empty, null, odd items: null aggregates,
    // which decline) and equalities of quotients (decided only where exact); none before `branched`
    expect(decided).toBeGreaterThan(checked / 5);
  });

  it("hold every such decision: no step of it is left to the decimals", () => {
    fc.assert(
      fc.property(decision, (first) => {
        expect(ddBlockersOf(first), first).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
