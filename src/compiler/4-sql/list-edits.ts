// The list built-ins that edit a list (runtime/builtins/list.ts): `list replace` — the item at a
// position replaced, or each item a match function accepts — `remove` (the item at a position left
// out), `insert before` (an item put before the one at a position) and `sublist` (the items from a
// position, as many as a length says, or all of them). FEEL's rules: a position is truncated,
// counts from the end when negative, and one that is 0, past either end, null or no number makes
// the whole result null (so `insert before` cannot append); so does a length under one or past the
// end; a match is called with (item, newItem) on every item, and one answer that is not a boolean
// (null) makes the whole result null. Lists of scalars only where an item is put (numbers at one
// decimal type with the new item), the match a function literal of two untyped parameters;
// anything else is refused.
import type { Expr } from "../../ir/feel-ast.js";
import { unsupported, type SqlContext } from "./context.js";
import { branches, lowerExpr, refKey, type SqlScope } from "./expressions.js";
import { asList, concatenate, lambda, listSyntax, listValue } from "./lists.js";
import { deeper, NULL_VALUE, type SqlValue } from "./values.js";

const SCALAR_ITEMS: ReadonlySet<SqlValue["kind"]> = new Set(["number", "string", "boolean", "date", "null"]);

/** The counts of arguments each edit takes. */
const ARITY: Record<string, number[]> = { "list replace": [3], remove: [2], "insert before": [3], sublist: [2, 3] };

/**
 * `list replace(l, p, x)`, `list replace(l, function(item, newItem) …, x)`, `remove(l, p)`,
 * `insert before(l, p, x)`, `sublist(l, p)`, `sublist(l, p, length)`, or undefined for any other call.
 */
export function lowerListEdit(name: string, args: Expr[], scope: SqlScope, cx: SqlContext, n: Expr): SqlValue | undefined {
  if (!Object.hasOwn(ARITY, name) || !ARITY[name]!.includes(args.length)) return undefined;
  const lists = listSyntax(cx, n.span);
  const list = asList(cx.layers.bind(lowerExpr(args[0]!, scope, cx)), `${name}()`, cx, n);
  const x = args[2] && cx.layers.bind(lowerExpr(args[2], scope, cx));
  const match = args[1]!;
  if (match.kind === "function" && name === "list replace") return list ? replaceMatching(list, match, x!, scope, cx, n) : NULL_VALUE;
  const p = cx.layers.bind(lowerExpr(match, scope, cx));
  if (!list || p.kind !== "number") return NULL_VALUE;
  const [t, len] = [`trunc(${p.sql})`, lists.length(list.sql)];
  // the 1-based position FEEL's truncated p names, null where it names none (a null p or list too)
  // (the control run: p as it is, a negative one no position, the list whatever p names)
  const at = cx.naive
    ? t
    : `CASE WHEN ${t} >= 1 AND ${t} <= ${len} THEN ${t} WHEN ${t} <= -1 AND ${t} >= -${len} THEN ${len} + 1 + ${t} END`;
  if (name === "list replace")
    return replaced(list, x!, cx, n, (_item, i) => `${i} = ${at}`, cx.naive ? "TRUE" : `${at} IS NOT NULL`, p.depth);
  const i = cx.layers.bind({ kind: "number", sql: `CAST(${at} AS BIGINT)`, depth: deeper(list, p) });
  if (name === "sublist") return x ? sublist(list, i, x, cx) : { ...list, sql: lists.slice(list.sql, i.sql, len), depth: deeper(list, i) };
  scalarItems(list, x ?? NULL_VALUE, name, cx, n);
  const before = { ...list, sql: lists.slice(list.sql, "1", `${i.sql} - 1`) };
  const after = { ...list, sql: lists.slice(list.sql, name === "remove" ? `${i.sql} + 1` : i.sql, len) };
  const item = x && listValue(lists.of([x.sql]), { ...x, sql: "" }, 1, x.depth);
  const edited = concatenate(item ? [before, item, after] : [before, after], lists, cx, n);
  return { ...edited, sql: `CASE WHEN ${i.sql} IS NOT NULL THEN ${edited.sql} END`, depth: deeper(edited, i) };
}

/**
 * `sublist(l, p, length)` from the 1-based position `i` (null where p names none): the `length`
 * (truncated) items from it, null where that is less than one item or runs past the end, or where
 * `length` is null or no number. (The control run: the dialect's slice, which stops at the end.)
 */
function sublist(list: SqlValue, i: SqlValue, length: SqlValue, cx: SqlContext): SqlValue {
  if (length.kind !== "number") return NULL_VALUE;
  const lists = listSyntax(cx);
  const [t, len] = [`trunc(${length.sql})`, lists.length(list.sql)];
  const fits = cx.naive ? "TRUE" : `${t} >= 1 AND ${i.sql} - 1 + ${t} <= ${len}`;
  const last = `CAST(CASE WHEN ${fits} THEN ${i.sql} - 1 + ${t} END AS BIGINT)`;
  return {
    ...list,
    sql: `CASE WHEN ${i.sql} IS NOT NULL AND ${fits} THEN ${lists.slice(list.sql, i.sql, last)} END`,
    depth: deeper(list, i, length),
  };
}

/** `list replace(l, function(item, newItem) …, x)`: each item the match accepts replaced by x. */
function replaceMatching(
  list: SqlValue,
  match: Extract<Expr, { kind: "function" }>,
  x: SqlValue,
  scope: SqlScope,
  cx: SqlContext,
  n: Expr,
) {
  const params = match.params.map((q) => q.name);
  if (match.external || params.length !== 2 || match.params.some((q) => q.type))
    throw unsupported(cx, "list replace() whose match is not a function of (item, newItem)", n.span);
  let reads = 0;
  const value = replaced(list, x, cx, n, (item, _i, inner) => {
    const names = new Map(scope.names);
    names.set(refKey({ kind: "local", name: params[0]! }), item);
    names.set(refKey({ kind: "local", name: params[1]! }), x);
    const answer = lowerExpr(match.body, { ...scope, names }, inner);
    if (answer.kind !== "boolean") throw unsupported(cx, "list replace() whose match may give what is not a boolean", n.span);
    reads = Math.max(reads, answer.depth);
    return answer.sql;
  });
  // what the match reads from outside (a column bound before) is read where the list is made
  return { ...value, depth: Math.max(value.depth, reads) };
}

/** A list of scalars and a scalar new item, or the refusal (items of different kinds: where they meet). */
function scalarItems(list: SqlValue, x: SqlValue, name: string, cx: SqlContext, n: Expr): void {
  const element = list.element!;
  if (!SCALAR_ITEMS.has(element.kind) || !SCALAR_ITEMS.has(x.kind))
    throw unsupported(cx, `${name}() in a list of ${element.kind === "record" || x.kind === "record" ? "contexts" : "lists"}`, n.span);
}

/**
 * The list with each item for which `hit` (over the item and its position) is true replaced by x:
 * null where any `hit` is null (a match's answer that is not a boolean), or where `valid` is false.
 */
function replaced(
  list: SqlValue,
  x: SqlValue,
  cx: SqlContext,
  n: Expr,
  hit: (item: SqlValue, i: string, inner: SqlContext) => string,
  valid?: string,
  reads = 0,
): SqlValue {
  const lists = listSyntax(cx, n.span);
  scalarItems(list, x, "list replace", cx, n);
  const { v, item, inner } = lambda(list, cx);
  const [kept, put] = branches([item, x], cx);
  const sql = lists.mapAt(list.sql, v, (i) => `CASE WHEN ${hit(item, i, inner)} THEN ${put!.sql} ELSE ${kept!.sql} END`);
  // a match's answers: none of them null (the control run: a null answer no match)
  const complete = cx.naive
    ? "TRUE"
    : (valid ?? `${lists.present(lists.mapAt(list.sql, v, (i) => hit(item, i, inner)))} = ${lists.length(list.sql)}`);
  const items = (put!.kind === "null" ? kept : put)!;
  return listValue(`CASE WHEN ${complete} THEN ${sql} END`, { ...items, sql: "" }, list.maxItems!, Math.max(deeper(list, x), reads));
}
