// `for`, `some` and `every` through the whole pipeline: `partial` (the results so far, DMN 1.5
// 10.3.2.14), several iteration contexts, and iteration ranges over integers and dates.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { BudgetExceeded, collectProblems, toJson, withBudget } from "../../../src/runtime/index.js";
import { content, only, strict } from "../2-analyse/helpers.js";

const input = (type: unknown) => ({ type, desc: "an input" });

function evaluate(decisions: Record<string, string>, state: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}) {
  const r = compileModel({ name: "t", inputs, decisions } as ModelInput, { strict: false });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model.evaluateTraced(state).decisions;
}

const ints = fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 12 });

describe("partial", () => {
  const model = (expr: string) => ({ decisions: { out: expr }, inputs: { xs: input(["number"]) } });

  it("is the list of the results so far: running sums", () => {
    const { decisions, inputs } = model("for x in xs return sum(append(partial, x))");
    fc.assert(
      fc.property(ints, (xs) => {
        const want: number[] = [];
        for (const x of xs) want.push(x + want.reduce((a, b) => a + b, 0));
        expect(evaluate(decisions, { xs }, inputs).out).toEqual(want);
      }),
      { numRuns: 30 },
    );
  });

  it("keeps the value it had when read: each result holds the results before it", () => {
    const { decisions, inputs } = model("for x in xs return partial");
    fc.assert(
      fc.property(ints, (xs) => {
        const out = evaluate(decisions, { xs }, inputs).out as unknown[][];
        expect(out.map((p) => p.length)).toEqual(xs.map((_, i) => i));
        out.forEach((p, i) => expect(p).toEqual(out.slice(0, i)));
      }),
      { numRuns: 30 },
    );
  });

  it("counts every combination of several iteration contexts, in order", () => {
    const { decisions, inputs } = model("for x in xs, y in 1..2 return count(partial)");
    fc.assert(
      fc.property(ints, (xs) => {
        expect(evaluate(decisions, { xs }, inputs).out).toEqual(Array.from({ length: xs.length * 2 }, (_, i) => i));
      }),
      { numRuns: 20 },
    );
  });

  it("the factorial of the specification's example, and an inner for's own partial", () => {
    const out = evaluate({
      factorials: "for i in 0..4 return if i = 0 then 1 else i * partial[-1]",
      nested: "for i in 1..2 return for j in 1..3 return count(partial)",
    });
    expect(out.factorials).toEqual([1, 1, 2, 6, 24]);
    expect(out.nested).toEqual([
      [0, 1, 2],
      [0, 1, 2],
    ]);
  });

  it("is a name only inside a for's body", () => {
    expect(only(strict(content({ decisions: { d: "for x in partial return x" } })), "names.unknown").message).toMatch(/partial/);
    expect(only(strict(content({ decisions: { d: "some x in [1] satisfies partial = []" } })), "names.unknown").message).toMatch(/partial/);
  });
});

describe("iteration ranges", () => {
  it("dates step by one day, up or down, and feed some/every", () => {
    const out = evaluate({
      up: 'for d in @"2024-02-27"..@"2024-03-01" return string(d)',
      down: 'for d in date("2021-01-02")..date("2020-12-31") return d.day',
      sunday: 'some d in @"2024-01-01"..@"2024-01-07" satisfies day of week(d) = "Sunday"',
      weekdays: 'every d in @"2024-01-01"..@"2024-01-05" satisfies d.weekday <= 5',
      both: 'for n in 1..2, d in @"2020-01-01"..@"2020-01-02" return n + d.day',
    });
    expect(out).toEqual({
      up: ["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"],
      down: [2, 1, 31],
      sunday: true,
      weekdays: true,
      both: [2, 3, 3, 4],
    });
  });

  it("other endpoints: a strict check error naming them, and null when they only show at run time", () => {
    for (const [expr, kinds] of [
      ['for d in @"2020-01-01T00:00:00"..@"2020-01-02T00:00:00" return d', /date and time/],
      ['for d in @"P1D"..@"P2D" return d', /duration/],
      ['for s in "a".."z" return s', /string/],
      ['for x in 1..@"2020-01-01" return x', /number.*date/],
    ] as const) {
      expect(only(strict(content({ decisions: { d: expr } })), "types.iteration-range").message, expr).toMatch(kinds);
    }
    expect(only(strict(content({ decisions: { d: "for x in [1..3] return x" } })), "types.iteration-range").message).toMatch(
      /without brackets/,
    );
    const out = evaluate({ out: "for x in a..b return x" }, { a: "10:00:00", b: "11:00:00" }, { a: input("time"), b: input("time") });
    expect(out.out).toBeNull();
  });
});

describe("running totals", () => {
  // the whole `for` is built in one pass when optimised; -O0 runs the loop, a prefix sum a pass
  const model = {
    name: "running totals",
    inputs: { l: input("any"), m: input("any") },
    decisions: {
      totals: "for i in 1..count(l) return sum(sublist(l, 1, i))",
      // in a context, a let-like entry and a function's parameter: the same pattern, other names
      nested: "{ k: l, t: for j in 1..count(k) return sum(sublist(k, 1, j)) }.t",
      lambda: "(function (x) for i in 1..count(x) return sum(sublist(x, 1, i)))(m)",
      // not the pattern: another start, another list, another length
      from2: "for i in 1..count(l) return sum(sublist(l, 2, i - 1))",
      other: "for i in 1..count(l) return sum(sublist(m, 1, i))",
      fixed: "for i in 1..count(l) return sum(sublist(l, 1, 1))",
    },
  } as unknown as ModelInput;
  const fast = compileUncached(model, { optimise: true, strict: false });
  const slow = compileUncached(model, { optimise: false, strict: false });
  if (!fast.ok || !slow.ok) throw new Error("the model does not compile");

  it("are built in one pass where the optimiser marked them only", () => {
    const run = fast.model.source.split("function explain(")[0]!;
    expect(run.match(/rt\.runningTotals\(/g)?.length).toBe(3);
    expect(slow.model.source).not.toContain("runningTotals");
  });

  const item = fc.oneof(
    { weight: 10, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }).map((c) => c / 100) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, "x", 0.1, 1e-30, -0, true) },
  );
  const list = fc.oneof(
    { weight: 6, arbitrary: fc.array(item, { maxLength: 20 }) },
    {
      weight: 4,
      arbitrary: fc.array(
        fc.integer({ min: -1_000_000, max: 1_000_000 }).map((c) => c / 100),
        { minLength: 1, maxLength: 20 },
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], null, 5, "x", [null], [1, "x"]) },
  );
  const run = (m: typeof fast.model, state: Record<string, unknown>, steps: number) =>
    collectProblems(() => {
      try {
        const values = withBudget({ steps }, () => m.evaluateToValues(state));
        return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, toJson(v)]));
      } catch (e) {
        if (e instanceof BudgetExceeded) return `stopped: ${e.kind}`;
        throw e;
      }
    });

  it("answer as the loop does, with the same problems and the same step limit, on lists of numbers and of anything", () => {
    fc.assert(
      fc.property(list, list, fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.constant(Infinity)), (l, m, steps) => {
        const state = { l, m };
        expect(run(fast.model, state, steps)).toEqual(run(slow.model, state, steps));
      }),
      { numRuns: 400 },
    );
  });
});
