// The list built-ins that answer a boolean (runtime/builtins/aggregate.ts, list.ts): `all` and
// `any` of a list or of two or more arguments — false (true) when an item is false (true), else
// null when an item is anything but the other boolean (a null, a number), else true (false): all of
// [] is true, any of [] false, a null list null, one boolean argument itself (FEEL's singleton
// list); and `list contains(l, x)`: whether an item equals x by FEEL's `=` (a null item a null x),
// null for a null list, never null otherwise.
import type { Expr } from "../../ir/feel-ast.js";
import { NULL_BOOLEAN } from "./compare.js";
import type { SqlContext } from "./context.js";
import { lowerExpr, type SqlScope } from "./expressions.js";
import { asList, listMember, listSyntax, lowerListLiteral } from "./lists.js";
import type { SqlValue } from "./values.js";

/** The item that decides each built-in at once, and its answer for a list of the other boolean only. */
const JUDGED: Record<string, { hit: string; miss: string }> = { all: { hit: "FALSE", miss: "TRUE" }, any: { hit: "TRUE", miss: "FALSE" } };

/** The lowering of `all`, `any` and `list contains`, or undefined for any other call. */
export function lowerListLogic(name: string, args: Expr[], scope: SqlScope, cx: SqlContext, n: Expr): SqlValue | undefined {
  if (name === "list contains" && args.length === 2) {
    const [l, x] = args.map((a) => cx.layers.bind(lowerExpr(a, scope, cx)));
    const list = asList(l!, "list contains()", cx, n);
    if (!list) return NULL_BOOLEAN;
    const member = listMember(x!, list, cx, n.span);
    return { ...member, sql: `CASE WHEN ${list.sql} IS NOT NULL THEN ${member.sql} END` };
  }
  const judged = Object.hasOwn(JUDGED, name) ? JUDGED[name]! : undefined;
  if (!judged || args.length === 0) return undefined;
  const lists = listSyntax(cx, n.span);
  const value =
    args.length === 1
      ? cx.layers.bind(lowerExpr(args[0]!, scope, cx))
      : cx.layers.bind(lowerListLiteral({ kind: "list", items: args, span: n.span }, scope, cx));
  // one argument that is no list: FEEL's list of it (a boolean its own answer, anything else null)
  if (value.kind === "boolean") return value;
  if (value.kind !== "list") return NULL_BOOLEAN;
  const list = value;
  const { hit, miss } = judged;
  const [length, present] = [lists.length(list.sql), lists.present(list.sql)];
  // items of no boolean: the empty list's answer, else null
  const sql =
    list.element!.kind === "boolean"
      ? `CASE WHEN ${lists.has(list.sql, hit)} THEN ${hit} WHEN ${present} < ${length} THEN NULL ELSE ${miss} END`
      : `CASE WHEN ${length} = 0 THEN ${miss} END`;
  return { sql: `CASE WHEN ${list.sql} IS NOT NULL THEN ${sql} END`, kind: "boolean", depth: list.depth };
}
