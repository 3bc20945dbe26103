// The evaluation budget over generated sizes: a model stops with the limit it passed exactly when
// what it does passes it, and runs to the end otherwise.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached } from "../../src/compiler/index.js";
import {
  BudgetExceeded,
  CONTAINER_SIZE,
  exceededLimit,
  LONGEST_STRING,
  SliceSpent,
  withBudget,
  type EvaluationLimits,
} from "../../src/runtime/budget.js";
import { stopped } from "./helpers.js";

function compiled(decisions: Record<string, string>, functions: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}) {
  const r = compileUncached({ content: { name: "budget", inputs, functions, decisions }, questions: {} });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model;
}

/** `for i in 1..n` runs about n steps: a count within 16 of a clock read (every 2,048 steps) is too close to say which side it falls. */
function clearOfReads(n: number): boolean {
  const past = n % 2048;
  return past > 16 && past < 2048 - 16;
}

describe("size: items and characters built", () => {
  it("lists that double stop exactly when their total passes the limit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 3000 }), (k, n, size) => {
        const decisions: Record<string, string> = { s0: `[${Array(k).fill("1").join(", ")}]` };
        for (let i = 1; i <= n; i++) decisions[`s${i}`] = `concatenate(s${i - 1}, s${i - 1})`;
        // s1..sn hold k·2, k·4, ... k·2^n items: k·(2^(n+1) - 2) built in all, and as many again
        // with CONTAINER_SIZE per list when the answers are converted to JSON (s0, a constant, is
        // converted once when the model loads)
        const total = 2 * k * (2 ** (n + 1) - 2) + CONTAINER_SIZE * n;
        const model = compiled(decisions);
        expect(stopped(() => model.evaluate({}), { size })).toBe(total > size ? "size" : "none");
      }),
      { numRuns: 40 },
    );
  });

  it("strings joined with + count their characters", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 2000 }),
        (seed, n, size) => {
          // the seed is an input: strings of literals alone are joined at compile time (optimise/fold.ts)
          const decisions: Record<string, string> = {};
          for (let i = 1; i <= n; i++) decisions[`s${i}`] = `s${i - 1} + s${i - 1}`;
          const total = seed.length * (2 ** (n + 1) - 2);
          const model = compiled(decisions, {}, { s0: { type: "string", desc: "s0?" } });
          expect(stopped(() => model.evaluate({ s0: seed }), { size })).toBe(total > size ? "size" : "none");
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("steps", () => {
  it("a for loop costs a step per iteration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (n, steps) => {
        const model = compiled({ d: `for i in 1..${n} return i` });
        expect(stopped(() => model.evaluate({}), { steps })).toBe(n > steps ? "steps" : "none");
      }),
      { numRuns: 40 },
    );
  });

  it("a filter costs a step per item, so nested filters cannot run away", () => {
    // 100 items outside, each filtering 100 inside and counting them: about 100 × 200 steps
    const model = compiled({ l: "for i in 1..100 return i", d: "l[count(l[item > 0]) > 0]" });
    expect(stopped(() => model.evaluate({}), { steps: 10_000 })).toBe("steps");
    expect(stopped(() => model.evaluate({}), { steps: 30_000 })).toBe("none");
  });

  it("a built-in over a list costs a step per item", () => {
    const model = compiled({ l: "for i in 1..1000 return i", d: "for i in 1..1000 return sum(l)" });
    expect(stopped(() => model.evaluate({}), { steps: 100_000 })).toBe("steps");
  });
});

describe("depth: nested calls", () => {
  const functions = { f: { params: { n: "number" }, returns: "number", body: "if n = 0 then 0 else 1 + f(n - 1)" } };

  it("f(n) makes n + 1 nested calls", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 300 }), (n, depth) => {
        const model = compiled({ d: `f(${n})` }, functions);
        expect(stopped(() => model.evaluate({}), { depth })).toBe(n + 1 > depth ? "depth" : "none");
      }),
      { numRuns: 40 },
    );
  });

  it("lambdas count as well, and the depth is given back as calls return", () => {
    const model = compiled({ g: "function(n) n", d: "for i in 1..1000 return g(i)" });
    expect(stopped(() => model.evaluate({}), { depth: 1 })).toBe("none");
  });

  it("outside a budget the depth is still bounded: deep recursion stops with the limit, not a stack overflow", () => {
    const model = compiled({ d: "f(100000)" }, functions);
    expect(() => model.evaluate({})).toThrow(BudgetExceeded);
  });
});

describe("a slice of time", () => {
  /** What stopped the evaluation (a limit, the slice, or nothing) and how often the clock was read: it advances `step` a read. */
  function sliced(run: () => unknown, limits: Partial<EvaluationLimits>, ms: number, step: number): { stopped: string; reads: number } {
    let reads = 0;
    const now = () => ++reads * step;
    try {
      withBudget(limits, run, { now, ms });
      return { stopped: "none", reads };
    } catch (e) {
      if (e instanceof SliceSpent) return { stopped: "slice", reads };
      if (e instanceof BudgetExceeded) return { stopped: e.kind, reads };
      throw e;
    }
  }

  const FORMS = [
    (n: number) => ({ d: `for i in 1..${n} return i` }),
    (n: number) => ({ l: `for i in 1..${n} return i`, d: "sum(l)" }),
    (n: number) => ({ l: `for i in 1..${n} return i`, d: "count(l[item > 1][item > 2])" }),
    (n: number) => ({ d: `f(${n % 400})` }),
  ];
  const functions = { f: { params: { n: "number" }, returns: "number", body: "if n = 0 then 0 else 1 + f(n - 1)" } };

  it("whose clock stands still changes nothing: every limit stops where it does without one", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: FORMS.length - 1 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 30_000 }),
        fc.integer({ min: 1, max: 500 }),
        (form, n, steps, depth) => {
          const model = compiled(FORMS[form]!(n), functions);
          const limits = { steps, size: 40_000, depth };
          expect(sliced(() => model.evaluate({}), limits, 0, 0).stopped).toBe(stopped(() => model.evaluate({}), limits));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reads its clock first after the steps it is given, then every 2,048 steps", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40_000 }), fc.integer({ min: 2048, max: 20_000 }), (n, after) => {
        fc.pre(Math.abs(n - after) > 16 && Math.abs(n - after - 2048) > 16);
        const model = compiled({ d: `for i in 1..${n} return i` });
        let reads = 0;
        let spent = false;
        try {
          withBudget({ steps: 1e9 }, () => model.evaluate({}), { now: () => ++reads, ms: 0, after });
        } catch (e) {
          if (!(e instanceof SliceSpent)) throw e;
          spent = true;
        }
        // the first read sets the end at 1; the second, 2,048 steps later, is past it
        const expected = n < after ? { reads: 0, spent: false } : n < after + 2048 ? { reads: 1, spent: false } : { reads: 2, spent: true };
        expect({ reads, spent }).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it("stops an evaluation once its clock passes the slice, read only every 2,048 steps and first after 2,048", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30_000 }), fc.integer({ min: 0, max: 8 }), (n, ms) => {
        // the first read sets the slice's end at 1 + ms; read j reads j: the slice is spent at read ms + 2
        const spentAt = (ms + 2) * 2048;
        fc.pre(Math.abs(n - spentAt) > 16 && clearOfReads(n));
        const model = compiled({ d: `for i in 1..${n} return i` });
        const { stopped: why, reads } = sliced(() => model.evaluate({}), { steps: 1e9 }, ms, 1);
        expect(why).toBe(n > spentAt ? "slice" : "none");
        expect(reads).toBe(Math.min(ms + 2, Math.floor(n / 2048)));
      }),
      { numRuns: 60 },
    );
  });
});

describe("a slice of time with a ceiling for cold code", () => {
  it("reads its clock every 2,048 steps, the first 2,048 steps in, spent past coldMs from that reading before `after` and past ms after it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40_000 }),
        fc.integer({ min: 2048, max: 20_000 }),
        fc.integer({ min: 0, max: 12 }),
        (n, after, coldMs) => {
          // the clock advances 1 a read, the first after 2,048 steps (none at the start): read j,
          // after j·2,048 steps, is j - 1 past the first; while fewer than `after` steps ran the slice
          // is spent past coldMs, and the first read past them sets the end at its own reading,
          // which the next passes
          const spentRead = (coldMs + 2) * 2048 < after ? coldMs + 2 : Math.ceil(after / 2048) + 1;
          fc.pre(
            [spentRead * 2048, after].every((edge) => Math.abs(n - edge) > 16) &&
              Math.abs(after - (coldMs + 2) * 2048) > 16 &&
              after % 2048 > 16 &&
              clearOfReads(n),
          );
          const model = compiled({ d: `for i in 1..${n} return i` });
          let reads = 0;
          let spent = false;
          try {
            withBudget({ steps: 1e9 }, () => model.evaluate({}), { now: () => ++reads, ms: 0, after, coldMs });
          } catch (e) {
            if (!(e instanceof SliceSpent)) throw e;
            spent = true;
          }
          expect({ spent, reads }).toEqual({ spent: n > spentRead * 2048, reads: Math.min(spentRead, Math.floor(n / 2048)) });
        },
      ),
      { numRuns: 80 },
    );
  });

  it("stops a cold evaluation whose clock runs past coldMs long before `after`", () => {
    const model = compiled({ d: "count(for i in 1..100000 return i)" });
    let reads = 0;
    const run = () => withBudget({ steps: 1e9 }, () => model.evaluate({}), { now: () => 10 * reads++, ms: 10, after: 50_000, coldMs: 40 });
    expect(run).toThrow(SliceSpent);
    // one read a 2,048 steps, the first at 0 ms, until 50 ms past it: 6
    expect(reads).toBe(6);
  });
});

describe("a string or list longer than the platform holds", () => {
  it("is the size limit, at the platform's length where the limit is larger", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.constantFrom("Invalid string length", "Invalid array length"),
        (size, message) => {
          const e = exceededLimit(new RangeError(message), 500, size);
          expect(e).toBeInstanceOf(BudgetExceeded);
          expect({ kind: e!.kind, limit: e!.limit }).toEqual({ kind: "size", limit: Math.min(size, LONGEST_STRING) });
        },
      ),
    );
    expect(exceededLimit(new RangeError("Maximum call stack size exceeded"), 500, 10)?.kind).toBe("depth");
    expect(exceededLimit(new RangeError("toFixed() digits argument must be between 0 and 100"), 500, 10)).toBeNull();
  });

  it("stops a string added to itself decision after decision under a size limit past the platform's", () => {
    const decisions: Record<string, string> = { s0: '"abcdefgh" + "i"' };
    for (let i = 1; i <= 27; i++) decisions[`s${i}`] = `s${i - 1} + s${i - 1}`;
    const model = compiled(decisions);
    let thrown: unknown;
    try {
      withBudget({ size: 1e12 }, () => model.evaluate({}));
    } catch (e) {
      thrown = e;
    }
    // 9 · 2^27 characters: past 2^29 - 24, whatever the size limit says (the platform's RangeError,
    // taken for the size limit and placed at its decision by the entry point)
    expect(exceededLimit(thrown, 500, 1e12)).toEqual(expect.objectContaining({ kind: "size", limit: LONGEST_STRING }));
    expect(exceededLimit(thrown, 500, 1e12)?.address).toMatch(/^decisions\.s\d+$/);
  });
});

describe("where a limit stopped the evaluation", () => {
  const caught = (run: () => unknown): BudgetExceeded => {
    try {
      run();
    } catch (e) {
      if (e instanceof BudgetExceeded) return e;
      throw e;
    }
    throw new Error("the evaluation ran to its end");
  };
  const LOOP = "count(for i in 1..1000000 return i)";

  it("a traced evaluation and an explanation name the decision (or let entry) being evaluated", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.nat(), (count, at) => {
        const looping = `d${at % count}`;
        const decisions: Record<string, string> = {};
        for (let i = 0; i < count; i++) decisions[`d${i}`] = `d${i}` === looping ? LOOP : `${i} * 2`;
        const model = compiled(decisions);
        const address = `decisions.${looping}`;
        expect(caught(() => withBudget({ steps: 10_000 }, () => model.evaluateTraced({}))).address).toBe(address);
        expect(caught(() => withBudget({ steps: 10_000 }, () => model.explain({}))).address).toBe(address);
      }),
      { numRuns: 10 },
    );
    const lets = compileUncached({ content: { name: "lets", inputs: {}, decisions: { d: { let: { a: "1", b: LOOP }, expr: "a + b" } } } });
    if (!lets.ok) throw new Error("the model does not compile");
    expect(caught(() => withBudget({ steps: 10_000 }, () => lets.model.explain({}))).address).toBe("decisions.d.let.b");
  });

  it("an untraced evaluation (the batch scorer's, uncertainty sampling's) names them too, as the explanation does", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.nat(), (count, at) => {
        const looping = `d${at % count}`;
        const decisions: Record<string, string> = {};
        for (let i = 0; i < count; i++) decisions[`d${i}`] = `d${i}` === looping ? LOOP : `${i} * 2`;
        const model = compiled(decisions);
        const address = `decisions.${looping}`;
        expect(caught(() => withBudget({ steps: 10_000 }, () => model.evaluate({}))).address).toBe(address);
        expect(caught(() => withBudget({ steps: 10_000 }, () => model.evaluate({}, { exactDecimals: true }))).address).toBe(address);
        expect(caught(() => withBudget({ steps: 10_000 }, () => model.evaluateToValues({}))).address).toBe(address);
      }),
      { numRuns: 10 },
    );
    const lets = compileUncached({ content: { name: "lets", inputs: {}, decisions: { d: { let: { a: "1", b: LOOP }, expr: "a + b" } } } });
    if (!lets.ok) throw new Error("the model does not compile");
    expect(caught(() => withBudget({ steps: 10_000 }, () => lets.model.evaluate({}))).address).toBe("decisions.d.let.b");
  });

  it("a stack overflow taken for the depth limit is placed too", () => {
    const functions = { f: { params: { n: "number" }, returns: "number", body: "if n = 0 then 0 else 1 + f(n - 1)" } };
    const model = compiled({ a: "1", r: "f(1000000) + a" }, functions);
    const e = caught(() => withBudget({ depth: 1_000_000 }, () => model.evaluateTraced({})));
    expect({ kind: e.kind, address: e.address }).toEqual({ kind: "depth", address: "decisions.r" });
  });
});
