// Inlining (optimise/inline.ts) keeps every answer: random models whose decisions call small
// functions of typed parameters — from arguments of the wrong type, out of the parameters' ranges,
// in loops and filters, roundings of them, calls inside functions, and a recursive function — give
// the same answers, traces and problems inlined (optimised) and called (-O0), on random states,
// including states the input schema refuses, which `evaluate` does not check, and stop at the
// same step limits.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INLINE_LIMIT } from "../../../src/compiler/3-optimise/inline.js";
import { compileUncached, type CompiledModel } from "../../../src/compiler/index.js";
import { BudgetExceeded, withBudget } from "../../../src/runtime/index.js";

type Tree = { op: string; left?: Tree; right?: Tree; leaf?: string };

/** arithmetic over the names in `leaves` and a few literals */
const arithmetic = (leaves: string[]) =>
  fc.letrec<{ tree: Tree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom(...leaves, "1", "2", "0.5", "12").map((leaf) => ({ op: "leaf", leaf })),
      fc.record({ op: fc.constantFrom("+", "-", "*", "/", "**"), left: tie("tree"), right: tie("tree") }),
      fc.record({ op: fc.constant("neg"), left: tie("tree") }),
    ),
  })).tree;

const text = (t: Tree): string => {
  if (t.op === "leaf") return t.leaf!;
  if (t.op === "neg") return `-(${text(t.left!)})`;
  // small integer exponents only: a power of a random base to a random power is mostly overflow
  if (t.op === "**") return `(${text(t.left!)}) ** 2`;
  return `(${text(t.left!)} ${t.op} ${text(t.right!)})`;
};

const PARAM_TYPES = ["number", "number [0..100]", "number > 0"];
const RETURN_TYPES = ["number", "number [-1000..1000]"];
/** arguments: names of every input type, arithmetic, literals */
const ARGUMENTS = ["a", "b", "pct", "s", "flag", "a * 2", "b - pct", "3", "0.25"];

const model = fc
  .record({
    f: arithmetic(["x", "y"]),
    g: arithmetic(["u", "f(u, 2)"]),
    h: arithmetic(["x", "y"]),
    fx: fc.constantFrom(...PARAM_TYPES),
    fy: fc.constantFrom(...PARAM_TYPES),
    gu: fc.constantFrom(...PARAM_TYPES),
    fr: fc.constantFrom(...RETURN_TYPES),
    gr: fc.constantFrom(...RETURN_TYPES),
    calls: fc.array(fc.tuple(fc.constantFrom(...ARGUMENTS), fc.constantFrom(...ARGUMENTS)), { minLength: 2, maxLength: 4 }),
  })
  .map((m) => {
    const [first, second, ...more] = m.calls;
    const decisions: Record<string, string> = {
      rounded: `decimal(f(${first![0]}, ${first![1]}), 2)`,
      "rounded again": `round half up(g(${second![0]}), 4)`,
      "rounded plainly": `decimal(h(${second![0]}, ${first![0]}), 2)`,
      plain: `f(${second![0]}, ${second![1]}) + g(${first![1]})`,
      "in a loop": `sum(for i in [a, b, pct] return f(i, ${first![1]}))`,
      "in a filter": `count([1, 2, 3][item < f(a, pct)])`,
      "in a condition": `if g(a) > b then "high" else "low"`,
      recursive: `sum(steps(if a > 3 then 3 else a))`,
      shadowed: `k(${first![0]})`,
    };
    more.forEach(([x, y], i) => (decisions[`more ${i}`] = `f(${x}, ${y})`));
    return {
      content: {
        name: "inlined calls",
        inputs: {
          a: { type: "number", desc: "a?" },
          b: { type: "number", desc: "b?" },
          pct: { type: "number", desc: "pct?" },
          s: { type: "string", desc: "s?" },
          flag: { type: "boolean", desc: "flag?" },
        },
        functions: {
          f: { params: { x: m.fx, y: m.fy }, returns: m.fr, body: text(m.f) },
          g: { params: { u: m.gu }, returns: m.gr, body: text(m.g) },
          steps: { params: { n: "number" }, returns: "list<number>", body: "if n <= 0 then [] else concatenate([n], steps(n - 1))" },
          // in its filter, an item's entry `x` is read before the parameter `x`
          k: { params: { x: "number" }, returns: "number", body: "count([{x: 1}, {x: 5}, {y: 2}, 7][x > 2])" },
          // plain numbers, a power, every parameter read: certified where its arguments are names
          h: { params: { x: "number", y: "number" }, returns: "number", body: `(${text(m.h)}) / (x + 2) ** 2 + y` },
        },
        decisions,
      },
      questions: {},
    };
  });

const NUMBERS = [0, 1, -1, 2.5, 50, 100, 101, -0.001, 1e6, 0.1, 33.333];
/** a value of an input, of its type or not: the wrong type, a singleton list, null, absent */
const anyValue = (typed: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: typed },
    fc.constantFrom("x", "12", true, false, null, undefined),
    fc.constantFrom(...NUMBERS).map((n) => [n]),
  );
const state = fc.record({
  a: anyValue(fc.oneof(fc.constantFrom(...NUMBERS), fc.double({ min: -1e4, max: 1e4, noNaN: true }))),
  b: anyValue(fc.oneof(fc.constantFrom(...NUMBERS), fc.integer({ min: -200, max: 200 }))),
  pct: anyValue(fc.oneof(fc.constantFrom(...NUMBERS), fc.integer({ min: -20, max: 120 }))),
  s: anyValue(fc.constantFrom("a", "", "42")),
  flag: anyValue(fc.boolean()),
});

function outcome(m: CompiledModel, s: Record<string, unknown>): unknown {
  try {
    return m.evaluateTraced(s, { exactDecimals: true });
  } catch (e) {
    return { threw: (e as Error).message };
  }
}

function compiled(content: unknown, optimise: boolean): CompiledModel {
  const c = compileUncached(content as never, { optimise });
  if (!c.ok) throw new Error(`does not compile: ${JSON.stringify(c.check.stages.flatMap((s) => s.diagnostics))}`);
  return c.model;
}

/** the evaluation function of a module, without the explain function that keeps every call */
const runOf = (source: string): string => source.slice(source.indexOf("function run("), source.indexOf("function explain("));

describe("inlined function calls", () => {
  it("give the answers, traces and problems of the calls, on random states of any type", () => {
    let rounded = 0;
    fc.assert(
      fc.property(model, fc.array(state, { minLength: 8, maxLength: 8 }), (content, states) => {
        const [inlined, called] = [compiled(content, true), compiled(content, false)];
        const run = runOf(inlined.source);
        // f and g are copied where they are called, outside the filter; the recursive function stays a call
        expect(run).not.toMatch(/\bfn1\(/);
        expect(run).toMatch(/\bfn2\(/);
        expect(runOf(called.source)).toMatch(/\bfn1\(/);
        if (/\bcf\d+\(/.test(run)) rounded++;
        for (const s of states) expect(outcome(inlined, s)).toEqual(outcome(called, s));
      }),
      { numRuns: 60 },
    );
    // some roundings of inlined arithmetic were worked out in certified doubles
    expect(rounded).toBeGreaterThan(0);
  });

  it("stop at the step limits the calls stop at", () => {
    let bare = 0;
    const names = fc.constantFrom("a", "b", "3", "0.25");
    fc.assert(
      fc.property(fc.array(fc.tuple(names, names, names), { minLength: 1, maxLength: 4 }), state, fc.nat(24), (calls, s, steps) => {
        const decisions = Object.fromEntries(calls.map(([x, y, u], i) => [`d${i}`, `f(${x}, ${y}) + g(${u})`]));
        const content = {
          content: {
            name: "limited calls",
            inputs: { a: { type: "number", desc: "a?" }, b: { type: "number", desc: "b?" } },
            functions: {
              f: { params: { x: "number", y: "number" }, returns: "number", body: "x * y + 1" },
              g: { params: { u: "number" }, returns: "number", body: "u - 2" },
            },
            decisions,
          },
          questions: {},
        };
        const [inlined, called] = [compiled(content, true), compiled(content, false)];
        // a call whose every argument is a name or a literal of its parameter's type is its body, with no function made
        if (/\(rt\.tick\(2\), /.test(runOf(inlined.source))) bare++;
        const limited = (m: CompiledModel) => {
          try {
            return withBudget({ steps }, () => m.evaluate({ a: s.a, b: s.b }));
          } catch (e) {
            if (e instanceof BudgetExceeded) return `stopped: ${e.kind}`;
            return { threw: (e as Error).message };
          }
        };
        expect(limited(inlined)).toEqual(limited(called));
      }),
      { numRuns: 200 },
    );
    expect(bare).toBeGreaterThan(0);
  });

  it("still explain each call of a function", () => {
    fc.assert(
      fc.property(model, state, (content, s) => {
        const [inlined, called] = [compiled(content, true), compiled(content, false)];
        const explained = (m: CompiledModel) => {
          try {
            return m.explain(s, { exactDecimals: true });
          } catch (e) {
            return { threw: (e as Error).message };
          }
        };
        const e = explained(inlined);
        expect(e).toEqual(explained(called));
        if ("explanation" in e) expect(JSON.stringify(e.explanation)).toContain("functions.f");
      }),
      { numRuns: 15 },
    );
  });

  it("work out a rounding of a function's arithmetic in certified doubles, with the call's answers", () => {
    const content = {
      content: {
        name: "amortisation in a function",
        inputs: {
          principal: { type: "number", desc: "How much is borrowed?" },
          rate: { type: "number", desc: "What is the monthly rate?" },
          months: { type: "number", desc: "Over how many months?" },
        },
        functions: {
          "monthly payment": { params: { p: "number", r: "number", n: "number" }, returns: "number", body: "p * r / (1 - (1 + r) ** -n)" },
        },
        decisions: { payment: "decimal(monthly payment(principal, rate, months), 2)" },
      },
      questions: {},
    };
    const [inlined, called] = [compiled(content, true), compiled(content, false)];
    expect(runOf(inlined.source)).toMatch(/\bcf\d+\(/);
    expect(runOf(called.source)).not.toMatch(/\bcf\d+\(/);
    const loan = fc.record({
      principal: anyValue(fc.integer({ min: 1000, max: 1_000_000 })),
      rate: anyValue(fc.integer({ min: 1, max: 2000 }).map((n) => n / 100_000)),
      months: anyValue(fc.integer({ min: 1, max: 480 })),
    });
    fc.assert(
      fc.property(loan, (s) => {
        expect(outcome(inlined, s)).toEqual(outcome(called, s));
      }),
      { numRuns: 300 },
    );
  });

  it("leave a function larger than the limit a call", () => {
    const sumOf = (terms: number) => Array.from({ length: terms }, (_, i) => (i % 2 ? "x" : "y")).join(" + ");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: INLINE_LIMIT * 2 }), (terms) => {
        const content = {
          content: {
            name: "sizes",
            inputs: { a: { type: "number", desc: "a?" } },
            functions: { f: { params: { x: "number", y: "number" }, returns: "number", body: sumOf(terms) } },
            decisions: { d: "f(a, 2)" },
          },
          questions: {},
        };
        const m = compiled(content, true);
        // a sum of n names is 2n - 1 nodes
        expect(/\bfn0\(/.test(runOf(m.source))).toBe(2 * terms - 1 > INLINE_LIMIT);
        expect(m.evaluate({ a: 3 })).toEqual(compiled(content, false).evaluate({ a: 3 }));
      }),
      { numRuns: 20 },
    );
  });
});
