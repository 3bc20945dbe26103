// A Parquet or CSV file as the relation the model's query reads, read by DuckDB itself
// (`read_parquet`, `read_csv` with every column named and typed VARCHAR: nothing is guessed). Each
// row: its number (`$line`), each input typed as the query expects, `$plain` (SQL may score the row:
// every input of its kind, as the JS engine would read it), the id as it stands (`$id`), and the
// columns the row's inputs and id are read from as they stand (`$raw.0`, `$raw.1`…), carried through
// the query so that their texts (`rawList`), for the JS engine to score the rows SQL leaves
// (table-fallback.ts), are built on those rows only (building them on every row cost about as
// much as reading the file). A CSV cell is read as the JS engine reads it (csv-state.ts): a number where
// the input schema has a number, `true`/`false` where a boolean, an empty cell missing. A Parquet
// column must be of its input's kind; a null is a missing value.
import { MAX_RECORD_BYTES } from "../record-limit.js";
import { identifier, stringLiteral } from "../../compiler/4-sql/dialects.js";
import type { Digits, InputColumn } from "../../compiler/index.js";
import { csvCellKinds, NUMERIC, type CellKind } from "../csv-state.js";
import { LINE, PLAIN, ID } from "./json-rows.js";

/** The name of the i-th raw column. */
const rawName = (i: number): string => `$raw.${i}`;

export type TableFormat = "csv" | "parquet";

interface TableColumn {
  name: string;
  /** DuckDB's type name (every CSV column is VARCHAR) */
  type: string;
}

export interface FileTable {
  format: TableFormat;
  path: string;
  columns: TableColumn[];
  /** CSV: the longest line DuckDB's reader takes (record-limit.ts; it refuses the file at a longer one) */
  maxLine?: number;
}

/** How the JS engine reads a raw text back: as it stands, a number, a boolean, days since 1970-01-01 (a date). */
export type RawKind = "text" | "number" | "boolean" | "days";

/** The columns handed to the JS engine for a row SQL leaves (`$raw`, in this order). */
export interface RawColumn {
  name: string;
  kind: RawKind;
}

/** How an id is written: a string, a whole number, a boolean (each as JSON.stringify writes it), or left to JS. */
type IdKind = "string" | "integer" | "boolean" | "other";

const INTEGER = /^U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)$/;
const NUMBER = /^(U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)|FLOAT|DOUBLE|DECIMAL\(\d+,\s*\d+\))$/;

/** The Parquet column types an input of each kind may be read from, and their names for a message. */
const ACCEPTED: Record<string, { test: (type: string) => boolean; what: string }> = {
  number: { test: (t) => NUMBER.test(t), what: "a number (an integer type, DECIMAL, FLOAT or DOUBLE)" },
  string: { test: (t) => t === "VARCHAR", what: "text (VARCHAR)" },
  boolean: { test: (t) => t === "BOOLEAN", what: "a boolean (BOOLEAN)" },
  date: { test: (t) => t === "DATE", what: "a date (DATE)" },
  datetime: { test: (t) => t === "VARCHAR", what: "a date and time's text (VARCHAR)" },
};

/** A CSV file's column after the header's: a record with more cells than the header has a cell there (not null). */
function extraColumn(t: FileTable): string {
  const names = new Set(t.columns.map((c) => c.name));
  let name = "$extra";
  while (names.has(name)) name += "$";
  return name;
}

/** The relation that reads the file, each row numbered from 1 in file order. */
function reader(t: FileTable): { from: string; line: string } {
  const path = stringLiteral(t.path);
  if (t.format === "parquet") return { from: `read_parquet(${path}, file_row_number = true)`, line: `(file_row_number + 1)` };
  const columns = [...t.columns.map((c) => c.name), extraColumn(t)].map((c) => `${stringLiteral(c)}: 'VARCHAR'`).join(", ");
  return {
    // named and typed, never detected; a line break is LF, CRLF or a lone CR (new_line named: left to detect, a
    // file whose first line ends in CRLF has a later lone CR read as two bytes, the next record's first byte lost);
    // a short record's missing cells are null (DuckDB pads short records only
    // when it reads the file in one stream), an empty cell is '' (no cell is a line feed, the null text, unquoted;
    // a quoted one is never null), so a record with more cells than the header has one in the extra column
    from: `read_csv(${path}, auto_detect = false, header = true, columns = {${columns}}, delim = ',', quote = '"', escape = '"', null_padding = true, strict_mode = false, parallel = false, new_line = '\\n', nullstr = chr(10), allow_quoted_nulls = false, max_line_size = ${t.maxLine ?? MAX_RECORD_BYTES})`,
    line: "row_number() OVER ()",
  };
}

/** Why the file cannot be scored with these inputs: each missing column and column of the wrong type. */
export function tableProblems(t: FileTable, inputs: InputColumn[]): string[] {
  const types = new Map(t.columns.map((c) => [c.name, c.type]));
  const problems: string[] = [];
  for (const input of inputs) {
    const type = types.get(input.column);
    if (type === undefined) problems.push(`the column ${JSON.stringify(input.column)} is missing`);
    else if (t.format === "parquet" && !ACCEPTED[input.kind]!.test(type))
      problems.push(`the column ${JSON.stringify(input.column)} is ${type}, but the input is ${ACCEPTED[input.kind]!.what}`);
  }
  return problems;
}

interface Read {
  value: string;
  plain: string;
  raw: string;
  rawKind: RawKind;
}

const DATE_TEXT = (v: string) =>
  `CASE WHEN regexp_full_match(${v}, '[0-9]{4}-[0-9]{2}-[0-9]{2}') AND ${v} >= '0001' THEN TRY_CAST(${v} AS DATE) END`;

/** A Parquet column as an input of its kind (the type is one tableProblems accepts). */
function parquetRead(kind: string, c: string, type: string): Read {
  if (kind === "number") {
    // a FLOAT is the double it widens to, for SQL and JS alike; NaN and infinities are no JSON numbers,
    // and no decimal: the query's own check of a number input (its TRY_CAST to the input's decimal,
    // compared back: compiler/4-sql/query.ts) fails on them, so their rows are the JS engine's
    const value = type === "FLOAT" ? `CAST(${c} AS DOUBLE)` : c;
    return { value, plain: "TRUE", raw: `CAST(${value} AS VARCHAR)`, rawKind: "number" };
  }
  if (kind === "date") {
    const ok = `(isfinite(${c}) AND year(${c}) BETWEEN 1 AND 9999)`;
    return {
      value: `CASE WHEN ${ok} THEN ${c} END`,
      plain: `(${c} IS NULL OR ${ok})`,
      raw: `CASE WHEN isfinite(${c}) THEN CAST(date_diff('day', DATE '1970-01-01', ${c}) AS VARCHAR) ELSE CAST(${c} AS VARCHAR) END`,
      rawKind: "days",
    };
  }
  return { value: c, plain: "TRUE", raw: `CAST(${c} AS VARCHAR)`, rawKind: kind === "boolean" ? "boolean" : "text" };
}

/**
 * A Parquet file's number columns among `names` (the model's inputs), each with its value as the
 * query reads it, and the relation that reads them: what number-domain.ts scans.
 */
export function parquetNumbers(t: FileTable, names: string[]): { from: string; columns: { name: string; value: string }[] } {
  const columns = t.columns
    .filter((c) => names.includes(c.name) && NUMBER.test(c.type))
    .map((c) => ({ name: c.name, value: parquetRead("number", identifier(c.name), c.type).value }));
  return { from: reader(t).from, columns };
}

/** The digits of each integer type's values (an unsigned one's at most those of its signed twin's width). */
const INTEGER_DIGITS: Record<string, number> = {
  TINYINT: 3,
  SMALLINT: 5,
  INTEGER: 10,
  BIGINT: 19,
  HUGEINT: 39,
  UTINYINT: 3,
  USMALLINT: 5,
  UINTEGER: 10,
  UBIGINT: 20,
  UHUGEINT: 39,
};
const DECIMAL = /^DECIMAL\((\d+),\s*(\d+)\)$/;

/**
 * The exact decimal each Parquet number column among `names` holds by its type (an integer type:
 * its digits at no places; `DECIMAL(p, s)`: p - s and s), for the query to read it as its decimal
 * without a check that it is one (`typed` in the compiler's SqlOptions). A FLOAT or DOUBLE holds none.
 */
export function parquetExactTypes(t: FileTable, names: string[]): Record<string, Digits> {
  if (t.format !== "parquet") return {};
  return Object.fromEntries(
    t.columns.flatMap((c) => {
      if (!names.includes(c.name)) return [];
      const int = INTEGER_DIGITS[c.type];
      if (int !== undefined) return [[c.name, { int, scale: 0 }]];
      const m = DECIMAL.exec(c.type);
      return m ? [[c.name, { int: Number(m[1]) - Number(m[2]), scale: Number(m[2]) }]] : [];
    }),
  );
}

/** The type of a value no cell gives (the column is read as another kind). */
const TYPE_OF_KIND: Record<string, string> = { number: "DOUBLE", string: "VARCHAR", boolean: "BOOLEAN", date: "DATE", datetime: "VARCHAR" };

const NUMBER_TEXT = stringLiteral(NUMERIC.source.slice(1, -1));

/** A CSV cell as an input of its kind, read as the JS engine reads it (`cell`: how csv-state reads the column). */
function csvRead(kind: string, c: string, cell: CellKind): Read {
  const v = `NULLIF(${c}, '')`;
  const raw = { raw: c, rawKind: "text" as const };
  if (kind === "number" && cell === "number") {
    const n = `TRY_CAST(${v} AS DOUBLE)`;
    return {
      value: `CASE WHEN regexp_full_match(${v}, ${NUMBER_TEXT}) THEN ${n} END`,
      plain: `(${v} IS NULL OR (regexp_full_match(${v}, ${NUMBER_TEXT}) AND isfinite(${n})))`,
      ...raw,
    };
  }
  if (kind === "boolean" && cell === "boolean")
    return {
      value: `CASE ${v} WHEN 'true' THEN TRUE WHEN 'false' THEN FALSE END`,
      plain: `(${v} IS NULL OR ${v} IN ('true', 'false'))`,
      ...raw,
    };
  // a date and time's text is read by the query (a text it does not read: the JS engine's row)
  if ((kind === "string" || kind === "datetime") && cell === "text") return { value: v, plain: "TRUE", ...raw };
  if (kind === "date" && cell === "text") return { value: DATE_TEXT(v), plain: `(${v} IS NULL OR ${DATE_TEXT(v)} IS NOT NULL)`, ...raw };
  // a cell the JS engine reads as another kind: only a missing value is SQL's
  return { value: `CAST(NULL AS ${TYPE_OF_KIND[kind]})`, plain: `${v} IS NULL`, ...raw };
}

export interface TableRows {
  /** the relation (a subquery) */
  sql: string;
  /** what `rawList` holds, in order */
  raw: RawColumn[];
  /** the raw columns, for the query to carry */
  carry: string[];
  /** the row's raw texts (a VARCHAR[]), over the carried columns */
  rawList: string;
  /** how `$id` is written; null when the file has no id column; `record`: `$id` is the record's id part already (jsonl-file.ts) */
  id: IdKind | "record" | null;
  /**
   * DuckDB keeps the file's order through the query: a Parquet file's rows, numbered by the scan,
   * reach `COPY` in order (it writes the row groups read on several threads in their order, the
   * query being projections only: table-engine.ts). A CSV file's are numbered by a window, and
   * its records are sorted by line.
   */
  inOrder: boolean;
  /** some rows have no record (a JSONL file's blank lines, jsonl-file.ts): the JS engine's text for them is NULL, and not written */
  someBlank?: boolean;
  /** a CSV file's header's columns: `rawList` ends with the extra column's cell, not null when the record has more cells than that */
  cells?: number;
}

/** The relation of the file's rows for the query's inputs (`inputSchema`: how a CSV column is read). */
export function tableRows(t: FileTable, inputs: InputColumn[], idField: string, inputSchema: Record<string, unknown>): TableRows {
  const types = new Map(t.columns.map((c) => [c.name, c.type]));
  const cells = new Map(
    csvCellKinds(
      t.columns.map((c) => c.name),
      inputSchema,
    ).map((k, i) => [t.columns[i]!.name, k]),
  );
  const read = (input: InputColumn, c: string) => {
    const type = types.get(input.column) ?? "VARCHAR";
    return t.format === "parquet" ? parquetRead(input.kind, c, type) : csvRead(input.kind, c, cells.get(input.column) ?? "text");
  };
  const reads = inputs.map((input) => read(input, identifier(input.column)));
  const raw: RawColumn[] = inputs.map((input, i) => ({ name: input.column, kind: reads[i]!.rawKind }));
  // the texts, read from the carried columns
  const rawSql = inputs.map((input, i) => read(input, identifier(rawName(i))).raw);
  const rawSources = inputs.map((input) => identifier(input.column));
  const idType = types.get(idField);
  let id: IdKind | null = null;
  let idSql = "CAST(NULL AS VARCHAR)";
  if (idType !== undefined) {
    const c = identifier(idField);
    if (t.format === "csv") {
      idSql = `NULLIF(${c}, '')`;
      id = cells.get(idField) === "text" ? "string" : "other";
    } else {
      idSql = c;
      id = INTEGER.test(idType) ? "integer" : idType === "BOOLEAN" ? "boolean" : idType === "VARCHAR" ? "string" : "other";
    }
    if (!raw.some((r) => r.name === idField)) {
      const kind: RawKind =
        t.format === "csv" || idType === "VARCHAR" ? "text" : NUMBER.test(idType) ? "number" : idType === "BOOLEAN" ? "boolean" : "text";
      rawSql.push(`CAST(${identifier(rawName(raw.length))} AS VARCHAR)`);
      rawSources.push(c);
      raw.push({ name: idField, kind });
    }
  }
  const wide = t.format === "csv" ? identifier(extraColumn(t)) : undefined;
  if (wide !== undefined) {
    rawSql.push(identifier(rawName(rawSources.length)));
    rawSources.push(wide);
  }
  const { from, line } = reader(t);
  const columns = [
    `${line} AS ${identifier(LINE)}`,
    ...reads.map((r, i) => `${r.value} AS ${identifier(inputs[i]!.column)}`),
    `${idSql} AS ${identifier(ID)}`,
    ...rawSources.map((c, i) => `${c} AS ${identifier(rawName(i))}`),
    `(${["TRUE", ...reads.map((r) => r.plain), ...(wide ? [`${wide} IS NULL`] : [])].join(" AND ")}) AS ${identifier(PLAIN)}`,
  ];
  const carry = rawSources.map((_, i) => rawName(i));
  return {
    sql: `(SELECT ${columns.join(", ")} FROM ${from})`,
    raw,
    carry,
    rawList: `[${rawSql.join(", ")}]::VARCHAR[]`,
    id,
    inOrder: t.format === "parquet",
    ...(wide ? { cells: t.columns.length } : {}),
  };
}
