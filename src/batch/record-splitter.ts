// Cuts a byte stream into pieces that hold whole records, counting the records, so the main
// thread can hand raw bytes to workers and still number every row. JSONL records end at every
// line feed (JSON strings cannot hold a raw one); CSV records end at a line feed outside quotes.
// It copies what it keeps between chunks, so the caller may read the next chunk into the same
// buffer; a piece it returns may be a view of the chunk, good until then.

export type RecordSyntax = "lines" | "csv";

export interface Piece {
  bytes: Buffer;
  /** records ended in this piece (the last piece of a stream may add one unterminated record) */
  records: number;
}

interface Scan {
  /** offset of the last record-ending line feed */
  lastEnd: number;
  count: number;
  /** whether the scan ended inside quotes */
  inQuotes: boolean;
}

const LF = 10;
const QUOTE = 34;

export class RecordSplitter {
  private pending: Buffer = Buffer.alloc(0);
  /** bytes of `pending` already scanned, and whether that scan ended inside quotes */
  private scanned = 0;
  private inQuotes = false;

  constructor(
    private readonly syntax: RecordSyntax,
    /** pieces smaller than this wait for more input (fewer, larger messages to workers) */
    private readonly minBytes = 64 * 1024,
  ) {}

  /** The whole records available after `chunk`, or null while they are fewer than `minBytes`. */
  push(chunk: Buffer): Piece | null {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const piece = this.pending.length < this.minBytes ? null : this.cut();
    if (this.pending.buffer === chunk.buffer) this.pending = Buffer.from(this.pending);
    return piece;
  }

  /** Whatever is left at the end of the stream, as a final piece (null when nothing is). */
  end(): Piece | null {
    const piece = this.cut();
    const rest = this.pending;
    this.pending = Buffer.alloc(0);
    this.scanned = 0;
    this.inQuotes = false;
    if (rest.length === 0) return piece;
    if (!piece) return { bytes: rest, records: 1 };
    return { bytes: Buffer.concat([piece.bytes, rest]), records: piece.records + 1 };
  }

  private cut(): Piece | null {
    const data = this.pending;
    const { lastEnd, count, inQuotes } = this.syntax === "lines" ? this.scanLines(data) : this.scanCsv(data);
    if (count === 0) {
      this.scanned = data.length;
      this.inQuotes = inQuotes;
      return null;
    }
    this.pending = data.subarray(lastEnd + 1);
    // A rest of lines holds no line feed; a rest of CSV is scanned again from the record boundary,
    // where the scan is outside quotes.
    this.scanned = this.syntax === "lines" ? this.pending.length : 0;
    this.inQuotes = false;
    return { bytes: data.subarray(0, lastEnd + 1), records: count };
  }

  private scanLines(data: Buffer): Scan {
    let count = 0;
    let lastEnd = -1;
    for (let i = data.indexOf(LF, this.scanned); i >= 0; i = data.indexOf(LF, i + 1)) {
      count++;
      lastEnd = i;
    }
    return { lastEnd, count, inQuotes: false };
  }

  private scanCsv(data: Buffer): Scan {
    let count = 0;
    let lastEnd = -1;
    let inQuotes = this.inQuotes;
    let i = this.scanned;
    while (i < data.length) {
      if (inQuotes) {
        const q = data.indexOf(QUOTE, i);
        if (q < 0) break;
        // A doubled quote inside quotes toggles twice: the scan stays inside.
        inQuotes = false;
        i = q + 1;
        continue;
      }
      const q = data.indexOf(QUOTE, i);
      const lf = data.indexOf(LF, i);
      if (lf >= 0 && (q < 0 || lf < q)) {
        count++;
        lastEnd = lf;
        i = lf + 1;
      } else if (q >= 0) {
        inQuotes = true;
        i = q + 1;
      } else break;
    }
    return { lastEnd, count, inQuotes };
  }
}
