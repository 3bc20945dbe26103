// Closed expressions worked out at compile time (optimise/closed.ts) mean what they meant: random
// closed expressions give the same values, nulls and messages optimised and not (-O0).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { collectProblems } from "../../../src/runtime/index.js";

const modelOf = (expr: string) => ({ name: "t", inputs: {}, decisions: { out: expr } }) as unknown as ModelInput;

function compiled(expr: string, optimise: boolean) {
  const r = compileUncached(modelOf(expr), { strict: false, optimise });
  if (!r.ok) throw new Error(`${expr}: ${JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics))}`);
  return r.model;
}

const int = (min: number, max: number) => fc.integer({ min, max }).map(String);
const leaf = fc.oneof(int(-20, 20), fc.constantFrom("0.5", "2.25", "1e30", "0", "null", '"a"'));

const closed = fc.letrec<{ num: string }>((tie) => ({
  num: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.tuple(tie("num"), fc.constantFrom("+", "-", "*", "/", "**"), tie("num")).map(([a, op, b]) => `(${a}) ${op} (${b})`),
    fc.tuple(fc.constantFrom("abs", "floor", "ceiling", "sqrt", "-"), tie("num")).map(([f, a]) => `${f}(${a})`),
    fc.tuple(fc.constantFrom("min", "max", "modulo", "decimal"), tie("num"), tie("num")).map(([f, a, b]) => `${f}(${a}, ${b})`),
    fc.tuple(tie("num"), tie("num")).map(([a, b]) => `{a: ${a}, b: a + (${b})}.b`),
    fc
      .tuple(fc.constantFrom("sum", "min", "max", "count", "mean"), int(-4, 6), int(-4, 6), tie("num"))
      .map(([f, from, to, body]) => `${f}(for o in ${from}..${to} return o * (${body}))`),
    fc.tuple(tie("num"), tie("num"), tie("num")).map(([c, a, b]) => `if (${c}) > 1 then ${a} else ${b}`),
    fc.constantFrom('date("2022-12-31")', 'date("2024-02-30")', "date(5)", "sum(for o in 1..2000 return o)"),
  ),
}));

describe("closed expressions worked out at compile time", () => {
  it("give the same values, nulls and messages as at run time", () => {
    fc.assert(
      fc.property(closed.num, (expr) => {
        const [folded, plain] = [compiled(expr, true), compiled(expr, false)];
        const run = (m: typeof folded) => collectProblems(() => m.evaluateTraced({}, { exactDecimals: true }));
        expect(run(folded)).toEqual(run(plain));
      }),
      { numRuns: 300 },
    );
  });

  it("are worked out once: no loop left in the code", () => {
    for (const expr of ["max(for o in 2..10 return o)", "{a: 2, b: a * 3}.b + abs(-8)", 'date("2022-12-31")'])
      expect(compiled(expr, true).source).not.toMatch(/iterRange|iterPasses|rt\.context|builtinOf/);
  });

  it("share one budget in a model: past it, the copies left run at run time, answering the same", () => {
    // each copy within one expression's limits; 300 of them ask more than the model's budget
    const copy = "string length(string join(for i in 1..999 return string(i)))";
    const expr = `[${Array.from({ length: 300 }, () => copy).join(", ")}]`;
    const [folded, plain] = [compiled(expr, true), compiled(expr, false)];
    expect(folded.source).toMatch(/iterRange|iterPasses/);
    expect(folded.source.length).toBeLessThan(plain.source.length);
    expect(folded.evaluate({})).toEqual(plain.evaluate({}));
    expect(compiled(`[${Array.from({ length: 5 }, () => copy).join(", ")}]`, true).source).not.toMatch(/iterRange|iterPasses/);
  });

  it("see a context's entries in order, an outer name hidden only inside", () => {
    for (const expr of [
      "{b: 1, c: {a: b, b: 2}.a + b}.c",
      "{i: 10, s: sum(for i in 1..3 return i) + i}.s",
      "{a: {a: 1, b: a + 1}.b, c: a * 3}.c",
    ])
      expect(compiled(expr, true).evaluate({})).toEqual(compiled(expr, false).evaluate({}));
    expect(compiled("{b: 1, c: {a: b, b: 2}.a + b}.c", true).source).not.toMatch(/rt\.context|builtinOf/);
  });

  it("are left to run time when they fail, warn or ask much work", () => {
    for (const expr of ["sqrt(-1)", "max(for o in 1..3 return o / 0)", "sum(for o in 1..2000 return o)", 'date("2024-02-30")'])
      expect(compiled(expr, true).source).toMatch(/iterRange|iterPasses|builtinOf/);
    expect(compiled("1 / 0 + abs(2)", true).source).toMatch(/rt\.div\(/);
  });
});
