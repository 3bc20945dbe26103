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
  listItem,
  listNumber,
} from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "xs", "items"];
const TYPED = { xs: ["number"], items: [{ p: "number", q: "number" }] };

/** Arithmetic with quotients over `names`. */
const value = (names: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: fc.constantFrom(...names, ...names, "7", "0.5", "3", "-2.5", "0"), weight: 6 },
      { arbitrary: fc.tuple(tie("e"), fc.constantFrom("+", "-", "*", "/"), tie("e")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 3 },
    ),
  })).e;

/** min or max over a range, a list of numbers, a list of structs, or of a named list or a path of one. */
const extreme = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom("min", "max"),
      fc.oneof(
        fc
          .tuple(fc.constantFrom("1..3", "0..b", "b..1", "1..0", "2..2"), value([...names, "i"]))
          .map(([r, x]) => `for i in ${r} return ${x}`),
        value([...names, "x"]).map((x) => `for x in xs return ${x}`),
        value([...names, "v.p", "v.q"]).map((x) => `for v in items return ${x}`),
        fc.constantFrom("xs", "items.p", "items.q", "for x in xs return x / 3"),
      ),
    )
    .map(([fn, list]) => `${fn}(${list})`);

/** A decision holding a min or max and a quotient (so that it pays), rounded now and then. */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      extreme(names.filter((n) => n !== "xs" && n !== "items")),
      value(names.filter((n) => n !== "xs" && n !== "items")),
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

const number = listNumber;
const item = listItem;
const state = fc.record({
  a: number,
  // a range's end: small whole numbers, or a tie, null, a string (the decimals' range would be too long to walk at 1e300)
  b: fc.oneof(fc.integer({ min: -3, max: 6 }), fc.constantFrom<unknown>(2.5, null, "x")),
  xs: fc.oneof(
    { arbitrary: fc.array(number, { maxLength: 6 }), weight: 8 },
    { arbitrary: fc.constantFrom<unknown>(null, [], 3), weight: 1 },
    // items a hair apart or equal: which one is kept decides nothing the bound does not cover
    {
      arbitrary: fc
        .tuple(fc.constantFrom(0.1, 1.005, 3e8, -2.5), fc.integer({ min: -2, max: 2 }))
        .map(([x, k]) => [x, x + k * Number.EPSILON * Math.abs(x), x]),
      weight: 3,
    },
  ),
  items: fc.oneof({ arbitrary: fc.array(item, { maxLength: 6 }), weight: 8 }, { arbitrary: fc.constantFrom<unknown>(null, []), weight: 1 }),
});

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified extremes", INPUTS, decisions, ["ddAnswer", "ddExtremeOf"], TYPED);

describe("certified double-doubles through min and max of a list", () => {
  it("answer as the decimals do on random min and max over ranges, lists and paths, on every path", () => {
    expectRandomPairs(compile, decision, INPUTS, state);
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
        const m = compileCounting("certified column loops", INPUTS, decisions, ["ddColumnAnswer"], TYPED);
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
