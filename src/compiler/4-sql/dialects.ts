// What differs between the SQL dialects the lowering writes, as data: one entry per dialect,
// every difference a field. The lowering itself never asks which dialect it writes; it reads the
// field. docs/sql.md has the same table in prose, with the dialects that could follow.
import type { SqlKind } from "./values.js";

export type DialectName = "duckdb" | "postgres";

export interface Dialect {
  name: DialectName;
  /** how `pdm` and diagnostics name it */
  title: string;
  /**
   * The SQL type of an exact decimal with `precision` digits of which `scale` after the point.
   * DuckDB's DECIMAL is a fixed-point integer of at most 38 digits and its arithmetic follows
   * the declared types, so every value carries its exact type; PostgreSQL's numeric is
   * arbitrary-precision and exact for + - ×, so it needs none.
   */
  decimal: (precision: number, scale: number) => string;
  /** digits an exact decimal (and an integer intermediate of a rounding) may hold */
  maxDigits: number;
  /** The integer type of the scaled integers a rounding works on. */
  integer: string;
  /**
   * FEEL's quotient of two numbers of at most `scale` places, the divisor not 0 (the caller
   * checks), rounded once to 34 significant digits, half-even, exactly (numbers.ts); absent: refused
   */
  divide?: (a: string, b: string, scale: number) => string;
  /** truncating integer quotient and its remainder (sign of the dividend) of two integers */
  quotient: (n: string, d: string) => string;
  remainder: (n: string, d: string) => string;
  /** a string compared by Unicode code point (byte order of UTF-8) */
  codePoints: (s: string) => string;
  /** string length in code points */
  length: (s: string) => string;
  /** a literal date from its ISO text (validated by the analyser) */
  date: (iso: string) => string;
  /** whole days from date `b` to date `a` */
  daysBetween: (a: string, b: string) => string;
  /** a field of a date: year, month or day */
  datePart: (part: "year" | "month" | "day", d: string) => string;
  /** `s` starts with / ends with / contains `t` (plain text, no pattern characters) */
  startsWith: (s: string, t: string) => string;
  endsWith: (s: string, t: string) => string;
  contains: (s: string, t: string) => string;
  /** the 1-based code point position of the first `t` in `s`, 0 where there is none (1 for an empty `t`) */
  position: (s: string, t: string) => string;
  /** whether `s` holds a match of `pattern` (RE2's syntax: code point ranges `[\x{41}-\x{5a}]`); absent: `lower case` is refused */
  matches?: (s: string, pattern: string) => string;
  /** `n` code points of `s` from the 1-based position `from`: whole numbers (of any number type) within the string */
  substring: (s: string, from: string, n: string) => string;
  /** date `d` moved by a whole number of days, or of months (a day past the month's end: its last day) */
  addDays: (d: string, days: number | string) => string;
  addMonths: (d: string, months: number | string) => string;
  /** a number column as the exact decimal type (null where it does not fit: `fitsDecimal` tells) */
  toDecimal: (column: string, int: number, scale: number) => string;
  /**
   * a column whose type is already an exact decimal of at most `scale` places (an integer type, a
   * `DECIMAL(p, s)`) as the decimal type: its own value, never rounded, and null where it has more
   * digits before the point than `int` (`fits`: by its type it never has); absent where the
   * dialect's number columns are checked by `fitsDecimal` alone
   */
  widenDecimal?: (column: string, int: number, scale: number, fits: boolean) => string;
  /** ends each layer's SELECT: what keeps the planner from writing a layer's columns back into the layers above */
  layerEnd: string;
  /** a context of named values */
  record: (fields: readonly (readonly [name: string, sql: string])[]) => string;
  /** whether a number column's value is exactly a decimal with `int` digits before the point and `scale` after */
  fitsDecimal: (column: string, int: number, scale: number, value: string) => string;
  /** element `index` (1-based) of a constant array of integers, null where it is 0 (grid.ts) */
  lookup: (integers: readonly number[], index: string) => string;
  /** element `index` (1-based) of a list of values of one type, when the dialect reads it at its offset (tables.ts) */
  valueList?: (items: readonly string[], index: string) => string;
  /**
   * the same of number literals (canonical digits, or NULL) of one decimal type: one constant the
   * dialect parses once, where a list of typed literals is a cast each to plan (the rating table's
   * 3,701 outputs: about 0.1 s of DuckDB's CPU at every run)
   */
  numberList?: (digits: readonly string[], type: string, index: string) => string;
  /** lists (lists.ts); absent where the dialect's lists are not lowered yet (they are refused) */
  lists?: ListSyntax;
  /** the types of an input column as the engine reads them, for messages */
  typeNames: { string: string; boolean: string; date: string };
}

/** A dialect's list functions, each over SQL texts; `v` a lambda's variable (a quoted identifier). */
export interface ListSyntax {
  /** the items for which `condition` (over `v`) is true, in order */
  filter: (list: string, v: string, condition: string) => string;
  /** each item's `value` (over `v`), in order */
  map: (list: string, v: string, value: string) => string;
  /** the number of items, null items too; null for a null list */
  length: (list: string) => string;
  /** the number of items that are not null */
  present: (list: string) => string;
  /** the sum of the items that are not null; null for none */
  sum: (list: string) => string;
  /** the least and greatest of the items that are not null (strings by code point: `kind`), null for none */
  min: (list: string, kind: SqlKind) => string;
  max: (list: string, kind: SqlKind) => string;
  /** whether some item is `value` (a literal TRUE or FALSE) */
  has: (list: string, value: string) => string;
  /** the items of two lists, one after the other */
  concat: (a: string, b: string) => string;
  /** the item at a 1-based position (negative from the end), null out of range */
  at: (list: string, position: string) => string;
  /** a list of these items; `type` the type of an item where none tells it (an empty list), where the dialect needs one */
  of: (items: readonly string[], type?: string) => string;
  /** the type of a list of items of `type` */
  type: (type: string) => string;
  /** a struct of named values */
  struct: (fields: readonly (readonly [name: string, sql: string])[]) => string;
  /** a field of a struct, a value of `kind` */
  field: (struct: string, name: string, kind: SqlKind) => string;
  /** the type of a struct of these fields */
  structType: (fields: readonly (readonly [name: string, type: string])[]) => string;
  /**
   * The integers from `from` to `to` (BIGINTs), both ends included, counting down when `to` is
   * below `from`; absent where a range is not lowered (refused). (iterations.ts)
   */
  series?: (from: string, to: string) => string;
  /** a list of strings' text, one after the other (strings.ts); absent: refused */
  joined?: (strings: string) => string;
  /**
   * the items in ascending order, or descending, nulls last (strings by code point: `kind`), for a
   * median (aggregates.ts) and sort() (list-order.ts); a null list gives an empty one
   */
  sorted: (list: string, kind: SqlKind, descending?: boolean) => string;
  /** the items from 1-based position `from` to `to`, both included: none where `to` is below `from` (list-edits.ts) */
  slice: (list: string, from: string, to: string) => string;
  /**
   * the items each once, in order of first appearance, a null item one value (`IS NOT DISTINCT
   * FROM`), `v` a fresh variable: items of one scalar type, `list` a column (it is written twice;
   * list-sets.ts)
   */
  distinct: (list: string, v: string) => string;
  /** the dialect's own distinct items, the control run's (`naive`): its nulls and order are not FEEL's */
  naiveDistinct: (list: string) => string;
  /** each item's `value` (over `v` and `i`, its 1-based position), in order */
  mapAt: (list: string, v: string, value: (i: string) => string) => string;
  /** the 1-based positions of the items for which `condition` (over `v`) is true, in order, each cast to `type` */
  positions: (list: string, v: string, condition: string, type: string) => string;
  /** the product of a list of integers of the dialect's integer type, 1 for none (aggregates.ts) */
  product: (integers: string) => string;
  /**
   * FEEL's sample standard deviation of a list of two or more numbers of at most `scale` places,
   * none null (the caller checks): the square root of the exact variance rounded once to 34
   * significant digits, half-even (aggregates.ts); absent: refused
   */
  stddev?: (list: string, scale: number) => string;
  /** a list of lists' items, one list after the other (a null inner list has none); absent: refused */
  flatten?: (lists: string) => string;
  /**
   * `value` (over the levels' variables) for each combination of the levels' items, in FEEL's
   * order: the first level outermost, its first item with each of the next level's, and so on; a
   * level's list may read the variables of the levels before it, a null list has no items. Where
   * the dialect has it, a `for` over several sources is this one list, not `map`s `flatten`ed (a
   * dialect whose arrays cannot hold ragged lists of lists). (iterations.ts)
   */
  nested?: (levels: readonly { list: string; v: string }[], value: string) => string;
  /**
   * whether `condition` (over `v`, never null) holds for every item, true for an empty or a null
   * list, where the dialect has a cheaper form than a `map` whose items `has` looks through (a row's
   * check of a list input's items, query.ts)
   */
  every?: (list: string, v: string, condition: string) => string;
  /**
   * where the dialect's lists cannot hold lists as they are (PostgreSQL's arrays are rectangular: a
   * ragged or empty inner list stops the query, `cardinality` counts every item): each inner list
   * one value of `type` (absent: lists hold lists as they are)
   */
  nest?: NestedLists;
  /** how a list input's column is read where it is not the dialect's list as it is (query.ts) */
  column?: ListColumn;
}

/** A list whose items are lists, each inner list wrapped as one value (lists.ts `itemAt` unwraps it). */
interface NestedLists {
  /** the type of a wrapped list */
  type: string;
  /** a list as one item of a list of lists (null for a null list) */
  wrap: (list: string) => string;
  /** a wrapped item as the list of its items, each a value of `kind` (`v` a fresh variable): null for a null item */
  unwrap: (item: string, kind: SqlKind, v: string) => string;
  /** whether two lists of wrapped lists are equal item by item, their items' items of one kind (never null) */
  same: (a: string, b: string) => string;
}

/**
 * A list input's column as the dialect reads it (PostgreSQL: an array of scalars, a jsonb array of
 * objects): the column as a list, a check of its form, and an item's field as a value of its kind —
 * null where the field is missing or of another kind, never an error the query would stop on;
 * undefined where a field of that kind is not read exactly.
 */
interface ListColumn {
  /** the items of a column of scalars, and whether the column has the form of a list */
  scalars: (column: string) => string;
  scalarForm: (column: string) => string;
  /** the items of a column of structs (a null item a null), and whether the column has the form of a list */
  structs: (column: string, v: string) => string;
  structForm: (column: string) => string;
  field: (item: string, name: string, kind: SqlKind) => string | undefined;
}

/** A string literal: quotes doubled, nothing else special in standard SQL strings. */
export const stringLiteral = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** An RE2 pattern's code point escapes `\x{h}` as PostgreSQL's `\Uhhhhhhhh` (its `\x` takes no braces). */
const postgresPattern = (pattern: string): string =>
  pattern.replace(/\\x\{([0-9a-f]+)\}/gi, (_, hex: string) => `\\U${hex.padStart(8, "0")}`);

/** A whole number as SQL's INTEGER: a literal as it is, an expression cast (a date moves by an INTEGER in both dialects). */
const integerOf = (n: number | string): string => (/^-?\d+$/.test(String(n)) ? String(n) : `CAST(${n} AS INTEGER)`);

/** A quoted identifier: double quotes doubled. */
export const identifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * PostgreSQL's lists: arrays, each operation a subquery over `unnest … WITH ORDINALITY` in the
 * items' order (a null list: no row, so null), a struct a json object of its fields in order.
 */
const ordinal = (v: string) => `${v.slice(0, -1)}#"`;
/** a DuckDB lambda's index variable beside its item `v` */
const index = ordinal;
/** the alias of the unnest whose items are `v` */
const unnested = (v: string) => `${v.slice(0, -1)}$t"`;
const overItems = (l: string, v: string, select: (o: string) => string) =>
  `(SELECT ${select(ordinal(v))} FROM (SELECT ${l}) AS "$s"("$l") WHERE "$l" IS NOT NULL)`;
const items = (v: string, body: string, where = "") =>
  `ARRAY(SELECT ${body} FROM unnest("$l") WITH ORDINALITY AS "$t"(${v}, ${ordinal(v)})${where} ORDER BY ${ordinal(v)})`;
const aggregate = (l: string, f: (x: string) => string) => `(SELECT ${f('"$x"')} FROM unnest(${l}) AS "$t"("$x"))`;
/** a json struct's field as a value of its kind (`->>` makes a JSON null SQL's) */
const JSON_FIELD: Record<SqlKind, (s: string, n: string) => string> = {
  number: (s, n) => `CAST(${s} ->> ${n} AS NUMERIC)`,
  string: (s, n) => `(${s} ->> ${n})`,
  boolean: (s, n) => `CAST(${s} ->> ${n} AS BOOLEAN)`,
  date: (s, n) => `CAST(${s} ->> ${n} AS DATE)`,
  datetime: () => "NULL",
  record: (s, n) => `(CASE WHEN json_typeof(${s} -> ${n}) <> 'null' THEN ${s} -> ${n} END)`,
  list: (s, n) => `(CASE WHEN json_typeof(${s} -> ${n}) <> 'null' THEN ${s} -> ${n} END)`,
  null: () => "NULL",
  days: () => "NULL",
  nanos: () => "NULL",
  months: () => "NULL",
};
/** a jsonb item's field, null unless it is a JSON value of the kind (a cast of anything else would stop the query) */
const JSONB_FIELD: Partial<Record<SqlKind, (s: string, n: string) => string>> = {
  number: (s, n) => `(CASE WHEN jsonb_typeof(${s} -> ${n}) = 'number' THEN CAST(${s} ->> ${n} AS NUMERIC) END)`,
  string: (s, n) => `(CASE WHEN jsonb_typeof(${s} -> ${n}) = 'string' THEN ${s} ->> ${n} END)`,
  boolean: (s, n) => `(CASE WHEN jsonb_typeof(${s} -> ${n}) = 'boolean' THEN CAST(${s} ->> ${n} AS BOOLEAN) END)`,
  date: (s, n) =>
    `(CASE WHEN jsonb_typeof(${s} -> ${n}) = 'string' AND (${s} ->> ${n}) ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN ${isoDate(`(${s} ->> ${n})`)} END)`,
};

/**
 * The date of a text of the form YYYY-MM-DD, null where it names no day of years 1 to 9999 (a cast
 * or make_date of one would stop the query): each step in a CASE of its own, so that make_date only
 * ever sees a month of 1 to 12, then a day within that month.
 */
function isoDate(t: string): string {
  const [y, m, d] = ['"$y"', '"$m"', '"$d"'];
  const first = `make_date(${y}, ${m}, 1)`;
  const days = `extract(day FROM ${first} + interval '1 month - 1 day')`;
  const valid = `CASE WHEN ${d} >= 1 AND ${d} <= ${days} THEN make_date(${y}, ${m}, ${d}) END`;
  const parts = [1, 6, 9].map((from, i) => `CAST(substr(${t}, ${from}, ${i === 0 ? 4 : 2}) AS INTEGER)`);
  return `(SELECT CASE WHEN ${m} BETWEEN 1 AND 12 AND ${y} >= 1 THEN ${valid} END FROM (SELECT ${parts.join(", ")}) AS "$ymd"(${y}, ${m}, ${d}))`;
}

/** a json array's item as a value of its kind: a JSON null SQL's null, a list or a struct the json itself */
const JSON_ITEM: Record<SqlKind, (e: string) => string> = {
  number: (e) => `CAST(${e} #>> '{}' AS NUMERIC)`,
  string: (e) => `(${e} #>> '{}')`,
  boolean: (e) => `CAST(${e} #>> '{}' AS BOOLEAN)`,
  date: (e) => `CAST(${e} #>> '{}' AS DATE)`,
  datetime: () => "NULL",
  record: (e) => `(CASE WHEN json_typeof(${e}) <> 'null' THEN ${e} END)`,
  list: (e) => `(CASE WHEN json_typeof(${e}) <> 'null' THEN ${e} END)`,
  null: () => "NULL",
  days: () => "NULL",
  nanos: () => "NULL",
  months: () => "NULL",
};

/** each combination of the levels' items in order: one FROM of unnests, each lateral to those before it, ordered by their ordinals */
function nestedItems(levels: readonly { list: string; v: string }[], value: string): string {
  const from = levels.map(({ list, v }) => `unnest(${list}) WITH ORDINALITY AS ${unnested(v)}(${v}, ${ordinal(v)})`);
  return `ARRAY(SELECT ${value} FROM ${from.join(" CROSS JOIN LATERAL ")} ORDER BY ${levels.map(({ v }) => ordinal(v)).join(", ")})`;
}

/** 10^p of a whole number `p` (a column), exact (numeric's power of a negative or fractional result rounds) */
const tenTo = (p: string) => `CAST(rpad('1', ${p} + 1, '0') AS NUMERIC)`;

/**
 * The laterals that round "$d" × 10^"$e" ("$d" a whole number of at least 35 digits whose last is
 * not 0 where the value it stands for is not exact, or of at most 34) to 34 significant digits,
 * half-even, and the rounded value, read back exactly from its digits and exponent (as numeric
 * reads `123e-40`), without trailing zeros.
 */
const ROUNDING_34 = [
  `CROSS JOIN LATERAL (SELECT GREATEST(length(CAST("$d" AS TEXT)) - 34, 0) AS "$p") AS "$o"`,
  `CROSS JOIN LATERAL (SELECT ${tenTo('"$p"')} AS "$P") AS "$v"`,
  `CROSS JOIN LATERAL (SELECT div("$d", "$P") AS "$q") AS "$y"`,
].join(" ");
const rounded34 = `trim_scale(CAST(CAST("$q" + CASE WHEN 2 * ("$d" - "$q" * "$P") > "$P" OR (2 * ("$d" - "$q" * "$P") = "$P" AND mod("$q", 2) = 1) THEN 1 ELSE 0 END AS TEXT) || 'e' || CAST("$p" + "$e" AS TEXT) AS NUMERIC))`;

/**
 * FEEL's stddev as the runtime works it (runtime/builtins/aggregate.ts): the items as integers c at
 * the list's scale k, the variance (nΣc² − (Σc)²) / (n(n−1)) × 10^-2k, its square root in integers
 * to at least 36 digits (numeric's sqrt within one of the floor, then corrected) with a last digit 1
 * where it is not exact, rounded once.
 */
const postgresStddev = (l: string, k: number): string =>
  [
    `(SELECT CASE WHEN "$N" = 0 THEN 0 ELSE ${rounded34} END`,
    `FROM (SELECT count(*) AS "$n", sum("$c") AS "$s", sum("$c" * "$c") AS "$ss" FROM (SELECT trunc("$x" * ${tenTo(String(k))}) AS "$c" FROM unnest(${l}) AS "$t"("$x")) AS "$u") AS "$a"`,
    `CROSS JOIN LATERAL (SELECT "$n" * "$ss" - "$s" * "$s" AS "$N", CAST("$n" * ("$n" - 1) AS NUMERIC) AS "$D") AS "$b"`,
    `CROSS JOIN LATERAL (SELECT CAST(GREATEST(0, ceil((72 - (length(CAST("$N" AS TEXT)) - length(CAST("$D" AS TEXT)))) / 2.0)) AS INTEGER) + 1 AS "$w") AS "$f"`,
    `CROSS JOIN LATERAL (SELECT "$N" * ${tenTo('2 * "$w"')} AS "$W") AS "$g"`,
    `CROSS JOIN LATERAL (SELECT div("$W", "$D") AS "$m") AS "$h"`,
    `CROSS JOIN LATERAL (SELECT trunc(sqrt("$m")) AS "$r0") AS "$i"`,
    `CROSS JOIN LATERAL (SELECT "$r0" - CASE WHEN "$r0" * "$r0" > "$m" THEN 1 ELSE 0 END + CASE WHEN ("$r0" + 1) * ("$r0" + 1) <= "$m" THEN 1 ELSE 0 END AS "$r") AS "$j"`,
    `CROSS JOIN LATERAL (SELECT mod("$W", "$D") = 0 AND "$r" * "$r" = "$m" AS "$x") AS "$k"`,
    `CROSS JOIN LATERAL (SELECT CASE WHEN "$x" THEN "$r" ELSE "$r" * 10 + 1 END AS "$d", -"$w" - ${k} - CASE WHEN "$x" THEN 0 ELSE 1 END AS "$e") AS "$l"`,
    `${ROUNDING_34})`,
  ].join(" ");

/**
 * FEEL's quotient a / b (b not 0): both as integers A and B at the scale `s`, |A| × 10^t / |B| to
 * at least 35 digits with a last digit 1 where it is not exact, rounded once, signed.
 */
const postgresDivide = (a: string, b: string, s: number): string =>
  [
    `(SELECT CASE WHEN "$A" = 0 THEN 0 WHEN ("$A" < 0) <> ("$B" < 0) THEN -${rounded34} ELSE ${rounded34} END`,
    `FROM (SELECT trunc(${a} * ${tenTo(String(s))}) AS "$A", trunc(${b} * ${tenTo(String(s))}) AS "$B") AS "$a"`,
    `CROSS JOIN LATERAL (SELECT GREATEST(0, 35 + length(CAST(abs("$B") AS TEXT)) - length(CAST(abs("$A") AS TEXT))) AS "$t") AS "$b"`,
    `CROSS JOIN LATERAL (SELECT abs("$A") * ${tenTo('"$t"')} AS "$W") AS "$g"`,
    `CROSS JOIN LATERAL (SELECT div("$W", abs("$B")) AS "$m", mod("$W", abs("$B")) = 0 AS "$x") AS "$h"`,
    `CROSS JOIN LATERAL (SELECT CASE WHEN "$x" THEN "$m" ELSE "$m" * 10 + 1 END AS "$d", -"$t" - CASE WHEN "$x" THEN 0 ELSE 1 END AS "$e") AS "$l"`,
    `${ROUNDING_34})`,
  ].join(" ");

const POSTGRES_LISTS: ListSyntax = {
  filter: (l, v, c) => overItems(l, v, () => items(v, v, ` WHERE ${c}`)),
  map: (l, v, x) => overItems(l, v, () => items(v, x)),
  length: (l) => `cardinality(${l})`,
  present: (l) => aggregate(l, (x) => `count(${x})`),
  sum: (l) => aggregate(l, (x) => `sum(${x})`),
  // text's min and max follow the database's collation; "C" compares the bytes of UTF-8
  min: (l, kind) => aggregate(l, (x) => `min(${kind === "string" ? `${x} COLLATE "C"` : x})`),
  max: (l, kind) => aggregate(l, (x) => `max(${kind === "string" ? `${x} COLLATE "C"` : x})`),
  has: (l, x) => `(array_position(${l}, ${x}) IS NOT NULL)`,
  concat: (a, b) => `(${a} || ${b})`,
  // 1-based, null out of range; a negative position counted from the end
  // (a computed position, positions.ts: either, as the row has it)
  at: (l, i) =>
    !/^-?\d+$/.test(i)
      ? `(${l})[CASE WHEN ${i} < 0 THEN cardinality(${l}) + 1 + ${i} ELSE ${i} END]`
      : Number(i) < 0
        ? `(${l})[cardinality(${l}) + ${Number(i) + 1}]`
        : `(${l})[${i}]`,
  // an empty array of no type given takes the other operand's (COALESCE)
  of: (xs, type) => (xs.length > 0 ? `ARRAY[${xs.join(", ")}]` : type ? `CAST('{}' AS ${type}[])` : `'{}'`),
  type: (t) => `${t}[]`,
  struct: (fields) => `json_build_object(${fields.map(([name, sql]) => `${stringLiteral(name)}, ${sql}`).join(", ")})`,
  field: (s, name, kind) => JSON_FIELD[kind](s, stringLiteral(name)),
  structType: () => "json",
  // the integers in order (generate_series counts either way by its step)
  series: (a, b) =>
    `ARRAY(SELECT "$g" FROM generate_series(${a}, ${b}, CASE WHEN ${a} <= ${b} THEN 1 ELSE -1 END) WITH ORDINALITY AS "$gs"("$g", "$g#") ORDER BY "$g#")`,
  nested: nestedItems,
  joined: (l) => `array_to_string(${l}, '')`,
  sorted: (l, kind, descending) =>
    `ARRAY(SELECT "$x" FROM unnest(${l}) AS "$t"("$x") ORDER BY "$x"${kind === "string" ? ' COLLATE "C"' : ""}${descending ? " DESC" : ""} NULLS LAST)`,
  slice: (l, from, to) => `(${l})[${from}:${to}]`,
  // array_position compares by IS NOT DISTINCT FROM: an item is kept where it is first found
  distinct: (l, v) => overItems(l, v, (o) => items(v, v, ` WHERE array_position("$l", ${v}) = ${o}`)),
  naiveDistinct: (l) => `ARRAY(SELECT DISTINCT "$x" FROM unnest(${l}) AS "$t"("$x"))`,
  mapAt: (l, v, x) => overItems(l, v, (o) => items(v, x(o))),
  positions: (l, v, c, t) => overItems(l, v, (o) => items(v, `CAST(${o} AS ${t})`, ` WHERE ${c}`)),
  stddev: postgresStddev,
  // numeric has no product aggregate: the running product over the items' positions, exact
  product: (l) =>
    `(WITH RECURSIVE "$p"("$n", "$v") AS (SELECT 0, CAST(1 AS NUMERIC) UNION ALL SELECT "$n" + 1, "$v" * (${l})["$n" + 1] FROM "$p" WHERE "$n" < cardinality(${l})) SELECT "$v" FROM "$p" WHERE "$n" = cardinality(${l}))`,
  // no array made and no sort: the first item that fails ends the scan
  every: (l, v, c) => `NOT EXISTS (SELECT FROM unnest(${l}) AS ${unnested(v)}(${v}) WHERE NOT ${c})`,
  // an inner list as a json array (json keeps a struct's keys in order and a number's digits, which
  // jsonb would not: docs/sql.md, Stop 57), read back item by item in order
  nest: {
    type: "json",
    wrap: (l) => `array_to_json(${l})`,
    unwrap: (x, kind, v) =>
      `(CASE WHEN ${x} IS NOT NULL THEN ARRAY(SELECT ${JSON_ITEM[kind](v)} FROM json_array_elements(${x}) WITH ORDINALITY AS ${unnested(v)}(${v}, ${ordinal(v)}) ORDER BY ${ordinal(v)}) END)`,
    // jsonb compares numbers by value, arrays item by item
    same: (a, b) => `(CAST(to_json(${a}) AS jsonb) = CAST(to_json(${b}) AS jsonb))`,
  },
  column: {
    scalars: (c) => c,
    // one dimension (an empty array has none); its lower bound is rebased by the typed copy
    scalarForm: (c) => `COALESCE(array_ndims(${c}), 1) = 1`,
    // a JSON null item is SQL's null item; anything but an array is no list (jsonb_array_elements would stop the query)
    structs: (c, v) =>
      `(CASE WHEN jsonb_typeof(${c}) = 'array' THEN ARRAY(SELECT CASE WHEN jsonb_typeof(${v}) <> 'null' THEN ${v} END FROM jsonb_array_elements(${c}) WITH ORDINALITY AS "$t"(${v}, ${ordinal(v)}) ORDER BY ${ordinal(v)}) END)`,
    structForm: (c) => `jsonb_typeof(${c}) = 'array'`,
    field: (s, name, kind) => JSONB_FIELD[kind]?.(s, stringLiteral(name)),
  },
};

export const DIALECTS: Record<DialectName, Dialect> = {
  duckdb: {
    name: "duckdb",
    title: "DuckDB",
    decimal: (p, s) => `DECIMAL(${Math.max(1, p)}, ${s})`,
    maxDigits: 38,
    integer: "HUGEINT",
    quotient: (n, d) => `(${n} // ${d})`,
    remainder: (n, d) => `(${n} % ${d})`,
    // VARCHAR compares by bytes of UTF-8, which is code point order
    codePoints: (s) => s,
    length: (s) => `length(${s})`,
    date: (iso) => `DATE ${stringLiteral(iso)}`,
    daysBetween: (a, b) => `CAST(${a} - ${b} AS BIGINT)`,
    datePart: (part, d) => `CAST(${part}(${d}) AS BIGINT)`,
    startsWith: (s, t) => `starts_with(${s}, ${t})`,
    endsWith: (s, t) => `suffix(${s}, ${t})`,
    contains: (s, t) => `contains(${s}, ${t})`,
    position: (s, t) => `strpos(${s}, ${t})`,
    matches: (s, pattern) => `regexp_matches(${s}, ${stringLiteral(pattern)})`,
    // code points (substring_grapheme counts grapheme clusters)
    substring: (s, from, n) => `substring(${s}, CAST(${from} AS BIGINT), CAST(${n} AS BIGINT))`,
    addDays: (d, days) => `(${d} + ${integerOf(days)})`,
    // a date plus an interval is a timestamp; a month past the shorter month's end is its last day
    addMonths: (d, months) => `CAST(${d} + INTERVAL (${months}) MONTH AS DATE)`,
    layerEnd: "",
    toDecimal: (c, int, scale) => `TRY_CAST(${c} AS DECIMAL(${Math.max(1, int + scale)}, ${scale}))`,
    // a wider decimal (or an integer's) holds the value exactly; TRY_CAST is NULL on overflow
    widenDecimal: (c, int, scale, fits) => `${fits ? "CAST" : "TRY_CAST"}(${c} AS DECIMAL(${Math.max(1, int + scale)}, ${scale}))`,
    record: (fields) => `struct_pack(${fields.map(([name, sql]) => `${identifier(name)} := ${sql}`).join(", ")})`,
    // a cast that rounds or overflows is caught by comparing its value back (TRY_CAST: NULL on overflow)
    fitsDecimal: (c, _int, _scale, value) => `(${value} = ${c})`,
    // the list is a constant, folded once: each row reads one element
    lookup: (ints, index) => `NULLIF((CAST('[${ints.join(",")}]' AS INTEGER[]))[${index}], 0)`,
    valueList: (items, index) => `([${items.join(", ")}])[${index}]`,
    // the digits hold no quote: the text is the list as DuckDB reads one
    numberList: (digits, type, index) => `(CAST('[${digits.join(",")}]' AS ${type}[]))[${index}]`,
    lists: {
      filter: (l, v, c) => `list_filter(${l}, lambda ${v}: ${c})`,
      map: (l, v, x) => `list_transform(${l}, lambda ${v}: ${x})`,
      length: (l) => `len(${l})`,
      present: (l) => `list_count(${l})`,
      sum: (l) => `list_sum(${l})`,
      // VARCHAR compares by bytes of UTF-8
      min: (l) => `list_min(${l})`,
      max: (l) => `list_max(${l})`,
      has: (l, x) => `list_contains(${l}, ${x})`,
      concat: (a, b) => `list_concat(${a}, ${b})`,
      at: (l, i) => `(${l})[${i}]`,
      of: (items) => `[${items.join(", ")}]`,
      type: (t) => `${t}[]`,
      struct: (fields) => `struct_pack(${fields.map(([name, sql]) => `${identifier(name)} := ${sql}`).join(", ")})`,
      field: (s, name) => `(${s}).${identifier(name)}`,
      structType: (fields) => `STRUCT(${fields.map(([name, type]) => `${identifier(name)} ${type}`).join(", ")})`,
      series: (a, b) => `generate_series(${a}, ${b}, CASE WHEN ${a} <= ${b} THEN 1 ELSE -1 END)`,
      flatten: (l) => `flatten(${l})`,
      joined: (l) => `array_to_string(${l}, '')`,
      // VARCHAR sorts by bytes of UTF-8
      sorted: (l, _kind, descending) => `list_sort(${l}, '${descending ? "DESC" : "ASC"}', 'NULLS LAST')`,
      slice: (l, from, to) => `list_slice(${l}, ${from}, ${to})`,
      // list_position finds a NULL item too: an item is kept where it is first found
      distinct: (l, v) => `list_filter(${l}, lambda ${v}, ${index(v)}: list_position(${l}, ${v}) = ${index(v)})`,
      naiveDistinct: (l) => `list_distinct(${l})`,
      mapAt: (l, v, x) => `list_transform(${l}, lambda ${v}, ${index(v)}: ${x(index(v))})`,
      positions: (l, v, c, t) =>
        `list_filter(list_transform(${l}, lambda ${v}, ${index(v)}: CASE WHEN ${c} THEN CAST(${index(v)} AS ${t}) END), lambda ${index(v)}: ${index(v)} IS NOT NULL)`,
      // HUGEINTs: the caller's shape keeps every partial product below 10^34
      product: (l) => `list_reduce(${l}, lambda "$a", "$b": "$a" * "$b", CAST(1 AS HUGEINT))`,
    },
    typeNames: { string: "VARCHAR", boolean: "BOOLEAN", date: "DATE" },
  },
  postgres: {
    name: "postgres",
    title: "PostgreSQL",
    decimal: () => "NUMERIC",
    // numeric holds any number of digits; FEEL's 34 are the limit that matters
    maxDigits: 1000,
    integer: "NUMERIC",
    quotient: (n, d) => `div(${n}, ${d})`,
    divide: postgresDivide,
    remainder: (n, d) => `mod(${n}, ${d})`,
    // the "C" collation compares the bytes of UTF-8 (the database's encoding must be UTF8)
    codePoints: (s) => `(${s} COLLATE "C")`,
    length: (s) => `char_length(${s})`,
    date: (iso) => `DATE ${stringLiteral(iso)}`,
    daysBetween: (a, b) => `(${a} - ${b})`,
    // a year before 1 is written BC, with no year 0 (1 BC is -1): FEEL's year 0 is 1 BC
    datePart: (part, d) =>
      part === "year"
        ? `(CAST(extract(year FROM ${d}) AS INTEGER) + CASE WHEN ${d} < DATE '0001-01-01' THEN 1 ELSE 0 END)`
        : `CAST(extract(${part} FROM ${d}) AS INTEGER)`,
    startsWith: (s, t) => `starts_with(${s}, ${t})`,
    endsWith: (s, t) => `(right(${s}, char_length(${t})) = ${t})`,
    contains: (s, t) => `(strpos(${s}, ${t}) > 0)`,
    position: (s, t) => `strpos(${s}, ${t})`,
    // by code point under the "C" collation (ranges and classes never read the locale); RE2's
    // `\x{h}` written as PostgreSQL's `\Uhhhhhhhh`
    matches: (s, pattern) => `((${s} COLLATE "C") ~ ${stringLiteral(postgresPattern(pattern))})`,
    substring: (s, from, n) => `substr(${s}, CAST(${from} AS INTEGER), CAST(${n} AS INTEGER))`,
    addDays: (d, days) => `(${d} + ${integerOf(days)})`,
    addMonths: (d, months) => `CAST(${d} + make_interval(months => ${integerOf(months)}) AS DATE)`,
    // without it a subquery is pulled up and every use of a column repeats its expression: a large
    // table's query took minutes to plan
    layerEnd: " OFFSET 0",
    toDecimal: (c) => `CAST(${c} AS NUMERIC)`,
    record: (fields) => `json_build_object(${fields.map(([name, sql]) => `${stringLiteral(name)}, ${sql}`).join(", ")})`,
    // number columns are numeric or integer (a double's cast to numeric keeps 15 digits)
    fitsDecimal: (c, int, scale) => `(abs(${c}) < 1e${int} AND ${c} = trunc(${c}, ${scale}))`,
    // an array of fixed-width elements without nulls: a row's element is read at its offset
    lookup: (ints, index) => `NULLIF((CAST('{${ints.join(",")}}' AS INTEGER[]))[${index}], 0)`,
    lists: POSTGRES_LISTS,
    typeNames: { string: "TEXT", boolean: "BOOLEAN", date: "DATE" },
  },
};
