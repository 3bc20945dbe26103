// A decision's list or struct is held to its declared type and written out to JSON by walks made
// once per type (runtime/types.ts `conformer`, runtime/declared.ts, runtime/json.ts `toJsonAs`).
// Over random lists of structs (fields in order or not, missing, extra or of another kind, numbers
// outside a constraint, nested structs and lists, module constants, and parts shared so that the
// value written out doubles at each level), each walk must give what the part-by-part path gives
// (`coerceArgument` then each constraint tested part by part; `toJson`): the same answer with the
// same steps and size charged, or the same refusal, under small budgets as under none. A value past
// the budget is refused at the same limit, never walked further.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Constraint, Type } from "../../src/ir/types.js";
import { spentSoFar, tick, withBudget } from "../../src/runtime/budget.js";
import { Decimal } from "../../src/runtime/decimal.js";
import { constrainedParts, type ConstraintTest, DeclaredResultError, declared } from "../../src/runtime/declared.js";
import { toFeelString } from "../../src/runtime/format.js";
import { constant, fromJson, toJson, toJsonAs } from "../../src/runtime/json.js";
import { coerceArgument } from "../../src/runtime/types.js";
import { FeelContext, type FeelValue } from "../../src/runtime/values.js";
import { structJson } from "../support/struct-json.js";

/** A constraint whose test charges a step at each call, so a test called twice shows in the steps. */
const limited = (text: string, holds: (x: number) => boolean): { type: Type; test: ConstraintTest } => ({
  type: { kind: "number", constraint: { text } as Constraint },
  test: (v) => (tick(1), v instanceof Decimal ? holds(v.toNumber()) : null),
});
const CONSTRAINED = [limited(">= 0", (x) => x >= 0), limited("[0..6]", (x) => x >= 0 && x <= 6), limited("> 1", (x) => x > 1)];

const SCALARS: Type[] = [{ kind: "number" }, { kind: "string" }, { kind: "boolean" }, { kind: "choice", values: ["card", "loan"] }];

/** A struct type of 1–4 fields: scalars, constrained numbers, lists of numbers, a struct of numbers. */
const fieldType: fc.Arbitrary<Type> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SCALARS) },
  { weight: 3, arbitrary: fc.constantFrom(...CONSTRAINED.map((c) => c.type)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...CONSTRAINED.map((c) => c.type), SCALARS[0]!).map((element): Type => ({ kind: "list", element })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...CONSTRAINED.map((c) => c.type), SCALARS[0]!).map((x): Type => ({ kind: "struct", fields: [["x", x]] })),
  },
);
const structType: fc.Arbitrary<Type> = fc
  .uniqueArray(fc.constantFrom("kind", "balance", "limit", "months", "__proto__", "a b"), { minLength: 1, maxLength: 4 })
  .chain((names) => fc.tuple(...names.map((name) => fieldType.map((t): [string, Type] => [name, t]))))
  .map((fields): Type => ({ kind: "struct", fields }));
const listType = structType.map((element): Type => ({ kind: "list", element }));

/** JSON of a value of `t`, or near it: another kind, out of a constraint, a field missing or extra, a bare struct for a list. */
function jsonOf(t: Type): fc.Arbitrary<unknown> {
  const near = fc.oneof(fc.constant(null), fc.integer({ min: -3, max: 9 }), fc.constantFrom("card", "x", true, 7.5));
  switch (t.kind) {
    case "list":
      return fc.oneof({ weight: 6, arbitrary: fc.array(jsonOf(t.element), { maxLength: 5 }) }, { weight: 1, arbitrary: jsonOf(t.element) });
    case "struct":
      return structJson(t, jsonOf, near, 6);
    case "number":
      return fc.oneof({ weight: 8, arbitrary: fc.integer({ min: -2, max: 9 }) }, { weight: 1, arbitrary: near });
    case "boolean":
      return fc.oneof({ weight: 8, arbitrary: fc.boolean() }, { weight: 1, arbitrary: near });
    case "choice":
      return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...t.values) }, { weight: 1, arbitrary: near });
    default:
      return fc.oneof({ weight: 8, arbitrary: fc.string({ maxLength: 3 }) }, { weight: 1, arbitrary: near });
  }
}

/** The FEEL value of a state's JSON: read by its type (contexts of fields in order), untyped (contexts of a map), or made a module constant. */
const valueOf = (json: unknown, t: Type, how: "typed" | "untyped" | "constant"): FeelValue =>
  how === "typed" ? fromJson(json, t) : how === "untyped" ? fromJson(json) : constant(fromJson(json, t));

const SHOWN = 120;
const shown = (v: FeelValue): string => {
  const text = typeof v === "string" ? JSON.stringify(v) : toFeelString(v);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
};

/** The part-by-part path: the conversion, then each part's test, depth first, each path written as it goes. */
function partByPart(v: FeelValue, t: Type, tests: readonly ConstraintTest[]): FeelValue {
  if (v === null) return null;
  const c = coerceArgument(v, t);
  if (!c.ok) throw new DeclaredResultError("d", "T", `it is ${shown(v)}`);
  if (tests.length === 0) return c.value;
  const byPart = new Map<Type, ConstraintTest>(constrainedParts(t).map((part, i) => [part, tests[i]!]));
  const broken = (x: FeelValue, p: Type, where: string): string | null => {
    if (x === null || x === undefined) return null;
    const test = byPart.get(p);
    if (test && test(x) !== true)
      return where === ""
        ? `it is ${shown(x)}`
        : `${where}${shown(x)} is not ${p.kind} ${(p as { constraint: Constraint }).constraint.text}`;
    if (p.kind === "list" && Array.isArray(x))
      for (let i = 0; i < x.length; i++) {
        const why = broken(x[i]!, p.element, `${where}item ${i + 1}: `);
        if (why !== null) return why;
      }
    if (p.kind === "struct" && x instanceof FeelContext)
      for (const [name, field] of p.fields) {
        const why = broken(x.get(name), field, `${where}${name}: `);
        if (why !== null) return why;
      }
    return null;
  };
  const why = broken(c.value, t, "");
  if (why !== null) throw new DeclaredResultError("d", "T", why);
  return c.value;
}

/** What a call gives under a budget: its answer as JSON and what it charged, or the refusal. */
function outcome(limits: { steps: number; size: number }, f: () => unknown): unknown {
  try {
    return withBudget(limits, () => ({ answer: JSON.stringify(f()), spent: spentSoFar() }));
  } catch (e) {
    if (e instanceof DeclaredResultError) return { refused: e.code, reason: e.reason };
    const { name, kind, limit } = e as { name: string; kind?: string; limit?: number };
    if (name !== "BudgetExceeded") throw e;
    return { refused: name, kind, limit };
  }
}

const testsOf = (t: Type): ConstraintTest[] => constrainedParts(t).map((part) => CONSTRAINED.find((c) => c.type === part)!.test);
const limits = fc.record({
  steps: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant(Infinity)),
  size: fc.oneof(fc.integer({ min: 0, max: 400 }), fc.constant(Infinity)),
});

/** `{a: x, b: x}` `depth` times over one struct: the value written out doubles at each level, its parts shared. */
function doubled(depth: number, leaf: Type, value: FeelValue): { t: Type; v: FeelValue } {
  let t = leaf;
  let v = value;
  for (let i = 0; i < depth; i++) {
    t = {
      kind: "struct",
      fields: [
        ["a", t],
        ["b", t],
      ],
    };
    v = FeelContext.fromArrays(["a", "b"], [v, v]);
  }
  return { t: { kind: "list", element: t }, v: [v, v] };
}

describe("a list of structs held to its type and written out by walks made once per type", () => {
  it("gives the part-by-part answer, charges and refusal", () => {
    fc.assert(
      fc.property(
        listType.chain((t) =>
          fc.record({ t: fc.constant(t), json: jsonOf(t), how: fc.constantFrom("typed", "untyped", "constant"), limits }),
        ),
        ({ t, json, how, limits }) => {
          const tests = testsOf(t);
          // each path is given its own copy: the conformance both remember must not let one path skip work for the other
          const fast = outcome(limits, () => toJsonAs(declared(valueOf(json, t, how), t, "d", "T", tests), t));
          const general = outcome(limits, () => toJson(partByPart(valueOf(json, t, how), t, tests)));
          expect(fast).toEqual(general);
        },
      ),
      { numRuns: 600 },
    );
  });

  it("refuses a value that doubles at each level at the same limit, without walking it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 16, max: 26 }),
        fc.constantFrom(...CONSTRAINED, null),
        fc.integer({ min: -1, max: 3 }),
        fc.integer({ min: 100, max: 5_000 }),
        (depth, leaf, n, size) => {
          const leafType: Type = { kind: "struct", fields: [["n", leaf?.type ?? { kind: "number" }]] };
          const { t, v } = doubled(depth, leafType, FeelContext.fromArrays(["n"], [new Decimal(n)]));
          const tests = leaf === null ? [] : [leaf.test];
          // a few steps a level: conformance is walked once per shared part and charges nothing,
          // while a constraint's test, called once per path, runs out of steps on both paths alike
          const budget = { steps: 4 * depth, size };
          const kept = outcome(budget, () => declared(v, t, "d", "T", tests) === v);
          expect(kept).toEqual(outcome(budget, () => partByPart(v, t, tests) === v));
          expect(outcome(budget, () => toJsonAs(v, t))).toEqual(outcome(budget, () => toJson(v)));
          expect(outcome(budget, () => toJsonAs(v, t))).toMatchObject({ refused: "BudgetExceeded", kind: "size", limit: size });
        },
      ),
      { numRuns: 40 },
    );
  });
});
