// Unary tests (table cells, the right side of `in`) → three-valued JS expressions over the
// value under test.
import type { Expr, UnaryTest, UnaryTests } from "../../ir/feel-ast.js";
import type { Type } from "../../ir/types.js";
import { COMPARE_OPS, emitExpr, type ExprContext } from "./expr.js";
import type { Scope } from "./scope.js";

export const ORDERING = { "<": true, "<=": true, ">": true, ">=": true };

/** The ordered levels of a type, when values of it compare by rank. */
export const levelsOf = (t: Type | undefined): string[] | undefined => (t?.kind === "levels" ? t.values : undefined);

/**
 * A single test as a three-valued JS expression (true/false/null) over the input `x`;
 * `levels` when the input is of an ordered-levels type.
 */
export function emitUnaryTestTri(test: UnaryTest, x: string, scope: Scope, cx: ExprContext, levels?: string[]): string {
  switch (test.kind) {
    case "compare":
      if (levels && Object.hasOwn(ORDERING, test.op))
        return `rt.rankCompare(${cx.em.data("L", levels)}, ${cx.em.lit(test.op)}, ${x}, ${emitExpr(test.value, scope, cx)})`;
      return `rt.${COMPARE_OPS[test.op]}(${x}, ${emitExpr(test.value, scope, cx)})`;
    case "range": {
      const r = test.range;
      if (levels) {
        const [start, end] = [r.start ? emitExpr(r.start, scope, cx) : "null", r.end ? emitExpr(r.end, scope, cx) : "null"];
        return `rt.rankInRange(${cx.em.data("L", levels)}, ${x}, ${r.startIncluded}, ${start}, ${end}, ${r.endIncluded})`;
      }
      return `rt.inRange(${x}, ${emitExpr(r, scope, cx)})`;
    }
    case "expr": {
      if (usesInputValue(test.value)) return emitExpr(test.value, scope.child({ input: x }), cx);
      return `rt.testValue(${x}, ${emitExpr(test.value, scope, cx)})`;
    }
  }
}

/** A cell as a three-valued JS expression. */
export function emitUnaryTestsTri(tests: UnaryTests, x: string, scope: Scope, cx: ExprContext, levels?: string[]): string {
  if (tests.kind === "any") return "true";
  const parts = tests.tests.map((t) => emitUnaryTestTri(t, x, scope, cx, levels));
  const anyOf = parts.length === 1 ? parts[0]! : `rt.anyTrue([${parts.join(", ")}])`;
  return tests.kind === "not" ? `rt.not(${anyOf})` : anyOf;
}

/**
 * `x in (tests)` as a three-valued JS expression over `x` (a JS identifier). Tests that are all
 * string literals are a string's equality with them: a string equals a string literal exactly when
 * it is that string (code points compare as code units do); any other value takes the general
 * tests, which say null or report the comparison. (A table's cells have their own paths for strings.)
 */
export function emitMembership(tests: UnaryTests, x: string, scope: Scope, cx: ExprContext, levels?: string[]): string {
  const general = emitUnaryTestsTri(tests, x, scope, cx, levels);
  const strings = tests.kind === "any" ? undefined : stringsEqualled(tests.tests);
  if (!strings) return general;
  const some = strings.map((s) => `${x} === ${JSON.stringify(s)}`).join(" || ");
  return `(typeof ${x} === "string" ? ${tests.kind === "not" ? "!" : ""}(${some}) : ${general})`;
}

/** The value a test is equality with (`e`, `= e`), or undefined for a comparison or a range. */
export const equalled = (t: UnaryTest): Expr | undefined =>
  t.kind === "range" || (t.kind === "compare" && t.op !== "=") ? undefined : t.value;

/** The strings of tests that are each equality with a string literal (`"a"`, `= "a"`), else undefined. */
function stringsEqualled(tests: readonly UnaryTest[]): string[] | undefined {
  const strings: string[] = [];
  for (const t of tests) {
    const v = equalled(t);
    if (v?.kind !== "string") return undefined;
    strings.push(v.value);
  }
  return strings;
}

/** True when the expression mentions `?` outside nested unary tests. */
function usesInputValue(node: Expr): boolean {
  let found = false;
  walk(node, (n) => {
    if (n.kind === "input-value") found = true;
  });
  return found;
}

function walk(node: unknown, visit: (n: Expr) => void): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
    return;
  }
  const n = node as Record<string, unknown>;
  if (typeof n.kind === "string" && "span" in n) visit(n as unknown as Expr);
  for (const [k, v] of Object.entries(n)) if (k !== "type" && k !== "span" && k !== "ref") walk(v, visit);
}
