// The list built-ins that order items (runtime/builtins/list.ts `sort`, aggregate.ts `mode` and
// `sortNatural`): `sort(l)` in natural order, or by a precedes function that is `a < b` or `a > b`
// of its two parameters; `mode(l)` the most frequent items (FEEL's `=`, a null item one value like
// any other), ascending. FEEL orders numbers, strings (by code point) and dates; two or more items
// of which one is null or a boolean cannot be ordered: null (a list of one item, or none, is as it
// is). Lists of lists, contexts and ordered levels are refused, as is any other precedes function.
import type { Expr } from "../../ir/feel-ast.js";
import { unsupported, type SqlContext } from "./context.js";
import { lowerExpr, type SqlScope } from "./expressions.js";
import { asList, freshVariable, listSyntax, listValue } from "./lists.js";
import { NULL_VALUE, type SqlKind, type SqlValue } from "./values.js";

/** The kinds of item FEEL orders; booleans and nulls are never ordered, but a list of one is as it is. */
const ORDERED: ReadonlySet<SqlKind> = new Set(["number", "string", "date"]);
const UNORDERED: ReadonlySet<SqlKind> = new Set(["boolean", "null"]);

/** The order a precedes function's comparison of its parameters (a, b) gives: `<` ascending, `>` descending. */
const PRECEDES: Record<string, boolean> = { "<": false, ">": true };

/** `sort(l)`, `sort(l, function(a, b) a < b)`, `mode(l)`, or undefined for any other call. */
export function lowerListOrder(name: string, args: Expr[], scope: SqlScope, cx: SqlContext, n: Expr): SqlValue | undefined {
  const sort = name === "sort" && (args.length === 1 || args.length === 2);
  if (!sort && !(name === "mode" && args.length === 1)) return undefined;
  listSyntax(cx, n.span);
  const descending = args[1] ? precedesOrder(args[1], cx, n) : false;
  const list = asList(cx.layers.bind(lowerExpr(args[0]!, scope, cx)), `${name}()`, cx, n);
  if (!list) return NULL_VALUE;
  const element = list.element!;
  if ((!ORDERED.has(element.kind) && !UNORDERED.has(element.kind)) || element.levels)
    throw unsupported(
      cx,
      `${name}() of a list of ${element.levels ? "ordered levels" : element.kind === "record" ? "contexts" : "lists"}`,
      n.span,
    );
  const items = sort ? list : cx.layers.bind(modes(list, cx));
  return listValue(ordered(items, cx, descending, list.sql), element, list.maxItems!, items.depth);
}

/**
 * A precedes function's order: `function(a, b) a < b` ascending, `a > b` descending (`b < a` and
 * `b > a` the other way); anything else refused.
 */
function precedesOrder(f: Expr, cx: SqlContext, n: Expr): boolean {
  const [a, b] = f.kind === "function" && !f.external && f.params.every((p) => !p.type) ? f.params.map((p) => p.name) : [];
  const body = f.kind === "function" ? f.body : undefined;
  const names =
    body?.kind === "compare" ? [body.left, body.right].map((e) => (e.kind === "name" && e.ref?.kind === "local" ? e.name : "")) : [];
  const op = body?.kind === "compare" ? PRECEDES[body.op] : undefined;
  if (
    f.kind !== "function" ||
    f.params.length !== 2 ||
    a === b ||
    op === undefined ||
    !names.every((x) => x === a || x === b) ||
    names[0] === names[1]
  )
    throw unsupported(cx, "sort() whose precedes function is not `a < b` or `a > b` of its two parameters", n.span);
  return names[0] === a ? op : !op;
}

/**
 * `items` in order; null for a null `list` (the one the items came from) and where two or more items
 * cannot be ordered (one of them null, or booleans). The control run: the dialect's sort as it is.
 */
function ordered(items: SqlValue, cx: SqlContext, descending: boolean, list: string): string {
  const lists = listSyntax(cx);
  const kind = items.element!.kind;
  const sorted = lists.sorted(items.sql, kind, descending);
  if (cx.naive) return sorted;
  const n = lists.length(items.sql);
  if (!ORDERED.has(kind)) return `CASE WHEN ${list} IS NULL OR ${n} >= 2 THEN NULL ELSE ${items.sql} END`;
  return `CASE WHEN ${list} IS NULL OR (${n} >= 2 AND ${lists.present(items.sql)} < ${n}) THEN NULL ELSE ${sorted} END`;
}

/**
 * The most frequent items of `list` (a column), each once in order of first appearance: those
 * equal (`IS NOT DISTINCT FROM`, FEEL's `=` of items of one scalar kind) to as many items as the most.
 */
function modes(list: SqlValue, cx: SqlContext): SqlValue {
  const lists = listSyntax(cx);
  const frequency = (v: string) => {
    const w = freshVariable();
    return lists.length(lists.filter(list.sql, w, `${w} IS NOT DISTINCT FROM ${v}`));
  };
  const v = freshVariable();
  const top = cx.layers.bind({ kind: "number", sql: lists.max(lists.map(list.sql, v, frequency(v)), "number"), depth: list.depth });
  const u = freshVariable();
  const distinct = cx.layers.bind({ ...list, sql: lists.distinct(list.sql, freshVariable()), atomic: false });
  return {
    ...list,
    sql: lists.filter(distinct.sql, u, `${frequency(u)} = ${top.sql}`),
    depth: Math.max(distinct.depth, top.depth),
    atomic: false,
  };
}
