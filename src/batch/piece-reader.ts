// Cuts a batch's input into pieces of whole records, each in a shared buffer lent from the batch's
// pool: the source reads into the buffer itself, the piece ends at its last record end, and only
// the unfinished record after it is copied, to the start of the next buffer. The main thread
// counts the records of each piece (for row numbers) and never parses a row. JSONL records end at
// every line feed (JSON strings cannot hold a raw one); CSV records at a line feed outside quotes.
import type { BufferPool } from "./buffer-pool.js";
import type { ByteSource } from "./byte-source.js";
import { CR, LF, QUOTE } from "./bytes.js";

export type RecordSyntax = "lines" | "csv";

export interface Piece {
  /** a view of a buffer lent from the pool, to be given back once a worker is done with it */
  bytes: Uint8Array;
  /** records in this piece (the last piece of the input counts an unterminated record too) */
  records: number;
  /** input bytes before the piece's first byte */
  offset: number;
}

interface Scan {
  /** offset of the last record-ending line feed, -1 for none */
  lastEnd: number;
  count: number;
}

const BOM = [0xef, 0xbb, 0xbf];

/** Line feeds from `from` on (this runs over every input byte: a Buffer's indexOf is memchr, several times faster than a typed array's). */
function scanLines(data: Buffer, from: number): Scan {
  let count = 0;
  let lastEnd = -1;
  for (let i = data.indexOf(LF, from); i >= 0; i = data.indexOf(LF, i + 1)) {
    count++;
    lastEnd = i;
  }
  return { lastEnd, count };
}

/** The next `byte` at or after `from`, from a position found before where that is still ahead (so each byte is searched once). */
function nextOf(data: Buffer, byte: number, from: number, known: number): number {
  return known >= from || known === -1 ? known : data.indexOf(byte, from);
}

/**
 * Record ends outside quotes (LF, CRLF, a lone CR: csv.ts), from a record boundary (outside
 * quotes) on. A CR that is the last byte read ends nothing yet unless the input has ended (its LF
 * may come next).
 */
function scanCsv(data: Buffer, ended: boolean): Scan {
  let count = 0;
  let lastEnd = -1;
  let q = data.indexOf(QUOTE);
  let lf = data.indexOf(LF);
  let cr = data.indexOf(CR);
  let i = 0;
  while (i < data.length) {
    q = nextOf(data, QUOTE, i, q);
    lf = nextOf(data, LF, i, lf);
    cr = nextOf(data, CR, i, cr);
    const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    if (end >= 0 && (q < 0 || end < q)) {
      let last = end;
      if (end === cr) {
        if (end + 1 < data.length) last = data[end + 1] === LF ? end + 1 : end;
        else if (!ended) break;
      }
      count++;
      lastEnd = last;
      i = last + 1;
    } else if (q >= 0) {
      // inside quotes to the next quote (a doubled quote enters them again at once)
      const close = data.indexOf(QUOTE, q + 1);
      if (close < 0) break;
      i = close + 1;
    } else break;
  }
  return { lastEnd, count };
}

const startsWithBom = (b: Uint8Array): boolean => b.length >= 3 && BOM.every((x, i) => b[i] === x);

export class PieceReader {
  /** the unfinished record at the end of the last piece's buffer */
  private carry: Uint8Array | null = null;
  private ended = false;
  private first: boolean;

  constructor(
    private readonly source: ByteSource,
    private readonly syntax: RecordSyntax,
    private readonly buffers: BufferPool,
    /** bytes a piece is read to (but for the last, and a record longer than that) */
    private readonly pieceBytes: number,
    /** input bytes before the source's first byte (a byte order mark is looked for only at 0) */
    private consumed = 0,
  ) {
    this.first = consumed === 0;
  }

  /** The next piece, or null at the end of the input. */
  async next(): Promise<Piece | null> {
    if (this.ended) return null;
    const carry = this.carry;
    this.carry = null;
    let target = Math.max(this.pieceBytes, 2 * (carry?.length ?? 0));
    let buf = new Uint8Array(this.buffers.take(target));
    let filled = 0;
    if (carry) {
      buf.set(carry);
      filled = carry.length;
    }
    // A rest of lines holds no line feed: its scan starts after it. CSV is scanned from the record boundary.
    let scanned = this.syntax === "lines" ? filled : 0;
    for (;;) {
      while (filled < target && !this.ended) {
        const n = await this.source.read(buf.subarray(filled, target));
        if (n === 0) this.ended = true;
        filled += n;
      }
      const data = Buffer.from(buf.buffer, buf.byteOffset, filled);
      const { lastEnd, count } = this.syntax === "lines" ? scanLines(data, scanned) : scanCsv(data, this.ended);
      if (this.ended) return this.piece(buf, filled, count + (lastEnd + 1 < filled ? 1 : 0));
      if (count > 0) {
        this.carry = buf.slice(lastEnd + 1, filled);
        return this.piece(buf, lastEnd + 1, count);
      }
      // One record longer than the buffer: a larger one.
      scanned = this.syntax === "lines" ? filled : 0;
      target *= 2;
      const bigger = new Uint8Array(this.buffers.take(target));
      bigger.set(data);
      this.buffers.give(buf.buffer as SharedArrayBuffer);
      buf = bigger;
    }
  }

  private piece(buf: Uint8Array, end: number, records: number): Piece | null {
    const start = this.first && startsWithBom(buf.subarray(0, end)) ? 3 : 0;
    this.first = false;
    const offset = this.consumed + start;
    // the next piece's buffer starts where this one ends (the unfinished record is copied there)
    this.consumed += end;
    if (start === end || records === 0) {
      this.buffers.give(buf.buffer as SharedArrayBuffer);
      return null;
    }
    return { bytes: buf.subarray(start, end), records, offset };
  }
}
