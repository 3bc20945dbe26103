// Certified double-doubles through `min` and `max` of a list (runtime/certified-dd.ts `ddExtremeOf`,
// `ddExtreme`, `ddPasses`, `ddAnswer`): of a `for` over a range or a list with a number body, of a
// named list and of a path `items.p` of a list of structs, the bound of the item kept. Random
// decisions over lists with items on and about each other (equal ones, a hair apart, ties on a
// rounding's edge), nulls and strings in items, empty lists (null), huge and tiny values must
// answer what the unoptimised model answers, through `evaluate`, with a trace and as FEEL values.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as runtime from "../../../src/runtime/generated-api.js";
import { dec } from "../../../src/runtime/decimal.js";
import {
  compileCounting,
  expectAnswers,
  expectEveryState,
  expectRandomPairs,
  hairApart,
  LIST_INPUTS,
  LIST_TYPES,
  listState,
  quotientArithmetic,
} from "../../support/certified-paths.js";

/** min or max over a range, a list of numbers, a list of structs, or of a named list or a path of one. */
const extreme = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom("min", "max"),
      fc.oneof(
        fc
          .tuple(fc.constantFrom("1..3", "0..b", "b..1", "1..0", "2..2"), quotientArithmetic([...names, "i"]))
          .map(([r, x]) => `for i in ${r} return ${x}`),
        quotientArithmetic([...names, "x"]).map((x) => `for x in xs return ${x}`),
        quotientArithmetic([...names, "v.p", "v.q"]).map((x) => `for v in items return ${x}`),
        fc.constantFrom("xs", "items.p", "items.q", "for x in xs return x / 3"),
      ),
    )
    .map(([fn, list]) => `${fn}(${list})`);

/** A decision holding a min or max and a quotient (so that it pays), rounded now and then. */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      extreme(names.filter((n) => n !== "xs" && n !== "items")),
      quotientArithmetic(names.filter((n) => n !== "xs" && n !== "items")),
      fc.constantFrom("plain", "rounded", "twice", "compared"),
    )
    .map(([m, y, shape]) =>
      shape === "plain"
        ? `${m} / 7 + (${y})`
        : shape === "rounded"
          ? `decimal(${m} / 4, 2)`
          : shape === "twice"
            ? `(${m}) / (${y}) - ${m} / 3`
            : `if ${m} > (${y}) then ${m} / 3 else (${y}) / 7`,
    );

const state = listState(hairApart);

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified extremes", LIST_INPUTS, decisions, ["ddAnswer", "ddExtremeOf"], LIST_TYPES);

describe("certified double-doubles through min and max of a list", () => {
  it("answer as the decimals do on random min and max over ranges, lists and paths, on every path", () => {
    expectRandomPairs(compile, decision, LIST_INPUTS, state);
  });

  it("take the item FEEL takes, and leave to the decimals what the bound cannot keep apart", () => {
    const m = compile({
      range: "decimal(max(for i in 1..b return a / 4), 2)",
      list: "decimal(min(for x in xs return x / 4), 2)",
      fields: "decimal(max(for v in items return v.p / 4 + v.q / 4), 2)",
      path: "min(items.p) / 7 + a",
      named: "decimal(max(xs) / 4 + a / 3, 2)",
      // thirds of items a hair apart: the one kept, rounded to 2 places, lies on a tie
      close: "round half up(max(for x in xs return x / 3), 2)",
      least: "min(for x in xs return x * 3) / 9 - a",
    })!;
    expect(m.steps).toBeGreaterThanOrEqual(5);
    const states: Record<string, unknown>[] = [];
    for (const a of [0.02, 0.1, 0.3, 0.06, 1e-20, 1e300]) {
      for (const b of [0, 1, 3, 10, 2.5]) {
        const xs = Array.from({ length: b > 0 ? Math.ceil(b) : 0 }, (_, k) => a * (k % 2 === 0 ? 1 : -1));
        states.push({ a, b, xs, items: xs.map((p) => ({ p, q: 0.01 })) });
        states.push({ a, b, xs: [...xs, null], items: [...xs.map((p) => ({ p, q: 0.01 })), { p: null, q: 1 }] });
      }
    }
    for (const t of [0.015, 0.045, 0.075, 0.105, 0.135]) {
      const xs = [3 * t, 3 * t - 1e-15, 3 * t + 1e-15, 3 * t];
      states.push({ a: 1, b: 1, xs, items: xs.map((p) => ({ p, q: 0 })) });
    }
    const decided = expectAnswers(m, states);
    expect(decided).toBeGreaterThan(states.length / 2);
  });

  it("decide a table column headed by a sum, min or max of a loop as the decimals do, on every path", () => {
    // the heading's double taken from the double-doubles where their bound gives it, the loop's
    // passes given back where it does not (runtime/certified-dd.ts `ddColumnAnswer`)
    const heading = fc
      .tuple(
        fc.constantFrom("sum", "min", "max"),
        fc.constantFrom("for x in xs return x / 3", "for i in 1..b return a / i", "for v in items return sqrt(abs(v.p))"),
      )
      .map(([fn, loop]) => `${fn}(${loop}) * 3 + a / 7`);
    const tally = { compiled: 0, checked: 0, decided: 0 };
    fc.assert(
      fc.property(heading, fc.array(state, { minLength: 8, maxLength: 8 }), (h, states) => {
        const table = [
          [h, "=> number"],
          ["< 0", "1"],
          ["0", "2"],
          ["[0.1..1)", "3"],
          ["1", "4"],
          ["> 100", "5"],
          ["-", "6"],
        ];
        const decisions = { table };
        const m = compileCounting("certified column loops", LIST_INPUTS, decisions, ["ddColumnAnswer"], LIST_TYPES);
        expect(m?.steps).toBe(1);
        expectEveryState(m, decisions, states, tally);
      }),
      { numRuns: 60 },
    );
    expect(tally.decided).toBeGreaterThan(tally.checked / 8);
  });

  it("keep the bound of the item kept and decline an empty list and an item no number", () => {
    runtime.ddExtremeOf([dec("1"), dec("3"), dec("2")], true);
    expect(runtime.ddState[1]).toBe(0);
    expect(runtime.ddExtremeOf([dec("1"), dec("3"), dec("2")], true)).toBe(3);
    expect(runtime.ddExtremeOf([dec("1"), dec("3"), dec("-2")], false)).toBe(-2);
    // 0.1 and a hair above it (no integers: their bounds are not 0): the greater, with its own bound
    const hair = runtime.ddExtremeOf([dec("0.1"), dec("0.1000000000000001")], true);
    expect(hair).toBe(0.1000000000000001);
    expect(runtime.ddState[1]).toBeGreaterThan(0);
    expect(runtime.ddState[1]).toBeLessThan(1e-25);
    for (const l of [[], null, [dec("1"), null], [dec("1"), "x"], [null, dec("1")], dec("4")]) {
      runtime.ddExtremeOf(l as never, false);
      expect(runtime.ddState[1]).toBeNaN();
    }
  });
});
