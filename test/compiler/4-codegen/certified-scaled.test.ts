// Number decisions of sums, differences, products, negations, `abs`, `min` and `max` of inputs,
// decisions and short literals, answered on scaled integers (optimise/certify-scaled.ts,
// codegen/scaled-code.ts, runtime/certified-scaled.ts). Random such decisions on random states —
// whole numbers, cents, values about 2^53 and past it, huge and tiny ones whose products need more
// than 22 places, nulls and strings — must answer what the unoptimised model answers on every
// path, and the scaled code must answer most plain states itself.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import * as runtime from "../../../src/runtime/generated-api.js";
import type { GeneratedModule } from "../../../src/runtime/entry.js";
import { expectEveryPath } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];

/** Such a form over `names` and short literals. */
const form = (names: readonly string[]): fc.Arbitrary<string> =>
  fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: fc.constantFrom(...names, ...names, "0.1", "0.2", "3", "2.5", "0", "100000000", "0.0000001"), weight: 6 },
      { arbitrary: fc.tuple(tie("e"), fc.constantFrom("+", "-", "*"), tie("e")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 4 },
      { arbitrary: tie("e").map((x) => `-(${x})`), weight: 1 },
      { arbitrary: tie("e").map((x) => `abs(${x})`), weight: 1 },
      { arbitrary: fc.tuple(fc.constantFrom("min", "max"), tie("e"), tie("e")).map(([f, x, y]) => `${f}(${x}, ${y})`), weight: 1 },
    ),
  })).e;

/** Whole numbers, cents, 2^53 and about it, huge, tiny; now and then null or a string. */
const value = fc.oneof(
  { arbitrary: fc.integer({ min: -1000, max: 1000 }), weight: 4 },
  { arbitrary: fc.integer({ min: -99_999, max: 99_999 }).map((n) => n / 100), weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 1e15 + 0.5, 123456.789012, 1e-12, 1e300, 0.1, -0.3), weight: 2 },
  { arbitrary: fc.constantFrom<unknown>(null, "x"), weight: 1 },
);
const state = fc.record(Object.fromEntries(INPUTS.map((n) => [n, value])));

interface Counted {
  fast: GeneratedModule;
  slow: { evaluate(s: Record<string, unknown>): unknown };
  source: string;
  /** the JSON outputs without a trace, and how many the scaled code answered */
  json(s: Record<string, unknown>): { out: unknown; answered: number };
}

function compile(decisions: Record<string, string>): Counted {
  const model = {
    name: "scaled",
    inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }])),
    decisions,
  } as unknown as ModelInput;
  const [fast, slow] = [compileUncached(model, { optimise: true }), compileUncached(model, { optimise: false })];
  if (!fast.ok || !slow.ok) throw new Error(`does not compile: ${JSON.stringify(decisions)}`);
  let answered = 0;
  const rt = {
    ...runtime,
    scAnswer: (m: number, k: number) => {
      const r = runtime.scAnswer(m, k);
      if (r !== undefined) answered++;
      return r;
    },
  };
  const module = new Function("rt", fast.model.source)(rt) as GeneratedModule;
  return {
    fast: module,
    slow: slow.model,
    source: fast.model.source,
    json(s) {
      answered = 0;
      return { out: module.run(null, s, null, true), answered };
    },
  };
}

/** Each state answers on every path as the unoptimised model does; the count the scaled code answered. */
function expectStates(m: Counted, decisions: unknown, states: readonly Record<string, unknown>[]): number {
  let answered = 0;
  for (const s of states) {
    const json = () => {
      const r = m.json(s);
      answered += r.answered;
      return r.out;
    };
    expectEveryPath(m.fast, m.slow, json, s, `${JSON.stringify(decisions)} on ${JSON.stringify(s)}`);
  }
  return answered;
}

describe("number decisions on scaled integers", () => {
  it("answer as the decimals do on random forms of inputs, a decision and literals, on every path", () => {
    const tally = { marked: 0, states: 0, answered: 0 };
    fc.assert(
      fc.property(form(INPUTS), form([...INPUTS, "first"]), fc.array(state, { minLength: 8, maxLength: 8 }), (first, second, states) => {
        // `first` is read by `second` (left to the decimals); `second` and `alone` are read by none
        // each with two operations at least (one alone is left to the decimals)
        const decisions = { first: `${first} - a * 2`, second: `${second} + b * 3`, alone: `${first} - a * 2` };
        const m = compile(decisions);
        if (m.source.includes("rt.scAnswer(")) tally.marked++;
        tally.answered += expectStates(m, decisions, states);
        tally.states += states.length;
      }),
      { numRuns: 200 },
    );
    expect(tally.marked).toBeGreaterThan(150);
    // two decisions a state may answer; nulls and strings (1 in 11 a value) and overflows decline
    expect(tally.answered).toBeGreaterThan(tally.states / 2);
  });

  it("answer exact sums where doubles would not, and leave to the decimals what scaled integers cannot hold", () => {
    const m = compile({
      tenths: "a + 0.2 + 0.1",
      cents: "a * 3 - b",
      huge: "a * b * c",
      tiny: "a * 0.0000001 * b * 0.0000001 * 0.0000001",
      signs: "-(a) * 0 + min(b, -(c))",
    });
    const states = [
      { a: 0.1, b: 0.07, c: 3 },
      { a: 1.1, b: 3.3, c: 0 },
      { a: 2 ** 40, b: 2 ** 20, c: 7 },
      { a: 123456.78, b: 0.01, c: -0 },
      { a: 1e300, b: 1e-300, c: 1 },
      { a: null, b: 1, c: 2 },
    ];
    const answered = expectStates(m, "edges", states);
    // whole numbers and cents: every decision on scaled integers but the one of 24 places
    expect(m.json({ a: 0.1, b: 0.07, c: 3 })).toEqual({
      out: { tenths: 0.4, cents: 0.23, huge: 0.021, tiny: 7e-24, signs: -3 },
      answered: 4,
    });
    expect(answered).toBeGreaterThan(states.length);
  });

  it("step exactly or decline", () => {
    const k = () => runtime.scState[0];
    expect([runtime.scAdd(1, 1, 2, 2), k()]).toEqual([12, 2]);
    expect([runtime.scMul(25, 1, 4, 1), k()]).toEqual([100, 2]);
    expect(runtime.scAdd(2 ** 52, 0, 2 ** 52, 0)).toBeNaN();
    expect(runtime.scMul(2 ** 27, 0, 2 ** 27, 0)).toBeNaN();
    expect(runtime.scMul(1, 12, 1, 11)).toBeNaN();
    expect([runtime.scExtreme(5, 1, 1, 0, true), k()]).toEqual([1, 0]);
    expect([runtime.scExtreme(5, 1, 1, 0, false), k()]).toEqual([5, 1]);
    expect([runtime.scRead(0.07), k()]).toEqual([7, 2]);
    expect(runtime.scRead(Infinity)).toBeNaN();
    expect(runtime.scRead(null)).toBeNaN();
    expect(runtime.scAnswer(-0, 0)).toBe(0);
    expect(runtime.scAnswer(NaN, 0)).toBeUndefined();
  });
});
