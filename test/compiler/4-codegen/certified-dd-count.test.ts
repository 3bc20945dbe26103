// `count(l)` of a named list in the certified double-doubles (runtime/certified-dd.ts `ddCount`): the
// list's length, exact; an input's raw JSON array's where the state holds one. Random decisions
// holding counts of the list of numbers or of structs beside quotients (in the value, rounded, in a
// let, compared, inside a loop), on states with empty lists, nulls, odd items and lists that are no
// lists, must answer what the unoptimised model answers on every path and spend no more budget steps;
// the double-doubles hold each step of them, and where the double-doubles decide, no list is converted.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileCounting,
  ddBlockersOf,
  expectPairsAndSteps,
  expectNoListConverted,
  hairApart,
  LIST_INPUTS,
  LIST_TYPES,
  listState,
  quotientArithmetic,
  watchedModel,
} from "../../support/certified-paths.js";

const counts = fc.constantFrom("count(xs)", "count(items)");

/** A term holding a count: alone, in arithmetic with quotients, or inside a loop over the other list. */
const term: fc.Arbitrary<string> = fc.oneof(
  counts,
  fc.tuple(counts, quotientArithmetic(["a", "b"])).map(([c, y]) => `(${c}) * (${y})`),
  fc.tuple(counts, quotientArithmetic(["a"])).map(([c, y]) => `sum(for x in xs return (${y}) / (${c} + x))`),
  counts.map((c) => `max(for v in items return v.p / ${c})`),
);

/** A decision holding such a term and a quotient: in its value, rounded, in a let, or compared. */
const decision: fc.Arbitrary<unknown> = fc
  .tuple(term, quotientArithmetic(["a", "b"]), fc.constantFrom("value", "rounded", "let", "compared"))
  .map(([c, y, shape]) => {
    if (shape === "value") return `${c} / 7 + (${y})`;
    if (shape === "rounded") return `decimal((${c}) / 3, 2)`;
    if (shape === "let") return { let: { n: c }, expr: `(${y}) / (n + 1)` };
    return `if ${c} > (${y}) then ${c} / 3 else (${y}) / 7`;
  });

/** Lists of numbers, now and then empty, with nulls and odd items; lists of structs, now and then empty or holding odd items; a list that is no list. */
const odd = fc.constantFrom<unknown>("2.5", "x", null, true, 0.35);
const state = fc
  .tuple(
    listState(fc.oneof(hairApart, fc.array(fc.oneof(fc.constantFrom(0.105, 2.5, 3), odd), { maxLength: 4 }))),
    fc.option(
      fc.oneof(
        fc.array(
          fc.oneof(fc.record({ p: fc.constantFrom(0.07, 2.5, 3), q: fc.constantFrom(0.1, 4) }), fc.constantFrom<unknown>(null, { q: 1 })),
          {
            maxLength: 5,
          },
        ),
        fc.constantFrom<unknown>(7, "many", { p: 1, q: 2 }),
      ),
      { freq: 2 },
    ),
  )
  .map(([s, items]) => (items === null ? s : { ...s, items }));

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified counts", LIST_INPUTS, decisions, ["ddCount"], LIST_TYPES, { strict: false });

describe("count of a named list in the certified double-doubles", () => {
  it("answers as the unoptimised model does on every path, and spends no more steps", () => {
    const tally = expectPairsAndSteps(decision, state, compile, 150);
    // models holding counts in the double-doubles, and counts that decide
    expect(tally.compiled).toBeGreaterThan(100);
    expect(tally.decided).toBeGreaterThan(tally.checked / 2);
  });

  it("holds every such decision: no step of it is left to the decimals", () => {
    // an `if` holding a loop stays off the double-doubles, count or no count (certify-output.ts `ddNode`)
    const ifOverLoop = (d: unknown) => typeof d === "string" && d.startsWith("if ") && d.includes("for ");
    fc.assert(
      fc.property(
        decision.filter((d) => !ifOverLoop(d)),
        (first) => {
          expect(ddBlockersOf(first), JSON.stringify(first)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("converts no list where the double-doubles decide", () => {
    const watched = (first: unknown) => watchedModel(first, { ddAnswer: (x) => x === x, ddNearest: (x) => x === x });
    expect(expectNoListConverted(decision, state, watched, 100)).toBeGreaterThan(100);
  });
});
