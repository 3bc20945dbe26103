// A growing buffer of UTF-8 output bytes: what a worker fills with a piece's records and hands
// back to the main thread. It starts in a shared buffer the main thread lends (buffer-pool.ts),
// so a batch passes the same few buffers around instead of allocating new ones for every piece;
// when it grows, the larger buffer is shared memory too.

import { POW10 } from "../runtime/decimal-scaled.js";

const encoder = new TextEncoder();

/** Constant text prepared for `ByteSink.chunk`: its UTF-8 bytes as little-endian 32-bit words. */
export interface Chunk {
  words: Uint32Array;
  length: number;
}

export function chunk(text: string): Chunk {
  const bytes = encoder.encode(text);
  const words = new Uint32Array(Math.ceil(bytes.length / 4));
  new Uint8Array(words.buffer).set(bytes);
  return { words, length: bytes.length };
}

export class ByteSink {
  buf: Uint8Array;
  pos = 0;
  private data: DataView;

  constructor(buf: Uint8Array) {
    this.buf = buf;
    this.data = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** Room for n more bytes. */
  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const bigger = new Uint8Array(new SharedArrayBuffer(Math.max(this.buf.length * 2, this.pos + n)));
    bigger.set(this.buf.subarray(0, this.pos));
    this.buf = bigger;
    this.data = new DataView(bigger.buffer);
  }

  /**
   * Constant text, four bytes a store (several times faster than a byte loop for the keys and
   * punctuation of a record). The last word may write up to three bytes past the text; they are
   * overwritten by what follows.
   */
  chunk(c: Chunk): void {
    const words = c.words;
    this.reserve(4 * words.length);
    const data = this.data;
    const p = this.pos;
    for (let i = 0; i < words.length; i++) data.setUint32(p + 4 * i, words[i]!, true);
    this.pos = p + c.length;
  }

  /** Bytes from..to of src (short runs: a loop beats `set` there). */
  bytes(src: Uint8Array, from = 0, to = src.length): void {
    this.reserve(to - from);
    const buf = this.buf;
    let p = this.pos;
    for (let i = from; i < to; i++) buf[p++] = src[i]!;
    this.pos = p;
  }

  /** All of src (a long run: one `set`). */
  copy(src: Uint8Array): void {
    this.reserve(src.length);
    this.buf.set(src, this.pos);
    this.pos += src.length;
  }

  /** A non-negative safe integer in decimal digits. */
  uint(n: number): void {
    let count = 1;
    while (count < 16 && n >= POW10[count]!) count++;
    this.digits(n, count);
  }

  /** The last `count` decimal digits of a non-negative safe integer, leading zeros included. */
  digits(n: number, count: number): void {
    this.reserve(count);
    const buf = this.buf;
    const start = this.pos;
    let p = start + count;
    this.pos = p;
    for (; n >= 0x80000000 && p > start; n = Math.floor(n / 10)) buf[--p] = 48 + (n % 10);
    // int32 arithmetic from here on: far cheaper than double division
    for (let i = n | 0; p > start; i = (i / 10) | 0) buf[--p] = 48 + (i % 10);
  }

  byte(c: number): void {
    this.reserve(1);
    this.buf[this.pos++] = c;
  }

  /** Any text, as UTF-8 (room for one byte a character first, more only if it is not ASCII). */
  text(s: string): void {
    this.reserve(s.length);
    for (let rest = s; ;) {
      const { read, written } = encoder.encodeInto(rest, this.buf.subarray(this.pos));
      this.pos += written;
      if (read === rest.length) return;
      rest = rest.slice(read);
      this.reserve(rest.length * 3);
    }
  }

  /** The bytes written so far (a view of `buf`). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}
