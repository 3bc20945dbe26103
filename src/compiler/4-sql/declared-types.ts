// A strict model's decision held to the constraints of its declared type (`number >= 0`, a list of
// `number >= 0`, a context with a field `string "EUR","USD"`), tested in the query as the runtime's
// declared.ts tests the value: each constrained part (the value itself, each item of a list, each
// field of a context, at any depth) null or surely within its constraint. A value outside is an error
// in every JS entry point, which a query cannot raise: the query leaves such a row unscored, and the
// batch engine's JS fallback writes the decision's error record (query.ts).
import type { Type } from "../../ir/types.js";
import { constrainedParts } from "../../runtime/declared.js";
import { unsupported, type SqlContext } from "./context.js";
import { levelsOf, type SqlScope } from "./expressions.js";
import { lambda, listSyntax } from "./lists.js";
import { unaryTests } from "./unary-tests.js";
import type { SqlValue } from "./values.js";

/**
 * The condition (never null) that `v`, a value of the declared type `t`, is within every constraint
 * of its parts; undefined when `t` constrains none of them.
 */
export function withinDeclared(v: SqlValue, t: Type, scope: SqlScope, cx: SqlContext): string | undefined {
  if (constrainedParts(t).length === 0) return undefined;
  if (v.kind === "null") return undefined;
  if (t.kind === "list") return listWithin(v, t.element, scope, cx);
  if (t.kind === "struct") return fieldsWithin(v, t.fields, scope, cx);
  if (!("constraint" in t) || t.constraint === undefined) return undefined;
  const test = unaryTests(t.constraint.test, v, scope, cx, levelsOf(t));
  return `(${v.sql} IS NULL OR COALESCE(${test.sql}, FALSE))`;
}

/** A list: null, or each item within (an item's test run in a lambda over the items). */
function listWithin(v: SqlValue, element: Type, scope: SqlScope, cx: SqlContext): string | undefined {
  if (v.kind !== "list") throw unsupported(cx, `a ${v.kind} held to a list type's constraints`);
  const lists = listSyntax(cx);
  const l = cx.layers.bind(v);
  const { v: x, item, inner } = lambda(l, cx);
  const each = withinDeclared(item, element, scope, inner);
  if (each === undefined) return undefined;
  return `(${l.sql} IS NULL OR NOT ${lists.has(lists.map(l.sql, x, each), "FALSE")})`;
}

/** A context: null (its presence not holding), or each constrained field within. */
function fieldsWithin(v: SqlValue, fields: readonly (readonly [string, Type])[], scope: SqlScope, cx: SqlContext): string | undefined {
  if (v.kind !== "record") throw unsupported(cx, `a ${v.kind} held to a context type's constraints`);
  const tests = fields.flatMap(([name, ft]) => {
    const field = v.fields!.get(name);
    if (field === undefined) throw unsupported(cx, `a context without its declared type's constrained entry ${name}`);
    const within = withinDeclared(field, ft, scope, cx);
    return within === undefined ? [] : [within];
  });
  if (tests.length === 0) return undefined;
  return `(NOT COALESCE(${v.sql}, FALSE) OR (${tests.join(" AND ")}))`;
}
