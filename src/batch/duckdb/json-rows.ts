// A piece of JSONL text as the relation the model's query reads: one row per non-blank line, the
// line's number in the piece, each input typed as the query expects (numbers as the doubles
// JSON.parse makes of them), the id's JSON text, and `$plain`: whether SQL may score the row at
// all. DuckDB's JSON reader is more lenient than JSON.parse (trailing commas, NaN, comments), so a
// row is plain only when its text is JSON as JSON.parse reads it: a flat object of JSON's grammar
// with nothing to unescape (one regular expression, most lines), or else a line passing every
// check of `plain` (no backslash, no control character, strings aside only JSON's punctuation,
// numbers and literals, no trailing comma); no duplicate key; each input of its JSON type. Every
// other row is scored by the JS engine, which says what is wrong with it. Each step is a column of
// its own, so DuckDB computes it once (an expression is computed wherever it is written).
import { identifier, stringLiteral } from "../../compiler/4-sql/dialects.js";
import type { InputColumn } from "../../compiler/index.js";

/** The names SQL can address as JSON keys: no quote or backslash (a JSON path holds them verbatim). */
export const addressable = (name: string): boolean => !/["\\]/.test(name) && name.length > 0;

const TEXT = identifier("$text");
const VALUES = identifier("$values");
export const LINE = "$line";
export const PLAIN = "$plain";
export const ID = "$id";

/** JSON's number grammar, whole. */
const NUMBER = "-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?";

/**
 * A flat object as JSON.parse reads it, in one pass: JSON's whitespace (a line feed ends the line),
 * keys and values strings with nothing to unescape (no backslash, no control character), numbers,
 * literals. Most lines are this; the others go through the checks of `plain` one by one.
 */
const SPACE = "[ \\t\\r]*";
const STRING = '"[^"\\\\\\x00-\\x1f]*"';
const PAIR = `${STRING}${SPACE}:${SPACE}(${STRING}|${NUMBER}|true|false|null)${SPACE}`;
const FLAT = `${SPACE}\\{${SPACE}(${PAIR}(,${SPACE}${PAIR})*)?\\}${SPACE}`;

/** The JSON types a key's value may have for the input's kind; null and a missing key are left to the query. */
const JSON_TYPES: Record<string, string[]> = {
  number: ["UBIGINT", "BIGINT", "DOUBLE"],
  string: ["VARCHAR"],
  boolean: ["BOOLEAN"],
  date: ["VARCHAR"],
};

/** An input's value of its JSON type (`v` the value's JSON, `t` its JSON type, each a column), else null. */
function typedValue(c: InputColumn, v: string, t: string): string {
  const types = JSON_TYPES[c.kind]!.map(stringLiteral).join(", ");
  return (<Record<string, string>>{
    number: `CASE WHEN ${t} IN (${types}) THEN TRY_CAST(${v} AS DOUBLE) END`,
    string: `CASE WHEN ${t} = 'VARCHAR' THEN json_extract_string(${v}, '$') END`,
    boolean: `CASE WHEN ${t} = 'BOOLEAN' THEN TRY_CAST(${v} AS BOOLEAN) END`,
    // the validator's date: four digits, two, two, a real day (year 0001 on, as FEEL's dates)
    date: `CASE WHEN ${t} = 'VARCHAR' AND regexp_full_match(json_extract_string(${v}, '$'), '[0-9]{4}-[0-9]{2}-[0-9]{2}') AND json_extract_string(${v}, '$') >= '0001' THEN TRY_CAST(json_extract_string(${v}, '$') AS DATE) END`,
  })[c.kind]!;
}

/** Whether an input's value is of its JSON type (a number finite: 1e400 is Infinity to JSON.parse), or null, or absent (`typed` its typed column). */
const typedOk = (c: InputColumn, v: string, t: string, typed: string): string =>
  `(${v} IS NULL OR ${t} = 'NULL' OR ${typed} IS NOT NULL${c.kind === "number" ? ` AND isfinite(${typed})` : ""})`;

/** The id's text in a record, as JSON.stringify writes what JSON.parse read: plain strings and short integers as they stand. */
function idText(v: string, t: string): string {
  return `CASE WHEN ${v} IS NULL THEN '' ELSE ',"id":' || CASE
    WHEN ${t} IN ('NULL', 'BOOLEAN') THEN CAST(${v} AS VARCHAR)
    WHEN ${t} = 'VARCHAR' AND regexp_full_match(json_extract_string(${v}, '$'), '[ -~]*') THEN CAST(${v} AS VARCHAR)
    WHEN ${t} IN ('UBIGINT', 'BIGINT') AND regexp_full_match(CAST(${v} AS VARCHAR), '0|-?[1-9][0-9]{0,14}') THEN CAST(${v} AS VARCHAR)
  END END`;
}

/** The relation of a piece's lines ($1: the piece's text). */
export function jsonRows(columns: InputColumn[], idField: string): string {
  const paths = [...columns.map((c) => c.input), idField].map((k) => stringLiteral(`$."${k}"`));
  // each key's JSON and its JSON type, once (a column is computed once; an expression each time it is written)
  const v = (i: number) => identifier(`$value ${i}`);
  const t = (i: number) => identifier(`$type ${i}`);
  const keys = paths.map((_, i) => i);
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
  // a flat object's keys read once; any other line is checked in this order, the JSON functions
  // below only running on text that passed the ones above
  const FLATLY = identifier("$flat");
  const KEYS = identifier("$keys");
  const distinct = (keys: string) => `len(${keys}) = len(list_distinct(${keys}))`;
  const object = `json_type(${TEXT}) = 'OBJECT' AND ${distinct(`json_keys(${TEXT})`)}`;
  const lines = `SELECT unnest(ls) AS ${TEXT}, unnest(range(1, len(ls) + 1)) AS ${identifier(LINE)} FROM (SELECT string_split($1, chr(10)) AS ls)`;
  const flat = `SELECT *, regexp_full_match(${TEXT}, ${stringLiteral(FLAT)}) AS ${FLATLY} FROM (${lines}) WHERE trim(${TEXT}, ' \t' || chr(13)) <> ''`;
  const keyed = `SELECT *, CASE WHEN ${FLATLY} THEN json_keys(${TEXT}) END AS ${KEYS} FROM (${flat})`;
  const checked = `SELECT ${identifier(LINE)}, ${TEXT}, CASE WHEN ${FLATLY} THEN ${distinct(KEYS)} WHEN ${plain.join(" AND ")} THEN ${object} ELSE FALSE END AS ${identifier("$json")} FROM (${keyed})`;
  const parsed = `SELECT *, CASE WHEN ${identifier("$json")} THEN json_extract(${TEXT}, [${paths.join(", ")}]) END AS ${VALUES} FROM (${checked})`;
  const split = `SELECT ${identifier(LINE)}, ${identifier("$json")}, ${keys.map((i) => `${VALUES}[${i + 1}] AS ${v(i)}, json_type(${VALUES}[${i + 1}]) AS ${t(i)}`).join(", ")} FROM (${parsed})`;
  const n = columns.length;
  const typed = `SELECT *, ${columns.map((c, i) => `${typedValue(c, v(i), t(i))} AS ${identifier(c.column)}, `).join("")}${idText(v(n), t(n))} AS ${identifier(ID)} FROM (${split})`;
  const oks = columns.map((c, i) => ` AND ${typedOk(c, v(i), t(i), identifier(c.column))}`).join("");
  const rows = `SELECT ${identifier(LINE)}, ${columns.map((c) => `${identifier(c.column)}, `).join("")}${identifier(ID)}, (${identifier("$json")} AND ${identifier(ID)} IS NOT NULL${oks}) AS ${identifier(PLAIN)} FROM (${typed})`;
  return `(${rows})`;
}
