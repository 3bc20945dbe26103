// `for` over ranges and over several lists: `for i in a..b return e`, `for x in l, i in 1..3 return e`,
// each FEEL's answer exactly (the compiled module's nested loops, codegen/expr.ts `nestLoops`):
// the iterations nest in the order written, the last one innermost, so the items come out in that
// order (x's first item with each i, then the next x); a range counts up or down and includes both
// ends; a range whose ends are not two integers (a null, a non-integer, another kind) makes the
// whole `for` null when it is reached — a range after a list with no items never is. A range is
// `generate_series`; through DuckDB's lambdas each level's list of lists is flattened, in
// PostgreSQL (`nested`) the levels are one subquery of lateral unnests ordered by their ordinals. A list a
// `for` makes keeps a known bound on its items, at most MAX_ITEMS (lists.ts): a range whose ends'
// shapes could span more, or a product of sources that could, is refused.
import { heldAsText } from "./durations.js";
import type { Expr } from "../../ir/feel-ast.js";
import { unsupported, type SqlContext } from "./context.js";
import type { ListSyntax } from "./dialects.js";
import { lowerExpr, refKey, type SqlScope } from "./expressions.js";
import { asList, forItem, freshVariable, Inline, itemAt, listSyntax, listValue, MAX_ITEMS } from "./lists.js";
import { deeper, NULL_VALUE, widthOf, type SqlValue } from "./values.js";

type For = Extract<Expr, { kind: "for" }>;

/** The values of range variables: never null (positions.ts reads this). */
const RANGE_ITEMS = new WeakSet<SqlValue>();

/** Whether a value is a range's variable, a number that is never null. */
export const isRangeItem = (v: SqlValue): boolean => RANGE_ITEMS.has(v);

/** One iteration's source as a list: its SQL (null where a range's ends are not two integers), its bound, its variable's item. */
interface Level {
  v: string;
  list: string;
  maxItems: number;
  item: SqlValue;
  /** a range: the condition that its ends are two integers (never null), unless that always holds */
  valid?: string;
  /** a list: the condition that it has items (undefined when it reads an earlier variable) */
  hasItems?: string;
  depth: number;
}

/** The largest |m × 10^-scale| a number of this shape can be, as a whole number (its integer part). */
const largest = (v: SqlValue): bigint => (v.shape!.bound - 1n) / 10n ** BigInt(v.shape!.scale);

/**
 * `for v1 in s1, v2 in s2, … return body`, some source a range or more than one source; `itemOf`
 * makes each body's value an item (a quantifier's: its test as a boolean).
 */
export function lowerIterations(n: For, scope: SqlScope, cx: SqlContext, itemOf = (body: SqlValue) => forItem(body, n, cx)): SqlValue {
  const lists = listSyntax(cx, n.span);
  if (!lists.series || !(lists.flatten || lists.nested))
    throw unsupported(cx, `a \`for\` over a range or several lists (${cx.dialect.title})`, n.span);
  const levels: Level[] = [];
  const names = new Map(scope.names);
  // the first source is read where the `for` is; the others inside the lambdas of those before
  let inner: SqlContext = cx;
  for (const it of n.iterations) {
    const at = { ...scope, names };
    const level = it.to ? range(it, at, inner, levels, cx) : list(it, at, inner, levels, cx);
    levels.push(level);
    names.set(refKey({ kind: "local", name: it.name }), level.item);
    inner = { ...cx, layers: new Inline(cx.layers) };
  }
  // a range whose ends are never two integers: the body is never reached, the `for` null once the range is
  const never = levels.findIndex((l) => l.valid === "FALSE");
  if (never === 0) return NULL_VALUE;
  if (never > 0) {
    const reached = levels.slice(0, never).map((o) => o.hasItems ?? "TRUE");
    const depth = Math.max(...levels.slice(0, never).map((l) => l.depth));
    return listValue(`CASE WHEN ${reached.join(" AND ")} THEN NULL ELSE ${lists.of([])} END`, NULL_VALUE, 0, depth);
  }
  const maxItems = levels.reduce((m, l) => m * l.maxItems, 1);
  if (maxItems > MAX_ITEMS) throw unsupported(cx, `a \`for\` that may make more than ${MAX_ITEMS} items`, n.span);
  const body = itemOf(lowerExpr(n.body, { ...scope, names }, inner));
  let sql = lists.nested ? lists.nested(levels, body.sql) : mapsFlattened(levels, body.sql, lists);
  sql = `COALESCE(${sql}, ${lists.of([])})`;
  // a range whose ends are not two integers, once reached (every list before it has items), makes the `for` null
  const nulls = levels.flatMap((l, k) =>
    l.valid === undefined ? [] : [[`NOT ${l.valid}`, ...levels.slice(0, k).flatMap((o) => (o.hasItems ? [o.hasItems] : []))].join(" AND ")],
  );
  if (nulls.length > 0) sql = `CASE WHEN (${nulls.join(") OR (")}) THEN NULL ELSE ${sql} END`;
  return listValue(sql, { ...body, sql: "" }, maxItems, Math.max(body.depth, ...levels.map((l) => l.depth)));
}

/** The body's values over the levels as nested maps, innermost first: each level's items the lists of the levels inside it, flattened. */
function mapsFlattened(levels: Level[], body: string, lists: ListSyntax): string {
  let sql = body;
  for (let k = levels.length - 1; k >= 0; k--) {
    const mapped = lists.map(levels[k]!.list, levels[k]!.v, sql);
    sql = k === levels.length - 1 ? mapped : lists.flatten!(mapped);
  }
  return sql;
}

/** `v in l`: the list's items (none for a null list); a list read inside an earlier lambda has no known test for items. */
function list(it: For["iterations"][number], scope: SqlScope, inner: SqlContext, before: Level[], cx: SqlContext): Level {
  const first = inner === cx;
  const source = lowerExpr(it.source, scope, inner);
  const l = asList(first ? cx.layers.bind(source) : source, "an iteration", cx, it.source);
  const v = freshVariable();
  if (!l) return { v, list: "NULL", maxItems: 0, item: NULL_VALUE, hasItems: "FALSE", depth: 0 };
  const lists = cx.dialect.lists!;
  const readsEarlier = readsAny(l.sql, before);
  return {
    v,
    list: l.sql,
    maxItems: l.maxItems!,
    item: itemAt(l.element!, v, 0, cx),
    hasItems: readsEarlier ? undefined : `COALESCE(${lists.length(l.sql)} > 0, FALSE)`,
    depth: l.depth,
  };
}

/**
 * `v in a..b`: the integers from a to b, either way, as decimals of scale 0. Its ends are read once
 * where the `for` is (a range whose ends read an earlier iteration's variable is refused), and
 * their shapes bound its items (two whole number literals: their count).
 */
function range(it: For["iterations"][number], scope: SqlScope, inner: SqlContext, before: Level[], cx: SqlContext): Level {
  const lists = cx.dialect.lists!;
  const ends = [lowerExpr(it.source, scope, inner), lowerExpr(it.to!, scope, inner)];
  if (ends.some((e) => e.kind === "date" || heldAsText(e))) throw unsupported(cx, "a range of dates, date and times or durations", it.span);
  // a range that reads an earlier variable is made anew for each of its items: not lowered
  if (ends.some((e) => readsAny(e.sql, before))) throw unsupported(cx, "a range whose ends read an earlier iteration's variable", it.span);
  // a range read after a list whose test for items is not known could not say when it is reached
  if (before.some((l) => l.hasItems === undefined && l.valid === undefined))
    throw unsupported(cx, "a range after a list that reads an earlier iteration's variable", it.span);
  const v = freshVariable();
  // ends of another kind than numbers: FEEL's range is null, and so is the `for` when reached
  if (ends.some((e) => e.kind !== "number")) return { v, list: "NULL", maxItems: 1, item: NULL_VALUE, valid: "FALSE", depth: 0 };
  const [a, b] = ends.map((e) => cx.layers.bind(e)) as [SqlValue, SqlValue];
  const whole = (e: SqlValue) => (e.constant !== undefined && /^\d+$/.test(e.constant) ? BigInt(e.constant) : undefined);
  const [from, to] = [whole(a), whole(b)];
  const literals = from !== undefined && to !== undefined;
  const items = literals ? (from > to ? from - to : to - from) + 1n : largest(a) + largest(b) + 1n;
  if (items > BigInt(MAX_ITEMS)) throw unsupported(cx, `a range that may have more than ${MAX_ITEMS} items`, it.span);
  // null ends, or ends that are not whole numbers: no range; nor ends past their shape's bound, which
  // a row outside the exact domain may hold where the dialect's numbers are not typed to it
  // (PostgreSQL's numeric): such a row is not scored, and its range must neither overflow nor run long
  const within = (e: SqlValue) => `abs(${e.sql}) <= ${largest(e)}`;
  const integers = [a, b].map((e) => `${e.shape!.scale === 0 ? `${e.sql} IS NOT NULL` : `${e.sql} = trunc(${e.sql})`} AND ${within(e)}`);
  const valid = literals ? undefined : `COALESCE(${integers.join(" AND ")}, FALSE)`;
  const series = lists.series!(`CAST(${a.sql} AS BIGINT)`, `CAST(${b.sql} AS BIGINT)`);
  const shape = { scale: 0, bound: (largest(a) > largest(b) ? largest(a) : largest(b)) + 1n };
  const item: SqlValue = { sql: `CAST(${v} AS ${cx.dialect.decimal(widthOf(shape), 0)})`, kind: "number", shape, depth: 0 };
  RANGE_ITEMS.add(item);
  return {
    v,
    list: valid === undefined ? series : `CASE WHEN ${valid} THEN ${series} END`,
    maxItems: Number(items),
    item,
    valid,
    depth: deeper(a, b),
  };
}

/** Whether SQL reads the variable of one of these levels. */
const readsAny = (sql: string, levels: Level[]): boolean => levels.some((l) => sql.includes(l.v));
