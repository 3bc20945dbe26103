// A piece of JSONL text as the relation the model's query reads: one row per non-blank line, the
// line's number in the piece, each input typed as the query expects (numbers as the doubles
// JSON.parse makes of them), the id's JSON text, and `$plain`: whether SQL may score the row at
// all. DuckDB's JSON reader is more lenient than JSON.parse (trailing commas, NaN, comments), so a
// row is plain only when its text is JSON as JSON.parse reads it: a flat object of JSON's grammar
// with nothing to unescape (one regular expression, most lines) whose keys the query reads each
// occur once, or else a line passing every check of `plain` (no backslash, no control character,
// strings aside only JSON's punctuation, numbers and literals, no trailing comma) with no
// duplicate key; each input of its JSON type. Every other row is scored by the JS engine, which
// says what is wrong with it. The values are read by one `json_extract` of every key, as the JSON
// texts DuckDB writes back, and typed from those texts with string functions (a JSON function on
// each value would parse it again). Each step is a column of its own, so DuckDB computes it once
// (an expression is computed wherever it is written).
import { identifier, stringLiteral } from "../../compiler/4-sql/dialects.js";
import type { InputColumn } from "../../compiler/index.js";

/** The names SQL can address as JSON keys: no quote or backslash (a JSON path holds them verbatim). */
export const addressable = (name: string): boolean => !/["\\]/.test(name) && name.length > 0;

const TEXT = identifier("$text");
const VALUES = identifier("$values");
export const LINE = "$line";
export const PLAIN = "$plain";
export const ID = "$id";

/**
 * JSON's number grammar, whole, short of the numbers JSON.parse may read as ±Infinity: at most 200
 * digits before the point and an exponent of at most two digits. A line with another number, read
 * by the query or not, is the JS engine's (it makes the row an error record: state-errors.ts).
 */
const NUMBER = "-?(0|[1-9][0-9]{0,199})(\\.[0-9]+)?([eE][+-]?[0-9]{1,2})?";

/**
 * A flat object as JSON.parse reads it, in one pass: JSON's whitespace (a line feed ends the line),
 * keys and values strings with nothing to unescape (no backslash, no control character), numbers,
 * literals. Most lines are this; the others go through the checks of `plain` one by one.
 */
const SPACE = "[ \\t\\r]*";
const STRING = '"[^"\\\\\\x00-\\x1f]*"';
const PAIR = `${STRING}${SPACE}:${SPACE}(${STRING}|${NUMBER}|true|false|null)${SPACE}`;
const FLAT = `${SPACE}\\{${SPACE}(${PAIR}(,${SPACE}${PAIR})*)?\\}${SPACE}`;

/**
 * An input's value from its JSON text `v` (a VARCHAR: the value as DuckDB's JSON writer writes it
 * back, 'null' for a null, NULL for a missing key), else null. The text's first character is its
 * JSON type (DuckDB writes no space before a value): a number's text casts to a double (the one
 * JSON.parse makes of it) and no other value's does; a string of a line without backslashes is its
 * text between the quotes.
 */
export function typedValue(c: InputColumn, v: string): string {
  if (c.kind === "list") return typedList(c, v);
  const text = `CASE WHEN starts_with(${v}, '"') THEN ${v}[2:-2] END`;
  return (<Record<string, string>>{
    number: `TRY_CAST(${v} AS DOUBLE)`,
    string: text,
    // a string's JSON text unquoted: one holding an escape is no text the query reads (the JS engine's row)
    datetime: text,
    boolean: `CASE ${v} WHEN 'true' THEN TRUE WHEN 'false' THEN FALSE END`,
    // the validator's date: four digits, two, two, a real day (year 0001 on, as FEEL's dates)
    date: `CASE WHEN starts_with(${v}, '"') AND regexp_full_match(${text}, '[0-9]{4}-[0-9]{2}-[0-9]{2}') AND ${text} >= '0001' THEN TRY_CAST(${text} AS DATE) END`,
  })[c.kind]!;
}

/** The JSON types of an item's field the query reads as its kind: numbers, strings, booleans (dates are left to the JS engine). */
const JSON_TYPES: Partial<Record<InputColumn["kind"], string>> = {
  number: "'BIGINT', 'UBIGINT', 'DOUBLE'",
  string: "'VARCHAR'",
  boolean: "'BOOLEAN'",
};
const SQL_TYPES: Partial<Record<InputColumn["kind"], string>> = {
  number: "DOUBLE",
  string: "VARCHAR",
  boolean: "BOOLEAN",
  date: "DATE",
  datetime: "VARCHAR",
};

/**
 * A list input's value from its JSON text: the items as the list of structs (or scalars) the query
 * reads (`json_transform`), when every item is of its JSON type — an object with distinct keys
 * (JSON.parse keeps a repeated key's last value, DuckDB its first) whose read fields are each of
 * their JSON type, or a scalar of its type — else null, and the row is the JS engine's.
 */
function typedList(c: InputColumn, v: string): string {
  const items = c.items!;
  const x = identifier("$x");
  const fields = items.fields ?? [];
  const typeOf = (kind: InputColumn["kind"]) => SQL_TYPES[kind]!;
  // a list the query does not read from JSON (dates): a null of the list's type, the row the JS engine's
  if (fields.some((f) => !addressable(f.name) || !JSON_TYPES[f.kind]) || (!items.fields && !JSON_TYPES[items.kind])) {
    const item = items.fields ? `STRUCT(${fields.map((f) => `${identifier(f.name)} ${typeOf(f.kind)}`).join(", ")})` : typeOf(items.kind);
    return `CAST(NULL AS ${item}[])`;
  }
  const ok = items.fields
    ? [
        `json_type(${x}) = 'OBJECT'`,
        `len(json_keys(${x})) = len(list_distinct(json_keys(${x})))`,
        ...fields.map((f) => `json_type(${x}, ${stringLiteral(`$."${f.name}"`)}) IN (${JSON_TYPES[f.kind]})`),
      ].join(" AND ")
    : `json_type(${x}) IN (${JSON_TYPES[items.kind]})`;
  const structure = items.fields
    ? JSON.stringify([Object.fromEntries(fields.map((f) => [f.name, typeOf(f.kind)]))])
    : JSON.stringify([typeOf(items.kind)]);
  const every = `COALESCE(list_bool_and(list_transform(json_extract(${v}, '$[*]'), ${x} -> COALESCE(${ok}, FALSE))), TRUE)`;
  return `CASE WHEN starts_with(${v}, '[') AND ${every} THEN json_transform(${v}, ${stringLiteral(structure)}) END`;
}

/** Whether an input's value is of its JSON type (a number finite: 1e400 is Infinity to JSON.parse), or null, or absent (`typed` its typed column). */
export const typedOk = (c: InputColumn, v: string, typed: string): string =>
  `(${v} IS NULL OR ${v} = 'null' OR ${typed} IS NOT NULL${c.kind === "number" ? ` AND isfinite(${typed})` : ""})`;

/** The id's text in a record, as JSON.stringify writes what JSON.parse read: null and booleans, plain strings and short integers as they stand. */
export function idText(v: string): string {
  return `CASE WHEN ${v} IS NULL THEN '' ELSE ',"id":' || CASE
    WHEN ${v} IN ('null', 'true', 'false') THEN ${v}
    WHEN starts_with(${v}, '"') AND regexp_full_match(${v}, '"[ -~]*"') THEN ${v}
    WHEN regexp_full_match(${v}, '0|-?[1-9][0-9]{0,14}') THEN ${v}
  END END`;
}

/** The relation of a piece's lines ($1: the piece's text). */
export function jsonRows(columns: InputColumn[], idField: string): string {
  // each key read once (the id may be an input too)
  const keys = [...new Set([...columns.map((c) => c.input), idField])];
  // each key's JSON text, once (a column is computed once; an expression each time it is written)
  const v = (key: string) => identifier(`$value ${keys.indexOf(key)}`);
  const stripped = `regexp_replace(${TEXT}, '"[^"]*"', '"', 'g')`;
  const plain = [
    `NOT contains(${TEXT}, '\\')`,
    `NOT regexp_matches(rtrim(${TEXT}, chr(13)), '[\\x00-\\x1f]')`,
    `regexp_full_match(${stripped}, '[ \\r{}\\[\\],:"a-zA-Z0-9.+\\-]*')`,
    // every run of letters, digits and signs is a literal or a number (an empty list's list_bool_and is null)
    `COALESCE(list_bool_and(list_transform(regexp_extract_all(${stripped}, '[a-zA-Z0-9.+\\-]+'), w -> w IN ('true', 'false', 'null') OR regexp_full_match(w, '${NUMBER}'))), TRUE)`,
    `NOT regexp_matches(${stripped}, '[\\[{,]\\s*[,\\]}]|,\\s*[\\]}]')`,
    `json_valid(${TEXT})`,
  ];
  // a flat object is JSON as it stands; any other line is checked in this order, the JSON
  // functions below only running on text that passed the ones above, and its keys checked distinct
  const FLATLY = identifier("$flat");
  const JSON_ = identifier("$json");
  const object = `json_type(${TEXT}) = 'OBJECT' AND len(json_keys(${TEXT})) = len(list_distinct(json_keys(${TEXT})))`;
  const lines = `SELECT unnest(ls) AS ${TEXT}, unnest(range(1, len(ls) + 1)) AS ${identifier(LINE)} FROM (SELECT string_split(CAST($1 AS VARCHAR), chr(10)) AS ls)`;
  // a flat line is never blank (trimming costs more than the regular expression)
  const flat = `SELECT * FROM (SELECT *, regexp_full_match(${TEXT}, ${stringLiteral(FLAT)}) AS ${FLATLY} FROM (${lines})) WHERE ${FLATLY} OR trim(${TEXT}, ' \t' || chr(13)) <> ''`;
  const checked = `SELECT *, CASE WHEN ${FLATLY} THEN TRUE WHEN ${plain.join(" AND ")} THEN ${object} ELSE FALSE END AS ${JSON_} FROM (${flat})`;
  // every key's JSON text in one pass over the line (a JSON null is NULL, as a missing key)
  const structure = stringLiteral(JSON.stringify(Object.fromEntries(keys.map((k) => [k, "JSON"]))));
  const parsed = `SELECT *, CASE WHEN ${JSON_} THEN json_transform(${TEXT}, ${structure}) END AS ${VALUES} FROM (${checked})`;
  // a flat line's keys the query reads occur once each (JSON.parse keeps a repeated key's last
  // value, DuckDB's JSON functions its first): at once when the line has as many keys as values
  // were read (no other key, none twice), else among the keys that are read
  const read = `list_filter(json_keys(${TEXT}), k -> k IN (${keys.map(stringLiteral).join(", ")}))`;
  const present = keys.map((k) => `(${v(k)} IS NOT NULL)::INTEGER`).join(" + ");
  const once = `CASE WHEN NOT ${FLATLY} OR len(json_keys(${TEXT})) = ${present} THEN TRUE ELSE len(${read}) = len(list_distinct(${read})) END`;
  const split = `SELECT ${identifier(LINE)}, ${FLATLY}, ${TEXT}, ${JSON_}, ${keys.map((k, i) => `CAST(struct_extract_at(${VALUES}, ${i + 1}) AS VARCHAR) AS ${v(k)}`).join(", ")} FROM (${parsed})`;
  // the id's JSON text: a null one is read again (json_transform writes no null)
  const id = identifier("$id text");
  const idJson = `SELECT *, ${JSON_} AND ${once} AS ${identifier("$sure")}, CASE WHEN ${JSON_} AND ${v(idField)} IS NULL THEN CAST(json_extract(${TEXT}, ${stringLiteral(`$."${idField}"`)}) AS VARCHAR) ELSE ${v(idField)} END AS ${id} FROM (${split})`;
  const typed = `SELECT *, ${columns.map((c) => `${typedValue(c, v(c.input))} AS ${identifier(c.column)}, `).join("")}${idText(id)} AS ${identifier(ID)} FROM (${idJson})`;
  const oks = columns.map((c) => ` AND ${typedOk(c, v(c.input), identifier(c.column))}`).join("");
  const rows = `SELECT ${identifier(LINE)}, ${columns.map((c) => `${identifier(c.column)}, `).join("")}${identifier(ID)}, (${identifier("$sure")} AND ${identifier(ID)} IS NOT NULL${oks}) AS ${identifier(PLAIN)} FROM (${typed})`;
  return `(${rows})`;
}
