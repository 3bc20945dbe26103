// Certified double-doubles through roundings to places, floor, ceiling and modulo
// (runtime/certified-dd.ts `ddRounded`, `ddModulo`): decided from hi + lo and its bound where the
// interval holds no edge of the rounding (a whole number, or a half at the rounding's scale), the
// decimals otherwise. Random chains of decisions on values built on and near those edges, large and
// tiny, negative, must answer what the unoptimised model answers, through `evaluate`, with a trace
// and as FEEL values.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as runtime from "../../../src/runtime/generated-api.js";
import { compileCounting, expectAnswers, expectEveryState, quotientEdges } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];
const ROUNDINGS = ["decimal", "round up", "round down", "round half up", "round half down", "floor", "ceiling"];

/** Arithmetic with a quotient, and roundings, floor, ceiling and modulo of it, over `names`. */
const expression = (names: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ e: string }>((tie) => {
    const e = tie("e");
    return {
      e: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        { arbitrary: fc.constantFrom(...names, ...names, "7", "0.5", "3", "-2.5"), weight: 6 },
        { arbitrary: fc.tuple(e, fc.constantFrom("+", "-", "*", "/"), e).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 6 },
        {
          arbitrary: fc.tuple(fc.constantFrom(...ROUNDINGS), e, fc.integer({ min: 0, max: 3 })).map(([f, x, n]) => `${f}(${x}, ${n})`),
          weight: 3,
        },
        { arbitrary: fc.tuple(fc.constantFrom("floor", "ceiling"), e).map(([f, x]) => `${f}(${x})`), weight: 2 },
        { arbitrary: fc.tuple(e, e).map(([x, y]) => `modulo(${x}, ${y})`), weight: 2 },
        { arbitrary: fc.tuple(e, e).map(([x, y]) => `max(${x}, ${y})`), weight: 1 },
      ),
    };
  }).e;

/** Values on and near whole numbers and halves at 0 to 3 places, large and tiny, negative; nulls and strings now and then. */
const value = fc.oneof(
  {
    arbitrary: fc.tuple(fc.integer({ min: -2000, max: 2000 }), fc.integer({ min: 0, max: 3 })).map(([m, k]) => (m + 0.5) / 10 ** k),
    weight: 4,
  },
  { arbitrary: fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 4 })).map(([m, k]) => m / 10 ** k), weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(0, 1, -1, 3, 7, 2 ** 52, 2 ** 53 + 2, 1e15 + 0.5, 1e-20, -1e-20, 1e300, null, "x"), weight: 2 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);
const state = fc.record(Object.fromEntries(INPUTS.map((n) => [n, value])));

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified roundings", INPUTS, decisions, ["ddRounded", "ddModulo"]);

describe("certified double-doubles through roundings, floor, ceiling and modulo", () => {
  it("answer as the decimals do on random chains of roundings, on every path", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    fc.assert(
      fc.property(
        expression(INPUTS),
        expression([...INPUTS, "first"]),
        expression(["first", "second", "a"]),
        fc.constantFrom(...ROUNDINGS),
        fc.array(state, { minLength: 6, maxLength: 6 }),
        (first, second, third, rounding, states) => {
          const decisions: Record<string, unknown> = {
            first: `(${first}) / (b) - c`,
            second,
            third,
            rounded: `${rounding}(first * 3, 2) + floor(second / 7)`,
            rest: "modulo(first, c) - ceiling(first / 3)",
            compared: "if decimal(first, 1) >= 1 then 1 else 0",
          };
          expectEveryState(compile(decisions), decisions, states, tally);
        },
      ),
      { numRuns: 150 },
    );
    // the double-doubles decide, not only decline
    expect(tally.compiled).toBeGreaterThan(100);
    expect(tally.decided).toBeGreaterThan(tally.checked);
  });

  it("leave to the decimals a rounding whose edge FEEL's own rounding decides", () => {
    // FEEL's a / b × b falls a hair either side of a (a whole number, or a half at 0 to 2 places), the double-double's by other amounts
    const decisions: Record<string, string> = {
      floored: "floor(a / b * b)",
      ceiled: "ceiling(a / b * b)",
      even: "decimal(a / b * b, 0)",
      cents: "round half up(a / b * b, 2)",
      down: "round down(a / b * b, 1)",
      rest: "modulo(a / b * b, 1)",
      remainder: "modulo(a, b / 3 * 3)",
      chained: "floor(a / b * b) + ceiling(a / b * b) - modulo(a / b * b, 2)",
      // a floor or a remainder taken on the wrong side of the whole number is far off here
      scaled: "modulo(a / b * b, 1) * 1000 + 1",
    };
    const m = compile(decisions)!;
    expect(m.steps).toBeGreaterThanOrEqual(10);
    const decided = expectAnswers(
      m,
      quotientEdges([0, 0.5, 0.05, 0.005, 0.25, 0.125], [3, 7, 9, 11, 13, 17, 19, 23, 29, 31, -3, -7, 0.3, 0.7, 1e-5]),
    );
    expect(decided).toBeGreaterThan(0);
  });

  it("take roundings, floor, ceiling and modulo into the double-doubles only with a quotient or a marked decision", () => {
    // without one they are integer work on the decimals, measured slower in double-doubles
    expect(compile({ cube: "ceiling(a) ** 3", rest: "modulo((20 - a) ** 3 - b, 7)", floored: "floor(a) * b + c" })!.steps).toBe(0);
    expect(compile({ third: "floor(a / 3) + 1" })!.steps).toBe(1);
    expect(compile({ mid: "a / b * c", cents: "decimal(mid, 2)", rest: "modulo(mid, 7) * 2" })!.steps).toBe(2);
  });

  it("decide a rounding from the interval only when it holds no edge", () => {
    const at = (h: number, l: number, e: number, places: number, mode: number) => {
      const v = runtime.ddRounded(h, l, e, places, mode);
      return runtime.ddState[1] === runtime.ddState[1] ? v : undefined;
    };
    const [UP, DOWN, CEIL, FLOOR, HALF_UP, , HALF_EVEN] = [0, 1, 2, 3, 4, 5, 6];
    // an exact whole number is its own rounding; one with any bound may lie either side of it
    expect(at(3, 0, 0, 0, FLOOR)).toBe(3);
    expect(at(3, 0, 1e-30, 0, FLOOR)).toBeUndefined();
    // just below a whole number, by less than the bound
    expect(at(3, -1e-20, 1e-25, 0, FLOOR)).toBe(2);
    expect(at(3, -1e-20, 1e-20, 0, FLOOR)).toBeUndefined();
    expect(at(3, -1e-20, 1e-25, 0, CEIL)).toBe(3);
    expect(at(-3, 1e-20, 1e-25, 0, UP)).toBe(-3);
    expect(at(-3, 1e-20, 1e-25, 0, DOWN)).toBe(-2);
    // a half at two places, the bound on either side of it
    expect(at(1.005, 0, 1e-30, 2, HALF_EVEN)).toBe(1);
    expect(at(1.005, 0, 1e-15, 2, HALF_EVEN)).toBeUndefined();
    expect(at(2.5, 1e-16, 1e-20, 0, HALF_EVEN)).toBe(3);
    expect(at(2.5, 0, 1e-20, 0, HALF_UP)).toBeUndefined();
    // a negative value rounds to a whole number of either sign, and FEEL has no negative zero
    expect(Object.is(at(-0.25, 0, 1e-20, 0, CEIL), 0)).toBe(true);
    // beyond 2^52 after scaling, or a bound that is NaN: the decimals decide
    expect(at(2 ** 52, 0.5, 1e-3, 0, FLOOR)).toBeUndefined();
    expect(at(1.25, 0, NaN, 1, FLOOR)).toBeUndefined();
    // modulo: the quotient's floor decided, the divisor's interval clear of zero
    expect(runtime.ddModulo(7, 0, 0, 3, 0, 0)).toBe(1);
    expect(runtime.ddState[1]).toBe(0);
    expect(runtime.ddModulo(-7, 0, 0, 3, 0, 0)).toBe(2);
    expect(runtime.ddModulo(7, 0, 0, -3, 0, 0)).toBe(-2);
    runtime.ddModulo(7, 0, 1e-30, 7 / 3, 0, 1e-16);
    expect(runtime.ddState[1]).toBeNaN();
    runtime.ddModulo(1, 0, 0, 0, 0, 0);
    expect(runtime.ddState[1]).toBeNaN();
  });
});
