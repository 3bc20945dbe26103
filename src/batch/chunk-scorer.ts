// Scores one piece of input (whole records as text) with a compiled model: each record is parsed,
// validated and evaluated on its own, so a bad row becomes an error record and the rest go on.
import type { CompiledModel } from "../compiler.js";
import { parseCsv } from "./csv.js";
import { csvStateReader } from "./csv-state.js";
import { recordWriter, type OutputFormat, type RecordWriter, type RowError } from "./records.js";

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

/** The decisions a batch writes, in the model's order (the CSV columns). */
export const decisionNames = (model: CompiledModel): string[] => model.ir.decisions.map((d) => d.name);

type Scored = { ok: true; line: string } | { ok: false; line: string };

function rowScorer(model: CompiledModel, writer: RecordWriter, options: ScoreOptions) {
  const evaluateOptions = { exactDecimals: options.exactDecimals ?? false };
  const idField = options.idField ?? "id";
  const fail = (row: number, id: unknown, error: RowError): Scored => ({ ok: false, line: writer.error(row, id, error) });
  return (row: number, state: unknown): Scored => {
    if (!state || typeof state !== "object" || Array.isArray(state)) {
      return fail(row, undefined, { code: "state.type", message: "a row must be a JSON object mapping input names to values" });
    }
    const id = (state as Record<string, unknown>)[idField];
    const valid = model.validate(state);
    if (!valid.ok) return fail(row, id, { code: "state.invalid", message: "the row does not match the model's inputs", errors: valid.errors });
    try {
      return { ok: true, line: writer.decisions(row, id, model.evaluate(state as Record<string, unknown>, evaluateOptions)) };
    } catch (e) {
      return fail(row, id, { code: "evaluation", message: (e as Error).message ?? String(e) });
    }
  };
}

/** Blank lines are skipped (the cheap test first: this runs once per row). */
function isBlank(line: string): boolean {
  if (line.length === 0) return true;
  const c = line.charCodeAt(0);
  return (c === 32 || c === 9 || c === 13) && line.trim() === "";
}

/** A function that scores pieces of `options.input` text into `options.output` text. */
export function pieceScorer(model: CompiledModel, options: ScoreOptions): (piece: PieceInput) => PieceOutput {
  const writer = recordWriter(options.output, decisionNames(model));
  const score = rowScorer(model, writer, options);
  if (options.input === "csv") {
    let reader: { columns: string[]; read: (cells: readonly string[]) => Record<string, unknown> } | undefined;
    return ({ text, first, columns = [] }) => {
      if (reader?.columns !== columns) reader = { columns, read: csvStateReader(columns, model.inputSchema) };
      const out: string[] = [];
      let errors = 0;
      let rows = 0;
      parseCsv(text).forEach((cells, i) => {
        if (cells.length === 1 && isBlank(cells[0]!)) return;
        rows++;
        const r = score(first + i, reader!.read(cells));
        if (!r.ok) errors++;
        out.push(r.line);
      });
      return { text: out.join(""), rows, errors };
    };
  }
  return ({ text, first }) => {
    const lines = text.split("\n");
    const out: string[] = [];
    let errors = 0;
    let rows = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (isBlank(line)) continue;
      rows++;
      let state: unknown;
      try {
        state = JSON.parse(line);
      } catch (e) {
        errors++;
        out.push(writer.error(first + i, undefined, { code: "row.json", message: `not valid JSON: ${(e as Error).message}` }));
        continue;
      }
      const r = score(first + i, state);
      if (!r.ok) errors++;
      out.push(r.line);
    }
    return { text: out.join(""), rows, errors };
  };
}
