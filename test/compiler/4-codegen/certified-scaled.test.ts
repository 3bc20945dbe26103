// Number decisions of sums, differences, products, small whole powers, negations, `abs`, `min`,
// `max`, `modulo` and roundings to literal places of inputs, decisions and short literals, `if`s
// between such, lets and context entries and inlined calls put in place, answered on scaled integers
// (optimise/certify-scaled.ts, codegen/scaled-code.ts, runtime/certified-scaled.ts). Random such
// decisions on random states — whole numbers, cents, values about 2^53 and past it, huge and tiny
// ones whose products need more than 22 places, nulls and strings — must answer what the unoptimised
// model answers on every path, and the scaled code must answer most plain states itself. A scaled
// decision other decisions read hands them the decimal of its integers: readers of every kind
// (another scaled form, a quotient, a string, a comparison) answer as the unoptimised model's do.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSource, compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { ONE_OPERATION_FORMS } from "../../../src/compiler/3-optimise/certify-scaled.js";
import * as runtime from "../../../src/runtime/generated-api.js";
import type { GeneratedModule } from "../../../src/runtime/entry.js";
import { expectEveryPath, spent } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];

/** Roundings of X to literal places, every mode. */
const ROUNDINGS = [
  "decimal(X, 2)",
  "decimal(X, 0)",
  "floor(X)",
  "ceiling(X)",
  "floor(X, 1)",
  "ceiling(X, 3)",
  "round up(X, 1)",
  "round down(X, 0)",
  "round half up(X, 1)",
  "round half down(X, 2)",
];

/** Boolean decisions the forms' conditions may name: null where `c` is not a number. */
const FLAG_DECISIONS = { big: "a > 100", small: "c < 1" };
const FLAGS = Object.keys(FLAG_DECISIONS);

/**
 * Such a form over `names` and short literals, its conditions over `flags` (boolean decisions) too;
 * `builtins`: with `abs`, `min` and `max` (whose step the decimals charge, the scaled code not).
 */
const form = (names: readonly string[], builtins = true, flags: readonly string[] = []): fc.Arbitrary<string> =>
  fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: fc.constantFrom(...names, ...names, "0.1", "0.2", "3", "2.5", "0", "100000000", "0.0000001"), weight: 6 },
      { arbitrary: fc.tuple(tie("e"), fc.constantFrom("+", "-", "*"), tie("e")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 4 },
      { arbitrary: tie("e").map((x) => `-(${x})`), weight: 1 },
      // small whole powers: products of the base (without `builtins`, a product: a power past the
      // safe integers the double-doubles take charges the decimals' wide rounding, which they do not)
      {
        arbitrary: fc.tuple(tie("e"), fc.constantFrom("2", "3", "4")).map(([x, n]) => (builtins ? `(${x}) ** ${n}` : `(${x}) * (${x})`)),
        weight: 1,
      },
      { arbitrary: tie("e").map((x) => (builtins ? `abs(${x})` : `-(${x})`)), weight: 1 },
      {
        arbitrary: fc
          .tuple(fc.constantFrom("min", "max"), tie("e"), tie("e"))
          .map(([f, x, y]) => (builtins ? `${f}(${x}, ${y})` : `(${x}) - (${y})`)),
        weight: 1,
      },
      { arbitrary: fc.tuple(tie("c"), tie("e"), tie("e")).map(([c, x, y]) => `if ${c} then (${x}) else (${y})`), weight: 1 },
      // roundings to literal places, and modulo (a zero divisor left to the decimals)
      {
        arbitrary: fc.tuple(fc.constantFrom(...ROUNDINGS), tie("e")).map(([r, x]) => (builtins ? r.replace("X", `(${x})`) : `(${x}) * 10`)),
        weight: 1,
      },
      // (a name for the divisor: a literal zero is refused when the model compiles)
      {
        arbitrary: fc.tuple(tie("e"), fc.constantFrom(...names)).map(([x, y]) => (builtins ? `modulo(${x}, ${y})` : `(${x}) * ${y}`)),
        weight: 1,
      },
    ),
    // comparisons of such forms, and `and`, `or` and `not` of them
    c: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      {
        arbitrary: fc.tuple(tie("e"), fc.constantFrom("<", "<=", ">", ">=", "=", "!="), tie("e")).map(([x, o, y]) => `(${x}) ${o} (${y})`),
        weight: 4,
      },
      { arbitrary: fc.tuple(tie("c"), fc.constantFrom("and", "or"), tie("c")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 1 },
      { arbitrary: tie("c").map((x) => `not(${x})`), weight: 1 },
      { arbitrary: flags.length > 0 ? fc.constantFrom(...flags) : tie("c"), weight: 1 },
    ),
  })).e;

/** A form of one operation: scaled where no decision reads it. */
const one = fc
  .tuple(fc.constantFrom(...INPUTS, "0.1", "3", "-2.5"), fc.constantFrom("+", "-", "*"), fc.constantFrom(...INPUTS, "0.07", "100000000"))
  .map(([x, o, y]) => `${x} ${o} ${y}`);

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

/** Model functions the forms may call: inlined, their bodies put in place of the calls. */
const FUNCTIONS = {
  twice: { params: { p: "number" }, returns: "number", body: "p * 2 - 1" },
  spread: { params: { p: "number", q: "number" }, returns: "number", body: "if p > q then p - q else q * 3" },
};

function compile(decisions: Record<string, unknown>): Counted {
  const model = {
    name: "scaled",
    inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }])),
    functions: FUNCTIONS,
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

/** Each state answers on every path as the unoptimised model does (and passes `also`); the count the scaled code answered. */
function expectStates(
  m: Counted,
  decisions: unknown,
  states: readonly Record<string, unknown>[],
  also: (s: Record<string, unknown>) => void = () => {},
): number {
  let answered = 0;
  for (const s of states) {
    const json = () => {
      const r = m.json(s);
      answered += r.answered;
      return r.out;
    };
    expectEveryPath(m.fast, m.slow, json, s, `${JSON.stringify(decisions)} on ${JSON.stringify(s)}`);
    also(s);
  }
  return answered;
}

describe("number decisions on scaled integers", () => {
  it("answer as the decimals do on random forms of inputs, a decision and literals, on every path", () => {
    const tally = { marked: 0, states: 0, answered: 0 };
    fc.assert(
      fc.property(
        form(INPUTS, true, FLAGS),
        form([...INPUTS, "first"], true, FLAGS),
        one,
        fc.array(state, { minLength: 8, maxLength: 8 }),
        (first, second, single, states) => {
          // `first` is read by `second`, itself scaled, and by decisions the decimals work out
          // (handed the decimal of first's integers); `second`, `alone` and `single` (of one
          // operation) are read by none
          const decisions = {
            single,
            first: `${first} - a * 2`,
            second: `${second} + b * 3`,
            alone: `${first} - a * 2`,
            shown: "string(first)",
            third: "if first > c then first / 3 else decimal(first, 1)",
            same: "first = a",
            // lets put in place of their names: one read twice, one read by the other
            lets: { let: { s: `${second} * 2`, t: "s - c" }, expr: "if s > t then s - t * t else t + s" },
            // conditions on boolean decisions: true, false or null
            ...FLAG_DECISIONS,
          };
          const m = compile(decisions);
          if (m.source.includes("rt.scDecimal()")) tally.marked++;
          tally.answered += expectStates(m, decisions, states);
          tally.states += states.length;
        },
      ),
      { numRuns: 300 },
    );
    expect(tally.marked).toBeGreaterThan(250);
    // four decisions a state may answer; nulls and strings (1 in 11 a value) and overflows decline
    expect(tally.answered).toBeGreaterThan(tally.states * 1.5);
  });

  it("answer as the decimals do with inlined calls and context entries in place, charging the calls' steps", () => {
    let answered = 0;
    fc.assert(
      fc.property(form(INPUTS, false), form(INPUTS, false), fc.array(state, { minLength: 6, maxLength: 6 }), (x, y, states) => {
        const decisions = {
          called: `twice(${x}) + spread(${y}, a)`,
          entries: `{u: ${x}, v: u * 2 - b, w: 7}.v + c`,
          nested: `twice(twice(${y})) - {u: a}.u`,
        };
        const m = compile(decisions);
        // the calls' steps as the decimals charge them
        answered += expectStates(m, decisions, states, (s) =>
          expect(
            spent(() => m.json(s)),
            JSON.stringify(s),
          ).toEqual(spent(() => m.fast.run(null, s, {}, true))),
        );
      }),
      { numRuns: 100 },
    );
    expect(answered).toBeGreaterThan(600);
  });

  it("answer exact sums where doubles would not, and leave to the decimals what scaled integers cannot hold", () => {
    const m = compile({
      tenths: "a + 0.2 + 0.1",
      cents: "a * 3 - b",
      huge: "a * b * c",
      tiny: "a * 0.0000001 * b * 0.0000001 * 0.0000001",
      signs: "-(a) * 0 + min(b, -(c))",
      chosen: "if a > b and not(c = 0) then a - b else b * 2 - a",
      withLets: { let: { s: "a * 3", t: "s - b" }, expr: "s + t * 2" },
      flag: "c > 1",
      // not(null) is null, which takes the else branch: left to the decimals
      unflagged: "if not(flag) then a * 2 - b else 0",
      halves: "decimal(a * 5, 0) + round half down(b * 50, 0) + modulo(c * 3, b)",
      // a power alone (beside another operation, the double-doubles take it): products of the base
      powered: "c ** 3",
    });
    const states = [
      { a: 0.1, b: 0.07, c: 3 },
      { a: 1.1, b: 3.3, c: 0 },
      { a: 2 ** 40, b: 2 ** 20, c: 7 },
      { a: 123456.78, b: 0.01, c: -0 },
      { a: 1e300, b: 1e-300, c: 1 },
      { a: null, b: 1, c: 2 },
      { a: 0.3, b: 0.25, c: null },
      { a: 0.3, b: -0.25, c: -1.5 },
    ];
    const answered = expectStates(m, "edges", states);
    // whole numbers and cents: every decision on scaled integers but the one of 24 places (and `flag`)
    expect(m.json({ a: 0.1, b: 0.07, c: 3 })).toEqual({
      out: {
        tenths: 0.4,
        cents: 0.23,
        huge: 0.021,
        tiny: 7e-24,
        signs: -3,
        chosen: 0.03,
        withLets: 0.76,
        flag: true,
        unflagged: 0,
        halves: 3.04,
        powered: 27,
      },
      answered: 9,
    });
    expect(answered).toBeGreaterThan(states.length);
  });

  it("take forms of one operation of inputs for decisions nobody reads, the first ONE_OPERATION_FORMS of a model", () => {
    const decisions: Record<string, string> = { read: "a * 3", shown: "string(read)", two: "read - b * 2", negated: "-(read)" };
    for (let i = 0; i < ONE_OPERATION_FORMS + 10; i++) decisions[`d${i}`] = `a * ${i + 2}`;
    const model = { name: "one", inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }])), decisions };
    const r = compileToSource(model as unknown as ModelInput);
    if (!r.ok) throw new Error("does not compile");
    const marked = r.ir.decisions.filter((d) => d.scaledOutput).map((d) => d.name);
    // `read` is read (its readers take a decimal, which one operation makes anyway), `negated` names
    // a decision (whose decimal may be long); `two` holds two
    expect(marked).toEqual(["two", ...Array.from({ length: ONE_OPERATION_FORMS }, (_, i) => `d${i}`)]);
    const m = compile(decisions);
    const states = [
      { a: 0.1, b: 2, c: 0 },
      { a: 2 ** 53, b: 1, c: 1 },
      { a: null, b: 1, c: 1 },
      { a: -0.07, b: 1e300, c: 1 },
    ];
    expectStates(m, "one operation", states);
    expect(m.json(states[0]!).answered).toBe(ONE_OPERATION_FORMS + 1);
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
    expect(Object.is(runtime.scRead(-0), 0)).toBe(true);
    expect(runtime.scAnswer(-125, 2)).toBe(-1.25);
    expect(String(runtime.scDecimal())).toBe("-1.25");
  });
});
