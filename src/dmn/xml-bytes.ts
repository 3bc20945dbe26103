// The text of a DMN file from its bytes: UTF-8 (with or without a byte order mark) or UTF-16 with
// one. Bytes that are not UTF-8 are refused at their line and column rather than read as U+FFFD
// (which put `h���llo` into a FEEL string with exit 0).

const BOMS: readonly { bytes: readonly number[]; encoding: "utf-8" | "utf-16le" | "utf-16be" }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
];

/** The length of the well-formed UTF-8 sequence at `i`, or 0 (RFC 3629: no overlongs, surrogates or code points past U+10FFFF). */
function sequenceAt(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const [n, lo, hi] =
    c >= 0xc2 && c <= 0xdf
      ? [2, 0x80, 0xbf]
      : c === 0xe0
        ? [3, 0xa0, 0xbf]
        : c === 0xed
          ? [3, 0x80, 0x9f]
          : c >= 0xe1 && c <= 0xef
            ? [3, 0x80, 0xbf]
            : c === 0xf0
              ? [4, 0x90, 0xbf]
              : c === 0xf4
                ? [4, 0x80, 0x8f]
                : c >= 0xf1 && c <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : [0, 0, 0];
  if (n === 0 || i + n > b.length || b[i + 1]! < lo || b[i + 1]! > hi) return 0;
  for (let k = 2; k < n; k++) if (b[i + k]! < 0x80 || b[i + k]! > 0xbf) return 0;
  return n;
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
  const bad = firstInvalid(bytes, start);
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
