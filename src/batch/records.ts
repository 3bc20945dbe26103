// What a batch writes for each row: the decisions, or an error record, as a JSONL line or a CSV
// record. `row` is the row's 1-based number in the input; `id` echoes the row's id field when it has one.
import { csvCell, csvField, csvRecord } from "./csv.js";

export interface RowError {
  /** `row.json` (not JSON), `state.invalid` (does not match the inputs), `evaluation` (the model failed) */
  code: string;
  message: string;
  /** for `state.invalid`: each problem, addressed like the model (`inputs.<name>`) */
  errors?: { address: string; code: string; message: string }[];
}

export type OutputFormat = "jsonl" | "csv";

export interface RecordWriter {
  /** the header line (CSV) or nothing (JSONL) */
  header(): string | null;
  decisions(row: number, id: unknown, decisions: Record<string, unknown>): string;
  error(row: number, id: unknown, error: RowError): string;
}

const idPart = (id: unknown): string => (id === undefined ? "" : `,"id":${JSON.stringify(id) ?? "null"}`);

const jsonlWriter: RecordWriter = {
  header: () => null,
  decisions: (row, id, decisions) => `{"row":${row}${idPart(id)},"decisions":${JSON.stringify(decisions)}}\n`,
  error: (row, id, error) => `{"row":${row}${idPart(id)},"error":${JSON.stringify(error)}}\n`,
};

/** One line of text for a row error in a CSV cell: each problem's address and message. */
const errorText = (e: RowError): string =>
  e.errors && e.errors.length > 0 ? e.errors.map((x) => `${x.address}: ${x.message} [${x.code}]`).join("; ") : `${e.message} [${e.code}]`;

function csvWriter(decisionNames: readonly string[]): RecordWriter {
  const blanks = decisionNames.map(() => "");
  return {
    header: () => `${csvRecord(["row", "id", ...decisionNames, "error"].map(csvField))}\n`,
    decisions: (row, id, decisions) => `${csvRecord([String(row), csvCell(id), ...decisionNames.map((d) => csvCell(decisions[d])), ""])}\n`,
    error: (row, id, error) => `${csvRecord([String(row), csvCell(id), ...blanks, csvField(errorText(error))])}\n`,
  };
}

export const recordWriter = (format: OutputFormat, decisionNames: readonly string[]): RecordWriter =>
  format === "csv" ? csvWriter(decisionNames) : jsonlWriter;
