// Certified double-doubles through `sum` (runtime/certified-dd.ts `ddSum`, `ddPasses`, `ddAnswer`):
// of a `for` over a range or a list with a number body, of a named list and of a path `items.p` of
// a list of structs, the bound growing with every term. Random decisions over lists with ties on a
// rounding's edge, nulls and strings in items, empty lists (a null sum), huge and tiny values must
// answer what the unoptimised model answers, through `evaluate`, with a trace and as FEEL values.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as runtime from "../../../src/runtime/generated-api.js";
import { dec } from "../../../src/runtime/decimal.js";
import {
  compileCounting,
  expectAnswers,
  expectRandomPairs,
  LIST_INPUTS,
  LIST_TYPES,
  listState,
  quotientArithmetic,
} from "../../support/certified-paths.js";

/** A sum over a range, a list of numbers, a list of structs, or of a named list or a path of one. */
const summed = (names: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom("1..3", "0..b", "b..1", "1..0", "2..2"), quotientArithmetic([...names, "i"]))
      .map(([r, x]) => `sum(for i in ${r} return ${x})`),
    quotientArithmetic([...names, "x"]).map((x) => `sum(for x in xs return ${x})`),
    quotientArithmetic([...names, "v.p", "v.q"]).map((x) => `sum(for v in items return ${x})`),
    fc.constantFrom("sum(xs)", "sum(items.p)", "sum(items.q)", "sum(for x in xs return x / 3) * 12"),
  );

/** A decision holding a sum and a quotient (so that it pays), rounded now and then. */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      summed(names.filter((n) => n !== "xs" && n !== "items")),
      quotientArithmetic(names.filter((n) => n !== "xs" && n !== "items")),
      fc.constantFrom("plain", "rounded", "twice"),
    )
    .map(([s, y, shape]) =>
      shape === "plain" ? `${s} / 7 + (${y})` : shape === "rounded" ? `decimal(${s} / 4, 2)` : `(${s}) / (${y}) - ${s} / 3`,
    );

const state = listState(
  // large terms that cancel to a tie of a rounding to 2 places after a third (big + 3k/200, −big)
  fc.tuple(fc.constantFrom(1e8, 3e8), fc.integer({ min: 0, max: 30 })).map(([big, k]) => [big + (3 * (2 * k + 1)) / 200, -big]),
);

const compile = (decisions: Record<string, unknown>) =>
  compileCounting("certified sums", LIST_INPUTS, decisions, ["ddAnswer", "ddSum"], LIST_TYPES);

describe("certified double-doubles through sums", () => {
  it("answer as the decimals do on random sums over ranges, lists and paths, on every path", () => {
    expectRandomPairs(compile, decision, LIST_INPUTS, state);
  });

  it("leave to the decimals a sum whose terms meet on a rounding's edge", () => {
    // 0.01 + 0.02 + 0.035 / 4 ... sums of tenths whose quarter is a tie at 2 places; an empty list's sum is null
    const m = compile({
      range: "decimal(sum(for i in 1..b return a / 4), 2)",
      list: "decimal(sum(for x in xs return x / 4), 2)",
      fields: "decimal(sum(for v in items return v.p / 4 + v.q / 4), 2)",
      path: "sum(items.p) / 7 + a",
      named: "decimal(sum(xs) / 4 + a / 3, 2)",
      // large terms that cancel to a tie: FEEL's thirds, rounded to 34 digits alike, leave it exact;
      // the double-doubles' thirds are off by their terms' bounds, far more than the tie's own size
      even: "decimal(sum(for x in xs return x / 3), 2)",
      up: "round half up(sum(for v in items return v.p / 3), 2)",
    })!;
    expect(m.steps).toBeGreaterThanOrEqual(5);
    const states: Record<string, unknown>[] = [];
    for (const a of [0.02, 0.1, 0.3, 0.06, 1e-20, 1e300]) {
      for (const b of [0, 1, 3, 10, 2.5]) {
        const xs = Array.from({ length: b > 0 ? Math.ceil(b) : 0 }, () => a);
        states.push({ a, b, xs, items: xs.map((p) => ({ p, q: 0.01 })) });
        states.push({ a, b, xs: [...xs, null], items: [...xs.map((p) => ({ p, q: 0.01 })), { p: null, q: 1 }] });
      }
    }
    for (const t of [0.015, 0.045, 0.075, 0.105, 0.135]) {
      for (const big of [1e8, 3e8, 123456789]) {
        const xs = [big + t, -big];
        states.push({ a: 1, b: 1, xs, items: xs.map((p) => ({ p, q: 0 })) });
      }
    }
    const decided = expectAnswers(m, states);
    expect(decided).toBeGreaterThan(states.length / 2);
  });

  it("grow the bound with every term and decline an empty list, an item no number and a range not of integers", () => {
    const terms = Array.from({ length: 100 }, () => dec("0.1"));
    runtime.ddSum(terms);
    const many = runtime.ddState[1];
    runtime.ddSum(terms.slice(0, 10));
    expect(many).toBeGreaterThan(9 * runtime.ddState[1]);
    for (const l of [[], null, [dec("1"), null], [dec("1"), "x"]]) {
      runtime.ddSum(l as never);
      expect(runtime.ddState[1]).toBeNaN();
    }
    expect(runtime.ddPasses(1, 0, 0, 3, 0, 0)).toBe(3);
    expect(runtime.ddPasses(3, 0, 0, 1, 0, 0)).toBe(3);
    expect(runtime.ddPasses(1, 0, 0, 2.5, 0, 0)).toBe(0);
    expect(runtime.ddPasses(1, 0, 0, 3, 0, 1e-30)).toBe(0);
  });
});
