// Streams a batch through a pool in constant memory: reads input bytes into pieces of whole
// records, keeps a bounded number of pieces out at workers, and writes results in input order,
// waiting whenever the output cannot keep up. Pieces and results travel in buffers lent from one
// BufferPool and given back once a worker or the output is done with them.
import type { Writable } from "node:stream";
import { BufferPool } from "./buffer-pool.js";
import type { ByteSource } from "./byte-source.js";
import type { InputFormat } from "./chunk-scorer.js";
import { headerProblem, parseCsv } from "./csv.js";
import { OrderedOutput, type Tally } from "./ordered-output.js";
import type { Pool } from "./pool.js";
import { PieceReader, type Piece } from "./piece-reader.js";

export interface BatchOptions {
  /** a started pool: its workers know the model and how to read and write rows */
  pool: Pool;
  workers: number;
  /** the input's bytes (byte-source.ts) */
  input: ByteSource;
  format: InputFormat;
  output: Writable;
  /**
   * The output is done with a chunk's bytes when it calls back (a file, a pipe, a terminal), so
   * result buffers can be lent again; a stream that passes chunks on (a PassThrough) is not.
   */
  outputCopies?: boolean;
  /** written before the first result (the CSV header) */
  header?: string | null;
  /** pieces out at workers or waiting to be written, per worker */
  piecesPerWorker?: number;
  /** bytes a piece is read to (but for the last, and a longer record); default 256 KiB */
  pieceBytes?: number;
  /** the longest record read (record-limit.ts) */
  maxRecordBytes?: number;
  /** called after each piece's results are written */
  onProgress?: (done: Tally) => void;
}

export type Summary = Tally;

const decoder = new TextDecoder();

/** The first CSV record with its line break: LF, CRLF or a lone CR (quotes may hold line breaks). */
function firstRecord(text: string): string {
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === "\n" && !inQuotes) return text.slice(0, i + 1);
    else if (c === "\r" && !inQuotes) return text.slice(0, text[i + 1] === "\n" ? i + 2 : i + 1);
  }
  return text;
}

/** A CSV header the batch cannot read by name, found before any row is scored. */
export class CsvHeaderError extends Error {}

/** The CSV header's column names, cut off the first piece (the header is record 0); a CsvHeaderError if it names a column twice. */
export function takeHeader(piece: Piece): { columns: string[]; rest: Piece } {
  if (piece.long !== undefined)
    throw new CsvHeaderError(`the header is longer than ${piece.long.toLocaleString("en-US")} bytes (--max-record-bytes)`);
  const header = firstRecord(decoder.decode(piece.bytes));
  const [columns = []] = parseCsv(header);
  const problem = headerProblem(columns);
  if (problem !== undefined) throw new CsvHeaderError(problem);
  const cut = Buffer.byteLength(header);
  return { columns, rest: { bytes: piece.bytes.subarray(cut), records: piece.records - 1, offset: piece.offset + cut } };
}

export async function scoreStream(options: BatchOptions): Promise<Summary> {
  const { format, pool, output } = options;
  const pieceBytes = options.pieceBytes ?? 256 * 1024;
  const buffers = new BufferPool(pieceBytes);
  const limit = Math.max(2, (options.piecesPerWorker ?? 4) * options.workers);
  const recycle = options.outputCopies ? (out: Uint8Array) => buffers.give(out.buffer as SharedArrayBuffer) : undefined;
  const ordered = new OrderedOutput(output, limit, options.onProgress, recycle);
  const inputBytes = new Map<number, number>();
  pool.attach(
    (s) => {
      const bytes = inputBytes.get(s.seq) ?? 0;
      inputBytes.delete(s.seq);
      buffers.give(s.input);
      ordered.put({ seq: s.seq, out: s.bytes, rows: s.rows, errors: s.errors, bytes });
    },
    (e) => ordered.fail(e),
  );

  if (options.header) output.write(options.header);
  const reader = new PieceReader(options.input, format === "csv" ? "csv" : "lines", buffers, pieceBytes, 0, options.maxRecordBytes);
  let nextRow = 1;
  let columns: string[] | undefined;
  // The next piece is read while the workers score the last ones; it waits for room to be sent.
  for (let piece = await reader.next(); piece; piece = await reader.next()) {
    if (format === "csv" && !columns) ({ columns, rest: piece } = takeHeader(piece));
    const seq = await ordered.next();
    inputBytes.set(seq, piece.bytes.length + (piece.skipped ?? 0));
    // room for records about twice the size of their rows; the worker grows it if they are larger
    pool.submit({ seq, first: nextRow, bytes: piece.bytes, spare: buffers.take(2 * piece.bytes.length), columns, long: piece.long });
    nextRow += piece.records;
  }
  // an empty file has no first piece: its missing header is the same error as an empty one
  if (format === "csv" && !columns) throw new CsvHeaderError(headerProblem([])!);
  await ordered.finished();
  return { ...ordered.done };
}
