// Writes a row's JSONL record `{"row":N,"id":…,"decisions":{…}}` as bytes straight from the FEEL
// values a model returns, the same bytes as `JSON.stringify` of the decisions in JSON: short
// decimals are written from their digits, table outputs and flags as they are, temporals as their
// text, lists and contexts item by item (no JSON copy of them is built: a model that returns a
// table of brackets on every row spent more on that copy than on its evaluation), and any other
// value (long or tiny numbers, quotients, ranges) through toJson and JSON.stringify. A list or
// context a decision returns again, the same object (a constant the compiler hoisted), is copied
// from the bytes written for it before.
import { Decimal } from "../runtime/decimal.js";
import { POW10 } from "../runtime/decimal-scaled.js";
import { toJson } from "../runtime/json.js";
import { isTemporalValue } from "../runtime/kinds.js";
import { temporalToString } from "../runtime/temporal/format.js";
import { FeelContext, type FeelValue } from "../runtime/values.js";
import { chunk, type ByteSink, type Chunk } from "./byte-sink.js";
import { QUOTE, BACKSLASH, MINUS, DOT, ZERO, NINE, COMMA, OPEN_LIST, CLOSE_LIST, OPEN_OBJECT, CLOSE_OBJECT } from "./bytes.js";

const ROW = chunk('{"row":');
const ID = chunk(',"id":');
const DECISIONS = chunk(',"decisions":{');
const END = chunk("}}\n");
const NULL = chunk("null");
const TRUE = chunk("true");
const FALSE = chunk("false");

/** Below 10^15 a decimal with a fraction prints as its digits; so does any safe integer. */
const DOUBLE_DIGITS = 1e15;

/** Digits of a scaled decimal as JSON.stringify prints its double, or false where they could differ. */
function decimal(sink: ByteSink, d: Decimal): boolean {
  const m = d.m;
  const k = d.k;
  if (m === 0) {
    sink.byte(ZERO); // negative zero too: toJson writes 0
    return true;
  }
  const magnitude = m < 0 ? -m : m;
  if (k === 0) {
    if (m < 0) sink.byte(MINUS);
    sink.uint(magnitude);
    return true;
  }
  // at most 15 digits: the double's shortest form is these digits; below 10^-6 it has an exponent
  if (magnitude >= DOUBLE_DIGITS || (k > 6 && magnitude < POW10[k - 6]!)) return false;
  const scale = POW10[k]!;
  const whole = Math.floor(magnitude / scale); // exact: the quotient cannot round across an integer here
  const fraction = magnitude - whole * scale;
  if (m < 0) sink.byte(MINUS);
  sink.uint(whole);
  if (fraction === 0) return true;
  // k digits after the point, then the trailing zeros dropped
  sink.byte(DOT);
  sink.digits(fraction, k);
  while (sink.buf[sink.pos - 1] === ZERO) sink.pos--;
  return true;
}

/** A string JSON.stringify writes as it is: printable ASCII without quotes or backslashes. */
function plainString(sink: ByteSink, s: string): boolean {
  const n = s.length;
  sink.reserve(n + 2);
  const buf = sink.buf;
  let p = sink.pos;
  buf[p++] = QUOTE;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c >= 127 || c === QUOTE || c === BACKSLASH) return false;
    buf[p++] = c;
  }
  buf[p++] = QUOTE;
  sink.pos = p;
  return true;
}

/** Whether JSON.stringify writes `s` between quotes as it is: no control characters, quotes, backslashes or surrogates (it escapes a lone one). */
function verbatim(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === QUOTE || c === BACKSLASH || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}

/** A string as JSON.stringify writes it (other than ASCII, a name with an accent: as UTF-8 between quotes when nothing needs escaping). */
function string(sink: ByteSink, s: string): void {
  if (plainString(sink, s)) return;
  if (verbatim(s)) {
    sink.byte(QUOTE);
    sink.text(s);
    sink.byte(QUOTE);
  } else sink.text(JSON.stringify(s));
}

/** One decision's value (or an item or entry of one); false when it has no JSON form to write (the row then takes the general path). */
function value(sink: ByteSink, v: FeelValue): boolean {
  if (v === null || v === undefined) sink.chunk(NULL);
  else if (v === true) sink.chunk(TRUE);
  else if (v === false) sink.chunk(FALSE);
  else if (typeof v === "string") string(sink, v);
  else if (v instanceof Decimal) {
    const start = sink.pos;
    if (v.q === 1 && decimal(sink, v)) return true;
    sink.pos = start;
    return other(sink, v);
  } else if (Array.isArray(v)) return list(sink, v);
  else if (v instanceof FeelContext) return context(sink, v);
  else if (isTemporalValue(v)) string(sink, temporalToString(v));
  else return other(sink, v);
  return true;
}

function list(sink: ByteSink, items: readonly FeelValue[]): boolean {
  sink.byte(OPEN_LIST);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) sink.byte(COMMA);
    if (!value(sink, items[i]!)) return false;
  }
  sink.byte(CLOSE_LIST);
  return true;
}

/** The most context keys remembered: a model's contexts repeat a few names; keys made from data could be endless. */
const MAX_KEYS = 4096;
/** Context keys as they are written, `"key":`, by key; null for a key that starts with a digit (see `context`). */
const keyChunks = new Map<string, Chunk | null>();

function keyChunk(key: string): Chunk | null {
  let written = keyChunks.get(key);
  if (written === undefined) {
    const first = key.charCodeAt(0);
    written = first >= ZERO && first <= NINE ? null : chunk(`${JSON.stringify(key)}:`);
    if (keyChunks.size < MAX_KEYS) keyChunks.set(key, written);
  }
  return written;
}

/**
 * A context's entries in their order. JSON.stringify puts keys that are array indexes ("0", "12")
 * first, in numeric order: a context with a key that starts with a digit goes the general way.
 */
function context(sink: ByteSink, c: FeelContext): boolean {
  const start = sink.pos;
  sink.byte(OPEN_OBJECT);
  let comma = false;
  for (const [key, v] of c.entries) {
    const written = keyChunk(key);
    if (written === null) {
      sink.pos = start;
      return other(sink, c);
    }
    if (comma) sink.byte(COMMA);
    comma = true;
    sink.chunk(written);
    if (!value(sink, v)) return false;
  }
  sink.byte(CLOSE_OBJECT);
  return true;
}

/** Any value through its JSON form and JSON.stringify. */
function other(sink: ByteSink, v: FeelValue): boolean {
  const json = JSON.stringify(toJson(v));
  if (json === undefined) return false;
  sink.text(json);
  return true;
}

/** How many lists or contexts a decision remembers, and the most bytes one may take to be remembered. */
const REMEMBERED = 4;
const MAX_REMEMBERED_BYTES = 16 * 1024;

/**
 * The bytes written for the lists and contexts one decision returned, by identity. FEEL values are
 * never changed once made, so the same object writes the same bytes: a decision that picks one of a
 * few constant tables (hoisted by the compiler, the same objects on every row) copies them instead
 * of writing them item by item. A value's bytes are kept the second time it is seen, so values made
 * afresh for every row cost a look among a few and no copy.
 */
class Remembered {
  private readonly values: (object | null)[] = new Array<object | null>(REMEMBERED).fill(null);
  private readonly bytes: (Uint8Array | null)[] = new Array<Uint8Array | null>(REMEMBERED).fill(null);
  private next = 0;

  /** Writes `v` (a list or a context); false when it has no JSON form. */
  write(sink: ByteSink, v: object): boolean {
    let at = -1;
    for (let i = 0; i < REMEMBERED; i++)
      if (this.values[i] === v) {
        at = i;
        break;
      }
    const known = at < 0 ? null : this.bytes[at]!;
    if (known !== null) {
      sink.copy(known);
      return true;
    }
    const start = sink.pos;
    if (!value(sink, v as FeelValue)) return false;
    if (at >= 0) {
      if (sink.pos - start <= MAX_REMEMBERED_BYTES) this.bytes[at] = sink.buf.slice(start, sink.pos);
    } else {
      this.values[this.next] = v;
      this.bytes[this.next] = null;
      this.next = (this.next + 1) % REMEMBERED;
    }
    return true;
  }
}

export class DecisionRecordWriter {
  /** the decision names in the order JSON.stringify writes them, each key's bytes with its separator */
  private names: string[] | null = null;
  private keys: Chunk[] = [];
  /** per decision, the lists and contexts it returned lately */
  private remembered: Remembered[] = [];

  /**
   * Appends row `row`'s record: its id's JSON text (bytes idStart..idEnd of `row bytes`, none when
   * idStart < 0) and its decisions. False when a value has no JSON form; the sink may then hold
   * part of the record, which the caller drops.
   */
  write(sink: ByteSink, row: number, b: Uint8Array, idStart: number, idEnd: number, decisions: Record<string, FeelValue>): boolean {
    // A compiled model returns one object shape: its key order, as JSON.stringify walks it, is fixed.
    if (this.names === null) {
      this.names = Object.keys(decisions);
      this.keys = this.names.map((name, i) => chunk(`${i === 0 ? "" : ","}${JSON.stringify(name)}:`));
      this.remembered = this.names.map(() => new Remembered());
    }
    sink.chunk(ROW);
    sink.uint(row);
    if (idStart >= 0) {
      sink.chunk(ID);
      sink.bytes(b, idStart, idEnd);
    }
    sink.chunk(DECISIONS);
    const keys = this.keys;
    const values = Object.values(decisions);
    for (let i = 0; i < keys.length; i++) {
      sink.chunk(keys[i]!);
      const v = values[i]!;
      const composite = Array.isArray(v) || v instanceof FeelContext;
      if (!(composite ? this.remembered[i]!.write(sink, v) : value(sink, v))) return false;
    }
    sink.chunk(END);
    return true;
  }
}
