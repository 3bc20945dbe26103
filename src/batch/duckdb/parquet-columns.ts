// A Parquet output's typed columns (docs/sql.md, docs/batch.md): `row` (BIGINT), `id` (the JSON text
// of the record's id, VARCHAR), one column per decision typed as the JSONL record's value, and
// `error` (a STRUCT of the error record's code, message and problems; null on a scored row): a
// number a DOUBLE or, with `--exact`, the decimal's text as VARCHAR; a string VARCHAR; a boolean
// BOOLEAN; a date DATE; a context a STRUCT of its entries. A row SQL scores writes its values
// typed (`sqlParquetParts`), where SQL is sure they are the JS engine's; the others come back from
// the JS engine as the JSON texts of the record's parts (table-fallback.ts), each cast to its
// column's type (`CAST` of JSON.stringify's text is the same double). A duration has no Parquet
// type holding its value exactly: such an output is refused before anything is written, naming
// the decision.
import { identifier, stringLiteral } from "../../compiler/4-sql/dialects.js";
import type { OutputColumn } from "../../compiler/index.js";
import { anyNumber, integerDouble, numberText } from "./records.js";

/** The DuckDB type of a value of this shape, or the kind no typed column holds. */
function columnType(column: OutputColumn, exact: boolean): { type: string } | { refused: string } {
  if (column.fields) {
    const fields: string[] = [];
    for (const f of column.fields) {
      const t = columnType(f, exact);
      if ("refused" in t) return { refused: `${t.refused} (its entry ${JSON.stringify(f.name)})` };
      fields.push(`${identifier(f.name)} ${t.type}`);
    }
    // DuckDB has no STRUCT without fields: an empty context is held as its JSON text
    return { type: fields.length ? `STRUCT(${fields.join(", ")})` : "VARCHAR" };
  }
  if (column.kind === "list") {
    if (!column.element) return { refused: "a list of durations or dates and times" };
    const t = columnType(column.element, exact);
    return "refused" in t ? { refused: `${t.refused} (its items)` } : { type: `${t.type}[]` };
  }
  switch (column.kind) {
    case "number":
      return { type: exact ? "VARCHAR" : "DOUBLE" };
    case "string":
      return { type: "VARCHAR" };
    case "boolean":
      return { type: "BOOLEAN" };
    case "date":
      return { type: "DATE" };
    case "null":
      return { type: "VARCHAR" };
    default:
      return { refused: column.kind === "days" ? "a duration" : `a ${column.kind}` };
  }
}

/** Why the decisions cannot be typed Parquet columns: each decision and its type, or nothing. */
export function parquetRefusals(decisions: OutputColumn[], exact: boolean): string[] {
  return decisions.flatMap((d) => {
    const t = columnType(d, exact);
    return "refused" in t ? [`the decision ${JSON.stringify(d.name)} is ${t.refused}, which no Parquet column type holds exactly`] : [];
  });
}

/** An error record's column: its code, message and (for `state.invalid`) each problem. */
const ERROR_TYPE = "STRUCT(code VARCHAR, message VARCHAR, errors STRUCT(address VARCHAR, code VARCHAR, message VARCHAR)[])";

/** A JSON text (`part`: '' absent, 'null' null) cast to the column's type. */
function typed(column: OutputColumn, part: string, exact: boolean): string {
  const t = columnType(column, exact);
  if ("refused" in t) throw new Error(`${column.name}: ${t.refused}`);
  const p = `NULLIF(NULLIF(${part}, ''), 'null')`;
  if (column.fields) return column.fields.length ? `from_json(${p}, ${stringLiteral(JSON.stringify(structure(column, exact)))})` : p;
  if (column.kind === "list") return `from_json(${p}, ${stringLiteral(JSON.stringify(structure(column, exact)))})`;
  switch (column.kind) {
    case "number":
      return exact ? `json_extract_string(${p}, '$')` : `CAST(${p} AS DOUBLE)`;
    case "string":
      return `json_extract_string(${p}, '$')`;
    case "boolean":
      return `(${p} = 'true')`;
    case "date":
      return `CAST(json_extract_string(${p}, '$') AS DATE)`;
    default:
      return "CAST(NULL AS VARCHAR)";
  }
}

/** `from_json`'s structure of a value: a context's `{"name": …}`, a list's `[…]`, else its column's type. */
function structure(column: OutputColumn, exact: boolean): unknown {
  if (column.fields && column.fields.length) return Object.fromEntries(column.fields.map((f) => [f.name, structure(f, exact)]));
  if (column.kind === "list" && column.element) return [structure(column.element, exact)];
  const t = columnType(column, exact);
  return "type" in t ? t.type : "VARCHAR";
}

const ERROR_STRUCTURE = JSON.stringify({
  code: "VARCHAR",
  message: "VARCHAR",
  errors: [{ address: "VARCHAR", code: "VARCHAR", message: "VARCHAR" }],
});

/** A value SQL scored, typed: `value`, and `sure` (null-safe) where it is the JS engine's for certain. */
interface Typed {
  value: string;
  sure: string;
}

/**
 * A decision's value as its column holds it, from SQL's own value: a number below 10^(15 - scale)
 * has at most 15 significant digits (records.ts), so its DOUBLE (the 15-digit DECIMAL's, an
 * integer below 2^53 divided by a power of ten) is the one JSON.stringify's text stands for; a
 * number of another shape is cast from its JSON text where SQL is sure of it; a date in the years
 * SQL writes as the JS engine does.
 */
function sqlTyped(column: OutputColumn, c: string, exact: boolean, depth = 0): Typed {
  const nullSafe = (cond: string) => (cond === "TRUE" ? "TRUE" : `(${c} IS NULL OR ${cond})`);
  if (column.fields) {
    if (column.fields.length === 0) return { value: `CASE WHEN ${c} IS NULL THEN NULL ELSE '{}' END`, sure: "TRUE" };
    const fields = column.fields.map((f) => ({ name: f.name, ...sqlTyped(f, `${c}.${identifier(f.name)}`, exact, depth) }));
    const sure = fields.map((f) => f.sure).filter((x) => x !== "TRUE");
    return {
      value: `CASE WHEN ${c} IS NULL THEN NULL ELSE struct_pack(${fields.map((f) => `${identifier(f.name)} := ${f.value}`).join(", ")}) END`,
      sure: sure.length ? nullSafe(sure.join(" AND ")) : "TRUE",
    };
  }
  if (column.kind === "list" && column.element) {
    const v = identifier(`$item${depth}`);
    const item = sqlTyped(column.element, v, exact, depth + 1);
    const each = (x: string) => `list_transform(${c}, lambda ${v}: ${x})`;
    return { value: each(item.value), sure: item.sure === "TRUE" ? "TRUE" : `coalesce(list_bool_and(${each(item.sure)}), TRUE)` };
  }
  switch (column.kind) {
    case "number": {
      if (exact) return { value: numberText(c, column), sure: "TRUE" };
      const { digits, scale } = column;
      // made from the integer with no decimal: the same double (records.ts integerDouble)
      if (column.integer !== undefined && digits !== undefined && scale !== undefined && digits <= 15)
        return { value: integerDouble(identifier(column.integer), scale), sure: "TRUE" };
      if (digits !== undefined && scale !== undefined && scale <= 15) {
        const int = 15 - scale;
        const below = `abs(${c}) < 1${"0".repeat(int)}`;
        // a row at or above the bound is not SQL's, but its cast would still run (and overflow)
        const v = digits > 15 ? `CAST(CASE WHEN ${below} THEN ${c} END AS DECIMAL(15, ${scale}))` : c;
        return { value: `CAST(${v} AS DOUBLE)`, sure: digits - scale <= int ? "TRUE" : nullSafe(below) };
      }
      const text = anyNumber(c, false, scale);
      return { value: `CAST(${text} AS DOUBLE)`, sure: nullSafe(`${text} IS NOT NULL`) };
    }
    case "date":
      return { value: c, sure: nullSafe(`year(${c}) BETWEEN 1000 AND 9999`) };
    case "null":
      return { value: "CAST(NULL AS VARCHAR)", sure: "TRUE" };
    default:
      return { value: c, sure: "TRUE" };
  }
}

/**
 * The statement's parts over the model query's result (`scored`: its rows with `$scored`, the
 * line, the carried columns): each decision's typed value from SQL (`$typed.i`) and whether the
 * whole row is SQL's (`$sure`).
 */
export function sqlParquetParts(decisions: OutputColumn[], exact: boolean): { columns: string[]; sure: string } {
  const typedParts = decisions.map((d) => sqlTyped(d, identifier(d.name), exact));
  const sure = typedParts.map((t) => t.sure).filter((x) => x !== "TRUE");
  return {
    columns: typedParts.map((t, i) => `${t.value} AS ${identifier(`$typed.${i}`)}`),
    sure: sure.length ? sure.join(" AND ") : "TRUE",
  };
}

/**
 * The output's columns, over `parts` (a VARCHAR[] of the JS engine's record's JSON texts: the id,
 * each decision, the error; null on the rows SQL wrote, whose id's text is `$id` and values
 * `$typed.i`) and `line` (the row's number).
 */
export function parquetColumns(decisions: OutputColumn[], parts: string, line: string, exact: boolean): string[] {
  const part = (i: number) => `${parts}[${i + 1}]`;
  const either = (sql: string, js: string) => `CASE WHEN ${parts} IS NULL THEN ${sql} ELSE ${js} END`;
  return [
    `CAST(${line} AS BIGINT) AS "row"`,
    `NULLIF(${either(`"$id"`, part(0))}, '') AS "id"`,
    ...decisions.map((d, i) => `${either(identifier(`$typed.${i}`), typed(d, part(i + 1), exact))} AS ${identifier(d.name)}`),
    `${either("NULL", `CAST(from_json(NULLIF(${part(decisions.length + 1)}, ''), ${stringLiteral(ERROR_STRUCTURE)}) AS ${ERROR_TYPE})`)} AS "error"`,
  ];
}
