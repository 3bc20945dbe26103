import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecordSplitter, type Piece, type RecordSyntax } from "../../src/batch/record-splitter.js";
import { parseCsv } from "../../src/batch/csv.js";

/** Feeds `text` in the given chunk sizes and collects the pieces. */
function split(syntax: RecordSyntax, text: string, sizes: number[], minBytes = 1): Piece[] {
  const splitter = new RecordSplitter(syntax, minBytes);
  const bytes = Buffer.from(text);
  const pieces: Piece[] = [];
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    const p = splitter.push(bytes.subarray(at, at + size));
    if (p) pieces.push(p);
    at += size;
  }
  const last = splitter.end();
  if (last) pieces.push(last);
  return pieces;
}

describe("RecordSplitter", () => {
  it("cuts lines at line feeds and counts them", () => {
    const pieces = split("lines", "a\nbb\nccc\nd", [3]);
    expect(pieces.map((p) => p.bytes.toString())).toEqual(["a\n", "bb\n", "ccc\n", "d"]);
    expect(pieces.map((p) => p.records)).toEqual([1, 1, 1, 1]);
  });

  it("waits for minBytes before cutting", () => {
    const pieces = split("lines", "1\n2\n3\n4\n5\n", [2], 5);
    expect(pieces.map((p) => p.bytes.toString())).toEqual(["1\n2\n3\n", "4\n5\n"]);
    expect(pieces.map((p) => p.records)).toEqual([3, 2]);
  });

  it("never cuts a CSV record at a line break inside quotes", () => {
    const text = 'a,b\n"x\ny",1\n"p""\nq",2\n';
    for (let size = 1; size <= text.length; size++) {
      const pieces = split("csv", text, [size]);
      for (const p of pieces) expect(parseCsv(p.bytes.toString()).length).toBe(p.records);
      expect(Buffer.concat(pieces.map((p) => p.bytes)).toString()).toBe(text);
    }
  });

  it("keeps every byte and counts every record, however the input is chunked", () => {
    const field = fc
      .string({ unit: fc.constantFrom("a", ",", '"', "\n", "z") })
      .map((s) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s));
    const records = fc.array(
      fc.array(field, { minLength: 1, maxLength: 3 }).map((f) => f.join(",")),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(
        records,
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 20 }),
        (recs, sizes, minBytes) => {
          const text = `${recs.join("\n")}\n`;
          const pieces = split("csv", text, sizes, minBytes);
          expect(Buffer.concat(pieces.map((p) => p.bytes)).toString()).toBe(text);
          expect(pieces.reduce((n, p) => n + p.records, 0)).toBe(recs.length);
        },
      ),
    );
  });
});
