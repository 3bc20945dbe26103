// Whether DuckDB can score a batch, and the query it would run: the model compiled to DuckDB's SQL
// over the rows of a JSONL piece (json-rows.ts, JSONL out), or over a Parquet or CSV file that
// DuckDB reads itself (table-rows.ts, JSONL, CSV or Parquet out). It cannot when the model is
// refused (`sql.unsupported`), when JSONL is to become another format, when a row's evaluation
// budget is not the default (SQL has no steps to count), or, for JSONL, when a name would need
// escaping in a JSON path; nor when a name would come first in a JSON object (an index-like key,
// which JavaScript orders before the others).
import type { Diagnostic } from "../../ir/diagnostics.js";
import type { ModelInput } from "../../ir/model.js";
import { compileToSql, type OutputColumn, type SqlQuery } from "../../compiler/index.js";
import { identifier } from "../../compiler/4-sql/dialects.js";
import { addressable, ID, jsonRows, LINE, PLAIN } from "./json-rows.js";

export interface DuckDbRequest {
  strict: boolean;
  idField: string;
  inputFormat: string;
  outputFormat: string;
  /** the evaluation limits are the defaults */
  defaultLimits: boolean;
}

/** `pieces`: JSONL through Node in pieces (engine.ts); `table`: a file DuckDB reads (table-engine.ts). */
export type DuckDbPlan =
  | { ok: true; query: SqlQuery; engine: "pieces" | "table"; inputSchema: Record<string, unknown> }
  | { ok: false; reason: string; diagnostics?: Diagnostic[] };

const INDEX_LIKE = /^(0|[1-9]\d*)$/;
const indexLike = (columns: OutputColumn[]): boolean =>
  columns.some((c) => INDEX_LIKE.test(c.name) || (c.fields !== undefined && indexLike(c.fields)));

const TABLE_FORMATS = ["csv", "parquet"];

export function planDuckDb(model: ModelInput, request: DuckDbRequest): DuckDbPlan {
  const table = TABLE_FORMATS.includes(request.inputFormat);
  if (!table && (request.inputFormat !== "jsonl" || request.outputFormat !== "jsonl"))
    return { ok: false, reason: "DuckDB scores JSONL to JSONL, and Parquet or CSV to JSONL, CSV or Parquet" };
  if (!request.defaultLimits) return { ok: false, reason: "a row's evaluation budget is counted by the JS engine only" };
  if (!table && !addressable(request.idField))
    return { ok: false, reason: `the id field ${JSON.stringify(request.idField)} has a quote or a backslash` };
  const r = compileToSql(model, {
    dialect: "duckdb",
    strict: request.strict,
    // a file's relation is made once its columns are known (table-engine.ts)
    source: table ? identifier("$rows") : (inputs) => jsonRows(inputs, request.idField),
    id: LINE,
    rowCondition: PLAIN,
    carry: [ID],
    integers: true,
  });
  if (!r.ok)
    return {
      ok: false,
      reason: r.check.valid ? "the model does not compile to DuckDB's SQL" : "the model does not check",
      diagnostics: r.diagnostics,
    };
  // a list input's items are read from JSONL lines (json-rows.ts), not yet from a table's columns
  const list = table ? r.query.inputs.find((c) => c.kind === "list") : undefined;
  if (list) return { ok: false, reason: `the input ${JSON.stringify(list.input)} is a list, which DuckDB reads from JSONL lines only` };
  const unaddressable = table ? undefined : r.query.inputs.find((c) => !addressable(c.input));
  if (unaddressable) return { ok: false, reason: `the input ${JSON.stringify(unaddressable.input)} has a quote or a backslash` };
  if (indexLike(r.query.decisions)) return { ok: false, reason: "a decision or entry is named like an array index" };
  return { ok: true, query: r.query, engine: table ? "table" : "pieces", inputSchema: r.check.input };
}
