// The certified double-doubles' loops over an input's list read its raw JSON items
// (runtime/certified-items.ts, codegen/raw-items.ts `rawListRead`): a JSON number raw, as the
// loader would read it, anything else (a numeric string, null, a string, a missing field) converted
// alone as converting the list converts it. Random decisions holding `sum`, `min` or `max` of a `for`
// over a list of numbers or of structs, on states with equal items, items a hair apart, ties on a
// rounding's edge, nulls, strings, numeric strings and empty lists, must answer what the unoptimised
// model answers on every path; and where the double-doubles decide, the list is never converted.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileCounting,
  expectEveryState,
  expectNoListConverted,
  watchedModel,
  hairApart,
  LIST_INPUTS,
  LIST_TYPES,
  listState,
  quotientArithmetic,
} from "../../support/certified-paths.js";

/** sum, min or max of a loop over the list of numbers or of structs. */
const aggregate: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("sum", "min", "max"),
    fc.oneof(
      quotientArithmetic(["a", "x"]).map((x) => `for x in xs return ${x}`),
      quotientArithmetic(["a", "v.p", "v.q"]).map((x) => `for v in items return ${x}`),
      fc.constantFrom("for x in xs return x", "for v in items return v.p", "for v in items return v.q / 3"),
    ),
  )
  .map(([fn, list]) => `${fn}(${list})`);

/** A decision holding such a loop and a quotient: in its value, rounded, in a let, or compared. */
const decision: fc.Arbitrary<unknown> = fc
  .tuple(aggregate, quotientArithmetic(["a", "b"]), fc.constantFrom("value", "rounded", "let", "compared"))
  .map(([m, y, shape]) => {
    if (shape === "value") return `${m} / 7 + (${y})`;
    if (shape === "rounded") return `decimal(${m} / 4, 2)`;
    if (shape === "let") return { let: { s: m }, expr: `s / 7 + (${y})` };
    return `if ${m} > (${y}) then ${m} / 3 else (${y}) / 7`;
  });

/** Items a JSON number may not be: numeric strings (read as their numbers), strings, null, booleans. */
const odd = fc.constantFrom<unknown>("2.5", " 7 ", "1e3", "x", null, true, 0.35);

/** Lists of numbers with equal items, items a hair apart, ties, odd items; lists of structs with odd fields and items. */
const special = fc.oneof(hairApart, fc.array(fc.oneof(fc.constantFrom(0.105, 1.005, 2.5, 3), odd), { maxLength: 5 }));
const oddItem = fc.oneof(
  fc.record({ p: fc.oneof(odd, fc.constantFrom(0.07, 2.5, 3)), q: fc.constantFrom(0.1, 0.35, 4) }),
  fc.constantFrom<unknown>({ q: 1 }, { p: 2, q: 2, r: "extra" }, { q: 0.5, p: 0.25 }, null, 5),
);
const state = fc
  .tuple(listState(special), fc.option(fc.array(oddItem, { maxLength: 5 }), { freq: 2 }))
  .map(([s, items]) => (items === null ? s : { ...s, items }));

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified raw items", LIST_INPUTS, decisions, ["ddReadItem", "ddReadField"], LIST_TYPES);

/** The decision compiled alone, its lists' conversions counted and `ddAnswer` watched (NaN: the double-doubles declined). */
const watched = (first: unknown) => watchedModel(first, { ddAnswer: (x) => x === x });

describe("certified double-doubles' loops over an input's raw JSON items", () => {
  it("answer as the unoptimised model does on every path, reading items raw", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    fc.assert(
      fc.property(decision, decision, fc.array(state, { minLength: 8, maxLength: 8 }), (first, second, states) => {
        const decisions = { first, second, read: "first / 3 + a" };
        expectEveryState(compile(decisions), decisions, states, tally);
      }),
      { numRuns: 200 },
    );
    // models reading items raw, and items read raw that the double-doubles could use
    expect(tally.compiled).toBeGreaterThan(100);
    expect(tally.decided).toBeGreaterThan(tally.checked / 2);
  });

  it("convert no list where the double-doubles decide", () => {
    expect(expectNoListConverted(decision, state, watched, 100)).toBeGreaterThan(100);
  });
});
