// Unary tests (table cells, the right side of `in`) as three-valued SQL over the value under test,
// as runtime/unary-tests.ts and codegen/unary-tests.ts judge them. SQL's OR and NOT are Kleene's,
// which is FEEL's "any of" and `not(...)`: true if a test is true, null if one is null, else false.
import type { Expr, RangeLit, UnaryTest, UnaryTests } from "../../ir/feel-ast.js";
import { equals, not, notEquals, ordered, TRUE, type Ordering } from "./compare.js";
import { unsupported, type SqlContext } from "./context.js";
import { lowerExpr, type SqlScope } from "./expressions.js";
import { rangeOfText } from "./range-text.js";
import { listMember } from "./lists.js";
import { deeper, type SqlValue } from "./values.js";

const bool = (sql: string, ...from: SqlValue[]): SqlValue => ({ sql, kind: "boolean", depth: deeper(...from) });

/** Kleene AND / OR of booleans. */
export const allOf = (parts: SqlValue[]): SqlValue =>
  parts.length === 0 ? TRUE : parts.length === 1 ? parts[0]! : bool(`(${parts.map((p) => p.sql).join(" AND ")})`, ...parts);
export const anyOf = (parts: SqlValue[]): SqlValue =>
  parts.length === 1 ? parts[0]! : bool(`(${parts.map((p) => p.sql).join(" OR ")})`, ...parts);

/** A value with the ordered levels its static type gives it (ranks decide its order). */
const withLevels = (v: SqlValue, levels: string[] | undefined): SqlValue => (levels && v.kind === "string" ? { ...v, levels } : v);

/** `x` inside a range written with its endpoints (runtime/ranges.ts `inRange`). */
function inRange(x: SqlValue, r: RangeLit, scope: SqlScope, cx: SqlContext, levels?: string[]): SqlValue {
  if (r.test) throw unsupported(cx, `a range written as \`${r.test}e\``, r.span);
  const ends: [Expr | null, Ordering][] = [
    [r.start, r.startIncluded ? ">=" : ">"],
    [r.end, r.endIncluded ? "<=" : "<"],
  ];
  const written = ends.filter(([e]) => e !== null);
  // With one endpoint written, a null endpoint value means "unbounded", not null: only literals here.
  if (written.length === 1 && !["number", "string", "temporal"].includes(written[0]![0]!.kind))
    throw unsupported(cx, "a range with one endpoint that may be null", r.span);
  return allOf(written.map(([e, op]) => ordered(op, x, withLevels(lowerExpr(e!, scope, cx), levels), cx)));
}

/** A list of literals as a test: the input is one of its items (true or false, never null). */
function member(x: SqlValue, items: Expr[], scope: SqlScope, cx: SqlContext, levels?: string[]): SqlValue {
  const parts = items.map((item) =>
    item.kind === "range" ? inRange(x, item, scope, cx, levels) : equals(x, withLevels(lowerExpr(item, scope, cx), levels), cx),
  );
  return parts.length === 0 ? bool("FALSE") : bool(`(${parts.map((p) => `COALESCE(${p.sql}, FALSE)`).join(" OR ")})`, ...parts);
}

function unaryTest(test: UnaryTest, x: SqlValue, scope: SqlScope, cx: SqlContext, levels?: string[]): SqlValue {
  switch (test.kind) {
    case "compare": {
      const value = withLevels(lowerExpr(test.value, scope, cx), levels);
      if (test.op === "=") return equals(x, value, cx);
      if (test.op === "!=") return notEquals(x, value, cx);
      return ordered(test.op, withLevels(x, levels), value, cx);
    }
    case "range":
      return inRange(withLevels(x, levels), test.range, scope, cx, levels);
    case "expr": {
      const spelt = rangeOfText(test.value);
      if (spelt) return unaryTest({ kind: "expr", value: spelt, span: test.span }, x, scope, cx, levels);
      if (usesInputValue(test.value)) {
        const v = lowerExpr(test.value, { ...scope, input: x }, cx);
        if (v.kind !== "boolean" && v.kind !== "null") throw unsupported(cx, "a test with `?` that is not a condition", test.span);
        return v;
      }
      if (test.value.kind === "list") return member(x, test.value.items, scope, cx, levels);
      if (test.value.kind === "range") return inRange(withLevels(x, levels), test.value, scope, cx, levels);
      const value = lowerExpr(test.value, scope, cx);
      if (value.kind === "list") return listMember(x, value, cx, test.span);
      if (!["number", "string", "boolean", "date", "null"].includes(value.kind))
        throw unsupported(cx, "a test against a value that may be a list or a range", test.span);
      return equals(x, value, cx);
    }
  }
}

/** A whole cell or `in` test: any of its tests, or `not(...)` of them. */
export function unaryTests(tests: UnaryTests, x: SqlValue, scope: SqlScope, cx: SqlContext, levels?: string[]): SqlValue {
  if (tests.kind === "any") return TRUE;
  const any = anyOf(tests.tests.map((t) => unaryTest(t, x, scope, cx, levels)));
  return tests.kind === "not" ? not(any) : any;
}

/** Whether `?` appears in the expression. */
function usesInputValue(node: unknown): boolean {
  if (!node || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(usesInputValue);
  const n = node as Record<string, unknown>;
  if (n.kind === "input-value") return true;
  return Object.entries(n).some(([k, v]) => k !== "type" && k !== "span" && k !== "ref" && usesInputValue(v));
}
