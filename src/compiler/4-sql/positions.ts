// `l[i]`, i a number that is not a literal (`[v, c][count([1, 2])]`, `l[i]` in `for i in 1..3`):
// FEEL's filter given a number picks the item at that position — truncated toward zero, 1-based,
// negative from the end, null out of range (0 too) and for an empty or a null list. A number
// condition is known from its kind at compile time (a boolean one is a filter, lists.ts). Two of
// the runtime's rules make the lowering refuse: the position is worked out on the first item, so
// one that reads the item may differ from item to item; and a null position leaves every item out
// (an empty list, not an item), so the position must be one that is never null: a literal, a
// closed expression the runtime works out to a number, a range's variable, or `+ - *` and
// negation of such.
import type { Expr } from "../../ir/feel-ast.js";
import { closedValue, foldWork } from "../3-optimise/closed.js";
import { walk } from "../3-optimise/walk.js";
import { isDecimal } from "../../runtime/decimal.js";
import { unsupported, type SqlContext } from "./context.js";
import { lowerExpr, refKey, type SqlScope } from "./expressions.js";
import { isRangeItem } from "./iterations.js";
import { listSyntax } from "./lists.js";
import { deeper, type SqlValue } from "./values.js";

type Filter = Extract<Expr, { kind: "filter" }>;

/** The item of `list` at the position `n.filter` (a number), or the refusal. */
export function lowerPosition(n: Filter, list: SqlValue, scope: SqlScope, cx: SqlContext): SqlValue {
  const lists = listSyntax(cx, n.span);
  if (readsItem(n.filter, list))
    throw unsupported(cx, "a filter whose number condition reads the item (FEEL takes the position from the first item)", n.filter.span);
  if (!neverNull(n.filter, scope))
    throw unsupported(cx, "a filter by a position that may be null (FEEL's filter is then an empty list)", n.filter.span);
  // read where the filter is: it reads no item
  const p = cx.layers.bind(lowerExpr(n.filter, scope, cx));
  // a position past the list's bound is out of range: the truncation cast only what could be in it
  const most = list.maxItems!;
  const index = `CASE WHEN ${p.sql} > -${most + 1} AND ${p.sql} < ${most + 1} THEN CAST(trunc(${p.sql}) AS BIGINT) END`;
  const at = lists.at(list.sql, index);
  return cx.layers.bind({ ...list.element!, sql: at, depth: deeper(list, p), atomic: false, constant: undefined });
}

/** Whether a filter's condition may read the item: `item`, or a name the item's struct declares (called too). */
function readsItem(e: Expr, list: SqlValue): boolean {
  const fields = list.element!.kind === "record" ? list.element!.fields! : undefined;
  let reads = false;
  walk(e, (x) => {
    if (x.kind === "name" && (x.name === "item" || fields?.has(x.name))) reads = true;
  });
  return reads;
}

/** Whether an expression is a number on every row: a literal, a closed number, a range's variable, `+ - *` or negation of such. */
function neverNull(e: Expr, scope: SqlScope): boolean {
  switch (e.kind) {
    case "number":
      return true;
    case "negate":
      return neverNull(e.operand, scope);
    case "arith":
      if (e.op !== "+" && e.op !== "-" && e.op !== "*") break;
      return neverNull(e.left, scope) && neverNull(e.right, scope);
    case "name": {
      const v = e.ref && scope.names.get(refKey(e.ref));
      return v !== undefined && isRangeItem(v);
    }
  }
  return isDecimal(closedValue(e, foldWork()));
}
