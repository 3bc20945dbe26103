// Comparisons of arithmetic decided in certified doubles (optimise/certify.ts, runtime/certified.ts
// certCompare): random comparisons of quotients, powers and loops over small integers, thirds and
// rates, where the two sides are often exactly equal as decimals (a / b = c / d), equal as doubles
// but not as decimals (a / 3 * 3 against a), a hair apart (1e-30) or not numbers at all, must give
// what the unoptimised module gives: the same values and the same problems. (A certified loop
// charges one step a pass, as for roundings, where the exact `sum(for ...)` also charges the list
// it builds: only a comparison the doubles decline costs the budget what the exact path costs.)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached } from "../../../src/compiler/index.js";
import { BudgetExceeded, withBudget } from "../../../src/runtime/budget.js";
import { collectProblems } from "../../../src/runtime/problems.js";
import { formatValue } from "../../support/reference/show.js";
import { fromEngine } from "../../differential/from-engine.js";

const inputs = Object.fromEntries(["a", "b", "c", "d", "r", "n"].map((x) => [x, { type: "number", desc: x }]));
const listInput = { l: { type: ["number"], desc: "l" } };

const op = fc.constantFrom("<", "<=", ">", ">=", "=", "!=");
/** Sides of a comparison: arithmetic the doubles work out, some of it slow on decimals. */
const side = fc.constantFrom(
  "a / b",
  "c / d",
  "a / 3 * 3",
  "a",
  "c",
  "a / 7 + b",
  "(1 + r) ** n",
  "(1 + r) ** -n",
  "a * r / (1 - (1 + r) ** -n)",
  "a + r",
  "sum(for i in 1..n return a / (1 + r) ** i)",
  "sum(for x in l return x / 3)",
  "count(l) / 3",
  "0.1 + 0.2",
  "0.3",
  "1 / 3",
);

const compile = (decisions: Record<string, string>, optimise: boolean) => {
  const typed = Object.fromEntries(Object.entries(decisions).map(([name, expr]) => [name, { type: "any", expr }]));
  const r = compileUncached(
    { content: { name: "certified comparisons", inputs: { ...inputs, ...listInput }, decisions: typed } },
    { optimise, strict: false },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error")));
  return r.model;
};

const values = (model: ReturnType<typeof compile>, s: object) => {
  try {
    const out = withBudget({ steps: 1e6 }, () => model.evaluateToValues(s as Record<string, unknown>));
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, formatValue(fromEngine(v ?? null))]));
  } catch (e) {
    if (e instanceof BudgetExceeded) return `stopped: ${e.kind}`;
    throw e;
  }
};

const small = fc.oneof(fc.integer({ min: -6, max: 6 }), fc.constantFrom(0.5, 1.5, 1e-30, "1e-30", null, "x"));
const state = fc.record({
  a: small,
  b: small,
  c: small,
  d: small,
  r: fc.constantFrom(0, 0.05, 0.1, 1e-30, -1, "0.0000000000000000000000000000001", null),
  n: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom(-2, 2.5, null)),
  l: fc.oneof(fc.array(small, { maxLength: 5 }), fc.constantFrom(null, 3)),
});

describe("certified comparisons", () => {
  it("give what the unoptimised module gives: values and problems", () => {
    let certified = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(side, op, side), { minLength: 1, maxLength: 4 }),
        fc.array(state, { minLength: 1, maxLength: 8 }),
        (comparisons, states) => {
          const decisions = Object.fromEntries(
            comparisons.map(([x, o, y], i) => [`q${i}`, i % 2 === 0 ? `${x} ${o} ${y}` : `if ${x} ${o} ${y} then 1 else 2`]),
          );
          const [fast, plain] = [compile(decisions, true), compile(decisions, false)];
          expect(plain.source).not.toContain("rt.certCompare(");
          if (fast.source.includes("rt.certCompare(")) certified++;
          for (const s of states) {
            const what = `${JSON.stringify(decisions)} on ${fc.stringify(s)}`;
            expect(
              collectProblems(() => values(fast, s)),
              what,
            ).toEqual(collectProblems(() => values(plain, s)));
          }
        },
      ),
      { numRuns: 200 },
    );
    expect(certified).toBeGreaterThan(100);
  });

  it("decide in doubles only where the bounds keep the sides apart", () => {
    const model = compile({ equal: "a / 3 * 3 = a", below: "a / 3 * 3 < a", apart: "a / 7 + b < c" }, true);
    expect(model.source).toContain("rt.certCompare(");
    // 1 / 3 × 3 is 0.999… (34 nines) in FEEL, exactly 1 in doubles: the decimals decide
    expect(model.evaluate({ a: 1, b: 0, c: 0 })).toEqual({ equal: false, below: true, apart: false });
    expect(model.evaluate({ a: 7, b: 2, c: 3 })).toEqual({ equal: false, below: true, apart: false });
    expect(model.evaluate({ a: 0, b: 2, c: 2.0000000001 })).toEqual({ equal: true, below: false, apart: true });
  });
});
