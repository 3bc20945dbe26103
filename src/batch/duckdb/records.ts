// A scored row's record, written by DuckDB: the same bytes the JS engine writes (records.ts:
// `{"row":N,"id":…,"decisions":{…}}` with JSON.stringify's forms, or a CSV record with csvCell's)
// wherever SQL can be sure of them, and null elsewhere, for the JS engine to write the record itself. A number is
// written as its plain digits when JSON.stringify of the double nearest it writes the same: at most
// 15 significant digits (the double's shortest form is then the decimal itself) and a magnitude
// from 10^-6 to below 10^21 (outside it JavaScript writes an exponent). Where the output's shape
// settles that, the text is DuckDB's own JSON writer's (`to_json` of the double: its shortest form,
// as JavaScript's) or, for a whole number, the integer's digits (`to_json` writes `100.0`). A string
// is `to_json`'s text unless that holds `\u00` (a control character, which DuckDB escapes with
// capital hex digits and JSON.stringify with small ones). The record is joined with `concat`
// (a chain of `||` copies each partial text again); a part SQL is unsure of is marked by NUL,
// which no written text holds: a record holding one (`unsure`) is the JS engine's to write. The
// caller tests the record once it is a column of its own (DuckDB does not share an expression
// written twice inside a CASE branch, so testing it in place would build the text twice).
import { identifier, stringLiteral } from "../../compiler/4-sql/dialects.js";
import type { OutputColumn } from "../../compiler/index.js";

/** A decimal's text without trailing zeros (DuckDB writes every place of its scale). */
const trimmed = (c: string): string =>
  `CASE WHEN contains(CAST(${c} AS VARCHAR), '.') THEN rtrim(rtrim(CAST(${c} AS VARCHAR), '0'), '.') ELSE CAST(${c} AS VARCHAR) END`;

/**
 * Any number's JSON text as JSON.stringify writes it, or null (checked on its text). A number of at
 * most 6 places (`scale`, when known) is never below 10^-6 but zero, and DuckDB would compare one
 * of more than 32 digits before the point with 0.000001 as a DECIMAL(38, 6), which overflows.
 */
export const anyNumber = (c: string, exact: boolean, scale?: number): string =>
  exact
    ? `'"' || ${trimmed(c)} || '"'`
    : `CASE WHEN ${c} = 0 THEN '0' WHEN ${scale !== undefined && scale <= 6 ? "" : `abs(${c}) >= 0.000001 AND `}abs(${c}) < 1e21 AND length(ltrim(replace(replace(${trimmed(c)}, '-', ''), '.', ''), '0')) <= 15 THEN ${trimmed(c)} END`;

/**
 * The text of a number below 10^int with `scale` places, without trailing zeros: cast to the
 * fewest places that hold it exactly, then to text once (DuckDB's text of a decimal wider than 18
 * digits divides in 128 bits, and trimming the text costs more than the cast).
 */
function shortest(c: string, int: number, scale: number, digits: number): string {
  const v = digits > int + scale ? `CAST(${c} AS DECIMAL(${int + scale}, ${scale}))` : c;
  // one digit more before the point than the value needs (a cast to fewer places may round up)
  const as = (places: number) => `CAST(${v} AS DECIMAL(${int + 1 + places}, ${places}))`;
  const text = (places: number) => `CAST(${as(places)} AS VARCHAR)`;
  if (scale === 0) return text(0);
  const places = Array.from({ length: scale }, (_, j) => j);
  return `CASE ${places.map((j) => `WHEN ${v} = ${as(j)} THEN ${text(j)}`).join(" ")} ELSE ${text(scale)} END`;
}

/**
 * A number of known digits (an output's shape): on the rows where it is below 10^int, its shortest
 * text, else `otherwise`. `int` is at most 17 - scale, so every cast and comparison stays in 64 bits.
 */
function narrowNumber(c: string, column: OutputColumn, int: number, otherwise: string): string {
  const scale = column.scale!;
  if (int < 0 || scale > 17) return otherwise;
  const fast = shortest(c, int, scale, column.digits!);
  if (column.digits! - scale <= int) return fast;
  return `CASE WHEN abs(${c}) < 1${"0".repeat(int)} THEN ${fast} ELSE ${otherwise} END`;
}

/**
 * A number below 10^(15 - scale) with at most 6 places (a DECIMAL of at most 15 digits, cast there
 * when wider): at most 15 significant digits, so the double nearest it has the decimal as its
 * shortest form, and never below 10^-6 but zero, so JSON.stringify writes it plainly. `to_json` of
 * the double writes the same, but `100.0` for a whole number, which is written as an integer.
 */
function plainNumber(c: string, column: OutputColumn): string {
  const scale = column.scale!;
  const v = column.digits! > 15 ? `CAST(${c} AS DECIMAL(15, ${scale}))` : c;
  const whole = `CAST(CAST(${v} AS BIGINT) AS VARCHAR)`;
  return scale === 0 ? whole : `CASE WHEN ${v} % 1 = 0 THEN ${whole} ELSE CAST(to_json(CAST(${v} AS DOUBLE)) AS VARCHAR) END`;
}

/**
 * The double of a number held as its scaled integer `i` (OutputColumn's `integer`) with `scale`
 * places: `i` / 10^scale, made with no decimal. It is the decimal's own cast to DOUBLE (DuckDB's
 * is that very division) and, below 2^53, the double nearest the decimal: the integer and the power
 * of ten (scale ≤ 22) are exact doubles, and a division is correctly rounded.
 */
export const integerDouble = (i: string, scale: number): string =>
  scale === 0 ? `CAST(${i} AS DOUBLE)` : `(CAST(${i} AS DOUBLE) / CAST(${stringLiteral(`1e${scale}`)} AS DOUBLE))`;

/**
 * plainNumber's text of a number held as its scaled integer `i` (below 10^15, at most 6 places):
 * a whole number's digits are the integer's quotient's, the rest its double's `to_json`.
 */
function plainInteger(i: string, scale: number): string {
  if (scale === 0) return `CAST(${i} AS VARCHAR)`;
  const unit = `CAST(${stringLiteral(`1${"0".repeat(scale)}`)} AS BIGINT)`;
  return `CASE WHEN ${i} % ${unit} = 0 THEN CAST(${i} // ${unit} AS VARCHAR) ELSE CAST(to_json(${integerDouble(i, scale)}) AS VARCHAR) END`;
}

/** `fast` on the rows below 10^(15 - scale), where plainNumber holds, else `otherwise`. */
function plainOr(c: string, column: OutputColumn, fast: string, otherwise: string): string {
  const int = 15 - column.scale!;
  return column.digits! - column.scale! <= int ? fast : `CASE WHEN abs(${c}) < 1${"0".repeat(int)} THEN ${fast} ELSE ${otherwise} END`;
}

/** A number's text without trailing zeros (an exact decimal's JSON string, its CSV cell). */
export const numberText = (c: string, column: OutputColumn | undefined): string =>
  column?.digits === undefined || column.scale === undefined ? trimmed(c) : narrowNumber(c, column, 17 - column.scale, trimmed(c));

/** A number output's JSON text: JSON.stringify's plain digits need at most 15 digits and 6 places (records.ts head). */
function numberJson(c: string, column: OutputColumn, exact: boolean): string {
  if (column.digits === undefined || column.scale === undefined) return anyNumber(c, exact);
  if (column.scale <= 6) {
    const plain = plainNumber(c, column);
    return exact
      ? plainOr(c, column, `concat('"', ${plain}, '"')`, `'"' || ${numberText(c, column)} || '"'`)
      : plainOr(c, column, plain, anyNumber(c, exact, column.scale));
  }
  if (exact) return `'"' || ${numberText(c, column)} || '"'`;
  const any = anyNumber(c, exact, column.scale);
  return column.scale > 6 ? any : narrowNumber(c, column, 15 - column.scale, any);
}

/** Whether a record's text (a column) holds the mark of a part SQL is unsure of. */
export const unsure = (column: string): string => `contains(${column}, chr(0))`;

/** A context's text, or null where a part of it is marked unsure. */
const sure = (text: string): string => `CASE WHEN ${unsure(text)} THEN NULL ELSE ${text} END`;

/** A part of a record: its text, or the mark of an unsure one (`total`: the text is never null, and needs none). */
const part = (text: string, total = false): string => (total ? text : `coalesce(${text}, chr(0))`);

/**
 * Whether a value's JSON text (valueJson) is never null: a boolean, a null, and a number of a shape
 * whose every value has plainNumber's text (at most 6 places, below 10^(15 - places)), quoted or not.
 */
function totalJson(column: OutputColumn): boolean {
  if (column.fields) return false;
  if (column.kind === "boolean" || column.kind === "null") return true;
  const { digits, scale } = column;
  return column.kind === "number" && digits !== undefined && scale !== undefined && scale <= 6 && digits <= 15;
}

/** `to_json`'s text of a value. */
export const toJson = (c: string): string => `CAST(to_json(${c}) AS VARCHAR)`;

/** A string's `to_json` text `json`, where it is JSON.stringify's (no control character but the five with names). */
const sureString = (json: string): string => `CASE WHEN contains(${json}, '\\u00') THEN NULL ELSE ${json} END`;

/** `to_json`'s text of a string, where it is JSON.stringify's. */
const stringJson = (c: string): string => sureString(toJson(c));

/**
 * A date's text as the JS engine writes it, for every year: strftime's `%Y` has four digits or more
 * from year 0 (1 BC) on, and writes a year before it as `-2`, where FEEL writes `-0002`.
 */
const dateText = (c: string): string =>
  `CASE WHEN year(${c}) >= 0 THEN strftime(${c}, '%Y-%m-%d') ELSE '-' || lpad(CAST(-year(${c}) AS VARCHAR), 4, '0') || strftime(${c}, '-%m-%d') END`;

const FORMATS: Record<string, (c: string, exact: boolean, column?: OutputColumn) => string> = {
  number: (c, exact, column) => (column ? numberJson(c, column, exact) : anyNumber(c, exact)),
  string: stringJson,
  boolean: (c) => `CASE WHEN ${c} THEN 'true' ELSE 'false' END`,
  date: (c) => `'"' || ${dateText(c)} || '"'`,
  null: () => "'null'",
};

/**
 * A list's JSON text: each item's text, joined. An item whose text SQL is unsure of is marked (the
 * record holding the mark is the JS engine's to write: no `sure` here, which would make the text
 * twice); a list whose items no output column reads (`element` absent) is unsure whole.
 * `depth` names the lambda's variable apart from those of the lists around it.
 */
function listJson(column: OutputColumn, c: string, exact: boolean, depth: number): string {
  if (!column.element) return "NULL";
  const v = identifier(`$item${depth}`);
  return `concat('[', array_to_string(list_transform(${c}, lambda ${v}: ${part(valueJson(column.element, v, exact, depth + 1))}), ','), ']')`;
}

/** A value's JSON text; null when SQL cannot be sure of JSON.stringify's (the JS engine writes that row). */
function valueJson(column: OutputColumn, c: string, exact: boolean, depth = 0): string {
  if (column.kind === "null") return "'null'";
  // the integer is null where the decimal is, and its text is plainNumber's (totalJson's shapes)
  if (column.integer !== undefined && !exact && totalJson(column)) {
    const i = identifier(column.integer);
    return `CASE WHEN ${i} IS NULL THEN 'null' ELSE ${plainInteger(i, column.scale!)} END`;
  }
  const text = column.fields
    ? sure(
        `concat('{', ${column.fields.map((f, i) => `${stringLiteral(`${i ? "," : ""}${JSON.stringify(f.name)}:`)}, ${part(valueJson(f, `${c}.${identifier(f.name)}`, exact, depth))}`).join(", ")}${column.fields.length ? ", " : ""}'}')`,
      )
    : column.kind === "list"
      ? listJson(column, c, exact, depth)
      : (FORMATS[column.kind]?.(c, exact, column) ?? "NULL");
  return `CASE WHEN ${c} IS NULL THEN 'null' ELSE ${text} END`;
}

/**
 * At most this many rules' texts are a list: a list of 3,701 texts (a rating table's) cost DuckDB
 * 1.7 CPU s and 330 MB more to plan than its rows' texts cost to make (a million rows).
 */
const LISTED_TEXTS = 256;

/**
 * A decision's text by `text`; for a table's single output of literals (its `listed` values), the
 * rule's element of the list of each literal's text, which DuckDB makes once when it plans the
 * query (a list of constants is folded to a constant) instead of once a row: the same text, since
 * it is `text` of the very value the row holds. A row whose rule is null (none fired, or the row
 * not scored) takes `text` of its column.
 */
function byRule(column: OutputColumn, text: (c: string) => string): string {
  const general = text(identifier(column.name));
  if (!column.listed || column.listed.items.length > LISTED_TEXTS) return general;
  const rule = identifier(column.listed.rule);
  // a null element (a literal whose text SQL is unsure of) takes `text` of the row's value, which
  // is that literal: null again
  return `coalesce(([${column.listed.items.map(text).join(", ")}])[${rule}], ${general})`;
}

/**
 * The record of a scored row of the model query (with the row number `row` and the id's text `id`:
 * `,"id":…`, or empty, null when unsure), ending in a line feed unless `newline` is false; `unsure`
 * where SQL cannot write it.
 */
export function recordJson(decisions: OutputColumn[], row: string, id: string, exact: boolean, newline = true): string {
  const parts = [
    `'{"row":'`,
    `CAST(${row} AS VARCHAR)`,
    part(id),
    `',"decisions":{'`,
    ...decisions.flatMap((d, i) => [
      stringLiteral(`${i ? "," : ""}${JSON.stringify(d.name)}:`),
      part(
        byRule(d, (c) => valueJson(d, c, exact)),
        totalJson(d),
      ),
    ]),
    `'}}'`,
    ...(newline ? ["chr(10)"] : []),
  ];
  return `concat(${parts.join(", ")})`;
}

/** csvField: quoted when the text holds a separator, a quote or a line break, quotes doubled. */
const csvFieldSql = (c: string): string =>
  `CASE WHEN regexp_matches(${c}, '[",\r\n]') THEN '"' || replace(${c}, '"', '""') || '"' ELSE ${c} END`;

/** A value's CSV cell as csvCell writes it (null empty, text as a field, the rest as JSON); null when SQL cannot be sure. */
function valueCsv(column: OutputColumn, c: string, exact: boolean): string {
  if (column.kind === "null") return "''";
  const text =
    column.kind === "string"
      ? csvFieldSql(c)
      : column.kind === "number" && exact
        ? numberText(c, column)
        : column.kind === "date"
          ? dateText(c)
          : column.fields || column.kind === "list"
            ? csvFieldSql(valueJson(column, c, exact))
            : FORMATS[column.kind]!(c, exact, column);
  return `CASE WHEN ${c} IS NULL THEN '' ELSE ${text} END`;
}

/** A CSV record of a scored row (`row`, the id's cell, one cell per decision, an empty error), without its line break; `unsure` where SQL cannot write it. */
export function recordCsv(decisions: OutputColumn[], row: string, idCell: string, exact: boolean): string {
  const cells = [`CAST(${row} AS VARCHAR)`, part(idCell), ...decisions.map((d) => part(byRule(d, (c) => valueCsv(d, c, exact)))), "''"];
  return `concat(${cells.join(", ',', ")})`;
}

/**
 * JSON.stringify and csvCell of an id read from a column of this kind (text, a whole number, a
 * boolean); null when unsure. A text id's JSON is read from `json`, its `toJson` text: a column of
 * its own, made once a row (written in place, DuckDB would make it twice inside the CASE).
 */
export function idTexts(kind: "string" | "integer" | "boolean" | "other", c: string, json: string): { json: string; csv: string } {
  switch (kind) {
    case "string":
      return { json: sureString(json), csv: csvFieldSql(c) };
    case "integer":
      return { json: FORMATS.number!(c, false), csv: FORMATS.number!(c, false) };
    case "boolean":
      return { json: FORMATS.boolean!(c, false), csv: FORMATS.boolean!(c, false) };
    default:
      return { json: "CAST(NULL AS VARCHAR)", csv: "CAST(NULL AS VARCHAR)" };
  }
}
