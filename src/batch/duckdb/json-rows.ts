// A piece of JSONL text as the relation the model's query reads: one row per non-blank line, the
// line's number in the piece, each input typed as the query expects (numbers as the doubles
// JSON.parse makes of them), the id's JSON text, and `$plain`: whether SQL may score the row at
// all. DuckDB's JSON reader is more lenient than JSON.parse (trailing commas, NaN, comments), so a
// row is plain only when its text is JSON as JSON.parse reads it on every count checked here: no
// backslash (so strings are "..." with nothing to unescape), no control character, strings aside
// only JSON's punctuation, numbers and literals, no trailing comma, no duplicate key, each input
// of its JSON type. Every other row is scored by the JS engine, which says what is wrong with it.
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

function typedValue(c: InputColumn, v: string): { value: string; ok: string } {
  const t = `json_type(${v})`;
  const types = JSON_TYPES[c.kind]!.map(stringLiteral).join(", ");
  const value = (<Record<string, string>>{
    number: `CASE WHEN ${t} IN (${types}) THEN TRY_CAST(${v} AS DOUBLE) END`,
    string: `CASE WHEN ${t} = 'VARCHAR' THEN json_extract_string(${v}, '$') END`,
    boolean: `CASE WHEN ${t} = 'BOOLEAN' THEN TRY_CAST(${v} AS BOOLEAN) END`,
    // the validator's date: four digits, two, two, a real day (year 0001 on, as FEEL's dates)
    date: `CASE WHEN ${t} = 'VARCHAR' AND regexp_full_match(json_extract_string(${v}, '$'), '[0-9]{4}-[0-9]{2}-[0-9]{2}') AND json_extract_string(${v}, '$') >= '0001' THEN TRY_CAST(json_extract_string(${v}, '$') AS DATE) END`,
  })[c.kind]!;
  // of its JSON type (a number finite: 1e400 is Infinity to JSON.parse), or null, or absent
  const ok = `(${v} IS NULL OR ${t} = 'NULL' OR (${value}) IS NOT NULL${c.kind === "number" ? ` AND isfinite(${value})` : ""})`;
  return { value, ok };
}

/** The id's text in a record, as JSON.stringify writes what JSON.parse read: plain strings and short integers as they stand. */
function idText(v: string): string {
  const t = `json_type(${v})`;
  return `CASE WHEN ${v} IS NULL THEN '' ELSE ',"id":' || CASE
    WHEN ${t} IN ('NULL', 'BOOLEAN') THEN CAST(${v} AS VARCHAR)
    WHEN ${t} = 'VARCHAR' AND regexp_full_match(json_extract_string(${v}, '$'), '[ -~]*') THEN CAST(${v} AS VARCHAR)
    WHEN ${t} IN ('UBIGINT', 'BIGINT') AND regexp_full_match(CAST(${v} AS VARCHAR), '0|-?[1-9][0-9]{0,14}') THEN CAST(${v} AS VARCHAR)
  END END`;
}

/** The relation of a piece's lines ($1: the piece's text). */
export function jsonRows(columns: InputColumn[], idField: string): string {
  const paths = [...columns.map((c) => c.input), idField].map((k) => stringLiteral(`$."${k}"`));
  const value = (i: number) => `${VALUES}[${i + 1}]`;
  const typed = columns.map((c, i) => typedValue(c, value(i)));
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
  // checked in this order: the JSON functions below only run on text that passed the ones above
  const distinct = `len(json_keys(${TEXT})) = len(list_distinct(json_keys(${TEXT})))`;
  const object = `json_type(${TEXT}) = 'OBJECT' AND ${distinct}`;
  const lines = `SELECT unnest(ls) AS ${TEXT}, unnest(range(1, len(ls) + 1)) AS ${identifier(LINE)} FROM (SELECT string_split($1, chr(10)) AS ls)`;
  const checked = `SELECT *, CASE WHEN regexp_full_match(${TEXT}, ${stringLiteral(FLAT)}) THEN ${distinct} WHEN ${plain.join(" AND ")} THEN ${object} ELSE FALSE END AS ${identifier("$json")} FROM (${lines}) WHERE trim(${TEXT}, ' \t' || chr(13)) <> ''`;
  const parsed = `SELECT *, CASE WHEN ${identifier("$json")} THEN json_extract(${TEXT}, [${paths.join(", ")}]) END AS ${VALUES} FROM (${checked})`;
  const id = idText(value(columns.length));
  return `(WITH "$rows" AS MATERIALIZED (SELECT ${identifier(LINE)}, ${typed.map((t, i) => `${t.value} AS ${identifier(columns[i]!.column)}`).join(", ")}${typed.length ? ", " : ""}${id} AS ${identifier(ID)}, (${identifier("$json")} AND ${id} IS NOT NULL${typed.map((t) => ` AND ${t.ok}`).join("")}) AS ${identifier(PLAIN)} FROM (${parsed})) SELECT * FROM "$rows")`;
}
