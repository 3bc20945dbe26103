// Reads a JSONL row's inputs straight from its UTF-8 bytes into the values JSON.parse would give
// them, for the rows that are plainly valid: one flat object whose declared inputs are numbers,
// strings (free, from a closed set, or of a temporal format) and booleans that satisfy the input schema. Anything else (invalid JSON, escapes in a
// value it needs, a duplicate key, a value the schema rejects) is not read here: `read` says so
// and the row takes the general path (JSON.parse, the validator, the error records), so every row
// is scored exactly as that path scores it. Keys the model does not read are checked as JSON and
// skipped.
import { FEEL_FORMATS } from "../compiler/5-load/formats.js";
import { stateObject, type StateObject } from "../compiler/5-load/state-object.js";
import { POW10 } from "../runtime/decimal-scaled.js";
import { setOwn } from "../runtime/json.js";
import type { Slot, SlotValue } from "./row-plan.js";
import { TAB, LF, CR, SPACE, QUOTE, COMMA, MINUS, DOT, ZERO, NINE, COLON, OPEN_LIST, BACKSLASH, CLOSE_LIST } from "./bytes.js";

const OPEN = 123,
  CLOSE = 125,
  LOWER_E = 101,
  UPPER_E = 69,
  PLUS = 43;

const encoder = new TextEncoder();
const utf8 = new TextDecoder();
const LITERALS = { true: encoder.encode("true"), false: encoder.encode("false"), null: encoder.encode("null") };

/** A key of a row: an input's slot (index; -1 for none) and/or the echoed id field. */
interface Key {
  bytes: Uint8Array;
  /** the name and its closing quote, as little-endian words (the last 0–3 bytes in `tail`) */
  words: Uint32Array;
  tail: Uint8Array;
  slot: number;
  id: boolean;
}

/** A key of these name bytes: matched four bytes at a time (a wide row's keys are most of its bytes). */
function key(bytes: Uint8Array, slot: number, id: boolean): Key {
  const quoted = new Uint8Array(bytes.length + 1);
  quoted.set(bytes);
  quoted[bytes.length] = QUOTE;
  const full = quoted.length >> 2;
  const words = new Uint32Array(full);
  const view = new DataView(quoted.buffer);
  for (let i = 0; i < full; i++) words[i] = view.getUint32(4 * i, true);
  return { bytes, words, tail: quoted.slice(4 * full), slot, id };
}

/** Whitespace inside a line (a line feed ends the row, so it is not skipped). */
function skipSpace(b: Uint8Array, p: number): number {
  for (let c = b[p]; c === SPACE || c === TAB || c === CR; c = b[++p]);
  return p;
}

function digitsEnd(b: Uint8Array, p: number): number {
  for (let c = b[p]!; c >= ZERO && c <= NINE; c = b[++p]!);
  return p;
}

/** The end of a JSON number starting at p, or -1 when there is none. */
function numberEnd(b: Uint8Array, p: number): number {
  if (b[p] === MINUS) p++;
  const c = b[p]!;
  if (c === ZERO) p++;
  else if (c > ZERO && c <= NINE) p = digitsEnd(b, p + 1);
  else return -1;
  if (b[p] === DOT) {
    const end = digitsEnd(b, p + 1);
    if (end === p + 1) return -1;
    p = end;
  }
  if (b[p] === LOWER_E || b[p] === UPPER_E) {
    p++;
    if (b[p] === PLUS || b[p] === MINUS) p++;
    const end = digitsEnd(b, p);
    if (end === p) return -1;
    p = end;
  }
  return p;
}

/** The end of a JSON string whose opening quote is at p (escapes checked), or -1. */
function stringEnd(b: Uint8Array, p: number): number {
  for (p++; ; p++) {
    const c = b[p];
    if (c === QUOTE) return p + 1;
    if (c === undefined || c < SPACE) return -1;
    if (c === BACKSLASH) {
      const e = b[++p];
      if (e === 117 /* u */) {
        for (let i = 1; i <= 4; i++) if (!isHex(b[p + i])) return -1;
        p += 4;
      } else if (e !== QUOTE && e !== BACKSLASH && e !== 47 && e !== 98 && e !== 102 && e !== 110 && e !== 114 && e !== 116) return -1;
    }
  }
}

const isHex = (c: number | undefined): boolean =>
  c !== undefined && ((c >= ZERO && c <= NINE) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102));

/** The end of `word` when b holds it at p, or -1. */
function wordEnd(b: Uint8Array, p: number, word: Uint8Array): number {
  for (let i = 0; i < word.length; i++) if (b[p + i] !== word[i]) return -1;
  return p + word.length;
}

/** The end of any JSON value at p (nested objects and arrays included), or -1 when it is not one. */
function valueEnd(b: Uint8Array, p: number, depth = 0): number {
  const c = b[p];
  if (c === QUOTE) return stringEnd(b, p);
  if (c === OPEN || c === OPEN_LIST) return depth > 64 ? -1 : containerEnd(b, p, depth + 1);
  if (c === 116) return wordEnd(b, p, LITERALS.true);
  if (c === 102) return wordEnd(b, p, LITERALS.false);
  if (c === 110) return wordEnd(b, p, LITERALS.null);
  return numberEnd(b, p);
}

function containerEnd(b: Uint8Array, p: number, depth: number): number {
  const object = b[p] === OPEN;
  const close = object ? CLOSE : CLOSE_LIST;
  p = skipSpace(b, p + 1);
  if (b[p] === close) return p + 1;
  for (;;) {
    if (object) {
      if (b[p] !== QUOTE) return -1;
      const keyEnd = stringEnd(b, p);
      if (keyEnd < 0) return -1;
      p = skipSpace(b, keyEnd);
      if (b[p] !== COLON) return -1;
      p = skipSpace(b, p + 1);
    }
    p = valueEnd(b, p, depth);
    if (p < 0) return -1;
    p = skipSpace(b, p);
    if (b[p] === close) return p + 1;
    if (b[p] !== COMMA) return -1;
    p = skipSpace(b, p + 1);
  }
}

/** Whether the bytes from..to hold only ASCII that JSON.stringify writes as it is. */
function plainAscii(b: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = b[i]!;
    if (c < SPACE || c >= 0x80 || c === BACKSLASH) return false;
  }
  return true;
}

/** Whether the id's JSON text is what JSON.stringify(JSON.parse(text)) writes back. */
function idWritesBack(b: Uint8Array, from: number, to: number): boolean {
  const c = b[from]!;
  if (c === QUOTE) return plainAscii(b, from + 1, to - 1);
  if (c === 116 || c === 102 || c === 110) return true; // true, false, null
  // a plain integer of at most 15 digits (not negative zero)
  const digits = c === MINUS ? from + 1 : from;
  const length = to - digits;
  if (length > 15 || digitsEnd(b, digits) !== to) return false;
  return b[digits] !== ZERO || (length === 1 && c !== MINUS);
}

const NUMBER = 0,
  ENUM = 1,
  STRING = 2,
  BOOLEAN = 3,
  LIST = 4,
  OBJECT = 5;
const KINDS: Record<SlotValue["kind"], number> = {
  number: NUMBER,
  enum: ENUM,
  string: STRING,
  boolean: BOOLEAN,
  list: LIST,
  object: OBJECT,
};

/** A value the reader reads: a top-level input, a list's item or an object's field. */
interface Spec {
  value: SlotValue;
  /** null is allowed */
  nullable: boolean;
}

/** A field of an object value. */
interface Field {
  name: string;
  bytes: Uint8Array;
  spec: number;
}

export class JsonRowReader {
  /** the inputs of the last row read, by slot, as JSON.parse gives them (absent: undefined) */
  private readonly values: unknown[];
  /** the object of those values by name */
  private readonly stateOf: StateObject;
  /** where the id's JSON text stands in the last row read; idStart is -1 when it has no id */
  idStart = -1;
  idEnd = -1;
  private readonly keys: Key[];
  private readonly names: string[];
  /** per spec (the top-level inputs first, in slot order, then the items and fields of lists and objects) */
  private readonly kinds: Uint8Array;
  /** null allowed; for a top-level input, also a missing key (read as null) */
  private readonly blank: Uint8Array;
  /** the schema's bounds, unbounded as ±Infinity */
  private readonly min: Float64Array;
  private readonly max: Float64Array;
  private readonly above: Float64Array;
  private readonly below: Float64Array;
  private readonly enumBytes: Uint8Array[][];
  private readonly enumValues: string[][];
  /** per string spec, its format's check (the validator's own), or null */
  private readonly formats: (((s: string) => boolean) | null)[];
  /** per list spec, its items' spec */
  private readonly items: Int32Array;
  /** per object spec, its fields, and the bits of the required ones (one bit per field, in order) */
  private readonly fields: Field[][];
  private readonly required: Int32Array;
  /** the value `parse` read last */
  private parsed: unknown = null;
  /** per slot, the number of the last row that set it */
  private readonly seen: Int32Array;
  private row = 0;
  /** the keys of the last row read, in its order: rows of a file mostly repeat it */
  private readonly order: Key[] = [];
  /** the bytes last read (a piece's rows share them), and views of them: for words, and for text (see latin1) */
  private viewOf: Uint8Array | null = null;
  private dataView: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  private textView: Buffer = Buffer.alloc(0);

  constructor(slots: Slot[], idField: string) {
    const n = slots.length;
    this.names = slots.map((s) => s.name);
    this.keys = slots.map((s, i) => key(encoder.encode(s.name), i, s.name === idField));
    if (!this.names.includes(idField)) this.keys.push(key(encoder.encode(idField), -1, true));
    // Every value to read gets a spec number: the inputs 0..n-1, then nested ones as they are found.
    const specs: Spec[] = slots.map((s) => ({ value: s.value, nullable: s.blank }));
    const items: number[] = [];
    const fields: Field[][] = [];
    const required: number[] = [];
    for (let i = 0; i < specs.length; i++) {
      const v = specs[i]!.value;
      if (v.kind === "list") {
        items[i] = specs.push({ value: v.items.value, nullable: v.items.nullable }) - 1;
      } else if (v.kind === "object") {
        fields[i] = v.fields.map((f) => ({
          name: f.name,
          bytes: encoder.encode(f.name),
          spec: specs.push({ value: f.value, nullable: f.nullable }) - 1,
        }));
        required[i] = v.fields.reduce((bits, f, j) => (f.required ? bits | (1 << j) : bits), 0);
      }
    }
    this.kinds = Uint8Array.from(specs, (s) => KINDS[s.value.kind]);
    this.blank = Uint8Array.from(specs, (s) => (s.nullable ? 1 : 0));
    const bound = (key: "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum", none: number) =>
      Float64Array.from(specs, (s) => (s.value.kind === "number" ? (s.value[key] ?? none) : none));
    this.min = bound("minimum", -Infinity);
    this.max = bound("maximum", Infinity);
    this.above = bound("exclusiveMinimum", -Infinity);
    this.below = bound("exclusiveMaximum", Infinity);
    this.enumValues = specs.map((s) => (s.value.kind === "enum" ? s.value.values : []));
    this.enumBytes = this.enumValues.map((values) => values.map((v) => encoder.encode(v)));
    this.formats = specs.map((s) => (s.value.kind === "string" && s.value.format !== undefined ? FEEL_FORMATS[s.value.format]! : null));
    this.items = Int32Array.from(specs, (_, i) => items[i] ?? -1);
    this.fields = specs.map((_, i) => fields[i] ?? []);
    this.required = Int32Array.from(specs, (_, i) => required[i] ?? 0);
    this.seen = new Int32Array(n);
    this.values = new Array<unknown>(n).fill(undefined);
    this.stateOf = stateObject(this.names);
  }

  /**
   * Reads the row starting at `start` of `b`: the position after its line feed (or the end of
   * `b`), or -1 when the row is not one this reader takes.
   */
  read(b: Uint8Array, start: number): number {
    let p = skipSpace(b, start);
    if (b[p] !== OPEN) return -1;
    if (++this.row === 0x7fffffff) {
      this.row = 1;
      this.seen.fill(0);
    }
    this.idStart = -1;
    p = skipSpace(b, p + 1);
    if (b[p] === CLOSE) p++;
    else
      for (let j = 0; ; j++) {
        if (b[p] !== QUOTE) return -1;
        // the key at this place in the last row, else a search
        const guess = this.order[j];
        let keyEnd = guess === undefined ? -1 : keyAt(b, this.view(b), p, guess);
        let key = guess!;
        if (keyEnd < 0) {
          keyEnd = plainStringEnd(b, p); // a key with escapes is left to JSON.parse
          if (keyEnd < 0) return -1;
          key = this.key(b, p + 1, keyEnd - 1);
          this.order[j] = key;
        }
        p = skipSpace(b, keyEnd);
        if (b[p] !== COLON) return -1;
        const from = skipSpace(b, p + 1);
        p = this.value(key, b, from);
        if (p < 0) return -1;
        p = skipSpace(b, p);
        if (b[p] === COMMA) p = skipSpace(b, p + 1);
        else if (b[p] === CLOSE) {
          p++;
          break;
        } else return -1;
      }
    p = skipSpace(b, p);
    if (p < b.length && b[p] !== LF) return -1;
    for (let i = 0; i < this.names.length; i++) {
      if (this.seen[i] === this.row) continue;
      if (this.blank[i] === 0) return -1;
      this.values[i] = undefined;
    }
    return p < b.length ? p + 1 : p;
  }

  /** The inputs of the last row read as a new state object, by name (absent: undefined), as JSON.parse gives them. */
  state(): Record<string, unknown> {
    return this.stateOf(this.values);
  }

  private viewsOf(b: Uint8Array): void {
    if (b === this.viewOf) return;
    this.viewOf = b;
    this.dataView = new DataView(b.buffer, b.byteOffset, b.byteLength);
    this.textView = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  }

  private view(b: Uint8Array): DataView<ArrayBufferLike> {
    this.viewsOf(b);
    return this.dataView;
  }

  /**
   * Bytes from..to as text, one character a byte: for ASCII, what JSON.parse reads. A Buffer's
   * latin1 decoding is native and about half the work of String.fromCharCode.apply on a subarray
   * (free strings of a row: names, e-mails, addresses).
   */
  private latin1(b: Uint8Array, from: number, to: number): string {
    this.viewsOf(b);
    return this.textView.toString("latin1", from, to);
  }

  /** Bytes from..to decoded as UTF-8 (through the same Buffer view). */
  private utf8(b: Uint8Array, from: number, to: number): string {
    this.viewsOf(b);
    return this.textView.toString("utf8", from, to);
  }

  /** The key whose name is the bytes from..to (a new one, slot -1, for a key the model does not read). */
  private key(b: Uint8Array, from: number, to: number): Key {
    const length = to - from;
    const keys = this.keys;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      if (key.bytes.length === length && wordEnd(b, from, key.bytes) >= 0) return key;
    }
    return key(b.slice(from, to), -1, false);
  }

  /** Reads a known key's value at p: the end of the value, or -1. */
  private value(key: Key, b: Uint8Array, p: number): number {
    const slot = key.slot;
    let end: number;
    if (slot < 0) end = valueEnd(b, p);
    else {
      if (this.seen[slot] === this.row) return -1; // JSON.parse would keep the last one: left to it
      this.seen[slot] = this.row;
      end = this.slotValue(slot, b, p);
    }
    if (key.id && end >= 0) {
      if (this.idStart >= 0 || !idWritesBack(b, p, end)) return -1;
      this.idStart = p;
      this.idEnd = end;
    }
    return end;
  }

  private slotValue(slot: number, b: Uint8Array, p: number): number {
    const end = this.parse(slot, b, p);
    if (end >= 0) this.values[slot] = this.parsed;
    return end;
  }

  /** Reads the value of `spec` at p into `parsed`: the end of the value, or -1. */
  private parse(spec: number, b: Uint8Array, p: number): number {
    const c = b[p];
    if (c === 110 /* n */) {
      if (this.blank[spec] === 0) return -1;
      this.parsed = null;
      return wordEnd(b, p, LITERALS.null);
    }
    switch (this.kinds[spec]) {
      case NUMBER:
        return this.number(spec, b, p);
      case ENUM:
        return this.choice(spec, b, p);
      case STRING:
        return this.string(spec, b, p);
      case LIST:
        return c === OPEN_LIST ? this.list(spec, b, p) : -1;
      case OBJECT:
        return c === OPEN ? this.object(spec, b, p) : -1;
      default: {
        const end = c === 116 ? wordEnd(b, p, LITERALS.true) : wordEnd(b, p, LITERALS.false);
        this.parsed = c === 116;
        return end;
      }
    }
  }

  /** A list: a new array of its items, each read as the item spec says. */
  private list(spec: number, b: Uint8Array, p: number): number {
    const item = this.items[spec]!;
    const out: unknown[] = [];
    p = skipSpace(b, p + 1);
    if (b[p] !== CLOSE_LIST)
      for (;;) {
        p = this.parse(item, b, p);
        if (p < 0) return -1;
        out.push(this.parsed);
        p = skipSpace(b, p);
        if (b[p] === CLOSE_LIST) break;
        if (b[p] !== COMMA) return -1;
        p = skipSpace(b, p + 1);
      }
    this.parsed = out;
    return p + 1;
  }

  /**
   * An object: a new one with its fields in the row's order, as JSON.parse builds it. A key that
   * is not a field, or a field twice, is left to the general way (the model would see them).
   */
  private object(spec: number, b: Uint8Array, p: number): number {
    const fields = this.fields[spec]!;
    const out: Record<string, unknown> = {};
    let seen = 0;
    p = skipSpace(b, p + 1);
    if (b[p] !== CLOSE)
      for (;;) {
        const keyEnd = plainStringEnd(b, p);
        if (keyEnd < 0) return -1;
        const f = fieldAt(fields, b, p + 1, keyEnd - 1);
        if (f < 0 || (seen & (1 << f)) !== 0) return -1;
        seen |= 1 << f;
        p = skipSpace(b, keyEnd);
        if (b[p] !== COLON) return -1;
        p = this.parse(fields[f]!.spec, b, skipSpace(b, p + 1));
        if (p < 0) return -1;
        setOwn(out, fields[f]!.name, this.parsed);
        p = skipSpace(b, p);
        if (b[p] === CLOSE) break;
        if (b[p] !== COMMA) return -1;
        p = skipSpace(b, p + 1);
      }
    const required = this.required[spec]!;
    if ((seen & required) !== required) return -1;
    this.parsed = out;
    return p + 1;
  }

  /** A JSON number: short ones from their digits (m / 10^k is the double JSON.parse gives), others through Number. */
  private number(slot: number, b: Uint8Array, p: number): number {
    const start = p;
    const negative = b[p] === MINUS;
    if (negative) p++;
    let m = 0;
    let digits = 0;
    let k = 0;
    let c = b[p]!;
    if (c === ZERO) c = b[++p]!;
    else if (c > ZERO && c <= NINE)
      for (; c >= ZERO && c <= NINE; c = b[++p]!) {
        m = m * 10 + (c - ZERO);
        digits++;
      }
    else return -1;
    if (c === DOT) {
      c = b[++p]!;
      if (!(c >= ZERO && c <= NINE)) return -1;
      for (; c >= ZERO && c <= NINE; c = b[++p]!) {
        m = m * 10 + (c - ZERO);
        k++;
        if (m > 0) digits++;
      }
    }
    let x: number;
    if (c === LOWER_E || c === UPPER_E || digits > 15 || k > 22) {
      p = numberEnd(b, start);
      if (p < 0) return -1;
      x = Number(this.latin1(b, start, p));
      if (!Number.isFinite(x)) return -1;
    } else {
      x = k === 0 ? m : m / POW10[k]!;
      if (negative) x = -x;
    }
    if (!(x >= this.min[slot]! && x <= this.max[slot]! && x > this.above[slot]! && x < this.below[slot]!)) return -1;
    this.parsed = x;
    return p;
  }

  /** A string from the slot's closed set, matched by its bytes. */
  private choice(slot: number, b: Uint8Array, p: number): number {
    const end = plainStringEnd(b, p);
    if (end < 0) return -1;
    const from = p + 1;
    const length = end - 1 - from;
    const values = this.enumBytes[slot]!;
    for (let v = 0; v < values.length; v++) {
      if (values[v]!.length === length && wordEnd(b, from, values[v]!) >= 0) {
        this.parsed = this.enumValues[slot]![v];
        return end;
      }
    }
    return -1;
  }

  /**
   * A free string. Without escapes (one pass finds its end and whether it is ASCII) its text is its
   * bytes decoded, as JSON.parse reads the decoded line: one character a byte for ASCII, else UTF-8
   * (ill-formed sequences become U+FFFD as the line's decoding makes them). With escapes, JSON.parse
   * reads the string's own text.
   */
  private string(slot: number, b: Uint8Array, p: number): number {
    let ascii = true;
    let end = p + 1;
    for (let c = b[end]; c !== QUOTE; c = b[++end]) {
      if (c === undefined || c < SPACE) return -1;
      if (c === BACKSLASH) {
        end = -1;
        break;
      }
      if (c >= 0x80) ascii = false;
    }
    let text: string;
    if (end >= 0) {
      text = ascii ? this.latin1(b, p + 1, end) : this.utf8(b, p + 1, end);
      end++;
    } else {
      end = stringEnd(b, p);
      if (end < 0) return -1;
      text = JSON.parse(utf8.decode(b.subarray(p, end)));
    }
    const format = this.formats[slot];
    if (format && !format(text)) return -1;
    this.parsed = text;
    return end;
  }
}

/** The field whose name is the bytes from..to, or -1. */
function fieldAt(fields: readonly Field[], b: Uint8Array, from: number, to: number): number {
  for (let f = 0; f < fields.length; f++) {
    const name = fields[f]!.bytes;
    if (name.length === to - from && wordEnd(b, from, name) >= 0) return f;
  }
  return -1;
}

/** The end of the string at p when it is exactly `key` (quoted), or -1. */
function keyAt(b: Uint8Array, view: DataView<ArrayBufferLike>, p: number, key: Key): number {
  const from = p + 1;
  const words = key.words;
  const tail = key.tail;
  const end = from + 4 * words.length + tail.length;
  if (end > b.length) return -1;
  for (let i = 0; i < words.length; i++) if (view.getUint32(from + 4 * i, true) !== words[i]) return -1;
  for (let i = 0, q = end - tail.length; i < tail.length; i++) if (b[q + i] !== tail[i]) return -1;
  return end;
}

/** The end of a string without escapes starting at p, or -1. */
function plainStringEnd(b: Uint8Array, p: number): number {
  if (b[p] !== QUOTE) return -1;
  for (let i = p + 1; ; i++) {
    const c = b[i];
    if (c === QUOTE) return i + 1;
    if (c === undefined || c < SPACE || c === BACKSLASH) return -1;
  }
}
