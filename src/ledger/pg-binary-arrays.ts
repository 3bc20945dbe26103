// One-dimensional arrays for PostgreSQL statement parameters, in the binary format of the wire
// protocol (what array_send writes and array_recv reads). The pg driver sends a Buffer parameter as
// binary and every other value as text: a text[] of JSON line items goes as text in the array
// literal syntax, every element quoted and every quote and backslash in it escaped by a regular
// expression, and the server scans it back character by character. In binary each element is its
// length and its UTF-8 bytes, copied on both sides. Measured on a group of 16 charge entries: the
// items' text[] in one statement cost 110 to 220 µs of the client's CPU and 57 to 77 µs of the
// server's in binary, against 175 to 350 and 87 to 107 as text (3 runs each, a loaded 2-core machine).

/** element type OIDs (pg_type) */
const TEXT = 25;
const INT8 = 20;
/** ndim, flags (has nulls), element type, then one dimension: its length and lower bound */
const HEADER = 20;
const TWO_32 = 2 ** 32;

function header(b: Buffer, length: number, element: number, hasNull: boolean): number {
  b.writeInt32BE(length === 0 ? 0 : 1, 0);
  b.writeInt32BE(hasNull ? 1 : 0, 4);
  b.writeInt32BE(element, 8);
  if (length === 0) return 12;
  b.writeInt32BE(length, 12);
  b.writeInt32BE(1, 16);
  return HEADER;
}

/** A text[] parameter (null elements are NULL). */
export function textArray(values: readonly (string | null)[]): Buffer {
  let size = HEADER;
  let hasNull = false;
  for (const v of values) {
    if (v === null) hasNull = true;
    size += 4 + (v === null ? 0 : Buffer.byteLength(v, "utf8"));
  }
  const b = Buffer.allocUnsafe(size);
  let at = header(b, values.length, TEXT, hasNull);
  for (const v of values) {
    if (v === null) {
      b.writeInt32BE(-1, at);
      at += 4;
      continue;
    }
    const n = b.write(v, at + 4, "utf8");
    b.writeInt32BE(n, at);
    at += 4 + n;
  }
  return b.subarray(0, at);
}

/** A bigint[] parameter of safe integers (amounts in micro-dollars, milliseconds). */
export function bigintArray(values: readonly number[]): Buffer {
  const b = Buffer.allocUnsafe(HEADER + values.length * 12);
  let at = header(b, values.length, INT8, false);
  for (const v of values) {
    if (!Number.isSafeInteger(v)) throw new RangeError(`not a safe integer for a bigint parameter: ${v}`);
    const high = Math.floor(v / TWO_32);
    b.writeInt32BE(8, at);
    b.writeInt32BE(high, at + 4);
    b.writeUInt32BE(v - high * TWO_32, at + 8);
    at += 12;
  }
  return b.subarray(0, at);
}
