// FEEL's comparisons with FEEL's nulls (runtime/equality.ts, runtime/compare.ts), which are not
// SQL's: `x = null` is true when x is null, `null != true` is true, and a comparison of values of
// different kinds is null. Orderings of ordered levels go by rank.
import { common, heldPair, numberLiteral } from "./numbers.js";
import { unsupported, type SqlContext } from "./context.js";
import { stringLiteral } from "./dialects.js";
import { alike } from "./durations.js";
import { dateTimeEquals, dateTimeOrder } from "./date-time-values.js";
import { listBranches } from "./lists.js";
import { deeper, literal, type SqlValue } from "./values.js";

export const NULL_BOOLEAN: SqlValue = literal("CAST(NULL AS BOOLEAN)", "boolean");
export const TRUE: SqlValue = literal("TRUE", "boolean");

const bool = (sql: string, ...from: SqlValue[]): SqlValue => ({ sql, kind: "boolean", depth: deeper(...from) });

/** FEEL `=`: values of one kind by value; a null equals only null; values of two kinds are null unless one is null. */
export function equals(p: SqlValue, q: SqlValue, cx: SqlContext): SqlValue {
  const [a, b] = alike(p, q, cx);
  if (a.kind === "null" && b.kind === "null") return TRUE;
  if (a.kind === "null" || b.kind === "null") return bool(`(${(a.kind === "null" ? b : a).sql} IS NULL)`, a, b);
  if (a.kind === "record" || b.kind === "record") return unsupportedRecords(cx);
  if (a.kind !== b.kind)
    return bool(`CASE WHEN ${a.sql} IS NULL OR ${b.sql} IS NULL THEN (${a.sql} IS NULL AND ${b.sql} IS NULL) END`, a, b);
  if (a.kind === "list" && cx.dialect.lists?.nest && (a.element!.kind === "list" || b.element!.kind === "list"))
    return listsOfLists(a, b, cx);
  if (a.kind === "list") return sameItems(a, b, cx);
  if (a.kind === "datetime" && !cx.naive) return dateTimeEquals(a, b, cx);
  const beyond = a.kind === "number" ? unreachedLiteral("=", a, b) : undefined;
  if (beyond) return beyond;
  const held = a.kind === "number" ? heldPair(a, b, cx) : undefined;
  if (held) return { ...bool(`(${held[0]} IS NOT DISTINCT FROM ${held[1]})`, a, b), depth: Math.max(held[2], deeper(a, b)) };
  const [x, y] = a.kind === "number" ? common([a, b], cx, "compared") : [a, b];
  return bool(`(${x!.sql} ${cx.naive ? "=" : "IS NOT DISTINCT FROM"} ${y!.sql})`, a, b);
}

/**
 * `=` of two lists of lists where the dialect wraps inner lists (`nest`): item by item, the inner
 * items of one kind on both sides (then FEEL's answer is never null: a null against a value is
 * false); any other pair refused.
 */
function listsOfLists(a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue {
  const nest = cx.dialect.lists?.nest;
  const kinds = (l: SqlValue): string[] => (l.kind === "list" ? [l.kind, ...kinds(l.element!)] : [l.kind]);
  const [x, y] = [kinds(a), kinds(b)];
  const alike = x.every((k, i) => k === y[i] || k === "null" || y[i] === "null") && !x.includes("record") && !y.includes("record");
  if (!alike) throw unsupported(cx, "a comparison of lists of lists whose items differ in kind");
  return bool(
    `CASE WHEN ${a.sql} IS NULL OR ${b.sql} IS NULL THEN (${a.sql} IS NULL AND ${b.sql} IS NULL) ELSE ${nest!.same(a.sql, b.sql)} END`,
    a,
    b,
  );
}

/**
 * `=` of two lists of scalars: the arrays compared whole, a list of null items only (`[]`, `[null]`)
 * typed as the other (PostgreSQL has no `=` of numeric[] and text[]); lists whose items differ in
 * kind refused (FEEL's item comparison is null there, the arrays' false or an error).
 */
function sameItems(p: SqlValue, q: SqlValue, cx: SqlContext): SqlValue {
  const [a, b] = listBranches([p, q], cx);
  if (a!.element!.kind !== b!.element!.kind) throw unsupported(cx, "a comparison of lists whose items differ in kind");
  return bool(`(${a!.sql} ${cx.naive ? "=" : "IS NOT DISTINCT FROM"} ${b!.sql})`, p, q);
}

/** FEEL `!=`: the negation of `=`, null where `=` is null. */
export const notEquals = (a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue => not(equals(a, b, cx));

export const not = (v: SqlValue): SqlValue => bool(`(NOT ${v.sql})`, v);

/** The rank of a value among ordered levels, null outside them. */
const rank = (v: SqlValue, levels: string[]): string =>
  `CASE ${v.sql} ${levels.map((l, i) => `WHEN ${stringLiteral(l)} THEN ${i}`).join(" ")} END`;

export type Ordering = "<" | "<=" | ">" | ">=";

/** FEEL `<`, `<=`, `>`, `>=`: null when either side is null or the kinds are not ordered against each other. */
export function ordered(op: Ordering, x: SqlValue, y: SqlValue, cx: SqlContext): SqlValue {
  const [a, b] = alike(x, y, cx);
  const levels = a.levels ?? b.levels;
  if (levels && a.kind === "string" && b.kind === "string") return bool(`(${rank(a, levels)} ${op} ${rank(b, levels)})`, a, b);
  if (a.kind !== b.kind || a.kind === "null" || a.kind === "boolean") return NULL_BOOLEAN;
  if (a.kind === "record") return unsupportedRecords(cx);
  if (a.kind === "datetime") return dateTimeOrder(op, a, b, cx);
  if (a.kind === "number") {
    // numbers held as integers of one scale (numbers.ts) compare as those integers
    const held = heldPair(a, b, cx);
    if (held) return { ...bool(`(${held[0]} ${op} ${held[1]})`, a, b), depth: Math.max(held[2], deeper(a, b)) };
    const beyond = unreachedLiteral(op, a, b);
    if (beyond) return beyond;
    const near = againstLiteral(op, a, b, cx);
    if (near) return near;
    const [x, y] = common([a, b], cx, "compared");
    return bool(`(${x!.sql} ${op} ${y!.sql})`, a, b);
  }
  if (a.kind === "string") return bool(`(${cx.dialect.codePoints(a.sql)} ${op} ${cx.dialect.codePoints(b.sql)})`, a, b);
  return bool(`(${a.sql} ${op} ${b.sql})`, a, b);
}

const FLIPPED: Record<Ordering, Ordering> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=" };

/**
 * A number ordered against a literal with more places than it holds (`x < 2.9`, x a whole number):
 * the literal rounded to x's places, down for `<=` and `>`, up for `<` and `>=`, orders every value
 * x can hold the same way (x is a multiple of 10^-s, and the literal is not), so x is compared in
 * its own type instead of being cast to the literal's scale on every row (docs/sql.md, _Where
 * DuckDB's query time goes_). Undefined where the rounded literal does not fit x's type.
 */
function againstLiteral(op: Ordering, a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue | undefined {
  const [x, c, o] = b.constant !== undefined && a.constant === undefined ? [a, b, op] : [b, a, FLIPPED[op]];
  if (c.constant === undefined || x.constant !== undefined) return undefined;
  const s = x.shape!.scale;
  const [whole, fraction = ""] = c.constant.split(".");
  if (fraction.length <= s) return undefined;
  // the literal's units of 10^-s, rounded down (it is not a whole number of them: its last digit is not 0)
  const down = BigInt(whole! + fraction.slice(0, s));
  const units = o === "<" || o === ">=" ? down + 1n : down;
  const digits = units.toString().padStart(s + 1, "0");
  const rounded = numberLiteral(s === 0 ? digits : `${digits.slice(0, -s)}.${digits.slice(-s)}`, cx);
  const [y, r] = common([x, rounded], cx, "compared");
  if (y!.sql !== x.sql) return undefined;
  return bool(`(${x.sql} ${o} ${r!.sql})`, a, b);
}

/**
 * A number compared with a literal none of its values can equal or reach, whatever its type's
 * width: `x < 10^33` of x at most 10^9, or `x = 0.0000001` of x with 6 places. x is a multiple of
 * 10^-s below its shape's bound (values.ts), so its order against the literal is the same on every
 * row where it is not null: the answer is a constant there (`=`: false, null or not), and no common
 * type of the two is needed (DuckDB's stops at 38 digits). Undefined for any other pair.
 */
function unreachedLiteral(op: Ordering | "=", a: SqlValue, b: SqlValue): SqlValue | undefined {
  const [x, c, o] = b.constant !== undefined && a.constant === undefined ? [a, b, op] : [b, a, op === "=" ? op : FLIPPED[op]];
  if (c.constant === undefined || x.constant !== undefined || !x.shape) return undefined;
  const { scale, bound } = x.shape;
  const [whole, fraction = ""] = c.constant.split(".");
  // the literal (never negative: a literal's minus is an operation) in units of 10^-scale, and whether a part of a unit is left
  const units = BigInt(whole! + fraction.slice(0, scale).padEnd(scale, "0"));
  const part = /[1-9]/.test(fraction.slice(scale));
  const above = units > bound - 1n || (units === bound - 1n && part);
  if (o === "=") return above || part ? bool("FALSE", a, b) : undefined;
  if (!above) return undefined;
  return bool(`CASE WHEN ${x.sql} IS NOT NULL THEN ${o === "<" || o === "<=" ? "TRUE" : "FALSE"} END`, a, b);
}

function unsupportedRecords(cx: SqlContext): never {
  throw unsupported(cx, "a comparison of contexts");
}
