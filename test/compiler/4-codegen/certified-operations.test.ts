// The certified doubles beyond + - × ÷ and powers: abs, floor, ceiling, modulo, min, max, `if` on a
// comparison or a boolean input, and calls of inlined functions built of them, inside roundings and
// comparisons. Random expressions over operands on and a hair (10^-30) either side of whole numbers
// and halves, zeros, negative divisors, nulls and values of other kinds must give what the
// unoptimised model gives: the same values and the same problems. The optimised model is loaded
// against a runtime whose `certRound` and `certCompare` count what the doubles decided, so that a
// test can tell that they decided, and not only declined.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import * as runtime from "../../../src/runtime/generated-api.js";
import type { GeneratedModule } from "../../../src/runtime/entry.js";
import { collectProblems, isDecimal, num, toJson, type FeelValue } from "../../../src/runtime/index.js";

const ROUNDINGS = ["decimal", "round up", "round down", "round half up", "round half down", "floor", "ceiling"];
const COMPARISONS = ["<", "<=", ">", ">=", "=", "!="];
const NUMBERS = ["a", "b", "c", "d"];

const shown = (v: FeelValue) => (isDecimal(v) ? v.toString() : JSON.stringify(toJson(v)));

/**
 * A model of `decisions` over number inputs a to d, a boolean `flag` and a list of numbers `l`,
 * with the functions `f(x, y)` (`body`), `g(x) = f(x, 3) * x` and `h(x, y) = if x > 1 then x else y`,
 * optimised and not.
 */
function compiled(decisions: Record<string, string>, body: string) {
  const model = {
    name: "certified operations",
    inputs: {
      ...Object.fromEntries(NUMBERS.map((k) => [k, { type: "number", desc: k }])),
      flag: { type: "boolean", desc: "flag" },
    },
    functions: {
      f: { params: { x: "number", y: "number" }, returns: "number", body },
      g: { params: { x: "number" }, returns: "number", body: "f(x, 3) * x" },
      // a parameter read in one branch only: a call whose other argument is not a number is null
      h: { params: { x: "number", y: "number" }, returns: "number", body: "if x > 1 then x else y" },
    },
    decisions,
  } as unknown as ModelInput;
  const fast = compileUncached(model, { optimise: true });
  const slow = compileUncached(model, { optimise: false });
  if (!fast.ok || !slow.ok) {
    const refused = !fast.ok ? fast : !slow.ok ? slow : undefined;
    const errors = refused!.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error");
    // a random operation on constants alone may be null for every state, which the compiler refuses
    if (errors.every((d) => d.code === "types.constant-null")) return undefined;
    throw new Error(`the model does not compile: ${JSON.stringify(decisions)} f = ${body}: ${JSON.stringify(errors)}`);
  }
  let decided = 0;
  const rt = {
    ...runtime,
    certRound: (...a: Parameters<typeof runtime.certRound>) => {
      const r = runtime.certRound(...a);
      if (r !== undefined) decided++;
      return r;
    },
    certCompare: (...a: Parameters<typeof runtime.certCompare>) => {
      const r = runtime.certCompare(...a);
      if (r !== undefined) decided++;
      return r;
    },
  };
  const module = new Function("rt", fast.model.source)(rt) as GeneratedModule;
  const run = (I: Record<string, FeelValue>) => module.run(I, null, null);
  return {
    source: fast.model.source.split("function explain(")[0]!,
    /** Checks every decision against the decimal path; how many roundings and comparisons the doubles decided. */
    check(I: Record<string, FeelValue>): number {
      decided = 0;
      const got = collectProblems(() => run(I));
      const counted = decided;
      const want = collectProblems(() => slow.model.evaluateValues(I));
      const what = `${JSON.stringify(decisions)} f = ${body} on ${JSON.stringify(Object.fromEntries(Object.entries(I).map(([k, v]) => [k, shown(v)])))}`;
      for (const name of Object.keys(decisions)) expect(shown(got.result[name]!), `${name}: ${what}`).toBe(shown(want.result[name]!));
      expect(got.problems, what).toEqual(want.problems);
      return counted;
    },
  };
}

/** An expression's text, and whether it reads no name (an operation on literals alone, which no author writes). */
interface Text {
  t: string;
  constant: boolean;
}
const op = (parts: Text[], t: (...xs: string[]) => string): Text => ({
  t: t(...parts.map((p) => p.t)),
  constant: parts.every((p) => p.constant),
});

/**
 * Numbers of an expression: literals, the operands, and the new operations over them, never an
 * operation on literals alone (the optimiser works those out when the model loads, where a
 * division by zero is not a problem of any evaluation).
 */
const expression = (names: string[], calls: boolean, flag = calls): fc.Arbitrary<string> =>
  fc
    .letrec<{ e: Text }>((tie) => {
      const e = tie("e");
      const forms: fc.Arbitrary<Text>[] = [
        fc.tuple(e, fc.constantFrom("+", "-", "*", "/"), e).map(([x, o, y]) => op([x, y], (a, b) => `(${a}) ${o} (${b})`)),
        fc.tuple(fc.constantFrom("abs", "floor", "ceiling"), e).map(([f, x]) => op([x], (a) => `${f}(${a})`)),
        fc.tuple(e, e).map(([x, y]) => op([x, y], (a, b) => `modulo(${a}, ${b})`)),
        fc
          .tuple(fc.constantFrom("min", "max"), fc.array(e, { minLength: 2, maxLength: 3 }))
          .map(([f, xs]) => op(xs, (...as) => `${f}(${as.join(", ")})`)),
        fc
          .tuple(e, fc.constantFrom(...COMPARISONS), e, e, e)
          // a condition on literals alone would be decided when the model loads
          .filter(([x, , y]) => !x.constant || !y.constant)
          .map(([x, o, y, t, f]) => op([x, y, t, f], (a, b, c, d) => `(if (${a}) ${o} (${b}) then ${c} else ${d})`)),
      ];
      if (flag) forms.push(fc.tuple(e, e).map(([t, f]) => ({ t: `(if flag then ${t.t} else ${f.t})`, constant: false })));
      if (calls)
        forms.push(
          fc.tuple(e, e).map(([x, y]) => op([x, y], (a, b) => `f(${a}, ${b})`)),
          e.map((x) => op([x], (a) => `g(${a})`)),
          fc.tuple(e, e).map(([x, y]) => op([x, y], (a, b) => `h(${a}, ${b})`)),
        );
      const leaf = fc.oneof(
        fc.constantFrom(...names).map((t) => ({ t, constant: false })),
        fc.constantFrom("0", "1", "3", "-2", "0.5", "2.5").map((t) => ({ t, constant: true })),
      );
      return {
        e: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, ...forms.map((f) => f.filter((x) => !x.constant))),
      };
    })
    .e.map((x) => x.t);

/** The root of a decision: a rounding, a comparison, or an `if` on a comparison. */
const decision = fc.oneof(
  fc.tuple(fc.constantFrom(...ROUNDINGS), expression(NUMBERS, true), fc.integer({ min: 0, max: 3 })).map(([r, x, p]) => `${r}(${x}, ${p})`),
  fc.tuple(expression(NUMBERS, true), fc.constantFrom(...COMPARISONS), expression(NUMBERS, true)).map(([x, o, y]) => `(${x}) ${o} (${y})`),
  fc
    .tuple(expression(NUMBERS, true), fc.constantFrom(...COMPARISONS), expression(NUMBERS, true))
    .map(([x, o, y]) => `if (${x}) ${o} (${y}) then 1 else 2`),
);

/** Operands on the edges: whole numbers and halves, and 10^-30 either side of them; zeros, negatives, not numbers. */
const operand: fc.Arbitrary<FeelValue> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -7, max: 7 }).map((k) => num(String(k))) },
  { weight: 3, arbitrary: fc.integer({ min: -7, max: 7 }).map((k) => num(`${k}.5`)) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.integer({ min: -7, max: 7 }), fc.constantFrom("", ".5"), fc.constantFrom(-1, 1))
      .map(([k, half, side]) => num(`${k}${half}`).plus(num(`${side}e-30`))),
  },
  { weight: 2, arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }).map((x) => num(String(x))) },
  { weight: 1, arbitrary: fc.constantFrom<FeelValue>(num("1e-30"), num("-1e-30"), num("0.1"), null, "x", true) },
);
const state = fc.record({ a: operand, b: operand, c: operand, d: operand, flag: fc.constantFrom<FeelValue>(true, false, null) });

describe("certified doubles through abs, floor, ceiling, modulo, min, max, if and inlined calls", () => {
  it("give what the unoptimised model gives: values and problems", () => {
    let decided = 0;
    let held = 0;
    fc.assert(
      fc.property(
        fc.array(decision, { minLength: 1, maxLength: 4 }),
        expression(["x", "y"], false),
        fc.array(state, { minLength: 1, maxLength: 8 }),
        (roots, body, states) => {
          const model = compiled(Object.fromEntries(roots.map((r, i) => [`q${i}`, r])), body);
          fc.pre(model !== undefined);
          if (/rt\.cert(Whole|Modulo|Extreme|Abs|If)\(/.test(model.source)) held++;
          for (const s of states) decided += model.check(s);
        },
      ),
      { numRuns: 300 },
    );
    // the doubles hold the new operations, and decide, not only decline
    expect(held).toBeGreaterThan(100);
    expect(decided).toBeGreaterThan(300);
  });

  // each operation alone, its operands on or a hair from its edges
  const edges = fc.oneof(
    operand,
    fc.integer({ min: -12, max: 12 }).map((k) => num(String(k))),
  );
  // (h reads y in one branch only: a call whose y is not a number is null, so only a literal y is certified)
  const cases: [string, string][] = [
    ["floor", "floor(a / 3) * 1"],
    ["ceiling", "ceiling(a / 3) * 1"],
    ["floor", "floor(a) ** 2"],
    ["ceiling", "ceiling(a) ** 2"],
    ["modulo", "modulo(a, b) ** 2"],
    ["modulo", "modulo(a / 3, b) * 1"],
    ["min", "min(a, b / 3) * 1"],
    ["max", "max(a ** 2, b, c) * 1"],
    ["abs", "abs(a / 3) * 1"],
    ["if", "(if a / 3 < b then c else d) * 1"],
    ["if", "(if flag then a / 3 else b) * 1"],
    ["call", "h(a / 3, 2) * 1"],
    ["call", "h(a, b / 3) * 1"],
    ["call", "g(a) / 3"],
  ];
  for (const [name, x] of cases)
    it(`${name}: ${x} in roundings and comparisons, on its edges`, () => {
      const model = compiled(
        {
          r0: `decimal(${x}, 0)`,
          r1: `round half up(${x}, 1)`,
          r2: `floor(${x}, 0)`,
          lt: `${x} < c`,
          eq: `${x} = c`,
          ge: `${x} >= 1`,
        },
        "x / y",
      )!;
      const certified = !x.startsWith("h(a, ");
      expect(/rt\.certRound\(/.test(model.source)).toBe(certified);
      expect(/rt\.certCompare\(/.test(model.source)).toBe(certified);
      let decided = 0;
      fc.assert(
        fc.property(fc.record({ a: edges, b: edges, c: edges, d: edges, flag: fc.constantFrom<FeelValue>(true, false, null) }), (s) => {
          decided += model.check(s);
        }),
        { numRuns: 400 },
      );
      expect(decided).toBeGreaterThan(certified ? 400 : -1);
    });

  // sevenths summed and multiplied back: the doubles' error grows near their bound, and FEEL's
  // 34-digit sum falls either side of the whole number, so a bound that drops the error carried
  // through an operation decides the wrong side
  const carried: [string, string][] = [
    ["abs", "abs(a / 7 + b / 7 + c / 7 + d / 7) * 7"],
    ["min", "min(a / 7 + b / 7 + c / 7 + d / 7, 1e9) * 7"],
    ["max", "max(-1e9, a / 7 + b / 7 + c / 7 + d / 7) * 7"],
    ["if", "(if a > -1e9 then a / 7 + b / 7 + c / 7 + d / 7 else 0) * 7"],
    ["call", "f(a / 7 + b / 7 + c / 7 + d / 7, 2) * 7"],
  ];
  for (const [name, x] of carried)
    it(`${name}: carries the error of what it holds (${x})`, () => {
      const model = compiled({ lt: `${x} < a + b + c + d`, gt: `${x} > a + b + c + d`, r: `decimal(${x} / 2, 0)` }, "x")!;
      let decided = 0;
      const whole = fc.integer({ min: 1, max: 10_000 }).map((k) => num(String(k)));
      fc.assert(
        fc.property(fc.record({ a: whole, b: whole, c: whole, d: whole }), (s) => {
          decided += model.check({ ...s, flag: true });
        }),
        { numRuns: 1000 },
      );
      expect(decided).toBeGreaterThan(0);
    });

  it("products, quotients and powers of non-zeros that underflow to zero decline", () => {
    const model = compiled(
      {
        power: "(a * 1) ** 2 = c",
        product: "a * b * 1 = c",
        quotient: "a / 1e300 * 1 = c",
        rounded: "decimal((a * 1) ** 2 - (a * b) * 1, 2)",
      },
      "x",
    )!;
    const tiny = fc.double({ min: 1e-300, max: 1e-100, noNaN: true }).map((x) => num(String(x)));
    fc.assert(
      fc.property(tiny, tiny, fc.constantFrom(0, -1), (a, b, sign) => {
        model.check({ a: sign ? a.neg() : a, b, c: num("0"), d: num("0"), flag: true });
      }),
      { numRuns: 300 },
    );
  });

  it("a power of a base that is not a number declines, even to the exponent 0", () => {
    const model = compiled({ lt: "(a * 1) ** 0 < c", rounded: "decimal((a + b) ** (d - d) / 3, 2)" }, "x")!;
    fc.assert(
      fc.property(operand, operand, operand, (a, b, c) => {
        model.check({ a, b, c, d: num("2"), flag: true });
      }),
      { numRuns: 300 },
    );
  });
});
