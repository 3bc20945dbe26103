// A range loop `for v in a..b` whose body and later iterations do not read v walks passes made of
// nothing (runtime/access.ts iterPasses), not a decimal for each integer: the loops answer what the
// reference interpreter and the unoptimised module answer, on random ranges (integers either way,
// an input's list's length) and bodies that read the variable or not, nested loops whose inner
// range reads an outer variable among them; and each costs the steps of the same loop reading its
// variable. Dates and endpoints that are neither (null with a problem) are compared with iterRange
// itself: the reference interpreter reads them otherwise.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached } from "../../../src/compiler/index.js";
import { iterPasses, iterRange } from "../../../src/runtime/access.js";
import { BudgetExceeded, collectProblems, withBudget, type FeelValue } from "../../../src/runtime/index.js";
import { expressionOf, inputState } from "../../support/generate/expressions.js";
import { threeWays } from "../../differential/three-ways.js";
import { n, t } from "../../runtime/helpers.js";

const part = expressionOf("number", 1);
const range = fc.constantFrom("1..3", "3..1", "0..0", "-2..y", "y..2", "1..count(xs)", "1..70");
const body = fc.tuple(part, fc.nat(4)).map(([p, shape]) => [p, `(${p}) + v`, `${p} > 1`, "x", `if b then ${p} else 0`][shape]!);
const loop = fc.oneof(
  fc.tuple(range, body).map(([r, b]) => `for v in ${r} return ${b}`),
  fc.tuple(fc.constantFrom("sum", "count", "min"), range, body).map(([f, r, b]) => `${f}(for v in ${r} return ${b})`),
  // the inner range reads the outer variable; the inner variable is read or not
  fc.tuple(body, fc.boolean()).map(([b, readsOuter]) => `for w in 1..2, v in w..3 return ${readsOuter ? `[${b}, w]` : b}`),
  fc.tuple(range, body).map(([r, b]) => `for v in ${r} return for w in 1..2 return ${b}`),
);

const passes = (it: Iterable<FeelValue> | null, most: number): number | null => {
  if (it === null) return null;
  let k = 0;
  for (const _ of it) if (++k >= most) break;
  return k;
};

describe("range loops whose variable is not read", () => {
  it("answer what the reference and the unoptimised module answer", () => {
    fc.assert(
      fc.property(fc.array(loop, { minLength: 1, maxLength: 6 }), fc.array(inputState, { minLength: 1, maxLength: 3 }), (texts, states) => {
        const found = threeWays(texts, states);
        expect(found.map((d) => `${d.text} on ${JSON.stringify(d.state)}: ${d.why}`)).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });

  it("give as many passes as the range has values, and null with the same problem where it has none", () => {
    const integer = fc.oneof(
      fc.integer({ min: -1100, max: 1100 }),
      fc.constantFrom(Number.MAX_SAFE_INTEGER - 2, -Number.MAX_SAFE_INTEGER + 1),
    );
    const end = fc.oneof(
      integer.map((i) => n(i)),
      integer.map((i) => n(`${i}.00`)),
      fc.constantFrom<FeelValue>(n("1.5"), n("1e30"), null, "1", true, t("2024-02-27"), t("2024-03-02"), t("2023-12-30")),
    );
    fc.assert(
      fc.property(end, end, (a, b) => {
        const most = 3000;
        expect(collectProblems(() => passes(iterPasses(a, b), most))).toEqual(collectProblems(() => passes(iterRange(a, b), most)));
      }),
      { numRuns: 2000 },
    );
  });

  it("walk passes of nothing only where nothing reads the variable, at the steps of a loop that reads it", () => {
    const model = (decision: string) => {
      const r = compileUncached({
        content: { name: "passes", inputs: { a: { type: "number", desc: "a" } }, decisions: { r: decision } },
      });
      if (!r.ok) throw new Error("does not compile");
      return r.model;
    };
    expect(model("sum(for i in 1..a return 2)").source).toContain("rt.iterPasses(");
    expect(model("sum(for i in 1..a return 2 + i)").source).not.toContain("rt.iterPasses(");
    const nested = model("for i in 1..a, j in i..3 return 1").source;
    expect(nested).toContain("rt.iterPasses(");
    expect(nested).toContain("rt.iterRange(");
    const cost = (m: ReturnType<typeof model>, a: number) => {
      for (let steps = 0; ; steps++) {
        try {
          withBudget({ steps }, () => m.evaluate({ a }));
          return steps;
        } catch (e) {
          if (!(e instanceof BudgetExceeded)) throw e;
        }
      }
    };
    // a name costs no step: the loop reading its variable costs what the loop of a literal costs
    const [unread, read] = [model("for i in 1..a return 2"), model("for i in 1..a return i")];
    expect(unread.source).toContain("rt.iterPasses(");
    for (const a of [1, 5, 40, 70, 1030]) {
      expect(cost(unread, a)).toBe(cost(read, a));
      expect(unread.evaluate({ a })).toEqual({ r: Array.from({ length: a }, () => 2) });
    }
  });
});
