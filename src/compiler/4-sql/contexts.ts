// Contexts: `{total: e, share: total / 4}` as a record whose fields are its entries in order, each
// entry reading the inputs and the entries before it (by name, as the analyser bound them), and a
// context as one SQL value where a list holds it (`for o in l return {v: o.amount}`: a LIST of
// STRUCT in DuckDB) or a decision's column is one. An entry's value is what the lowering gives for
// its expression, nulls included; what it refuses, the context refuses. `get value(m, key)` of a
// context whose entries the lowering knows: the entry the key names exactly (case and all), null for
// none, a null context or a key that is no string.
import { heldAsText } from "./durations.js";
import type { Span } from "../../ir/diagnostics.js";
import type { Expr } from "../../ir/feel-ast.js";
import { unsupported, type SqlContext } from "./context.js";
import { stringLiteral, type Dialect } from "./dialects.js";
import { branches, lowerExpr, refKey, type SqlScope } from "./expressions.js";
import { deeper, NULL_VALUE, widthOf, type SqlValue } from "./values.js";

/** `{a: …, b: …}`: each entry lowered in turn, the entries before it in scope. */
export function lowerContext(n: Extract<Expr, { kind: "context" }>, scope: SqlScope, cx: SqlContext): SqlValue {
  // DuckDB has no STRUCT without fields, and its field names are the same in any case
  if (n.entries.length === 0) throw unsupported(cx, "an empty context", n.span);
  const names = new Map(scope.names);
  const fields = new Map<string, SqlValue>();
  for (const e of n.entries) {
    // two entries of one name make the context an error result (DMN 1.4)
    if ([...fields.keys()].some((k) => k.toLowerCase() === e.key.toLowerCase()))
      throw unsupported(cx, `a context with two entries named ${e.key} (in any case)`, e.span);
    // inside a filter, `item` is the item (expressions.ts itemEntry), not an entry of that name
    if (scope.items && e.key === "item") throw unsupported(cx, "a context entry named item inside a filter", e.span);
    const v = cx.layers.bind(lowerExpr(e.value, { ...scope, names }, cx));
    entry(fields, e.key, v, cx, e.span);
    names.set(refKey({ kind: "local", name: e.key }), v);
  }
  return { sql: "TRUE", kind: "record", fields, depth: deeper(...fields.values()), atomic: true };
}

/**
 * Sets the entry `key` of `fields` to `v` (one of that very name replaced in place, as the runtime's
 * Map does), where the dialect can hold it: a name without NUL, not another entry's in another
 * case (DuckDB's field names are the same in any case), a value that is no duration.
 */
function entry(fields: Map<string, SqlValue>, key: string, v: SqlValue, cx: SqlContext, span?: Span): void {
  // no dialect's identifier holds NUL
  if (key.includes("\0")) throw unsupported(cx, "a context entry whose name holds the NUL character", span);
  if (!fields.has(key) && [...fields.keys()].some((k) => k.toLowerCase() === key.toLowerCase()))
    throw unsupported(cx, `a context with entries named ${key} in two cases`, span);
  if (heldAsText(v)) throw unsupported(cx, "a context holding a duration or a date and time", span);
  if (v.kind === "record" && !cx.dialect.lists)
    throw unsupported(cx, `a context of contexts (${cx.dialect.title}'s are not lowered yet)`, span);
  fields.set(key, v);
}

/** A record of these fields, null where any of `present` is null (contexts.ts records: `sql` is the condition that it is a context). */
function recordOf(fields: Map<string, SqlValue>, present: SqlValue[]): SqlValue {
  const conditions = [...new Set(present.map((p) => p.sql).filter((c) => c !== "TRUE"))];
  const sql = conditions.length === 0 ? "TRUE" : conditions.length === 1 ? conditions[0]! : `(${conditions.join(" AND ")})`;
  return { sql, kind: "record", fields, depth: deeper(...present, ...fields.values()), atomic: sql === "TRUE" };
}

/**
 * `context put(m, "key", v)` of a string literal key, and `context merge([m1, m2, …])` of a list
 * literal: the record of the entries in the runtime's order (a new one last, one replaced where it
 * was), null where a context is null; a key or an item that is no context null outright (runtime
 * builtins/context.ts `bad`). Undefined for any other call.
 */
export function lowerContextCall(name: string, args: Expr[], scope: SqlScope, cx: SqlContext, n: Expr): SqlValue | undefined {
  const lower = (e: Expr) => cx.layers.bind(lowerExpr(e, scope, cx));
  if (name === "context put" && args.length === 3 && args[1]!.kind === "string") {
    const [m, v] = [lower(args[0]!), lower(args[2]!)];
    if (m.kind !== "record") return m.kind === "null" ? NULL_VALUE : undefined;
    const fields = new Map(m.fields);
    entry(fields, args[1].value, v, cx, n.span);
    return recordOf(fields, [m]);
  }
  if (name === "context merge" && args.length === 1 && args[0]!.kind === "list") {
    const items = args[0].items.map(lower);
    if (items.some((m) => m.kind === "null")) return NULL_VALUE;
    if (items.some((m) => m.kind !== "record")) return undefined;
    const fields = new Map<string, SqlValue>();
    for (const m of items) for (const [k, v] of m.fields!) entry(fields, k, v, cx, n.span);
    return recordOf(fields, items);
  }
  return undefined;
}

/**
 * A record as one SQL value of the dialect (null where the record is): its fields in order, a
 * number of the decimal type of its shape (so that every item of a list has one type), a record
 * within it the same way.
 */
export function recordSql(v: SqlValue, dialect: Dialect): string {
  const fields = [...v.fields!].map(([name, f]) => [name, fieldSql(f, dialect)] as const);
  const made = dialect.record(fields);
  return v.sql === "TRUE" ? made : `CASE WHEN ${v.sql} THEN ${made} END`;
}

function fieldSql(f: SqlValue, dialect: Dialect): string {
  if (f.kind === "record") return recordSql(f, dialect);
  if (f.kind === "number" && f.shape) return `CAST(${f.sql} AS ${dialect.decimal(widthOf(f.shape), f.shape.scale)})`;
  return f.sql;
}

/**
 * `get value(m, key)`, or undefined for any other call: the entry whose name is the key, chosen
 * among the entries (one kind of value, as any choice: expressions.ts `branches`). The control run
 * names an entry in any case, as DuckDB's struct_extract does.
 */
export function lowerGetValue(name: string, args: Expr[], scope: SqlScope, cx: SqlContext, n: Expr): SqlValue | undefined {
  if (name !== "get value" || args.length !== 2) return undefined;
  const [m, key] = args.map((a) => cx.layers.bind(lowerExpr(a, scope, cx))) as [SqlValue, SqlValue];
  if (m.kind !== "record" || key.kind !== "string") return NULL_VALUE;
  // a literal key: the one entry it names, of whatever kind
  const literal = args[1]!.kind === "string" ? args[1].value : undefined;
  const entries = [...m.fields!].filter(([k]) => literal === undefined || k === literal);
  if (entries.length === 0) return NULL_VALUE;
  if (entries.some(([, v]) => v.kind === "record")) throw unsupported(cx, "get value() of a context holding contexts", n.span);
  const values = branches(
    entries.map(([, v]) => v),
    cx,
  );
  const named = (k: string) => (cx.naive ? `lower(${key.sql}) = lower(${stringLiteral(k)})` : `${key.sql} = ${stringLiteral(k)}`);
  const whens = entries.map(([k], i) => `WHEN ${m.sql === "TRUE" ? "" : `${m.sql} AND `}${named(k)} THEN ${values[i]!.sql}`);
  const some = values.find((v) => v.kind !== "null");
  if (!some) return NULL_VALUE;
  return { ...some, sql: `CASE ${whens.join(" ")} END`, depth: deeper(m, key, ...values), atomic: false, constant: undefined };
}
