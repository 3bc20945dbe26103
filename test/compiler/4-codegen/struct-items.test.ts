// Lists of items of a declared struct type: fields read by their declared position (rt.field) and
// filters counted without building their list (count(l[c])). Generated expressions over such a
// list run on generated states — fields in any order, missing or extra entries (named like a
// field or a built-in), values of the wrong kind, null items, a single item, an empty list, null —
// and must give what the reference interpreter gives, with the same problems and budget steps as
// the same work written so that no fast path applies.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached } from "../../../src/compiler/index.js";
import { parseExpression } from "../../../src/compiler/1-parse/feel/index.js";
import { fromJson } from "../../../src/runtime/json.js";
import { collectProblems } from "../../../src/runtime/problems.js";
import { BudgetExceeded, withBudget } from "../../../src/runtime/budget.js";
import type { Type } from "../../../src/ir/types.js";
import { evaluate as reference, Scope } from "../../support/reference/interpret.js";
import { same } from "../../support/reference/same.js";
import { formatValue } from "../../support/reference/show.js";
import { fromEngine } from "../../differential/from-engine.js";

const inputs = {
  rows: { type: [{ a: "number", b: "boolean", c: "string" }], desc: "rows" },
  n: { type: "number", desc: "n" },
};
const ROWS: Type = {
  kind: "list",
  element: {
    kind: "struct",
    fields: [
      ["a", { kind: "number" }],
      ["b", { kind: "boolean" }],
      ["c", { kind: "string" }],
    ],
  },
};

const test = fc.constantFrom("a > n", "a <= n", "b", "not(b)", "a > n and not(b)", 'c = "x"', "item.a > n", "b or a < n");
/** a condition, or a number that picks an item */
const condition = fc.oneof(test, fc.constantFrom("a", "n", "1", "-1"));
const expression = fc.oneof(
  // count() of an item picked by index is not compared: the reference has no singleton lists
  test.map((c) => `count(rows[${c}])`),
  condition.map((c) => `rows[${c}]`),
  condition.map((c) => `rows[${c}].a`),
  fc.constantFrom(
    "rows.a",
    "rows.c",
    "sum(rows.a)",
    "some r in rows satisfies r.a > n",
    "every r in rows satisfies r.b",
    "for r in rows return r.a",
    "for r in rows[a > n] return r.c",
    "rows[1].a",
    // a filter within a filter: an inner item without the field (or null) leaves it to the outer item
    "count(rows[count(rows[a > n]) > 1])",
    "rows[count(rows[a = n]) > 0]",
    "count(rows[count(rows[not(b)]) >= 1])",
    "for r in rows return count(rows[c = r.c and a > n])",
    "rows[count([1, 2, 3][item > a]) > 1]",
    "count(rows[count([n, 1][item < a and not(b)]) = 1])",
  ),
);

/** a value of another kind than the field's (a number in `b` would pick an item by index) */
const odd = fc.oneof(fc.constantFrom("3", "x", "", true, false, null), fc.constant({ a: 1 }));
/** the declared fields, entries named like a built-in or an input (`n`), and another */
const FIELDS = ["a", "b", "c", "not", "count", "n", "d"];
/** an item: some of the fields and extra entries, in any order, each of any kind (mostly the declared one) */
const item = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.shuffledSubarray(FIELDS, { minLength: 0 }),
        fc.integer({ min: -5, max: 5 }),
        fc.boolean(),
        fc.constantFrom("x", "y"),
        fc.array(odd, { minLength: FIELDS.length, maxLength: FIELDS.length }),
        fc.boolean(),
      )
      .map(([keys, a, b, c, others, typed]) => {
        const declared: Record<string, unknown> = { a, b, c };
        return Object.fromEntries(keys.map((k, i) => [k, typed && Object.hasOwn(declared, k) ? declared[k] : others[i]]));
      }),
  },
  { weight: 1, arbitrary: fc.constant(null) },
);
const rows = fc.oneof(
  { weight: 8, arbitrary: fc.array(item, { maxLength: 6 }) },
  { weight: 1, arbitrary: item },
  { weight: 1, arbitrary: fc.constant(null) },
);
const state = fc.record({ rows, n: fc.integer({ min: -3, max: 3 }) });

/** Decisions of type `any` (lenient models): the value as the expression gives it, not converted to an inferred type. */
const compile = (decisions: Record<string, string>, optimise = true) => {
  const typed = Object.fromEntries(Object.entries(decisions).map(([name, expr]) => [name, { type: "any", expr }]));
  const r = compileUncached({ content: { name: "struct items", inputs, decisions: typed } }, { optimise, strict: false });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error")));
  return r.model;
};

/**
 * The state read as the engine reads it (unchanged by the fast paths), as the reference's values.
 * The fields are also null outside the items: a filter reads a declared field that an item lacks,
 * of a null item, or of none (when it probes an empty list) as null.
 */
const referenceScope = (s: { rows: unknown; n: number }) =>
  Scope.of({
    a: null,
    b: null,
    c: null,
    rows: fromEngine(fromJson(s.rows, ROWS)),
    n: fromEngine(fromJson(s.n, { kind: "number" })),
  });

const referenceValue = (text: string, s: { rows: unknown; n: number }) => {
  const parsed = parseExpression(text, { names: Object.keys(inputs) });
  if (!parsed.value) throw new Error(`does not parse: ${text}`);
  return reference(parsed.value, referenceScope(s));
};

describe("items of a declared struct type", () => {
  it("give what the reference interpreter gives, fields in any order, extra, missing or of the wrong kind", () => {
    fc.assert(
      fc.property(
        fc.array(expression, { minLength: 1, maxLength: 6 }),
        fc.array(state, { minLength: 1, maxLength: 6 }),
        (texts, states) => {
          const model = compile(Object.fromEntries(texts.map((t, i) => [`r${i}`, t])));
          for (const s of states) {
            const got = model.evaluateToValues(s);
            texts.forEach((t, i) => {
              const [engine, expected] = [fromEngine(got[`r${i}`] ?? null), referenceValue(t, s)];
              expect(
                same(engine, expected),
                `${t} on ${JSON.stringify(s)}: ${formatValue(engine)}, the reference ${formatValue(expected)}`,
              ).toBe(true);
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("read fields by their declared position (the code says so), and count a filter without its list", () => {
    const source = compile({ k: "count(rows[a > n and b])", s: "sum(rows.a)" }).source.split("function explain(")[0]!;
    expect(source).toContain("rt.field(it");
    // an input's list summed from its raw items' doubles, field `a` at its declared position 0
    expect(source).toMatch(/rt\.rawAggregate\(\(a\d+ \?\? A\d+\(\)\), [^)]*, 0, "a", "sum", p\d+\)/);
    expect(source).toContain("rt.countOf(");
    expect(source).not.toContain("rt.member(");
  });

  /** A model's run under a step limit: decision out, or the limit it stopped at; and the problems reported. */
  const run = (model: ReturnType<typeof compile>, s: object, steps: number) =>
    collectProblems(() => {
      try {
        return formatValue(fromEngine(withBudget({ steps }, () => model.evaluateToValues(s as Record<string, unknown>)).out ?? null));
      } catch (e) {
        if (e instanceof BudgetExceeded) return `stopped: ${e.kind}`;
        throw e;
      }
    });

  it("count(l[c]) charges the steps and reports the problems of count() of the filter's list", () => {
    fc.assert(
      fc.property(condition, state, fc.integer({ min: 0, max: 20 }), (c, s, steps) => {
        // at -O0 `if true then l else null` stays: count() is given the filter's list
        const fused = compile({ out: `count(rows[${c}])` }, false);
        const apart = compile({ out: `count(if true then rows[${c}] else null)` }, false);
        expect(fused.source).toContain("rt.countOf(");
        expect(apart.source).not.toContain("rt.countOf(");
        expect(run(fused, s, steps)).toEqual(run(apart, s, steps));
      }),
      { numRuns: 300 },
    );
    const counted = compile({ out: "count(rows[a > n])" });
    expect(run(counted, { rows: [{ a: 1 }, { c: "x", a: 2 }, null], n: 0 }, 100).result).toBe("number(2)");
    // three items tried, then count() of the two kept: 3 + 1 + 2 steps
    expect(run(counted, { rows: [{ a: 1 }, { a: 2 }, { a: 0 }], n: 0 }, 5).result).toBe("stopped: steps");
    expect(run(counted, { rows: [{ a: 1 }, { a: 2 }, { a: 0 }], n: 0 }, 6).result).toBe("number(2)");
  });
});
