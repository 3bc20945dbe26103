// Scores one piece of input (whole records as text) with a model: each record is parsed,
// validated and evaluated on its own, so a bad row becomes an error record and the rest go on.
import { parseCsv } from "./csv.js";
import { csvStateReader } from "./csv-state.js";
import { recordWriter, type OutputFormat, type RowError } from "./records.js";
import type { RowModel } from "./row-model.js";

export type InputFormat = "jsonl" | "csv";

export interface ScoreOptions {
  input: InputFormat;
  output: OutputFormat;
  /** numbers as exact decimal strings */
  exactDecimals?: boolean;
  /** the field echoed as `id` (default "id") */
  idField?: string;
}

export interface PieceInput {
  text: string;
  /** row number of the piece's first record */
  first: number;
  /** CSV: the header's column names */
  columns?: string[];
}

export interface PieceOutput {
  text: string;
  rows: number;
  errors: number;
}

/** Appends a row's output line to `out`; false when the line is an error record. */
type RowScorer = (row: number, state: unknown, out: string[]) => boolean;

function rowScorer(model: RowModel, options: ScoreOptions): RowScorer {
  const writer = recordWriter(options.output, model.decisions);
  const evaluateOptions = { exactDecimals: options.exactDecimals ?? false };
  const idField = options.idField ?? "id";
  return (row, state, out) => {
    let error: RowError;
    let id: unknown;
    if (!state || typeof state !== "object" || Array.isArray(state)) {
      error = { code: "state.type", message: "a row must be a JSON object mapping input names to values" };
    } else {
      id = (state as Record<string, unknown>)[idField];
      const valid = model.validate(state);
      if (valid.ok) {
        try {
          out.push(writer.decisions(row, id, model.evaluate(state as Record<string, unknown>, evaluateOptions)));
          return true;
        } catch (e) {
          error = { code: "evaluation", message: (e as Error).message ?? String(e) };
        }
      } else error = { code: "state.invalid", message: "the row does not match the model's inputs", errors: valid.errors };
    }
    out.push(writer.error(row, id, error));
    return false;
  };
}

/** Blank lines are skipped (the cheap test first: this runs once per row). */
function isBlank(text: string, start: number, end: number): boolean {
  if (start === end) return true;
  const c = text.charCodeAt(start);
  return (c === 32 || c === 9 || c === 13) && text.slice(start, end).trim() === "";
}

function jsonlScorer(model: RowModel, options: ScoreOptions): (piece: PieceInput) => PieceOutput {
  const score = rowScorer(model, options);
  const writer = recordWriter(options.output, model.decisions);
  return ({ text, first }) => {
    const out: string[] = [];
    let errors = 0;
    let rows = 0;
    // Line by line without splitting the piece first: one slice per row, no array of lines.
    for (let start = 0, row = first; start < text.length; row++) {
      let end = text.indexOf("\n", start);
      if (end < 0) end = text.length;
      const next = end + 1;
      if (isBlank(text, start, end)) {
        start = next;
        continue;
      }
      rows++;
      const line = text.slice(start, end);
      start = next;
      let state: unknown;
      try {
        state = JSON.parse(line);
      } catch (e) {
        errors++;
        out.push(writer.error(row, undefined, { code: "row.json", message: `not valid JSON: ${(e as Error).message}` }));
        continue;
      }
      if (!score(row, state, out)) errors++;
    }
    return { text: out.join(""), rows, errors };
  };
}

function csvScorer(model: RowModel, options: ScoreOptions): (piece: PieceInput) => PieceOutput {
  const score = rowScorer(model, options);
  let reader: { columns: string[]; read: (cells: readonly string[]) => Record<string, unknown> } | undefined;
  return ({ text, first, columns = [] }) => {
    if (reader?.columns !== columns) reader = { columns, read: csvStateReader(columns, model.inputSchema) };
    const out: string[] = [];
    let errors = 0;
    let rows = 0;
    parseCsv(text).forEach((cells, i) => {
      if (cells.length === 1 && isBlank(cells[0]!, 0, cells[0]!.length)) return;
      rows++;
      if (!score(first + i, reader!.read(cells), out)) errors++;
    });
    return { text: out.join(""), rows, errors };
  };
}

/** A function that scores pieces of `options.input` text into `options.output` text. */
export const pieceScorer = (model: RowModel, options: ScoreOptions): ((piece: PieceInput) => PieceOutput) =>
  options.input === "csv" ? csvScorer(model, options) : jsonlScorer(model, options);
