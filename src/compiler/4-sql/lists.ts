// Lists: an input's list (of structs or of scalars), filters, paths over items, `for`, `some` and
// `every`, list literals, `count`, `sum`, `min`, `max`, `concatenate` — each FEEL's answer exactly
// (null items, a null list, empty lists, non-number items in `sum`) through the dialect's list
// functions (DuckDB's lambdas), or refused. The body of a lambda reads its variable, so nothing in
// it is bound to a column of the layers (`Inline`): a bound column could not see the variable.
import { heldAsText } from "./durations.js";
import type { Expr } from "../../ir/feel-ast.js";
import { unsupported, type SqlContext } from "./context.js";
import { recordSql } from "./contexts.js";
import { equals, NULL_BOOLEAN } from "./compare.js";
import type { Dialect, ListSyntax } from "./dialects.js";
import { branches, lowerExpr, refKey, type SqlScope } from "./expressions.js";
import { Layers, type ScaledInteger } from "./layers.js";
import { common } from "./numbers.js";
import { lowerIterations } from "./iterations.js";
import { lowerPosition } from "./positions.js";
import { deeper, NULL_VALUE, rescale, widthOf, type SqlValue } from "./values.js";

/**
 * The most items a list input may have in the exact domain: a longer list is not scored (the batch
 * engine scores it with the JS engine). It bounds every list the model makes of it, and so a sum's
 * shape.
 */
export const MAX_ITEMS = 10_000;

/** The layers seen from inside a lambda: nothing is bound (every value is written where it is read). */
export class Inline extends Layers {
  constructor(private readonly outer: Layers) {
    super();
  }
  override bind(v: SqlValue): SqlValue {
    return v;
  }
  override integerOf(sql: string): ScaledInteger | undefined {
    return this.outer.integerOf(sql);
  }
  override holdInteger(sql: string, integer: ScaledInteger): void {
    this.outer.holdInteger(sql, integer);
  }
  override input(): string {
    throw new Error("sql: an input column read inside a lambda");
  }
}

let variables = 0;

/** A fresh lambda variable (a quoted identifier no model name can take). */
export const freshVariable = (): string => `"$i${variables++}"`;

/** The dialect's list functions, or the refusal. */
export function listSyntax(cx: SqlContext, span?: Expr["span"]): ListSyntax {
  if (!cx.dialect.lists) throw unsupported(cx, `a list (${cx.dialect.title}'s lists are not lowered yet)`, span);
  return cx.dialect.lists;
}

/**
 * An item of a list whose items are `element`, written `sql`: a struct's fields read from it, a
 * wrapped inner list unwrapped (the dialect's `nest`).
 */
export function itemAt(element: SqlValue, sql: string, depth: number, cx: SqlContext): SqlValue {
  const nest = cx.dialect.lists?.nest;
  if (element.kind === "list" && nest)
    return { ...element, sql: nest.unwrap(sql, element.element!.kind, freshVariable()), depth, atomic: false };
  if (element.kind !== "record") return { ...element, sql, depth, atomic: false, constant: undefined };
  const lists = listSyntax(cx);
  const fields = new Map([...element.fields!].map(([name, f]) => [name, itemAt(f, lists.field(sql, name, f.kind), depth, cx)] as const));
  return { kind: "record", sql: `(${sql} IS NOT NULL)`, fields, depth };
}

/** A list value of items `element`, at most `maxItems` of them. */
export const listValue = (sql: string, element: SqlValue, maxItems: number, depth: number): SqlValue => ({
  sql,
  kind: "list",
  element,
  maxItems,
  depth,
});

/** A lambda over the items of `list`: its variable's item, and the context its body is lowered in. */
export function lambda(list: SqlValue, cx: SqlContext): { v: string; item: SqlValue; inner: SqlContext } {
  const v = freshVariable();
  return { v, item: itemAt(list.element!, v, 0, cx), inner: { ...cx, layers: new Inline(cx.layers) } };
}

/**
 * A test of `x` against a list value (a cell `xs`, `x in xs`; runtime/unary-tests.ts `testValue`):
 * true when an item equals x by FEEL's `=` (a null item equals a null x), and for a null list when x
 * is null; never null. Items of another kind never equal x, save a null item a null x. A list under
 * test (equal to the list as a whole) is refused.
 */
export function listMember(x: SqlValue, list: SqlValue, cx: SqlContext, span?: Expr["span"]): SqlValue {
  const lists = listSyntax(cx, span);
  if (x.kind === "list" || x.kind === "record") throw unsupported(cx, `a test of a ${x.kind} against a list`, span);
  const l = cx.layers.bind(list);
  const element = l.element!;
  if (x.kind === "null" || element.kind !== x.kind) {
    const nullItem = `(${l.sql} IS NULL OR ${lists.present(l.sql)} < ${lists.length(l.sql)})`;
    const sql = x.kind === "null" ? nullItem : `(${x.sql} IS NULL AND ${nullItem})`;
    return { sql, kind: "boolean", depth: deeper(x, l) };
  }
  const X = cx.layers.bind(x);
  const { v, item, inner } = lambda(l, cx);
  const same = equals(item, X, inner);
  const hits = lists.map(l.sql, v, `COALESCE(${same.sql}, FALSE)`);
  return {
    sql: `CASE WHEN ${l.sql} IS NULL THEN ${X.sql} IS NULL ELSE ${lists.has(hits, "TRUE")} END`,
    kind: "boolean",
    depth: deeper(X, l),
  };
}

/** The list a value is, or the refusal (a null is a null list). */
export function asList(v: SqlValue, what: string, cx: SqlContext, n: Expr): SqlValue | undefined {
  if (v.kind === "null") return undefined;
  if (v.kind !== "list") throw unsupported(cx, `${what} of a ${v.kind} (not a list)`, n.span);
  return v;
}

/** `l[condition]`, or `l[position]`: a literal position, or a number (positions.ts). */
export function lowerFilter(n: Extract<Expr, { kind: "filter" }>, scope: SqlScope, cx: SqlContext): SqlValue {
  const lists = listSyntax(cx, n.span);
  const list = asList(cx.layers.bind(lowerExpr(n.base, scope, cx)), "a filter", cx, n);
  if (!list) return NULL_VALUE;
  const position = literalPosition(n.filter);
  if (position !== undefined) {
    // FEEL's 1-based position, negative from the end, null out of range: the dialect's own
    // the item whole (a struct's fields are read from it below: the element's own fields are the lambda's that made it)
    const at = cx.layers.bind({
      ...list.element!,
      fields: undefined,
      sql: lists.at(list.sql, String(position)),
      depth: list.depth,
      atomic: false,
    });
    return wrapped(list.element!) ? itemAt(list.element!, at.sql, at.depth, cx) : at;
  }
  // a function as the condition: null for a list with items, an empty list stays empty
  if (n.filter.kind === "function") return functionCondition(list, lists);
  const { v, item, inner } = lambda(list, cx);
  const condition = lowerExpr(n.filter, { ...scope, items: [item, ...(scope.items ?? [])] }, inner);
  if (condition.kind === "number") {
    const at = lowerPosition(n, list, scope, cx);
    return wrapped(list.element!) ? itemAt(list.element!, at.sql, at.depth, cx) : at;
  }
  if (condition.kind !== "boolean" && condition.kind !== "null")
    throw unsupported(cx, `a filter whose condition is a ${condition.kind}`, n.filter.span);
  // a null or false condition leaves the item out, as FEEL's filter does; a null list stays null
  return listValue(lists.filter(list.sql, v, condition.sql), list.element!, list.maxItems!, deeper(list, condition));
}

/** Whether a list's item is read through `itemAt`: a struct's fields, an inner list (the dialect's `nest`). */
const wrapped = (element: SqlValue): boolean => element.kind === "record" || element.kind === "list";

/** A filter's literal position: a whole number literal, maybe negated. */
function literalPosition(e: Expr): number | undefined {
  const negative = e.kind === "negate";
  const x = negative ? e.operand : e;
  if (x.kind !== "number" || !/^\d{1,9}$/.test(x.value)) return undefined;
  return negative ? -Number(x.value) : Number(x.value);
}

/**
 * `l[function(a) …]`: the runtime's filter is given a function by the first item, which is neither a
 * boolean nor a position: null (a problem reported); a list with no items is never asked (empty),
 * a null list is null.
 */
function functionCondition(list: SqlValue, lists: ListSyntax): SqlValue {
  return listValue(`CASE WHEN ${lists.length(list.sql)} = 0 THEN ${list.sql} END`, list.element!, list.maxItems!, list.depth);
}

/** `l.name` of a list of structs: each item's field, in order (a null item's is null). */
export function lowerListPath(list: SqlValue, member: string, n: Expr, cx: SqlContext): SqlValue {
  const lists = listSyntax(cx, n.span);
  const element = list.element!;
  if (element.kind !== "record") throw unsupported(cx, `.${member} of a list of ${element.kind}s`, n.span);
  const field = element.fields!.get(member);
  if (!field) return listValue(lists.map(list.sql, `"$i${variables++}"`, "NULL"), NULL_VALUE, list.maxItems!, list.depth);
  const v = `"$i${variables++}"`;
  return listValue(lists.map(list.sql, v, lists.field(v, member, field.kind)), field, list.maxItems!, list.depth);
}

/** The one iteration over a list that `for`, `some` and `every` are lowered for. */
function iteration(n: Extract<Expr, { kind: "for" | "quantified" }>, scope: SqlScope, cx: SqlContext) {
  listSyntax(cx, n.span);
  const it = n.iterations[0];
  if (n.iterations.length !== 1 || !it || it.to) throw unsupported(cx, "an iteration over more than one list or over a range", n.span);
  const list = asList(cx.layers.bind(lowerExpr(it.source, scope, cx)), "an iteration", cx, n);
  if (!list) return undefined;
  const { v, item, inner } = lambda(list, cx);
  const names = new Map(scope.names);
  names.set(refKey({ kind: "local", name: it.name }), item);
  return { list, v, inner, scope: { ...scope, names } };
}

/** `for x in l return e`: each item's e, in order; no items for a null list. */
export function lowerFor(n: Extract<Expr, { kind: "for" }>, scope: SqlScope, cx: SqlContext): SqlValue {
  if (n.runningTotals) throw unsupported(cx, "running totals", n.span);
  // over a range, or several lists and ranges: iterations.ts
  if (n.iterations.length !== 1 || n.iterations[0]!.to) return lowerIterations(n, scope, cx);
  const it = iteration(n, scope, cx);
  const lists = cx.dialect.lists!;
  if (!it) return listValue(lists.of([], cx.dialect.typeNames.string), NULL_VALUE, 0, 0);
  const typed = forItem(lowerExpr(n.body, it.scope, it.inner), n, cx);
  const sql = `COALESCE(${lists.map(it.list.sql, it.v, typed.sql)}, ${lists.of([])})`;
  return listValue(sql, { ...typed, sql: "" }, it.list.maxItems!, deeper(it.list, typed));
}

/**
 * A `for`'s item as one SQL value of the list's item type: a number of its shape's decimal type, a
 * context one struct (contexts.ts), a list a list (DuckDB's LIST of LIST, PostgreSQL's json array:
 * the dialect's `nest`); a duration refused.
 */
export function forItem(body: SqlValue, n: Extract<Expr, { kind: "for" }>, cx: SqlContext): SqlValue {
  if (heldAsText(body)) throw unsupported(cx, "a `for` whose items are durations or date and times", n.body.span);
  const nest = cx.dialect.lists?.nest;
  if (body.kind === "list" && nest) return { ...body, sql: nest.wrap(body.sql) };
  if (body.kind === "number") return typedItems([body], cx)[0]!;
  return body.kind === "record" ? { ...body, sql: recordSql(body, cx.dialect) } : body;
}

/**
 * `some x in l satisfies c` / `every …`: true (some) when any c is true, else null when any is null,
 * else false — every for false; a null list has no items (some: false, every: true).
 */
export function lowerQuantified(n: Extract<Expr, { kind: "quantified" }>, scope: SqlScope, cx: SqlContext): SqlValue {
  const some = n.quantifier === "some";
  const test = (c: SqlValue): SqlValue => {
    if (c.kind !== "boolean" && c.kind !== "null") throw unsupported(cx, `\`${n.quantifier}\` whose test is a ${c.kind}`, n.satisfies.span);
    return c.kind === "null" ? { ...c, kind: "boolean", sql: "CAST(NULL AS BOOLEAN)" } : c;
  };
  const lists = listSyntax(cx, n.span);
  const [hit, miss] = some ? ["TRUE", "FALSE"] : ["FALSE", "TRUE"];
  // over a range or several sources: the tests' list as the `for` makes it (iterations.ts), null where the `for` is
  if (n.iterations.length !== 1 || n.iterations[0]!.to) {
    const tests = lowerIterations({ kind: "for", iterations: n.iterations, body: n.satisfies, span: n.span }, scope, cx, test);
    if (tests.kind === "null") return NULL_BOOLEAN;
    const results = cx.layers.bind(tests);
    const judged = `CASE WHEN ${lists.has(results.sql, hit)} THEN ${hit} WHEN ${lists.present(results.sql)} < ${lists.length(results.sql)} THEN NULL ELSE ${miss} END`;
    return { sql: `CASE WHEN ${results.sql} IS NULL THEN NULL ELSE ${judged} END`, kind: "boolean", depth: results.depth };
  }
  const it = iteration(n, scope, cx);
  if (!it) return { sql: some ? "FALSE" : "TRUE", kind: "boolean", depth: 0, atomic: true };
  const c = test(lowerExpr(n.satisfies, it.scope, it.inner));
  const results = cx.layers.bind(listValue(lists.map(it.list.sql, it.v, c.sql), c, it.list.maxItems!, deeper(it.list, c)));
  const sql = `CASE WHEN ${lists.has(results.sql, hit)} THEN ${hit} WHEN ${lists.present(results.sql)} < ${lists.length(results.sql)} THEN NULL ELSE ${miss} END`;
  return { sql, kind: "boolean", depth: results.depth };
}

/** Numbers of one decimal type each (a list's items must be of one type). */
function typedItems(values: SqlValue[], cx: SqlContext): SqlValue[] {
  const numbers = common(values, cx, "held in one list");
  return numbers.map((v) => ({ ...v, sql: `CAST(${v.sql} AS ${cx.dialect.decimal(widthOf(v.shape!), v.shape!.scale)})` }));
}

/** `[a, b, …]` of items of one kind (numbers of one type; null items of any). */
export function lowerListLiteral(n: Extract<Expr, { kind: "list" }>, scope: SqlScope, cx: SqlContext): SqlValue {
  const lists = listSyntax(cx, n.span);
  const items = n.items.map((i) => lowerExpr(i, scope, cx));
  if (items.some((i) => i.kind === "record")) return contextList(items, lists, cx, n);
  if (items.some((i) => i.kind === "list") && !items.some(heldAsText)) return listsList(items, lists, cx, n);
  if (items.some((i) => i.kind === "list" || heldAsText(i))) throw unsupported(cx, "a list of lists, durations or date and times", n.span);
  const chosen = branches(items, cx);
  const kind = chosen.find((i) => i.kind !== "null");
  const typed = kind?.kind === "number" ? typedItems(chosen, cx) : chosen;
  const element = kind ? { ...typed.find((i) => i.kind !== "null")!, sql: "" } : NULL_VALUE;
  return listValue(
    lists.of(
      typed.map((i) => i.sql),
      cx.dialect.typeNames.string,
    ),
    element,
    items.length,
    deeper(...items),
  );
}

/**
 * The list built-ins: count, sum, min, max of one list; sum of two or more numbers (the list of
 * them, as the runtime takes them); concatenate of lists; flatten of a list. Undefined for any other call.
 */
export function lowerListCall(name: string, given: Expr[], scope: SqlScope, cx: SqlContext, n: Expr): SqlValue | undefined {
  const args: Expr[] = name === "sum" && given.length > 1 ? [{ kind: "list", items: given, span: n.span }] : given;
  const one = args.length === 1 && (name === "count" || name === "sum" || name === "min" || name === "max");
  if (!one && name !== "concatenate" && !(name === "flatten" && args.length === 1)) return undefined;
  const lists = listSyntax(cx, n.span);
  const values = args.map((a) => cx.layers.bind(lowerExpr(a, scope, cx)));
  if (name === "concatenate") return concatenate(values, lists, cx, n);
  if (name === "flatten") {
    const list = asList(values[0]!, "flatten()", cx, n);
    return list ? flatten(list, cx, n) : NULL_VALUE;
  }
  const list = asList(values[0]!, `${name}()`, cx, n);
  return list ? listAggregate(name as ListAggregate, list, cx, n.span) : NULL_VALUE;
}

/** The aggregates of one list a COLLECT table takes too (multi-hit.ts). */
export type ListAggregate = "count" | "sum" | "min" | "max";

/** `count`, `sum`, `min` or `max` of a list value (not null), as the built-ins give them. */
export function listAggregate(name: ListAggregate, list: SqlValue, cx: SqlContext, span?: Expr["span"]): SqlValue {
  const lists = listSyntax(cx, span);
  const element = list.element!;
  if (name === "count") {
    const digits = String(list.maxItems).length;
    return {
      sql: `CAST(${lists.length(list.sql)} AS ${cx.dialect.decimal(digits, 0)})`,
      kind: "number",
      shape: { scale: 0, bound: BigInt(list.maxItems!) + 1n },
      depth: list.depth,
    };
  }
  // FEEL: null for an empty list and for any item that is not a number (or not comparable): null items too
  const complete = `${lists.present(list.sql)} = ${lists.length(list.sql)}`;
  if (name === "sum") {
    if (element.kind !== "number") return NULL_VALUE;
    const s = element.shape!;
    const shape = { scale: s.scale, bound: (s.bound - 1n) * BigInt(list.maxItems!) + 1n };
    if (widthOf(shape) > 34) throw unsupported(cx, `a sum that may need ${widthOf(shape)} digits`, span);
    const type = cx.dialect.decimal(widthOf(shape), shape.scale);
    return { sql: `CASE WHEN ${complete} THEN CAST(${lists.sum(list.sql)} AS ${type}) END`, kind: "number", shape, depth: list.depth };
  }
  if (element.kind === "null") return NULL_VALUE;
  if ((element.kind !== "number" && element.kind !== "date" && element.kind !== "string") || element.levels)
    throw unsupported(cx, `${name}() of a list of ${element.levels ? "ordered levels" : `${element.kind}s`}`, span);
  const pick = name === "min" ? lists.min(list.sql, element.kind) : lists.max(list.sql, element.kind);
  return { ...element, sql: `CASE WHEN ${complete} THEN ${pick} END`, depth: list.depth, atomic: false, constant: undefined };
}

/**
 * `mean(l)` rounded to literal places: its sum and its count, for a rounded quotient (numbers.ts
 * `roundQuotient`, FEEL's two roundings of a quotient) — undefined where the mean is null on every
 * row (a null list, items that are not numbers). An empty list's count is 0: the quotient's null.
 */
export function meanParts(arg: Expr, scope: SqlScope, cx: SqlContext, n: Expr): { sum: SqlValue; count: SqlValue } | undefined {
  const sum = lowerListCall("sum", [arg], scope, cx, n)!;
  if (sum.kind !== "number") return undefined;
  return { sum, count: lowerListCall("count", [arg], scope, cx, n)! };
}

/**
 * `flatten(l)`: the items of l and of its inner lists, depth first, one level of lists at a time; a
 * null inner list is a null item (FEEL's flatten keeps what is no list), a null list null. Each
 * level the dialect's one list over both levels (`nested`), or its `flatten` of the inner lists.
 */
function flatten(list: SqlValue, cx: SqlContext, n: Expr): SqlValue {
  const lists = listSyntax(cx, n.span);
  const inner = list.element!;
  if (inner.kind !== "list") return list;
  if (!lists.nested && !lists.flatten) throw unsupported(cx, "the built-in flatten()", n.span);
  const { v, item, inner: ctx } = lambda(list, cx);
  const w = freshVariable();
  const items = `CASE WHEN ${v} IS NULL THEN CAST(${lists.of(["NULL"])} AS ${listType(inner, ctx, n)}) ELSE ${item.sql} END`;
  const joined = lists.nested
    ? lists.nested(
        [
          { list: list.sql, v },
          { list: items, v: w },
        ],
        w,
      )
    : lists.flatten!(lists.map(list.sql, v, items));
  const flat = listValue(
    `CASE WHEN ${list.sql} IS NOT NULL THEN ${joined} END`,
    inner.element!,
    list.maxItems! * inner.maxItems!,
    list.depth,
  );
  return flatten(cx.layers.bind(flat), cx, n);
}

/** `concatenate(a, b, …)`: null when any is null, else the items in order. */
export function concatenate(values: SqlValue[], lists: ListSyntax, cx: SqlContext, n: Expr): SqlValue {
  if (values.some((v) => v.kind === "null")) return NULL_VALUE;
  if (values.length === 0) return listValue(lists.of([], cx.dialect.typeNames.string), NULL_VALUE, 0, 0);
  const ls = values.map((v) => asList(v, "concatenate()", cx, n)!);
  const elements = ls.map((l) => l.element!);
  const kinds = new Set(elements.filter((e) => e.kind !== "null").map((e) => e.kind));
  if (kinds.size > 1 || kinds.has("record")) throw unsupported(cx, "a concatenation of lists of different kinds or of contexts", n.span);
  const numbers = kinds.has("number")
    ? common(
        elements.filter((e) => e.kind === "number"),
        cx,
        "held in one list",
      )
    : [];
  const inner = kinds.has("list") ? elements.reduce<SqlValue | undefined>((w, e) => w && widest(w, e), NULL_VALUE) : undefined;
  if (kinds.has("list") && !inner) throw unsupported(cx, "a concatenation of lists of lists whose items differ in kind", n.span);
  const element = inner ?? numbers[0] ?? elements.find((e) => e.kind !== "null") ?? NULL_VALUE;
  const type = element.kind === "number" ? lists.type(cx.dialect.decimal(widthOf(element.shape!), element.shape!.scale)) : undefined;
  // a list of null items only (`[]`, `[null]`) takes the others' type, which a dialect's arrays need
  const scalar = element.kind === "list" ? lists.nest?.type : cx.dialect.typeNames[element.kind as keyof Dialect["typeNames"]];
  const nulls = scalar ? lists.type(scalar) : undefined;
  const cast = (l: SqlValue) =>
    type && l.element!.kind !== "null"
      ? `CAST(${l.sql} AS ${type})`
      : l.element!.kind === "null" && (type ?? nulls)
        ? `CAST(${l.sql} AS ${type ?? nulls})`
        : l.sql;
  const joined = ls.slice(1).reduce((acc, l) => lists.concat(acc, cast(l)), cast(ls[0]!));
  const sql = `CASE WHEN ${ls.map((l) => `${l.sql} IS NULL`).join(" OR ")} THEN NULL ELSE ${joined} END`;
  const maxItems = ls.reduce((s, l) => s + l.maxItems!, 0);
  return listValue(sql, { ...element, sql: "" }, maxItems, deeper(...ls));
}

/**
 * `[[1, 2], null, []]`: lists and nulls, their items of one kind — each inner list wrapped where the
 * dialect wraps them (`nest`), else of the one list type that holds them all (DuckDB's LIST of LIST
 * holds one inner type: numbers at the widest scale and bound, an empty list typed as the others).
 */
function listsList(items: SqlValue[], lists: ListSyntax, cx: SqlContext, n: Expr): SqlValue {
  const nest = lists.nest;
  if (items.some((i) => i.kind !== "list" && i.kind !== "null")) throw unsupported(cx, "a list of lists and other values", n.span);
  const element = items.reduce<SqlValue | undefined>((w, i) => w && widest(w, i), NULL_VALUE);
  if (!element) throw unsupported(cx, "a list of lists whose items differ in kind", n.span);
  const type = nest ? nest.type : listType(element, cx, n);
  const sqls = items.map((i) => (i.kind === "null" ? `CAST(NULL AS ${type})` : nest ? nest.wrap(i.sql) : `CAST(${i.sql} AS ${type})`));
  return listValue(lists.of(sqls), { ...element, sql: "" }, items.length, deeper(...items));
}

/** The SQL type of a list `l` as the dialect holds it (a list of null items only: of strings); a list of contexts or durations refused. */
function listType(l: SqlValue, cx: SqlContext, n: Expr): string {
  const lists = listSyntax(cx);
  const e = l.element!;
  if (e.kind === "list") return lists.type(lists.nest?.type ?? listType(e, cx, n));
  if (e.kind === "number") return lists.type(cx.dialect.decimal(widthOf(e.shape!), e.shape!.scale));
  if (e.kind === "null") return lists.type(cx.dialect.typeNames.string);
  if (e.kind === "string" || e.kind === "boolean" || e.kind === "date") return lists.type(cx.dialect.typeNames[e.kind]);
  throw unsupported(cx, `a list of lists of ${e.kind === "record" ? "contexts" : "durations"}`, n.span);
}

/**
 * Lists that are the branches of one value (an `if`, a table's outputs): one item that holds the
 * items of each and the largest count of items, and a list of null items only (`[]`) typed as the
 * others, which a dialect's arrays need in one CASE; lists whose items differ in kind refused.
 */
export function listBranches(values: SqlValue[], cx: SqlContext): SqlValue[] {
  const merged = values.reduce<SqlValue | undefined>((w, v) => w && (v.kind === "list" ? widest(w, v.element!) : w), NULL_VALUE);
  const maxItems = Math.max(...values.map((v) => v.maxItems ?? 0));
  // contexts of different entries: each branch's as it is (a list of lists must merge)
  if (!merged && values.some((v) => v.element?.kind === "list"))
    throw unsupported(cx, "a value that may be lists of items of different kinds");
  if (!merged) return values.map((v) => (v.kind === "list" ? { ...v, maxItems } : v));
  const element = merged;
  const lists = listSyntax(cx);
  const item =
    element.kind === "number"
      ? cx.dialect.decimal(widthOf(element.shape!), element.shape!.scale)
      : element.kind === "list"
        ? lists.nest?.type
        : cx.dialect.typeNames[element.kind as keyof Dialect["typeNames"]];
  const typed = (v: SqlValue) => (v.element!.kind === "null" && item ? `CAST(${v.sql} AS ${lists.type(item)})` : v.sql);
  return values.map((v) => (v.kind === "list" ? { ...v, sql: typed(v), element, maxItems } : v));
}

/**
 * The item that holds the items of both `a` and `b` (each an item of a list of lists, or within
 * one): numbers at the larger scale and bound, lists of the larger count of items, contexts of the
 * same entries in order entry by entry; undefined where their kinds or entries differ, and for
 * ordered levels (not merged).
 */
function widest(a: SqlValue, b: SqlValue): SqlValue | undefined {
  if (a.kind === "null") return b;
  if (b.kind === "null") return a;
  if (a.kind !== b.kind || a.levels || b.levels) return undefined;
  if (a.kind === "record") {
    const [x, y] = [[...a.fields!], [...b.fields!]];
    if (x.length !== y.length || x.some(([k], i) => y[i]![0] !== k)) return undefined;
    const fields = x.map(([k, f], i) => [k, widest(f, y[i]![1])] as const);
    return fields.every(([, f]) => f) ? { ...a, fields: new Map(fields as [string, SqlValue][]) } : undefined;
  }
  if (a.kind === "list") {
    const element = widest(a.element!, b.element!);
    return element && { ...a, element, maxItems: Math.max(a.maxItems!, b.maxItems!) };
  }
  if (a.kind !== "number") return a;
  const scale = Math.max(a.shape!.scale, b.shape!.scale);
  const [x, y] = [rescale(a.shape!, scale).bound, rescale(b.shape!, scale).bound];
  return { ...a, shape: { scale, bound: x > y ? x : y }, constant: undefined };
}

/**
 * `[{a: 1}, {a: k}]`: contexts of the same entries in the same order, each entry of one kind across
 * the items (numbers of one type), as a list of structs; null items too. Any other mix is refused.
 */
function contextList(items: SqlValue[], lists: ListSyntax, cx: SqlContext, n: Expr): SqlValue {
  const records = items.filter((i) => i.kind !== "null");
  const names = [...records[0]!.fields!.keys()];
  const same = (r: SqlValue) =>
    r.kind === "record" && r.fields!.size === names.length && names.every((k, i) => [...r.fields!.keys()][i] === k);
  if (!records.every(same)) throw unsupported(cx, "a list of contexts of different entries, or of contexts and other values", n.span);
  // each entry's values across the items, of one kind and type (branches)
  const columns = names.map((k) => {
    const values = records.map((r) => r.fields!.get(k)!);
    if (values.some((v) => v.kind === "record" || v.kind === "list" || heldAsText(v)))
      throw unsupported(cx, "a list of contexts holding contexts, lists or durations", n.span);
    return branches(values, cx);
  });
  const typed = records.map((r, j) => ({ ...r, fields: new Map(names.map((k, i) => [k, columns[i]![j]!] as const)) }));
  let next = 0;
  const sqls = items.map((i) => (i.kind === "null" ? "NULL" : recordSql(typed[next++]!, cx.dialect)));
  const fields = new Map(
    names.map((k, i) => [k, { ...(columns[i]!.find((v) => v.kind !== "null") ?? columns[i]![0]!), sql: "" }] as const),
  );
  const element: SqlValue = { kind: "record", sql: "", fields, depth: 0 };
  return listValue(lists.of(sqls), element, items.length, deeper(...items));
}
