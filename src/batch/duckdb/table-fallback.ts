// The rows of a Parquet or CSV file that SQL does not score (a value the schema rejects, a number
// outside the query's exact domain, a record SQL cannot be sure to write as JSON.stringify would)
// are scored by the JS engine's own row scorer, called by DuckDB as a scalar function with the
// row's inputs and id as text (table-rows.ts): a CSV row's cells are read as the JS engine reads
// CSV (csv-state.ts), a Parquet row's values become what JSON.parse would give for them (a number
// the double nearest it, a date its ISO text; NaN and infinities stay text, which the schema
// rejects). The result is the record in the output format; for Parquet, its JSON texts joined
// by NUL (the id, each decision, the error), as records.ts writes them for the rows SQL scores,
// cast to the output's typed columns after (parquet-columns.ts).
import { namedRecord } from "../../runtime/json.js";
import { rowScorer, wideRecord } from "../chunk-scorer.js";
import { csvStateReader } from "../csv-state.js";
import type { RowModel } from "../row-model.js";
import type { RawColumn, RawKind, TableFormat } from "./table-rows.js";

export type OutputFormat = "jsonl" | "csv" | "parquet";

export interface FallbackOptions {
  input: TableFormat;
  output: OutputFormat;
  raw: RawColumn[];
  exactDecimals: boolean;
  idField: string;
  /** a CSV file's header's columns: the raw texts end with a cell after them, not null when the record has more cells (table-rows.ts) */
  cells?: number;
}

const DAY_MS = 86_400_000;

const FROM_TEXT: Record<RawKind, (text: string) => unknown> = {
  text: (t) => t,
  number: (t) => (Number.isFinite(Number(t)) ? Number(t) : t),
  boolean: (t) => t === "true",
  days: (t) => (/^-?\d+$/.test(t) ? new Date(Number(t) * DAY_MS).toISOString().slice(0, 10) : t),
};

/** A row's record from its raw texts (null: missing); `error` tells an error record. */
export function tableFallback(
  model: RowModel,
  options: FallbackOptions,
): (row: number, raw: (string | null)[]) => { text: string; error: boolean } {
  const score = rowScorer(model, {
    input: "jsonl",
    output: options.output === "csv" ? "csv" : "jsonl",
    exactDecimals: options.exactDecimals,
    idField: options.idField,
  });
  const names = options.raw.map((r) => r.name);
  const csv = options.input === "csv" ? csvStateReader(names, model.inputSchema) : null;
  const stateOf = (raw: (string | null)[]): Record<string, unknown> => {
    if (csv) return csv(raw.map((t) => t ?? ""));
    const state = namedRecord<unknown>();
    options.raw.forEach((r, i) => {
      const t = raw[i];
      if (t !== null && t !== undefined) state[r.name] = FROM_TEXT[r.kind](t);
    });
    return state;
  };
  const out: string[] = [];
  const cells = options.cells;
  return (row, raw) => {
    out.length = 0;
    const refused = cells !== undefined && raw[raw.length - 1] !== null ? wideRecord(cells) : undefined;
    const ok = score(row, stateOf(cells === undefined ? raw : raw.slice(0, -1)), out, refused);
    const line = out.join("").replace(/\n$/, "");
    if (options.output !== "parquet") return { text: line, error: !ok };
    const record = JSON.parse(line) as { id?: unknown; decisions?: Record<string, unknown>; error?: unknown };
    const json = (v: unknown) => (v === undefined ? "" : JSON.stringify(v));
    const parts = [json(record.id), ...model.decisions.map((d) => json(record.decisions?.[d])), json(record.error)];
    return { text: parts.join("\0"), error: !ok };
  };
}
