// The running total `sum(sublist(l, 1, n))` from kept prefix sums answers what the two built-ins
// answer, with the same problems and the same budget, whatever the order of the calls.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runningTotals, sumOfPrefix } from "../../src/runtime/prefix-sums.js";
import {
  BudgetExceeded,
  builtin,
  collectProblems,
  iterRange,
  num,
  positional,
  tick,
  toJson,
  withBudget,
  type FeelValue,
} from "../../src/runtime/index.js";

const sublist = positional(builtin("sublist"), 3);
const sum = positional(builtin("sum"), 1);
const count = positional(builtin("count"), 1);
const ONE = num("1");

const reference = (l: FeelValue, n: FeelValue) => sum(sublist(l, ONE, n));
const kept = (l: FeelValue, n: FeelValue) => sumOfPrefix(l, ONE, n, sublist, sum);

/** The least step limit (or size limit) under which `f` runs without exceeding the budget. */
function leastLimit(kind: "steps" | "size", f: () => unknown): number {
  let [low, high] = [0, 1 << 16];
  while (low < high) {
    const mid = (low + high) >> 1;
    try {
      withBudget({ [kind]: mid }, f);
      high = mid;
    } catch (e) {
      if (!(e instanceof BudgetExceeded)) throw e;
      low = mid + 1;
    }
  }
  return low;
}

const item = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }).map((c) => num((c / 100).toFixed(2))) },
  { weight: 2, arbitrary: fc.constantFrom(num("0.1"), num("1e-30"), num("123456789012345678901234567890.5"), num("-0")) },
  { weight: 1, arbitrary: fc.constantFrom<FeelValue>(null, "x") },
);
const length = fc.oneof(
  fc.integer({ min: -2, max: 32 }).map((n) => num(String(n))),
  fc.constantFrom<FeelValue>(num("2.5"), null, "3"),
);

describe("sums of prefixes", () => {
  it("answer as sum(sublist(l, 1, n)) does, with the same problems, over any order of calls on lists old and new", () => {
    const lists = fc.array(fc.array(item, { maxLength: 30 }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(lists, fc.array(fc.tuple(fc.nat(), length), { minLength: 1, maxLength: 40 }), (ls, calls) => {
        for (const [which, n] of calls) {
          const l = ls[which % ls.length]!;
          const want = collectProblems(() => reference(l, n));
          const got = collectProblems(() => kept(l, n));
          expect(toJson(got.result)).toEqual(toJson(want.result));
          expect(got.problems).toEqual(want.problems);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("charge the budget what the two built-ins charge", () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 30 }), length, (l, n) => {
        for (const kind of ["steps", "size"] as const)
          expect(leastLimit(kind, () => kept(l, n))).toBe(leastLimit(kind, () => reference(l, n)));
      }),
      { numRuns: 200 },
    );
  });
});

/** `for i in 1..count(l) return sum(sublist(l, 1, i))` as the unoptimised code runs it. */
function loopOfTotals(l: FeelValue): FeelValue {
  const range = iterRange(ONE, count(l));
  if (range === null) return null;
  const totals: FeelValue[] = [];
  for (const i of range) {
    tick();
    totals.push(reference(l, i));
  }
  return totals;
}

describe("running totals in one pass", () => {
  const lists = fc.oneof(
    { weight: 6, arbitrary: fc.array(item, { maxLength: 30 }) },
    {
      weight: 3,
      arbitrary: fc.array(
        item.filter((x) => x !== null && typeof x !== "string"),
        { minLength: 1, maxLength: 30 },
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom<FeelValue>([], null, num("5"), "x", [null], [num("1"), "x"]) },
  );

  it("are the loop's totals, or left to the loop: never for a non-empty list of numbers", () => {
    fc.assert(
      fc.property(lists, (l) => {
        const got = collectProblems(() => runningTotals(l));
        const want = collectProblems(() => loopOfTotals(l));
        const numbers = Array.isArray(l) && l.length > 0 && l.every((x) => x !== null && typeof x !== "string");
        expect(got.result === undefined).toBe(!numbers);
        if (got.result === undefined) return;
        expect(toJson(got.result)).toEqual(toJson(want.result));
        expect(got.problems).toEqual([]);
        expect(want.problems).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it("charge the budget what the loop charges", () => {
    fc.assert(
      fc.property(
        fc.array(
          item.filter((x) => x !== null && typeof x !== "string"),
          { minLength: 1, maxLength: 30 },
        ),
        (l) => {
          for (const kind of ["steps", "size"] as const)
            expect(leastLimit(kind, () => runningTotals(l))).toBe(leastLimit(kind, () => loopOfTotals(l)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("stop at the limit the loop stops at, under limits of both steps and size", () => {
    const outcome = (f: () => unknown, steps: number, size: number) => {
      try {
        withBudget({ steps, size }, f);
        return "done";
      } catch (e) {
        if (!(e instanceof BudgetExceeded)) throw e;
        return e.kind;
      }
    };
    const numbers = fc.array(
      item.filter((x) => x !== null && typeof x !== "string"),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(numbers, fc.nat({ max: 2000 }), fc.nat({ max: 500 }), (l, steps, size) => {
        expect(outcome(() => runningTotals(l), steps, size)).toBe(outcome(() => loopOfTotals(l), steps, size));
      }),
      { numRuns: 500 },
    );
  });
});
