// Cuts a batch's input into pieces of whole records, each in a shared buffer lent from the batch's
// pool: the source reads into the buffer itself, the piece ends at its last record end, and only
// the unfinished record after it is copied, to the start of the next buffer. The main thread
// counts the records of each piece (for row numbers) and never parses a row. JSONL records end at
// every line feed (JSON strings cannot hold a raw one); CSV records at a line feed outside quotes.
// A record longer than the batch's limit (record-limit.ts) is a piece of its own with no bytes:
// its bytes past the limit are read only to find its end, and never held.
import type { BufferPool } from "./buffer-pool.js";
import type { ByteSource } from "./byte-source.js";
import { CR, LF, QUOTE } from "./bytes.js";
import { MAX_RECORD_BYTES } from "./record-limit.js";

export type RecordSyntax = "lines" | "csv";

export interface Piece {
  /** a view of a buffer lent from the pool, to be given back once a worker is done with it */
  bytes: Uint8Array;
  /** records in this piece (the last piece of the input counts an unterminated record too) */
  records: number;
  /** input bytes before the piece's first byte */
  offset: number;
  /** a record longer than this limit: the piece is that one record, unread (`bytes` empty), standing for `skipped` input bytes */
  long?: number;
  skipped?: number;
}

/** Where a record longer than the limit starts, and where the next one does (-1: past the bytes scanned). */
interface Long {
  start: number;
  next: number;
  /** CSV, for a record that runs on: the bytes scanned end inside quotes, or with a CR whose LF may come next */
  inQuotes: boolean;
  afterCr: boolean;
}

interface Scan {
  /** offset of the last record-ending line feed, -1 for none */
  lastEnd: number;
  count: number;
  /** the first record longer than the limit (those before it are the counted ones) */
  long?: Long;
}

const BOM = [0xef, 0xbb, 0xbf];

const runsOn = (start: number, next: number, inQuotes = false, afterCr = false): Long => ({ start, next, inQuotes, afterCr });

/**
 * Line feeds from `from` on (no line feed before it), up to a line longer than `limit` (this runs
 * over every input byte: a Buffer's indexOf is memchr, several times faster than a typed array's).
 */
function scanLines(data: Buffer, from: number, limit: number, ended: boolean): Scan {
  let count = 0;
  let lastEnd = -1;
  for (let i = data.indexOf(LF, from); i >= 0; i = data.indexOf(LF, i + 1)) {
    if (i - lastEnd - 1 > limit) return { lastEnd, count, long: runsOn(lastEnd + 1, i + 1) };
    count++;
    lastEnd = i;
  }
  const long = data.length - lastEnd - 1 > limit ? runsOn(lastEnd + 1, ended ? data.length : -1) : undefined;
  return { lastEnd, count, long };
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
function scanCsv(data: Buffer, ended: boolean, limit: number): Scan {
  let count = 0;
  let lastEnd = -1;
  let inQuotes = false;
  let afterCr = false;
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
        else if (!ended) {
          afterCr = true;
          break;
        }
      }
      if (end - lastEnd - 1 > limit) return { lastEnd, count, long: runsOn(lastEnd + 1, last + 1) };
      count++;
      lastEnd = last;
      i = last + 1;
    } else if (q >= 0) {
      // inside quotes to the next quote (a doubled quote enters them again at once)
      const close = data.indexOf(QUOTE, q + 1);
      if (close < 0) {
        inQuotes = true;
        break;
      }
      i = close + 1;
    } else break;
  }
  // the record at the end, without the CR that may end it
  const tail = data.length - lastEnd - 1 - (afterCr ? 1 : 0);
  const long = tail > limit ? runsOn(lastEnd + 1, ended ? data.length : -1, inQuotes, afterCr) : undefined;
  return { lastEnd, count, long };
}

/**
 * Where the record that runs on into `data` ends: the offset after its line break, or -1 when it
 * runs on past `data` (`state` then says how it does: inside quotes, after a CR).
 */
function endOfLine(data: Buffer): number {
  const lf = data.indexOf(LF);
  return lf < 0 ? -1 : lf + 1;
}

function endOfCsv(data: Buffer, state: Long): number {
  let i = 0;
  if (state.afterCr) {
    state.afterCr = false;
    return data.length > 0 && data[0] === LF ? 1 : 0;
  }
  while (i < data.length) {
    if (state.inQuotes) {
      const close = data.indexOf(QUOTE, i);
      if (close < 0) return -1;
      state.inQuotes = false;
      i = close + 1;
      continue;
    }
    const q = data.indexOf(QUOTE, i);
    const lf = data.indexOf(LF, i);
    const cr = data.indexOf(CR, i);
    const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    if (q >= 0 && (end < 0 || q < end)) {
      state.inQuotes = true;
      i = q + 1;
    } else if (end < 0) return -1;
    else if (end === lf) return lf + 1;
    else if (cr + 1 < data.length) return data[cr + 1] === LF ? cr + 2 : cr + 1;
    else {
      state.afterCr = true;
      return -1;
    }
  }
  return -1;
}

const startsWithBom = (b: Uint8Array): boolean => b.length >= 3 && BOM.every((x, i) => b[i] === x);

export class PieceReader {
  /** the unfinished record at the end of the last piece's buffer */
  private carry: Uint8Array | null = null;
  /** the carry may hold line feeds (it follows a record past the limit): scanned from its start */
  private carryEnds = false;
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
    /** the longest record read (bytes, without its line break): a longer one is a piece of its own, unread */
    private readonly limit = MAX_RECORD_BYTES,
  ) {
    this.first = consumed === 0;
  }

  /** The next piece, or null at the end of the input. */
  async next(): Promise<Piece | null> {
    if (this.ended) return null;
    const carry = this.carry;
    this.carry = null;
    // room for the carry to grow (to just past the limit: a record past it is not read whole)
    const carried = carry?.length ?? 0;
    let target = Math.max(this.pieceBytes, carried, Math.min(2 * carried, this.limit + 1));
    let buf = new Uint8Array(this.buffers.take(target));
    let filled = 0;
    if (carry) {
      buf.set(carry);
      filled = carry.length;
    }
    // A rest of lines holds no line feed: its scan starts after it. CSV is scanned from the record boundary.
    let scanned = this.syntax === "lines" && !this.carryEnds ? filled : 0;
    this.carryEnds = false;
    for (;;) {
      while (filled < target && !this.ended) {
        const n = await this.source.read(buf.subarray(filled, target));
        if (n === 0) this.ended = true;
        filled += n;
      }
      const data = Buffer.from(buf.buffer, buf.byteOffset, filled);
      const limit = this.limit;
      const { lastEnd, count, long } =
        this.syntax === "lines" ? scanLines(data, scanned, limit, this.ended) : scanCsv(data, this.ended, limit);
      if (long && count > 0) {
        // the records before the long one first: it starts the next piece's buffer
        this.carry = buf.slice(lastEnd + 1, filled);
        this.carryEnds = true;
        this.ended = false;
        return this.piece(buf, lastEnd + 1, count);
      }
      if (long) return this.longPiece(buf, data, long);
      if (this.ended) return this.piece(buf, filled, count + (lastEnd + 1 < filled ? 1 : 0));
      if (count > 0) {
        this.carry = buf.slice(lastEnd + 1, filled);
        return this.piece(buf, lastEnd + 1, count);
      }
      // One record longer than the buffer: a larger one, to just past the limit (a byte more for a
      // record of the limit's length ended by a CR at the buffer's end, to see whether an LF follows).
      scanned = this.syntax === "lines" ? filled : 0;
      target = Math.max(Math.min(2 * target, limit + 1), filled + 1);
      const bigger = new Uint8Array(this.buffers.take(target));
      bigger.set(data);
      this.buffers.give(buf.buffer as SharedArrayBuffer);
      buf = bigger;
    }
  }

  /**
   * The record at the buffer's start, longer than the limit: a piece of no bytes, standing for the
   * record and its line break; the bytes after its end (read on in the same buffer, overwritten
   * as they are passed) are the next piece's start.
   */
  private async longPiece(buf: Uint8Array, data: Buffer, long: Long): Promise<Piece> {
    const offset = this.consumed;
    this.first = false;
    let skipped = 0;
    let next = long.next;
    let view = data;
    const end = this.syntax === "lines" ? endOfLine : (d: Buffer) => endOfCsv(d, long);
    while (next < 0) {
      skipped += view.length;
      const n = this.ended ? 0 : await this.source.read(buf);
      if (n === 0) {
        this.ended = true;
        next = 0;
        view = view.subarray(0, 0);
        break;
      }
      view = Buffer.from(buf.buffer, buf.byteOffset, n);
      next = end(view);
    }
    skipped += next;
    this.carry = next < view.length ? view.slice(next) : null;
    this.carryEnds = true;
    // the carry was read, the input may go on past it
    if (this.carry) this.ended = false;
    this.consumed += skipped;
    return { bytes: buf.subarray(0, 0), records: 1, offset, long: this.limit, skipped };
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
