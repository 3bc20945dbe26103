// Certified double-doubles through `sqrt` (runtime/certified-dd.ts `ddSqrt`) and through `if` on
// boolean names and on a string name equal to a literal (`certTruth`, `ddSameString`): the value
// FEEL gives where the bounds decide it, the decimals otherwise. Random decisions over roots of
// values built on and near perfect squares and rounding edges, negative, zero, nulls and strings,
// must answer what the unoptimised model answers, through `evaluate`, with a trace and as FEEL values.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import * as runtime from "../../../src/runtime/generated-api.js";
import { compileCounting, expectAnswers, expectRandomChains } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];

/** `x` if it reads one of `names`, else `n` plus it: a root of varying values, never of literals only (which the optimiser works out). */
const reading = (names: string[], x: string, n: string): string =>
  names.some((name) => new RegExp(`\\b${name}\\b`).test(x)) ? x : `${n} + (${x})`;

/** A root whose operand reads one of `names`. */
const root = (names: string[], operand: fc.Arbitrary<string>, shape: (x: string) => string = (x) => x): fc.Arbitrary<string> =>
  fc.tuple(operand, fc.constantFrom(...names)).map(([x, n]) => `sqrt(${shape(reading(names, x, n))})`);

/** Arithmetic with quotients and roots over `names`. */
const value = (names: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: fc.constantFrom(...names, ...names, "7", "0.5", "2", "-2.5", "0"), weight: 6 },
      { arbitrary: fc.tuple(tie("e"), fc.constantFrom("+", "-", "*", "/"), tie("e")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 4 },
      { arbitrary: root(names, tie("e")), weight: 2 },
      { arbitrary: root(names, tie("e"), (x) => `abs(${x})`), weight: 1 },
    ),
  })).e;

/** A condition: a comparison, a boolean name, a string name against a literal, and connectives of them. */
const condition = (names: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ c: string }>((tie) => ({
    c: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      {
        arbitrary: fc.tuple(value(names), fc.constantFrom("<", ">=", "=", "!="), value(names)).map(([x, o, y]) => `${x} ${o} ${y}`),
        weight: 3,
      },
      { arbitrary: fc.constantFrom("flag", 'tier = "gold"', 'tier != "gold"', '"silver" = tier'), weight: 3 },
      { arbitrary: fc.tuple(tie("c"), fc.constantFrom("and", "or"), tie("c")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 2 },
      { arbitrary: tie("c").map((x) => `not(${x})`), weight: 1 },
    ),
  })).c;

/** A decision with a root of varying values (so it pays), in an `if` now and then, rounded now and then. */
const decision = (names: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(root(names, value(names)), value(names), condition(names), fc.constantFrom("plain", "if", "rounded"))
    .map(([r, y, c, shape]) =>
      shape === "plain" ? `${r} + ${y}` : shape === "if" ? `if ${c} then ${r} else (${y}) / 7` : `decimal(${r}, 2)`,
    );

/** Perfect squares, squares of halves and of roundings' edges (k + 0.005), near them, negative, zero, tiny, huge; nulls and strings now and then. */
const input = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 300 }).map((k) => k * k), weight: 3 },
  {
    arbitrary: fc.tuple(fc.integer({ min: 0, max: 300 }), fc.constantFrom(0.5, 0.005, 0.015, 0.125)).map(([k, f]) => (k + f) ** 2),
    weight: 3,
  },
  { arbitrary: fc.integer({ min: -10, max: 10 }), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(0, 1, 2, 1.010025, 2.250001, 1e-20, 1e300, 2 ** 53 + 2, null, "x"), weight: 2 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);
const state = fc.record(Object.fromEntries(INPUTS.map((n) => [n, input])));

/** A boolean and a string decision the conditions name (null when a is null or no number; the flag c itself, a number or anything, when c is not above 0). */
const NAMED = { flag: "if c > 0 then a > b else c", tier: 'if a > 1 then "gold" else if a < -1 then "silver" else null' };

/** Whether the optimised compile of `decisions` fails at codegen (its code refused by the verifier). */
function codegenRefused(decisions: Record<string, unknown>): boolean {
  const inputs = Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }]));
  const r = compileUncached({ name: "refused", inputs, decisions } as unknown as ModelInput, { optimise: true });
  return !r.ok && r.check.stages.some((s) => s.name === "codegen" && !s.ok);
}

const compile = (decisions: Record<string, unknown>) => compileCounting("certified roots", INPUTS, decisions, ["ddSqrt", "ddIf"]);

describe("certified double-doubles through sqrt and conditions on names", () => {
  it("answer as the decimals do on random roots and conditions, on every path", () => {
    // a model refused is refused before codegen (a root of a negative constant), never by the code's verifier
    const tally = expectRandomChains(decision, state, INPUTS, compile, NAMED, (d) =>
      expect(codegenRefused(d), JSON.stringify(d)).toBe(false),
    );
    // the double-doubles decide, not only decline
    expect(tally.compiled).toBeGreaterThan(150);
    expect(tally.decided).toBeGreaterThan(tally.checked / 4);
  });

  it("leave to the decimals a root on a rounding's edge or equal to what it is compared with", () => {
    // (k + 0.005)² has the root k + 0.005 exactly: `decimal` rounds the tie to even, and a root a
    // hair off it the other way; b² has the root b, equal in FEEL
    const m = compile({
      rounded: "decimal(sqrt(a), 2)",
      up: "round half up(sqrt(a) * 10, 1)",
      equal: "if sqrt(a) = b then a / 7 else 1000 + a / 7",
      below: "if sqrt(a) < b then a / 7 else 1000 + a / 7",
      named: 'if flag and tier = "gold" then sqrt(a) else 1000 + sqrt(b)',
      // one name on both sides: equal when a number, null (the else branch) when null
      itself: "if far >= far then sqrt(a) / 7 else 1000 + a / 7",
      // FEEL's operand a hair off a tie's square by the sum's rounding against a large c
      far: "decimal(sqrt((c + a) / 7 * 7 - c), 2)",
      ...NAMED,
    })!;
    expect(m.steps).toBeGreaterThanOrEqual(5);
    const states: Record<string, unknown>[] = [];
    for (const k of [0, 1, 2, 3, 7, 12, 99, 123456]) {
      for (const f of [0, 0.005, 0.015, 0.125, 0.5, 0.0049999, 0.0050001]) {
        for (const x of [k + f, -(k + f)]) states.push({ a: x * x, b: Math.abs(x), c: 0 }, { a: x * x + 1e-12, b: x, c: null });
      }
    }
    // squares of ties, written exactly (1.005², 2.015², 0.005², 12.345²)
    for (const a of [1.010025, 4.060225, 0.000025, 152.399025]) for (const c of [1e16, 123456789.5, 3e9]) states.push({ a, b: 1, c });
    const decided = expectAnswers(m, states);
    expect(decided).toBeGreaterThan(states.length);
  });

  it("bound a root by its operand's bound over the root of the interval's low end", () => {
    // an exact 4: the root 2 within a few 2^-98 of it, decided
    expect(runtime.ddSqrt(4, 0, 0)).toBe(2);
    expect(runtime.ddState[1]).toBeLessThan(2 ** -95);
    // √2 to about 106 bits: 1.414213562373095048801688724209698 (FEEL's) within 2^-100
    const hi = runtime.ddSqrt(2, 0, 0);
    const lo = runtime.ddState[0];
    expect(hi).toBe(Math.SQRT2);
    // hi + lo as a whole number of 2^-106, against FEEL's 34 digits as a whole number of 10^-33
    const x = BigInt(hi * 2 ** 52) * 2n ** 54n + BigInt(Math.round(lo * 2 ** 106));
    const off = x * 10n ** 33n - 1414213562373095048801688724209698n * 2n ** 106n;
    expect((off < 0n ? -off : off) < 10n ** 33n * 2n ** 6n).toBe(true);
    // an operand's bound E gives about E / (2√a)
    runtime.ddSqrt(100, 0, 1e-20);
    expect(runtime.ddState[1]).toBeGreaterThan(0.5e-21);
    expect(runtime.ddState[1]).toBeLessThan(0.6e-21);
    // an interval reaching zero or below, or a bound NaN: declined
    for (const [h, e] of [
      [0, 0],
      [-1, 0],
      [1e-20, 1e-20],
      [4, NaN],
    ]) {
      runtime.ddSqrt(h!, 0, e!);
      expect(runtime.ddState[1]).toBeNaN();
    }
    // a string name against a literal: 1 or 0 for a string, undecided for anything else
    expect(runtime.ddSameString("gold", "gold", true)).toBe(1);
    expect(runtime.ddSameString("gold", "gold", false)).toBe(0);
    expect(runtime.ddSameString(null, "gold", true)).toBeNaN();
    // a null condition takes the else branch, as FEEL does; any other value but a boolean declines (FEEL's if is null)
    expect(runtime.ddIf(runtime.ddTruth(null), 5, 0, 0, 6, 0, 0)).toBe(6);
    expect(runtime.ddState[1]).toBe(0);
    runtime.ddIf(runtime.ddTruth("x"), 5, 0, 0, 6, 0, 0);
    expect(runtime.ddState[1]).toBeNaN();
  });
});
