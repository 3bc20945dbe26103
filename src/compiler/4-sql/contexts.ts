// Contexts: `{total: e, share: total / 4}` as a record whose fields are its entries in order, each
// entry reading the inputs and the entries before it (by name, as the analyser bound them), and a
// context as one SQL value where a list holds it (`for o in l return {v: o.amount}`: a LIST of
// STRUCT in DuckDB) or a decision's column is one. An entry's value is what the lowering gives for
// its expression, nulls included; what it refuses, the context refuses. `get value(m, key)` of a
// context whose entries the lowering knows: the entry the key names exactly (case and all), null for
// none, a null context or a key that is no string.
import { heldAsText } from "./durations.js";
import type { Expr } from "../../ir/feel-ast.js";
import { unsupported, type SqlContext } from "./context.js";
import { stringLiteral, type Dialect } from "./dialects.js";
import { branches, lowerExpr, refKey, type SqlScope } from "./expressions.js";
import { deeper, NULL_VALUE, widthOf, type SqlValue } from "./values.js";

/** `{a: …, b: …}`: each entry lowered in turn, the entries before it in scope. */
export function lowerContext(n: Extract<Expr, { kind: "context" }>, scope: SqlScope, cx: SqlContext): SqlValue {
  // DuckDB has no STRUCT without fields, and its field names are the same in any case
  if (n.entries.length === 0) throw unsupported(cx, "an empty context", n.span);
  const folded = new Set<string>();
  const names = new Map(scope.names);
  const fields = new Map<string, SqlValue>();
  for (const e of n.entries) {
    // no dialect's identifier holds NUL
    if (e.key.includes("\0")) throw unsupported(cx, "a context entry whose name holds the NUL character", e.span);
    const key = e.key.toLowerCase();
    // two entries of one name make the context an error result (DMN 1.4)
    if (folded.has(key)) throw unsupported(cx, `a context with two entries named ${e.key} (in any case)`, e.span);
    folded.add(key);
    // inside a filter, `item` is the item (expressions.ts itemEntry), not an entry of that name
    if (scope.items && e.key === "item") throw unsupported(cx, "a context entry named item inside a filter", e.span);
    const v = cx.layers.bind(lowerExpr(e.value, { ...scope, names }, cx));
    if (heldAsText(v)) throw unsupported(cx, "a context holding a duration or a date and time", e.value.span);
    if (v.kind === "record" && !cx.dialect.lists)
      throw unsupported(cx, `a context of contexts (${cx.dialect.title}'s are not lowered yet)`, e.span);
    names.set(refKey({ kind: "local", name: e.key }), v);
    fields.set(e.key, v);
  }
  return { sql: "TRUE", kind: "record", fields, depth: deeper(...fields.values()), atomic: true };
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
