// The list built-ins that find equal items (runtime/builtins/list.ts, value-keys.ts `groupEqual`):
// `distinct values(l)` and `union(a, b, …)` keep each item once, in order of first appearance, a
// null item one value like any other; `index of(l, m)` gives the positions of the items FEEL's `=`
// finds equal to m (a null m the null items; an m of another kind none). Items of one scalar kind
// only (numbers at one decimal type, strings, booleans, dates): lists of lists or of contexts are
// refused, as is an argument that is no list (FEEL's singleton list).
import type { Expr } from "../../ir/feel-ast.js";
import { equals } from "./compare.js";
import { unsupported, type SqlContext } from "./context.js";
import { lowerExpr, type SqlScope } from "./expressions.js";
import { asList, concatenate, freshVariable, lambda, listSyntax, listValue } from "./lists.js";
import { deeper, NULL_VALUE, widthOf, type Shape, type SqlValue } from "./values.js";

/** The kinds of item whose equality the dialect's `IS NOT DISTINCT FROM` is FEEL's `=` (one type a list). */
const SCALAR_ITEMS: ReadonlySet<SqlValue["kind"]> = new Set(["number", "string", "boolean", "date", "null"]);

/** The lowering of `union`, `distinct values` and `index of`, or undefined for any other call. */
export function lowerListSet(name: string, args: Expr[], scope: SqlScope, cx: SqlContext, n: Expr): SqlValue | undefined {
  const lower = SETS[name];
  if (!lower || !(name === "union" ? args.length > 0 : args.length === SET_ARITY[name])) return undefined;
  listSyntax(cx, n.span);
  return lower(
    args.map((a) => cx.layers.bind(lowerExpr(a, scope, cx))),
    cx,
    n,
  );
}

type SetLowering = (args: SqlValue[], cx: SqlContext, n: Expr) => SqlValue;

const SET_ARITY: Record<string, number> = { "distinct values": 1, "index of": 2 };

const SETS: Record<string, SetLowering> = {
  "distinct values": ([l], cx, n) => {
    const list = asList(l!, "distinct values()", cx, n);
    return list ? distinct(list, cx, n) : NULL_VALUE;
  },
  union: (ls, cx, n) => {
    const joined = concatenate(ls, listSyntax(cx, n.span), cx, n);
    return joined.kind === "null" ? NULL_VALUE : distinct(cx.layers.bind(joined), cx, n);
  },
  "index of": ([l, m], cx, n) => {
    const list = asList(l!, "index of()", cx, n);
    return list ? indexOf(list, m!, cx, n) : NULL_VALUE;
  },
};

function scalarItems(list: SqlValue, what: string, cx: SqlContext, n: Expr): void {
  const e = list.element!;
  if (!SCALAR_ITEMS.has(e.kind)) throw unsupported(cx, `${what} of a list of ${e.kind === "record" ? "context" : e.kind}s`, n.span);
}

/** The items each once, in order of first appearance; the control run takes the dialect's own distinct. */
function distinct(list: SqlValue, cx: SqlContext, n: Expr): SqlValue {
  scalarItems(list, n.kind === "call" && n.callee.kind === "name" ? `${n.callee.name}()` : "a distinct", cx, n);
  const lists = listSyntax(cx, n.span);
  const sql = cx.naive ? lists.naiveDistinct(list.sql) : lists.distinct(list.sql, freshVariable());
  return listValue(sql, list.element!, list.maxItems!, list.depth);
}

/** The positions (from 1) of the items equal to `m` by FEEL's `=`: never null items for a null `m`'s kind aside. */
function indexOf(list: SqlValue, m: SqlValue, cx: SqlContext, n: Expr): SqlValue {
  scalarItems(list, "index of()", cx, n);
  if (!SCALAR_ITEMS.has(m.kind)) throw unsupported(cx, `index of() a ${m.kind === "record" ? "context" : m.kind}`, n.span);
  const lists = listSyntax(cx, n.span);
  const { v, item, inner } = lambda(list, cx);
  const same = equals(item, m, inner);
  const shape: Shape = { scale: 0, bound: BigInt(list.maxItems!) + 1n };
  const sql = lists.positions(list.sql, v, `COALESCE(${same.sql}, FALSE)`, cx.dialect.decimal(widthOf(shape), 0));
  const position: SqlValue = { sql: "", kind: "number", shape, depth: 0 };
  return listValue(sql, position, list.maxItems!, deeper(list, m));
}
