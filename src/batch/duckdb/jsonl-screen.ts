// A JSONL file screened, in one pass of Node over its bytes, for DuckDB's own JSON reader
// (`read_json`: jsonl-file.ts). That reader is fast but not JSON.parse: it skips blank lines (so
// the rows lose their line numbers), accepts trailing commas, comments and NaN, refuses a repeated
// key, and coerces a value to its column's type ("5" into a DOUBLE column). So a file goes to it
// only when every line is one the two read alike: a flat object of JSON's grammar whose strings
// have nothing to unescape (no backslash, no control character), whose keys are distinct, valid
// UTF-8, no blank line, no byte order mark, a carriage return only before the line feed, and every
// number of a key the query reads `safe` (below). A line that is not is declined: given a copy to
// write, the screen writes the file there with each declined line as a marker object (a row SQL
// leaves to the JS engine, which scores the original line), unless too many are (SPLIT_SHARE below); else the
// file is scored by the piece engine (engine.ts), whose line checks are exact for every line. What
// the screen finds on the way:
// each read key's values all of the input's JSON type (then read typed, else as JSON texts typed
// in SQL), whether an id is an explicit null, the digits the number inputs need (as
// number-domain.ts finds them for Parquet), and where every 1,024th line starts, so that a line
// SQL leaves to the JS engine can be read back.
import { open, type FileHandle } from "node:fs/promises";
import { isUtf8 } from "node:buffer";
import { MAX_RECORD_BYTES } from "../record-limit.js";
import { BACKSLASH, CLOSE_OBJECT, COLON, COMMA, CR, DOT, LF, MINUS, NINE, OPEN_OBJECT, PLUS, QUOTE, SPACE, TAB, ZERO } from "../bytes.js";

export type ScreenKind = "number" | "string" | "boolean" | "date" | "datetime";

export interface ScreenKey {
  name: string;
  kind: ScreenKind;
}

interface Digits {
  int: number;
  scale: number;
}

/** Lines per entry of the index of line starts. */
export const BLOCK = 1024;

export type Screen =
  | {
      clean: true;
      /** lines (= rows: none is blank) */
      lines: number;
      /** the byte where line k × BLOCK + 1 starts, for each k */
      starts: number[];
      /** per read key: every value is of its input's JSON type (or null); the id's, a string */
      typed: boolean[];
      /** some line's id is an explicit JSON null (DuckDB reads it as a missing one) */
      idNull: boolean;
      /** each number key's digits (by name), among its values in the widest domain (number-domain.ts) */
      digits: Record<string, Digits>;
      /** the file DuckDB's reader reads: the screened file, or the copy with each declined line as `{"<marker>":true}` */
      read: string;
      /** the key of a declined line's object in the copy: none of the read keys */
      marker: string;
      /** lines declined (each the JS engine's, scored from the screened file), and the first */
      declined: number;
      firstDeclined?: Declined;
      /** only the file's first lines were screened (`prefix`): `starts` ends with them */
      partial?: true;
    }
  | { clean: false; line: number; reason: string };

/** The longest line the screen takes (DuckDB's reader needs an object to fit its buffer). */
const MAX_LINE = 1 << 20;
const CHUNK = 4 << 20;

const enum Value {
  String,
  Number,
  True,
  False,
  Null,
}

/** Why a line is not one the screen takes ("" when it is), and what it found. */
class LineScreen {
  /** hash table of the line's keys: generation-stamped slots of (hash, start, end) */
  private readonly slotGen = new Int32Array(512);
  private readonly slotStart = new Int32Array(512);
  private readonly slotEnd = new Int32Array(512);
  private gen = 0;
  /** read keys: their bytes, and a map from hash to index */
  private readonly keyBytes: Uint8Array[];
  /** open addressing by hash: each slot's hash and read key (index + 1, 0 empty) */
  private readonly readHash: Int32Array;
  private readonly readKeyAt: Int32Array;
  private readonly readMask: number;
  /** the hash of the key just scanned (keyEnd) */
  private keyHash = 0;
  /** the verdict on a line that pairEnd found ended */
  private why = "";
  /**
   * The keys of the last line the full scan took, in order (`shape`: each key's bytes, and its read
   * key's index or -1), and this line's as the full scan finds them (`seen`: start and end). A line
   * whose keys are that line's, in order, needs neither their hashes nor the two tables: the keys
   * are the same bytes (so no escape), a prefix of distinct keys is distinct, and each read key is
   * known by its place. Files written by one program repeat one shape on every line.
   */
  private shape: { bytes: Uint8Array; words: Int32Array; tail: number; read: number }[] = [];
  /** the screened buffer's bytes as a DataView, for reading a key's bytes four at a time */
  private view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  private seenStart = new Int32Array(64);
  private seenEnd = new Int32Array(64);
  private seenRead = new Int32Array(64);
  private seen = 0;
  readonly typed: boolean[];
  readonly digits: (Digits | null)[];
  idNull = false;
  // the value just scanned
  private vEnd = 0;
  private vKind = Value.Null;
  private safe = false;
  private huge = false;
  private intDigits = 0;
  private places = 0;

  constructor(
    private readonly keys: ScreenKey[],
    /** index of the id among keys, -1 if none */
    private readonly id: number,
  ) {
    const encoder = new TextEncoder();
    this.keyBytes = keys.map((k) => encoder.encode(k.name));
    let size = 16;
    while (size < keys.length * 4) size *= 2;
    this.readHash = new Int32Array(size);
    this.readKeyAt = new Int32Array(size);
    this.readMask = size - 1;
    this.keyBytes.forEach((b, i) => {
      let slot = hash(b, 0, b.length) & this.readMask;
      while (this.readKeyAt[slot] !== 0) slot = (slot + 1) & this.readMask;
      this.readHash[slot] = hash(b, 0, b.length);
      this.readKeyAt[slot] = i + 1;
    });
    this.typed = keys.map(() => true);
    this.digits = keys.map(() => null);
  }

  /** "" when the line [s, e) (no line feed) is one the screen takes, else why not. */
  line(b: Uint8Array, s: number, e: number): string {
    if (e > s && b[e - 1] === CR) e--;
    if (this.shape.length > 0) {
      const why = this.sameShape(b, s, e);
      if (why !== null) return why;
    }
    const why = this.fullLine(b, s, e);
    if (why === "") this.keepShape(b);
    return why;
  }

  /**
   * The verdict on a line whose keys are the shape's first keys in order (each followed by its
   * closing quote), as fullLine gives it; null at the first key that is not, for fullLine to
   * take the line from its start (what this recorded on the way, a read key's type, digits or
   * null id, fullLine records again: each only grows).
   */
  private sameShape(b: Uint8Array, s: number, e: number): string | null {
    const shape = this.shape;
    if (this.view.buffer !== b.buffer || this.view.byteOffset !== b.byteOffset)
      this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const view = this.view;
    let i = skip(b, s, e);
    if (i >= e || b[i] !== OPEN_OBJECT) return null;
    i = skip(b, i + 1, e);
    for (let k = 0; ; k++) {
      if (k >= shape.length || i >= e || b[i] !== QUOTE) return null;
      const { bytes: key, words, tail } = shape[k]!;
      const ks = i + 1;
      const ke = ks + key.length;
      if (ke >= e || b[ke] !== QUOTE) return null;
      // four bytes at a time, then the last four (over the words' end), or the bytes of a shorter key
      for (let w = 0, j = 0; w < words.length; w++, j += 4) if (view.getInt32(ks + j, true) !== words[w]) return null;
      if (key.length >= 4) {
        if (view.getInt32(ke - 4, true) !== tail) return null;
      } else for (let j = 0; j < key.length; j++) if (b[ks + j] !== key[j]) return null;
      i = skip(b, ke + 1, e);
      if (i >= e || b[i] !== COLON) return "a line that is not a flat object";
      i = skip(b, i + 1, e);
      const why = this.value(b, i, e);
      if (why) return why;
      i = this.pairEnd(b, shape[k]!.read, e);
      if (i < 0) return this.why;
    }
  }

  /**
   * After a pair's value, of read key `read` (or -1): where the next key starts, or -1 when the
   * line ends here, its verdict in `why` ("" taken).
   */
  private pairEnd(b: Uint8Array, read: number, e: number): number {
    // a number JSON.parse may read as ±Infinity makes the row an error record, whichever key holds it
    if (this.vKind === Value.Number && this.huge) return this.ended("a number JSON.parse may read as Infinity");
    if (read >= 0) {
      const whyNot = this.check(read);
      if (whyNot) return this.ended(whyNot);
    }
    const i = skip(b, this.vEnd, e);
    if (i < e && b[i] === COMMA) return skip(b, i + 1, e);
    if (i < e && b[i] === CLOSE_OBJECT) return this.ended(skip(b, i + 1, e) === e ? "" : "text after the object");
    return this.ended("a line that is not a flat object");
  }

  private ended(why: string): number {
    this.why = why;
    return -1;
  }

  /** The keys of the line fullLine just took, as the shape of the lines after it. */
  private keepShape(b: Uint8Array): void {
    const shape = this.shape;
    let alike = shape.length === this.seen;
    for (let k = 0; alike && k < this.seen; k++) {
      const key = shape[k]!.bytes;
      alike = same(key, 0, key.length, b, this.seenStart[k]!, this.seenEnd[k]!);
    }
    if (alike) return;
    this.shape = Array.from({ length: this.seen }, (_, k) => {
      const bytes = b.slice(this.seenStart[k]!, this.seenEnd[k]!);
      const words = new Int32Array(bytes.length >> 2);
      const view = new DataView(bytes.buffer);
      for (let w = 0; w < words.length; w++) words[w] = view.getInt32(w * 4, true);
      const tail = bytes.length >= 4 ? view.getInt32(bytes.length - 4, true) : 0;
      return { bytes, words, tail, read: this.seenRead[k]! };
    });
  }

  /** The note of the line's k-th key [s, e) (read: its read key's index, or -1) for keepShape. */
  private see(s: number, e: number, read: number): void {
    const k = this.seen++;
    if (k === this.seenStart.length) {
      const grow = (a: Int32Array) => {
        const g = new Int32Array(a.length * 2);
        g.set(a);
        return g;
      };
      this.seenStart = grow(this.seenStart);
      this.seenEnd = grow(this.seenEnd);
      this.seenRead = grow(this.seenRead);
    }
    this.seenStart[k] = s;
    this.seenEnd[k] = e;
    this.seenRead[k] = read;
  }

  /** The line's verdict from its bytes alone (keys hashed, checked distinct and looked up). */
  private fullLine(b: Uint8Array, s: number, e: number): string {
    this.seen = 0;
    let i = skip(b, s, e);
    if (i >= e) return "a blank line";
    if (b[i] !== OPEN_OBJECT) return "a line that is not a flat object";
    i = skip(b, i + 1, e);
    if (++this.gen === 0x7fffffff) {
      this.gen = 1;
      this.slotGen.fill(0);
    }
    if (i < e && b[i] === CLOSE_OBJECT) return skip(b, i + 1, e) === e ? "" : "text after the object";
    for (;;) {
      if (i >= e || b[i] !== QUOTE) return "a line that is not a flat object";
      const ks = i + 1;
      const ke = this.keyEnd(b, ks, e);
      if (ke < 0) return "a string with an escape or a control character";
      i = skip(b, ke + 1, e);
      if (i >= e || b[i] !== COLON) return "a line that is not a flat object";
      i = skip(b, i + 1, e);
      const why = this.value(b, i, e);
      if (why) return why;
      const h = this.keyHash;
      if (!this.distinct(b, h, ks, ke)) return "a repeated key";
      const read = this.readKey(b, h, ks, ke);
      this.see(ks, ke, read);
      i = this.pairEnd(b, read, e);
      if (i < 0) return this.why;
    }
  }

  /** The closing quote of a string starting at s (after its quote), -1 past an escape, a control character or the line's end. */
  private stringEnd(b: Uint8Array, s: number, e: number): number {
    for (let i = s; i < e; i++) {
      const c = b[i]!;
      if (c === QUOTE) return i;
      if (c === BACKSLASH || c < SPACE) return -1;
    }
    return -1;
  }

  /** As stringEnd, for a key: its hash on the way (keyHash, as hash() gives it). */
  private keyEnd(b: Uint8Array, s: number, e: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = s; i < e; i++) {
      const c = b[i]!;
      if (c === QUOTE) {
        this.keyHash = h | 0;
        return i;
      }
      if (c === BACKSLASH || c < SPACE) return -1;
      h = Math.imul(h ^ c, 0x01000193);
    }
    return -1;
  }

  /** Scans the value at i: its kind and end; a number's safety and digits. */
  private value(b: Uint8Array, i: number, e: number): string {
    const c = b[i];
    if (c === QUOTE) {
      const end = this.stringEnd(b, i + 1, e);
      if (end < 0) return "a string with an escape or a control character";
      this.vKind = Value.String;
      this.vEnd = end + 1;
      return "";
    }
    if (c === MINUS || (c !== undefined && c >= ZERO && c <= NINE)) return this.number(b, i, e);
    // true, false, null (no closure or iterator here: this runs for every value)
    if (c === 0x74 && i + 4 <= e && b[i + 1] === 0x72 && b[i + 2] === 0x75 && b[i + 3] === 0x65) this.vKind = Value.True;
    else if (c === 0x66 && i + 5 <= e && b[i + 1] === 0x61 && b[i + 2] === 0x6c && b[i + 3] === 0x73 && b[i + 4] === 0x65)
      this.vKind = Value.False;
    else if (c === 0x6e && i + 4 <= e && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c) this.vKind = Value.Null;
    else return "a value that is not a string, number, true, false or null";
    this.vEnd = i + (this.vKind === Value.False ? 5 : 4);
    return "";
  }

  /**
   * A number of JSON's grammar at i. Safe: at most 15 significant digits and a value m × 10^e
   * (m those digits) with |e| ≤ 22 and not a negative zero: any reader that rounds correctly, and
   * the fast path of every reader (m and 10^e exact doubles, one rounded operation), gives
   * JSON.parse's double for it.
   */
  private number(b: Uint8Array, i: number, e: number): string {
    let p = i;
    const negative = b[p] === MINUS;
    if (negative) p++;
    const intStart = p;
    // the significant digits, found on the way: the first and last that is not zero, counted over
    // the integer's digits and the fraction's together
    let first = -1,
      last = -1;
    if (p < e && b[p] === ZERO) p++;
    else if (p < e && b[p]! > ZERO && b[p]! <= NINE) {
      for (; p < e; p++) {
        const c = b[p]!;
        if (c < ZERO || c > NINE) break;
        if (c !== ZERO) {
          if (first < 0) first = p - intStart;
          last = p - intStart;
        }
      }
    } else return "a number outside JSON's grammar";
    const intLength = p - intStart;
    if (p < e && b[p] === DOT) {
      const fracStart = ++p;
      for (; p < e; p++) {
        const c = b[p]!;
        if (c < ZERO || c > NINE) break;
        if (c !== ZERO) {
          if (first < 0) first = intLength + p - fracStart;
          last = intLength + p - fracStart;
        }
      }
      if (p === fracStart) return "a number outside JSON's grammar";
    }
    let exponent = 0;
    let exponentLong = false;
    if (p < e && (b[p] === 0x65 || b[p] === 0x45)) {
      p++;
      let sign = 1;
      if (p < e && (b[p] === PLUS || b[p] === MINUS)) sign = b[p++] === MINUS ? -1 : 1;
      const start = p;
      while (p < e && b[p]! >= ZERO && b[p]! <= NINE) {
        if (p - start < 6) exponent = exponent * 10 + (b[p]! - ZERO);
        else exponentLong = true;
        p++;
      }
      if (p === start) return "a number outside JSON's grammar";
      exponent *= sign;
    }
    this.vKind = Value.Number;
    this.vEnd = p;
    this.huge = exponentLong;
    if (first < 0) {
      // zero: safe unless negative
      this.safe = !negative;
      this.intDigits = 0;
      this.places = 0;
      return "";
    }
    const count = last - first + 1;
    // value = m × 10^scale10, m the digits first..last
    const scale10 = intLength - 1 - last + exponent;
    this.safe = !exponentLong && count <= 15 && scale10 >= -22 && scale10 <= 22;
    this.huge = exponentLong || count + scale10 > 300;
    this.intDigits = Math.max(0, count + scale10);
    this.places = Math.max(0, -scale10);
    return "";
  }

  /** Whether the key [s, e) has not occurred in the line before (and records it). */
  private distinct(b: Uint8Array, h: number, s: number, e: number): boolean {
    let slot = h & 511;
    for (;;) {
      if (this.slotGen[slot] !== this.gen) {
        this.slotGen[slot] = this.gen;
        this.slotStart[slot] = s;
        this.slotEnd[slot] = e;
        return true;
      }
      if (same(b, this.slotStart[slot]!, this.slotEnd[slot]!, b, s, e)) return false;
      slot = (slot + 1) & 511;
    }
  }

  /** The index of the read key [s, e) of hash h, or -1. */
  private readKey(b: Uint8Array, h: number, s: number, e: number): number {
    for (let slot = h & this.readMask; this.readKeyAt[slot] !== 0; slot = (slot + 1) & this.readMask) {
      if (this.readHash[slot] !== h) continue;
      const kb = this.keyBytes[this.readKeyAt[slot]! - 1]!;
      if (same(kb, 0, kb.length, b, s, e)) return this.readKeyAt[slot]! - 1;
    }
    return -1;
  }

  /** The value just scanned, of read key k: whether the file can still go to DuckDB's reader. */
  private check(k: number): string {
    const v = this.vKind;
    if (k === this.id) {
      if (v === Value.Null) this.idNull = true;
      else if (v !== Value.String) this.typed[k] = false;
      return "";
    }
    if (v === Value.Null) return "";
    const kind = this.keys[k]!.kind;
    if (kind === "number") {
      if (v !== Value.Number) this.typed[k] = false;
      else if (!this.safe) return "a number JSON.parse and DuckDB might read apart (more than 15 digits, a far exponent, -0)";
      else if (this.intDigits <= 9 && this.places <= 6) {
        const d = this.digits[k];
        if (!d) this.digits[k] = { int: this.intDigits, scale: this.places };
        else {
          if (this.intDigits > d.int) d.int = this.intDigits;
          if (this.places > d.scale) d.scale = this.places;
        }
      }
    } else if (kind === "boolean") {
      if (v !== Value.True && v !== Value.False) this.typed[k] = false;
    } else if (v !== Value.String) this.typed[k] = false;
    return "";
  }
}

function skip(b: Uint8Array, i: number, e: number): number {
  while (i < e && (b[i] === SPACE || b[i] === TAB)) i++;
  return i;
}

function hash(b: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = s; i < e; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  return h >>> 0;
}

function same(a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): boolean {
  if (ae - as !== be - bs) return false;
  for (let i = 0; i < ae - as; i++) if (a[as + i] !== b[bs + i]) return false;
  return true;
}

/** A line the screen declines (its number and why), in a file otherwise read by DuckDB's reader. */
interface Declined {
  line: number;
  reason: string;
}

/**
 * The lines the screen declines, when a copy is made: they stand in the copy as `{"<marker>":true}`
 * (a row SQL leaves to the JS engine, scored from the original line), so that the n-th row
 * of the copy is still line n. Past this share of declined lines the file goes to the pieces whole
 * (each declined line costs a call into the JS engine and a read of its block back from the file);
 * checked at the end, and on the way once a block of lines is screened (a file that starts with
 * many is not copied to the end).
 */
const SPLIT_SHARE = 0.25;

/** A key none of the read keys is (nor needs escaping). */
function markerOf(keys: ScreenKey[]): string {
  let marker = "$declined";
  while (keys.some((k) => k.name === marker)) marker += "$";
  return marker;
}

/** Whether the declined lines are too many to split the file (`done`: the whole file is screened). */
const tooMany = (declined: number, lines: number, done: boolean) => (done || lines >= BLOCK) && declined > lines * SPLIT_SHARE;

/**
 * Screens the file at `path` for DuckDB's reader, reading the keys `keys` (the id among them at
 * `id`, -1 if the file's rows have none the query reads). With `copy`, a file with lines the screen
 * declines (but not too many: SPLIT_SHARE) is written there with each of those lines a marker, for
 * DuckDB's reader to read instead (`read`); the caller removes it. Without, the first such line
 * declines the file. With `prefix` (and no copy), the screen stops after the first line that
 * ends that many bytes into the file or later (`partial`: the file may go on). A line longer than
 * `limit` (record-limit.ts) declines the file, copy or not: the piece engine skips it unread, where
 * the JS engine's fallback for a declined line would read it back whole.
 */
export async function screenJsonl(
  path: string,
  keys: ScreenKey[],
  id: number,
  copy?: string,
  prefix?: number,
  limit = MAX_RECORD_BYTES,
): Promise<Screen> {
  const screen = new LineScreen(keys, id);
  const marker = markerOf(keys);
  const stub = new TextEncoder().encode(`{${JSON.stringify(marker)}:true}`);
  const file = await open(path);
  let out: FileHandle | null = null;
  let declined = 0;
  let firstDeclined: Declined | undefined;
  let partial = false;
  try {
    const buf = new Uint8Array(CHUNK);
    // the same bytes as a Buffer, whose indexOf (memchr) finds a line feed about five times faster
    // than a Uint8Array's; the lines are screened from the Uint8Array (one kind of array for the
    // screen's code: a Buffer there would make its element reads polymorphic)
    const feeds = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    let filled = 0;
    let offset = 0; // the file offset of buf[0]
    let lines = 0;
    const starts: number[] = [];
    let atStart = true;
    // the copy's pieces from this buffer, written before it is reused; bytes of buf before `from` are in them
    const pieces: Uint8Array[] = [];
    let from = 0;
    // within a line longer than the buffer, declined: its bytes to the next line feed are skipped
    let skipping = false;
    // the file offset where the skipped line starts
    let skipFrom = 0;
    const long = (length: number): Screen | null =>
      length > limit
        ? { clean: false, line: lines, reason: `a line longer than ${limit.toLocaleString("en-US")} bytes (--max-record-bytes)` }
        : null;
    /** Declines the line starting at buf[s] (ending at buf[e], its line feed or the buffer's end): null to go on, or the file's verdict. */
    const decline = async (s: number, e: number, reason: string): Promise<Screen | null> => {
      if (copy === undefined) return { clean: false, line: lines, reason };
      declined++;
      firstDeclined ??= { line: lines, reason };
      if (tooMany(declined, lines, false)) return { clean: false, line: firstDeclined.line, reason: tooManyReason(firstDeclined) };
      if (!out) {
        // the first declined line: the copy starts with every byte before it
        out = await open(copy, "wx");
        await copyRange(file, out, offset);
      }
      pieces.push(buf.subarray(from, s), stub);
      from = e;
      return null;
    };
    for (;;) {
      if (!skipping && (filled === buf.length || filled > MAX_LINE + 2)) {
        // an unfinished line past the longest the screen takes, at the buffer's start: declined, skipped to its end
        if (lines % BLOCK === 0) starts.push(offset);
        lines++;
        const verdict = await decline(0, filled, "a line longer than a megabyte");
        if (verdict) return verdict;
        skipping = true;
        skipFrom = offset;
      }
      if (skipping) {
        // the skipped line's bytes are not copied
        if (out) await writeAll(out, pieces);
        pieces.length = 0;
        offset += filled;
        filled = 0;
        from = 0;
      }
      const { bytesRead } = await file.read(buf, filled, buf.length - filled, null);
      const end = filled + bytesRead;
      let s = 0;
      if (skipping) {
        const lf = feeds.indexOf(LF, 0);
        if (lf < 0 || lf >= end) {
          if (bytesRead === 0) {
            const verdict = long(offset + end - skipFrom);
            if (verdict) return verdict;
            break;
          }
          filled = end;
          continue;
        }
        const verdict = long(offset + lf - skipFrom);
        if (verdict) return verdict;
        // the line feed ends the copy's marker
        skipping = false;
        from = lf;
        s = lf + 1;
      }
      if (atStart && end >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        // the JS engine drops it, and so does the line's fallback (jsonl-file.ts)
        starts.push(0);
        lines++;
        let e = feeds.indexOf(LF, 0);
        if (e < 0 || e >= end) e = end;
        const verdict = await decline(0, e, "a byte order mark");
        if (verdict) return verdict;
        s = Math.min(e + 1, end);
        if (e === end && bytesRead !== 0) {
          // the first line goes on past the buffer: skipped
          skipping = true;
          skipFrom = 0;
          filled = end;
          atStart = false;
          continue;
        }
      }
      atStart = false;
      // the whole lines in the buffer (all of it at the end of the file)
      const last = bytesRead === 0 ? end : feeds.lastIndexOf(LF, end - 1) + 1;
      // invalid UTF-8 somewhere: each line checked on its own
      const eachUtf8 = last > s && !isUtf8(buf.subarray(s, last));
      while (s < last) {
        let e = feeds.indexOf(LF, s);
        if (e < 0 || e >= last) e = last;
        if (lines % BLOCK === 0) starts.push(offset + s);
        lines++;
        const tooLong = long(e - s);
        if (tooLong) return tooLong;
        const why =
          e - s > MAX_LINE
            ? "a line longer than a megabyte"
            : eachUtf8 && !isUtf8(buf.subarray(s, e))
              ? "bytes that are not UTF-8"
              : screen.line(buf, s, e);
        if (why) {
          const verdict = await decline(s, e, why);
          if (verdict) return verdict;
        }
        s = e + 1;
        if (prefix !== undefined && offset + s >= prefix) {
          partial = true;
          break;
        }
      }
      if (out) {
        // (a prefix is screened without a copy)
        pieces.push(buf.subarray(from, last));
        await writeAll(out, pieces);
      }
      pieces.length = 0;
      from = 0;
      if (bytesRead === 0 || partial) break;
      // the unfinished line to the buffer's start
      buf.copyWithin(0, last, end);
      offset += last;
      filled = end - last;
    }
    if (out) {
      await (out as FileHandle).close();
      out = null;
    }
    if (tooMany(declined, lines, true)) return { clean: false, line: firstDeclined!.line, reason: tooManyReason(firstDeclined!) };
    const digits: Record<string, Digits> = {};
    screen.digits.forEach((d, i) => {
      if (d) digits[keys[i]!.name] = d;
    });
    const read = declined > 0 ? copy! : path;
    const whole = {
      clean: true as const,
      lines,
      starts,
      typed: screen.typed,
      idNull: screen.idNull,
      digits,
      read,
      marker,
      declined,
      firstDeclined,
    };
    return partial ? { ...whole, partial } : whole;
  } finally {
    await file.close();
    if (out) {
      await (out as FileHandle).close();
    }
    // a copy is the caller's once the screen has taken the file
  }
}

const tooManyReason = (first: Declined) =>
  `more than ${SPLIT_SHARE * 100} % of the lines are ones DuckDB's reader would read apart (the first, line ${first.line}: ${first.reason})`;

/** Writes `pieces` to the end of `out`. */
async function writeAll(out: FileHandle, pieces: Uint8Array[]): Promise<void> {
  const nonEmpty = pieces.filter((p) => p.length > 0);
  if (nonEmpty.length === 0) return;
  const { bytesWritten } = await out.writev(nonEmpty);
  if (bytesWritten !== nonEmpty.reduce((n, p) => n + p.length, 0)) throw new Error("a short write to the screen's copy");
}

/** Copies the first `length` bytes of `from` to `to`. */
async function copyRange(from: FileHandle, to: FileHandle, length: number): Promise<void> {
  const buf = new Uint8Array(Math.min(length, CHUNK) || 1);
  for (let at = 0; at < length;) {
    const { bytesRead } = await from.read(buf, 0, Math.min(buf.length, length - at), at);
    if (bytesRead === 0) throw new Error("the file changed while it was screened");
    const { bytesWritten } = await to.write(buf, 0, bytesRead);
    if (bytesWritten !== bytesRead) throw new Error("a short write to the screen's copy");
    at += bytesRead;
  }
}
