// The text of a DMN file from its bytes: UTF-8 (with or without a byte order mark) or UTF-16 with
// one. Bytes that are not UTF-8 are refused at their line and column rather than read as U+FFFD
// (which put `h���llo` into a FEEL string with exit 0).

import { isUtf8 } from "node:buffer";

const BOMS: readonly { bytes: readonly number[]; encoding: "utf-8" | "utf-16le" | "utf-16be" }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
];

/**
 * The well-formed UTF-8 sequences by their lead byte (RFC 3629, table 3-7 of Unicode: no overlongs,
 * surrogates or code points past U+10FFFF): lead bytes `from`..`to` begin `n` bytes whose second
 * lies in `lo`..`hi` and whose others in 0x80..0xBF.
 */
const LEADS: readonly { from: number; to: number; n: number; lo: number; hi: number }[] = [
  { from: 0xc2, to: 0xdf, n: 2, lo: 0x80, hi: 0xbf },
  { from: 0xe0, to: 0xe0, n: 3, lo: 0xa0, hi: 0xbf },
  { from: 0xe1, to: 0xec, n: 3, lo: 0x80, hi: 0xbf },
  { from: 0xed, to: 0xed, n: 3, lo: 0x80, hi: 0x9f },
  { from: 0xee, to: 0xef, n: 3, lo: 0x80, hi: 0xbf },
  { from: 0xf0, to: 0xf0, n: 4, lo: 0x90, hi: 0xbf },
  { from: 0xf1, to: 0xf3, n: 4, lo: 0x80, hi: 0xbf },
  { from: 0xf4, to: 0xf4, n: 4, lo: 0x80, hi: 0x8f },
];

/** The length of the well-formed UTF-8 sequence at `i`, or 0. */
function sequenceAt(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const lead = LEADS.find((l) => c >= l.from && c <= l.to);
  if (!lead || i + lead.n > b.length || b[i + 1]! < lead.lo || b[i + 1]! > lead.hi) return 0;
  for (let k = 2; k < lead.n; k++) if (b[i + k]! < 0x80 || b[i + k]! > 0xbf) return 0;
  return lead.n;
}

/** The offset of the first byte that does not begin a well-formed UTF-8 sequence, or -1. */
function firstInvalid(b: Uint8Array, from: number): number {
  for (let i = from; i < b.length;) {
    const n = sequenceAt(b, i);
    if (n === 0) return i;
    i += n;
  }
  return -1;
}

export function decodeXmlBytes(bytes: Uint8Array): { text: string } | { error: string } {
  const bom = BOMS.find((m) => m.bytes.every((x, i) => bytes[i] === x));
  const start = bom?.bytes.length ?? 0;
  if (bom && bom.encoding !== "utf-8") {
    if ((bytes.length - start) % 2 !== 0)
      return { error: `the file starts with a ${bom.encoding.toUpperCase()} byte order mark but has an odd number of bytes` };
    return { text: new TextDecoder(bom.encoding).decode(bytes.subarray(start)) };
  }
  // the platform's check first: the walk, which finds the place, only for a file that fails it
  const bad = isUtf8(bytes.subarray(start)) ? -1 : firstInvalid(bytes, start);
  if (bad >= 0) {
    const before = bytes.subarray(start, bad);
    const lineStart = before.lastIndexOf(0x0a) + 1;
    const line = before.reduce((n, x) => (x === 0x0a ? n + 1 : n), 1);
    const column = new TextDecoder().decode(before.subarray(lineStart)).length + 1;
    const byte = bytes[bad]!.toString(16).toUpperCase().padStart(2, "0");
    return { error: `${line}:${column}: the byte 0x${byte} is not UTF-8: save the file as UTF-8 (or UTF-16 with a byte order mark)` };
  }
  return { text: new TextDecoder().decode(bytes.subarray(start)) };
}
