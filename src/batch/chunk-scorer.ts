// Scores one piece of input (whole records as UTF-8 bytes) with a model: each record is parsed,
// validated and evaluated on its own, so a bad row becomes an error record and the rest go on.
// JSONL rows of a model whose inputs are flat (row-plan.ts) are read and written as bytes
// (json-row-reader.ts, decision-record-writer.ts); a row those do not take, and every row of
// other models and formats, goes the general way: text, JSON.parse, the validator, evaluate,
// JSON.stringify. Both ways write the same bytes for a row.
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import { refill, type EvaluationLimits } from "../runtime/budget.js";
import type { ByteSink } from "./byte-sink.js";
import { parseCsv } from "./csv.js";
import { csvStateReader } from "./csv-state.js";
import { DecisionRecordWriter } from "./decision-record-writer.js";
import { JsonRowReader } from "./json-row-reader.js";
import { recordWriter, type OutputFormat, type RowError } from "./records.js";
import type { RowModel } from "./row-model.js";
import { evaluationError, withinLimits } from "./row-budget.js";
import { rowPlan } from "./row-plan.js";
import { longRecord } from "./record-limit.js";
import { LF } from "./bytes.js";

export type InputFormat = "jsonl" | "csv";

export interface ScoreOptions {
  input: InputFormat;
  output: OutputFormat;
  /** numbers as exact decimal strings */
  exactDecimals?: boolean;
  /** the field echoed as `id` (default "id") */
  idField?: string;
  /** each row's evaluation budget (default: the service's, runtime/budget.ts) */
  limits?: Partial<EvaluationLimits>;
}

interface PieceInput {
  bytes: Uint8Array;
  /** row number of the piece's first record */
  first: number;
  /** CSV: the header's column names */
  columns?: string[];
  /** the piece is one record longer than this limit, unread (piece-reader.ts) */
  long?: number;
}

/** What a piece came to; its records are in the sink it was scored into. */
interface PieceOutput {
  rows: number;
  errors: number;
}

export type PieceScorer = (piece: PieceInput, sink: ByteSink) => PieceOutput;

/**
 * Scores one state (a parsed row): appends its output line to `out`; false when the line is an
 * error record. `refused`: the row's error, found before its state (its id is still echoed).
 */
export type RowScorer = (row: number, state: unknown, out: string[], refused?: RowError) => boolean;

/** A row's error with a code of the diagnostic catalogue (a row is a state). */
const rowError = ({ code, message }: Diagnostic): RowError => ({ code, message });

/** A CSV record with more cells than the header has columns: its error, with every engine. */
export const wideRecord = (columns: number): RowError => rowError(diagnostic("state.invalid", { variant: "cells", columns }));

export function rowScorer(model: RowModel, options: ScoreOptions): RowScorer {
  const writer = recordWriter(options.output, model.decisions);
  const evaluateOptions = { exactDecimals: options.exactDecimals ?? false };
  const idField = options.idField ?? "id";
  return (row, state, out, refused) => {
    let error: RowError;
    let id: unknown;
    if (!state || typeof state !== "object" || Array.isArray(state)) {
      error = rowError(diagnostic("state.type", { variant: "row" }));
    } else if (refused) {
      id = (state as Record<string, unknown>)[idField];
      error = refused;
    } else {
      id = (state as Record<string, unknown>)[idField];
      const valid = model.validate(state);
      if (valid.ok) {
        try {
          refill();
          out.push(writer.decisions(row, id, model.evaluate(state as Record<string, unknown>, evaluateOptions)));
          return true;
        } catch (e) {
          error = evaluationError(e, options.limits);
        }
      } else error = { ...rowError(diagnostic("state.invalid", { variant: "row" })), errors: valid.errors };
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

// a byte order mark is the file's to drop (piece-reader.ts), never a piece's: one inside the file is not JSON
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** What scoring one JSONL line came to. */
const enum Line {
  Blank,
  Scored,
  Failed,
}

/** Scores one JSONL line (its text, without the line feed) into `out`. */
function lineScorer(model: RowModel, options: ScoreOptions): (line: string, row: number, out: string[]) => Line {
  const score = rowScorer(model, options);
  const writer = recordWriter(options.output, model.decisions);
  return (line, row, out) => {
    if (isBlank(line, 0, line.length)) return Line.Blank;
    let state: unknown;
    try {
      state = JSON.parse(line);
    } catch (e) {
      out.push(writer.error(row, undefined, { code: "row.json", message: `not valid JSON: ${(e as Error).message}` }));
      return Line.Failed;
    }
    return score(row, state, out) ? Line.Scored : Line.Failed;
  };
}

/** Every line the general way: the piece as text, line by line without splitting it first. */
export function generalJsonlScorer(model: RowModel, options: ScoreOptions): PieceScorer {
  const scoreLine = lineScorer(model, options);
  return ({ bytes, first }, sink) => {
    const text = decoder.decode(bytes);
    const out: string[] = [];
    let errors = 0;
    let rows = 0;
    for (let start = 0, row = first; start < text.length; row++) {
      let end = text.indexOf("\n", start);
      if (end < 0) end = text.length;
      const line = scoreLine(text.slice(start, end), row, out);
      if (line !== Line.Blank) rows++;
      if (line === Line.Failed) errors++;
      start = end + 1;
    }
    sink.text(out.join(""));
    return { rows, errors };
  };
}

/** Rows read and written as bytes where the reader takes them; the general way for the others. */
function byteJsonlScorer(model: RowModel, options: ScoreOptions, reader: JsonRowReader): PieceScorer {
  const scoreLine = lineScorer(model, options);
  const writer = new DecisionRecordWriter();
  const general: string[] = [];
  return ({ bytes, first }, sink) => {
    let errors = 0;
    let rows = 0;
    for (let start = 0, row = first; start < bytes.length; row++) {
      const mark = sink.pos;
      const next = reader.read(bytes, start);
      if (next >= 0) {
        let decisions = null;
        try {
          refill();
          decisions = model.evaluateToValues(reader.state());
        } catch {
          // the general way says what failed
        }
        if (decisions !== null && writer.write(sink, row, bytes, reader.idStart, reader.idEnd, decisions)) {
          rows++;
          start = next;
          continue;
        }
        sink.pos = mark;
      }
      let end = bytes.indexOf(LF, start);
      if (end < 0) end = bytes.length;
      const line = scoreLine(decoder.decode(bytes.subarray(start, end)), row, general);
      if (line !== Line.Blank) rows++;
      if (line === Line.Failed) errors++;
      for (const text of general) sink.text(text);
      general.length = 0;
      start = end + 1;
    }
    return { rows, errors };
  };
}

function csvScorer(model: RowModel, options: ScoreOptions): PieceScorer {
  const score = rowScorer(model, options);
  let reader: { columns: string[]; read: (cells: readonly string[]) => Record<string, unknown> } | undefined;
  return ({ bytes, first, columns = [] }, sink) => {
    const text = decoder.decode(bytes);
    if (reader?.columns !== columns) reader = { columns, read: csvStateReader(columns, model.inputSchema) };
    const out: string[] = [];
    let errors = 0;
    let rows = 0;
    parseCsv(text).forEach((cells, i) => {
      if (cells.length === 1 && isBlank(cells[0]!, 0, cells[0]!.length)) return;
      rows++;
      const refused = cells.length > columns.length ? wideRecord(columns.length) : undefined;
      if (!score(first + i, reader!.read(cells), out, refused)) errors++;
    });
    sink.text(out.join(""));
    return { rows, errors };
  };
}

function unmeteredScorer(model: RowModel, options: ScoreOptions): PieceScorer {
  if (options.input === "csv") return csvScorer(model, options);
  const idField = options.idField ?? "id";
  const slots = options.output === "jsonl" && !options.exactDecimals ? rowPlan(model.inputSchema, idField) : null;
  return slots ? byteJsonlScorer(model, options, new JsonRowReader(slots, idField)) : generalJsonlScorer(model, options);
}

/** A function that scores pieces of `options.input` bytes into `options.output` bytes, each row within the budget; a record past the limit is its error record. */
export function pieceScorer(model: RowModel, options: ScoreOptions): PieceScorer {
  const scorer = withinLimits(options.limits, unmeteredScorer(model, options));
  const writer = recordWriter(options.output, model.decisions);
  return (piece, sink) => {
    if (piece.long === undefined) return scorer(piece, sink);
    sink.text(writer.error(piece.first, undefined, longRecord(piece.long)));
    return { rows: 1, errors: 1 };
  };
}
