// Streams a batch through a pool in constant memory: reads input bytes, cuts them into pieces of
// whole records, keeps a bounded number of pieces out at workers, and writes results in input
// order, waiting whenever the output cannot keep up.
import type { Readable, Writable } from "node:stream";
import type { InputFormat } from "./chunk-scorer.js";
import { parseCsv } from "./csv.js";
import { OrderedOutput, type Tally } from "./ordered-output.js";
import type { Pool } from "./pool.js";
import { RecordSplitter, type Piece } from "./record-splitter.js";

export interface BatchOptions {
  /** a started pool: its workers know the model and how to read and write rows */
  pool: Pool;
  workers: number;
  input: Readable;
  format: InputFormat;
  output: Writable;
  /** written before the first result (the CSV header) */
  header?: string | null;
  /** pieces out at workers or waiting to be written, per worker */
  piecesPerWorker?: number;
  /** bytes a piece holds at least (but for the last); default 32 KiB */
  pieceBytes?: number;
  /** called after each piece's results are written */
  onProgress?: (done: Tally) => void;
}

export type Summary = Tally;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The first CSV record with its line break (quotes may hold line breaks). */
function firstRecord(text: string): string {
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === "\n" && !inQuotes) return text.slice(0, i + 1);
  }
  return text;
}

/** The CSV header's column names, cut off the first piece (the header is record 0). */
function takeHeader(piece: Piece): { columns: string[]; rest: Piece } {
  const header = firstRecord(piece.bytes.toString("utf8"));
  const [columns = []] = parseCsv(header);
  return { columns, rest: { bytes: piece.bytes.subarray(Buffer.byteLength(header)), records: piece.records - 1 } };
}

/** Input bytes without a leading UTF-8 byte order mark. */
async function* withoutBom(input: Readable): AsyncGenerator<Buffer> {
  let first = true;
  for await (const chunk of input) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    yield first && buf.subarray(0, 3).equals(BOM) ? buf.subarray(3) : buf;
    first = false;
  }
}

export async function scoreStream(options: BatchOptions): Promise<Summary> {
  const { format, pool, output } = options;
  const ordered = new OrderedOutput(output, Math.max(2, (options.piecesPerWorker ?? 4) * options.workers), options.onProgress);
  const inputBytes = new Map<number, number>();
  pool.attach(
    (s) => {
      const bytes = inputBytes.get(s.seq) ?? 0;
      inputBytes.delete(s.seq);
      ordered.put({ seq: s.seq, out: s.bytes, rows: s.rows, errors: s.errors, bytes });
    },
    (e) => ordered.fail(e),
  );

  if (options.header) output.write(options.header);
  const splitter = new RecordSplitter(format === "csv" ? "csv" : "lines", options.pieceBytes ?? 32 * 1024);
  let nextRow = 1;
  let columns: string[] | undefined;
  const send = async (piece: Piece | null) => {
    if (!piece) return;
    if (format === "csv" && !columns) ({ columns, rest: piece } = takeHeader(piece));
    const seq = await ordered.next();
    // A copy of exactly the piece: its own buffer is transferred, never the stream's.
    const bytes = new Uint8Array(piece.bytes);
    inputBytes.set(seq, bytes.length);
    pool.submit({ seq, first: nextRow, bytes, columns });
    nextRow += piece.records;
  };
  for await (const chunk of withoutBom(options.input)) await send(splitter.push(chunk));
  await send(splitter.end());
  await ordered.finished();
  return { ...ordered.done };
}
