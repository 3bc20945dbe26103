// Certified double-doubles carried from decision to decision (codegen/module.ts `readCertified`):
// a certified decision other decisions read hands them its double-double with twice its bound,
// and its decimal is made only when its own output is undecided or a reader needs it. Random
// chains of decisions on random states must answer what the unoptimised model answers — through
// `evaluate`, with a trace and as FEEL values — and values built so that FEEL's rounding of the
// decision read decides the reader must be left to the decimals.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import * as runtime from "../../../src/runtime/generated-api.js";
import type { GeneratedModule } from "../../../src/runtime/entry.js";
import { expectEveryPath, toJson } from "../../support/certified-paths.js";

const INPUTS = ["a", "b", "c"];

/** Arithmetic the double-doubles hold over `names`, and now and then what they do not (a power to 5), or a rounding. */
const expression = (names: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ e: string }>((tie) => {
    const e = tie("e");
    return {
      e: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        { arbitrary: fc.constantFrom(...names, ...names, "7", "0.1", "3"), weight: 6 },
        { arbitrary: fc.tuple(e, fc.constantFrom("+", "-", "*", "/"), e).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 6 },
        { arbitrary: e.map((x) => `-(${x})`), weight: 1 },
        { arbitrary: fc.tuple(e, fc.constantFrom("2", "3", "4", "5")).map(([x, n]) => `(${x}) ** ${n}`), weight: 1 },
        { arbitrary: fc.tuple(fc.constantFrom("min", "max"), e, e).map(([f, x, y]) => `${f}(${x}, ${y})`), weight: 1 },
        { arbitrary: e.map((x) => `decimal(${x}, 2)`), weight: 1 },
        { arbitrary: fc.tuple(e, e).map(([x, y]) => `f(${x}, ${y})`), weight: 1 },
      ),
    };
  }).e;

const value = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(0, 1, -1, 3, 7, 0.1, 1 / 3, 2 ** 53, 1e-300, 1e300, -42.5, null, "x"), weight: 2 },
  { arbitrary: fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 9 })).map(([m, k]) => m / 10 ** k), weight: 6 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);
const state = fc.record(Object.fromEntries(INPUTS.map((n) => [n, value])));

interface Compiled {
  /** certified decisions in the evaluated module */
  marked: number;
  /** a certified decision's double-double handed to another */
  reads: boolean;
  /** the JSON outputs of `evaluate` (J, no trace), with the count of outputs the double-doubles decided */
  json(s: Record<string, unknown>): { out: unknown; decided: number; ordered: number };
  slow: { evaluate(s: Record<string, unknown>): unknown };
  fast: GeneratedModule;
}

function compile(decisions: Record<string, unknown>, body = "x / y + 1"): Compiled | undefined {
  const model = {
    name: "certified chains",
    inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }])),
    functions: { f: { params: { x: "number", y: "number" }, returns: "number", body } },
    decisions,
  } as unknown as ModelInput;
  const fast = compileUncached(model, { optimise: true });
  const slow = compileUncached(model, { optimise: false });
  if (!fast.ok || !slow.ok) return undefined;
  let [decided, ordered] = [0, 0];
  const rt = {
    ...runtime,
    ddNearest: (...a: Parameters<typeof runtime.ddNearest>) => {
      const r = runtime.ddNearest(...a);
      if (r === r) decided++;
      return r;
    },
    ddOrder: (...a: Parameters<typeof runtime.ddOrder>) => {
      const r = runtime.ddOrder(...a);
      if (r !== undefined) ordered++;
      return r;
    },
  };
  const module = new Function("rt", fast.model.source)(rt) as GeneratedModule;
  return {
    marked: (fast.model.source.split("function explain(")[0]!.match(/rt\.ddNearest/g) ?? []).length,
    reads: /\b2 \* e\d+|rt\.ddColumn\(/.test(fast.model.source.split("function explain(")[0]!),
    json(s) {
      decided = 0;
      ordered = 0;
      const out = module.run(null, s, null, true);
      return { out, decided, ordered };
    },
    slow: slow.model,
    fast: module,
  };
}

describe("certified double-doubles carried from decision to decision", () => {
  it("answer as the decimals do on random chains of decisions, on every path", () => {
    let [marked, reused, decided, ordered, checked] = [0, 0, 0, 0, 0];
    fc.assert(
      fc.property(
        expression(INPUTS),
        expression([...INPUTS, "first"]),
        expression(["first", "second", "a"]),
        expression(["x", "y"]),
        fc.array(state, { minLength: 6, maxLength: 6 }),
        fc.constantFrom("none", "always", "branch"),
        (first, second, third, body, states, bare) => {
          // "first" pays alone; "mixed", when there, reads it where no double-double can (a
          // rounding to more than 15 places): on every call ("always"), so its decimal is made on
          // every call and it hands nothing on, or in a branch of an `if` ("branch"), its decimal
          // made on the calls taking it
          const decisions: Record<string, unknown> = {
            first: `(${first}) / (b) - c`,
            second,
            third,
            // comparisons and a table column on the double-double, the decimals where they tie
            compared: "if first >= 1 and a < first or first = c then 1 else first != 0.1",
            band: [
              ["first", "=> number"],
              ["< -1", "1"],
              ["[-1..0)", "2"],
              ["0", "3"],
              ["(0..1]", "4"],
              ["-", "5"],
            ],
          };
          if (bare === "always") decisions.mixed = "decimal(first, 20) + second";
          if (bare === "branch") decisions.mixed = "if first > second then decimal(first, 1) else second";
          const m = compile(decisions, body);
          if (!m) return;
          if (m.marked > 0) marked++;
          if (m.reads) reused++;
          if (bare === "always") expect(m.reads).toBe(false);
          for (const s of states) {
            let n = 0;
            const json = () => {
              const r = m.json(s);
              n = r.decided;
              ordered += r.ordered;
              return r.out;
            };
            expectEveryPath(m.fast, m.slow, json, s, `${JSON.stringify(decisions)} f = ${body} on ${JSON.stringify(s)}`);
            decided += n;
            checked++;
          }
        },
      ),
      { numRuns: 120 },
    );
    // the double-doubles are used, not only declined (the counts vary with fast-check's seed: about
    // half of each is seen)
    expect(marked).toBeGreaterThan(30);
    expect(reused).toBeGreaterThan(12);
    expect(ordered).toBeGreaterThan(checked / 8);
    expect(decided).toBeGreaterThan(checked / 8);
  });

  it("hand a reader the decision's double-double, and make no decimal when every reader is certified", () => {
    const m = compile({ mid: "a / b * c + 1", read: "mid * 3 - a", last: "read / mid" })!;
    expect(m.marked).toBe(3);
    let made = 0;
    const rt = { ...runtime, div: (...a: Parameters<typeof runtime.div>) => (made++, runtime.div(...a)) };
    const source = compileUncached(
      {
        name: "c",
        inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }])),
        decisions: { mid: "a / b * c + 1", read: "mid * 3 - a", last: "read / mid" },
      } as unknown as ModelInput,
      { optimise: true },
    );
    if (!source.ok) throw new Error("no model");
    const module = new Function("rt", source.model.source)(rt) as GeneratedModule;
    const s = { a: 1.5, b: 7, c: -2 };
    expect(module.run(null, s, null, true)).toEqual(m.slow.evaluate(s));
    expect(made).toBe(0);
    // a divisor of zero: every decimal is made, and the answers are null
    expect(m.json({ a: 1, b: 0, c: 1 })).toEqual({ out: m.slow.evaluate({ a: 1, b: 0, c: 1 }), decided: 0, ordered: 0 });
  });

  it("decide comparisons and table columns from the double-double only where the bounds keep the sides apart", () => {
    // first = a / b × b: FEEL's is a little off a (a / b rounded to 34 digits), the double-double's
    // too, by other amounts: compared with a, or tested against a table's literal a, the decimals decide
    const decisions = {
      first: "a / b * b + c",
      below: "first < a",
      equal: "if first = a then 1 else 0",
      above: "first > 1.1",
      band: [
        ["first", "=> number"],
        ["< 1.1", "1"],
        ["1.1", "2"],
        ["(1.1..2]", "3"],
        ["-", "4"],
      ],
    };
    const m = compile(decisions)!;
    for (const a of [1, 1.1, 2, 0.7, 123.456, 3]) {
      for (const b of [3, 7, 9, 11, 13, 19, 23, 29, 0.3, 1]) {
        for (const c of [0, 1e-30, -1e-30]) {
          const s = { a, b, c };
          expect(m.json(s).out, JSON.stringify(s)).toEqual(m.slow.evaluate(s));
        }
      }
    }
    // far from the boundaries, no decimal is made for the comparisons nor the table
    let made = 0;
    const rt = { ...runtime, div: (...a: Parameters<typeof runtime.div>) => (made++, runtime.div(...a)) };
    const source = compileUncached(
      {
        name: "c",
        inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }])),
        decisions: { first: "a / b + c", above: "first > 1.1", below: "if 2 > first then 1 else 0", band: decisions.band },
      } as unknown as ModelInput,
      { optimise: true },
    );
    if (!source.ok) throw new Error("no model");
    const module = new Function("rt", source.model.source)(rt) as GeneratedModule;
    expect(module.run(null, { a: 10, b: 7, c: 0.5 }, null, true)).toEqual({ first: 10 / 7 + 0.5, above: true, below: 1, band: 3 });
    expect(made).toBe(0);
  });

  it("hand on the double-double of a decision with inlined calls, and of one whose lets are in its form", () => {
    // an inlined call's steps are charged where the double-double is made and given back where the
    // decimal is made after all (codegen/module.ts `readCertified`); lets put in place of their names
    // (optimise/certify.ts `letsForm`) are worked out only on the exact path: both hand their
    // double-double on
    for (const [mid, reads] of [
      [{ let: { p: "c" }, expr: "a / 3 / 7 + p" }, true],
      ["f(a, b) / 7 * c", true],
    ] as const) {
      const m = compile({
        mid,
        above: "mid > 1",
        band: [
          ["mid", "=> number"],
          ["< 1", "1"],
          ["-", "2"],
        ],
      })!;
      expect(m.reads).toBe(reads);
      for (const s of [
        { a: 1, b: 3, c: 7 },
        { a: 10, b: 0, c: 1 },
        { a: 0.5, b: 2, c: null },
      ])
        expect(m.json(s).out, JSON.stringify(s)).toEqual(m.slow.evaluate(s));
    }
  });

  it("hand on the double-double of a decision whose decimal is read only in a branch or a rule's output, making it on the calls that take them", () => {
    const decisions = {
      mid: "a / b * c + 1",
      // a list in the other branch keeps this decision off the double-doubles: it reads mid's decimal
      branch: "if a > 2 then decimal(mid, 2) else count([a, b])",
      band: [
        ["a", "=> number"],
        ["> 5", "decimal(mid, 1)"],
        ["-", "1"],
      ],
    };
    const m = compile(decisions)!;
    expect(m.marked).toBe(1);
    const source = compileUncached(
      { name: "c", inputs: Object.fromEntries(INPUTS.map((n) => [n, { type: "number", desc: n }])), decisions } as unknown as ModelInput,
      { optimise: true },
    );
    if (!source.ok) throw new Error("no model");
    let made = 0;
    const rt = { ...runtime, div: (...a: Parameters<typeof runtime.div>) => (made++, runtime.div(...a)) };
    const module = new Function("rt", source.model.source)(rt) as GeneratedModule;
    for (const s of [
      { a: 1, b: 7, c: 3 },
      { a: 3, b: 7, c: 3 },
      { a: 6, b: 7, c: 3 },
      { a: 6, b: 0, c: 3 },
      { a: 3, b: 7, c: null },
    ]) {
      made = 0;
      expect(module.run(null, s, null, true), JSON.stringify(s)).toEqual(m.slow.evaluate(s));
      expect(module.run(null, s, {}, true), JSON.stringify(s)).toEqual(m.slow.evaluate(s));
      expect(toJson(module.run(null, s, null, false)), JSON.stringify(s)).toEqual(m.slow.evaluate(s));
    }
    // no branch reading it taken: the decimal is never made
    made = 0;
    expect(module.run(null, { a: 1, b: 7, c: 3 }, null, true)).toEqual(m.slow.evaluate({ a: 1, b: 7, c: 3 }));
    expect(made).toBe(0);
  });

  it("order a double-double and a decimal only where the bound keeps them apart", () => {
    const near = runtime.num("1.000000000001");
    expect(runtime.ddOrder(1, 0, 1e-10, near, "<")).toBeUndefined();
    expect(runtime.ddOrder(1, 0, 1e-13, near, "<")).toBe(true);
    expect(runtime.ddOrder(1, 0, 1e-13, near, "=")).toBe(false);
    // exact on both sides: equal
    expect(runtime.ddOrder(2, 0, 0, runtime.num("2"), "=")).toBe(true);
    expect(runtime.ddOrder(2, 0, 1e-30, runtime.num("2"), "=")).toBeUndefined();
    expect(runtime.ddOrder(2, 0, 0, "2" as never, "=")).toBeUndefined();
  });

  it("leave to the decimals a reader that FEEL's rounding of the decision read decides", () => {
    // mid = a / b − c, c the first 16 digits of a / b: what is left is FEEL's 34-digit a / b past
    // them, some 10^-17 of a, known to 18 digits only, and the double-double of a / b to about the
    // same: neither mid's output nor read's (mid × 3) may be given from the double-doubles
    const m = compile({ mid: "a / b - c", read: "mid * 3" })!;
    expect(m.marked).toBe(2);
    for (let a = 1; a <= 30; a++) {
      for (const b of [3, 7, 9, 11, 13, 17, 19, 23, 29, 31]) {
        const s = { a, b, c: Number((a / b).toPrecision(16)) };
        const { out, decided } = m.json(s);
        expect(out, JSON.stringify(s)).toEqual(m.slow.evaluate(s));
        expect(decided, JSON.stringify(s)).toBe(0);
      }
    }
  });
});
