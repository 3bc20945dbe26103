import fc from "fast-check";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BufferPool } from "../../src/batch/buffer-pool.js";
import { streamSource } from "../../src/batch/byte-source.js";
import { parseCsv } from "../../src/batch/csv.js";
import { PieceReader, type RecordSyntax } from "../../src/batch/piece-reader.js";

/** Every piece of `text` fed in chunks of the given sizes, as text with its record count. */
async function pieces(syntax: RecordSyntax, text: string | Buffer, sizes: number[], pieceBytes = 1) {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  const pool = new BufferPool(pieceBytes, 2);
  const reader = new PieceReader(streamSource(Readable.from(chunks)), syntax, pool, pieceBytes);
  const out: { text: string; records: number }[] = [];
  for (let p = await reader.next(); p; p = await reader.next()) {
    expect(p.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    out.push({ text: Buffer.from(p.bytes).toString(), records: p.records });
    pool.give(p.bytes.buffer as SharedArrayBuffer); // lent again, as a batch does: a later piece must not see old bytes
  }
  return out;
}

describe("PieceReader", () => {
  it("cuts lines at line feeds and counts them, the last line with or without its line feed", async () => {
    expect(await pieces("lines", "a\nbb\nccc\nd", [3], 2)).toEqual([
      { text: "a\n", records: 1 },
      { text: "bb\n", records: 1 },
      { text: "ccc\n", records: 1 },
      { text: "d", records: 1 },
    ]);
    // pieces of 5 bytes: each ends at its last line feed, the rest begins the next
    expect(await pieces("lines", "1\n2\n3\n4\n5\n", [2], 5)).toEqual([
      { text: "1\n2\n", records: 2 },
      { text: "3\n4\n", records: 2 },
      { text: "5\n", records: 1 },
    ]);
  });

  it("takes a record longer than a piece whole, and drops a leading byte order mark", async () => {
    expect(await pieces("lines", "\ufeffshort\nmuch longer line\nx\n", [4], 4)).toEqual([
      { text: "short\n", records: 1 },
      { text: "much longer line\nx\n", records: 2 },
    ]);
    expect(await pieces("lines", "\ufeffa\nb", [9], 64)).toEqual([{ text: "a\nb", records: 2 }]);
    expect(await pieces("lines", "\ufeff", [1], 4)).toEqual([]);
    expect(await pieces("lines", "", [1], 4)).toEqual([]);
  });

  it("never cuts a CSV record at a line break inside quotes", async () => {
    const text = 'a,b\n"x\ny",1\n"p""\nq",2\n';
    for (let size = 1; size <= text.length; size++) {
      const out = await pieces("csv", text, [size], size);
      for (const p of out) expect(parseCsv(p.text).length).toBe(p.records);
      expect(out.map((p) => p.text).join("")).toBe(text);
    }
  });

  it("keeps every byte and counts every record, however the input is chunked and the pieces sized", async () => {
    const field = fc
      .string({ unit: fc.constantFrom("a", ",", '"', "\n", "z", "é") })
      .map((s) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s));
    const records = fc.array(
      fc.array(field, { minLength: 1, maxLength: 3 }).map((f) => f.join(",")),
      { minLength: 1, maxLength: 12 },
    );
    await fc.assert(
      fc.asyncProperty(
        records,
        fc.constantFrom<RecordSyntax>("csv", "lines"),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 20 }),
        async (recs, syntax, finalLf, sizes, pieceBytes) => {
          // lines: the records' own line feeds are records too
          const text = `${recs.join("\n")}${finalLf ? "\n" : ""}`;
          const out = await pieces(syntax, text, sizes, pieceBytes);
          expect(out.map((p) => p.text).join("")).toBe(text);
          const ended = text.endsWith("\n") ? 1 : 0; // a last record without its line feed counts too
          const expected = syntax === "csv" ? recs.length - (finalLf ? 0 : ended) : text.split("\n").length - ended;
          expect(out.reduce((n, p) => n + p.records, 0)).toBe(text === "" ? 0 : expected);
          if (syntax === "csv") for (const p of out) expect(parseCsv(p.text).length).toBe(p.records);
        },
      ),
    );
  });

  it("ends a CSV record at LF, CRLF or a lone CR outside quotes, never between a CR and its LF", async () => {
    const field = fc
      .string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", "é") })
      .map((s) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s));
    const record = fc.tuple(fc.array(field, { minLength: 1, maxLength: 3 }), fc.constantFrom("\n", "\r\n", "\r"));
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 20 }),
        async (recs, sizes, pieceBytes) => {
          const text = recs.map(([fields, end]) => fields.join(",") + end).join("");
          const out = await pieces("csv", text, sizes, pieceBytes);
          expect(out.map((p) => p.text).join("")).toBe(text);
          // a lone CR before an empty record's LF is a CRLF: the whole text's parse counts the records
          expect(out.reduce((n, p) => n + p.records, 0)).toBe(parseCsv(text).length);
          out.forEach((p, i) => {
            expect(parseCsv(p.text).length).toBe(p.records);
            expect(i > 0 && out[i - 1]!.text.endsWith("\r") && p.text.startsWith("\n")).toBe(false);
          });
        },
      ),
    );
  });

  it("says where each piece starts in the input, and a reader started at a piece's start reads the rest", async () => {
    const line = fc.string({ unit: fc.constantFrom("a", "é", " ", "{"), maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 40 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 24 }),
        fc.nat(),
        async (lines, bom, pieceBytes, pick) => {
          const bytes = Buffer.from(`${bom ? "\uFEFF" : ""}${lines.join("\n")}`);
          const read = async (start: number) => {
            const reader = new PieceReader(
              streamSource(Readable.from([bytes.subarray(start)])),
              "lines",
              new BufferPool(pieceBytes),
              pieceBytes,
              start,
            );
            const out: { offset: number; text: string }[] = [];
            for (let p = await reader.next(); p; p = await reader.next())
              out.push({ offset: p.offset, text: Buffer.from(p.bytes).toString() });
            return out;
          };
          /** the pieces cover the input from `start` on, each where its offset says */
          const covers = (pieces: { offset: number; text: string }[], start: number) => {
            let at = start;
            for (const p of pieces) {
              expect(p.offset).toBe(at);
              expect(bytes.subarray(p.offset, p.offset + Buffer.byteLength(p.text)).toString()).toBe(p.text);
              at += Buffer.byteLength(p.text);
            }
            expect(at).toBe(bytes.length);
          };
          const all = await read(0);
          covers(all, bom ? 3 : 0);
          // resuming at a piece's start (not the first's: a byte order mark is looked for only at 0)
          const from = 1 + (pick % Math.max(1, all.length));
          if (from < all.length) covers(await read(all[from]!.offset), all[from]!.offset);
        },
      ),
    );
  });

  it("makes a record longer than the limit a piece of its own, unread, and reads on after it", async () => {
    // a CSV record's fields (quoted ones may hold any line break); a record is never empty, so that a
    // lone CR before it is never taken for a CRLF's
    const field = fc
      .string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", "é"), maxLength: 12 })
      .map((s) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s));
    const csvRecord = fc.array(field, { minLength: 1, maxLength: 3 }).map((f) => f.join(",") || "x");
    const line = fc.string({ unit: fc.constantFrom("a", "é", " ", "\r"), maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<RecordSyntax>("csv", "lines"),
        fc.array(fc.tuple(csvRecord, line, fc.constantFrom("\n", "\r\n", "\r")), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 24 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 20 }),
        async (syntax, recs, finalBreak, limit, sizes, pieceBytes) => {
          // each record's text and line break (lines: LF only, a CR is the line's)
          const records = recs.map(([csv, text, end], i) => {
            const last = i === recs.length - 1 && !finalBreak;
            return syntax === "csv" ? { text: csv, end: last ? "" : end } : { text, end: last ? "" : "\n" };
          });
          // lines: an unterminated empty last line is no record
          if (syntax === "lines" && records.at(-1)!.text === "" && records.at(-1)!.end === "") records.pop();
          const input = records.map((r) => r.text + r.end).join("");
          const bytes = Buffer.from(input);
          const chunks: Buffer[] = [];
          for (let at = 0, i = 0; at < bytes.length; i++) {
            const size = sizes[i % sizes.length]!;
            chunks.push(bytes.subarray(at, at + size));
            at += size;
          }
          const pool = new BufferPool(pieceBytes, 2);
          const reader = new PieceReader(streamSource(Readable.from(chunks)), syntax, pool, pieceBytes, 0, limit);
          const LONG = "\u0000long\u0000";
          let seen = "";
          let count = 0;
          let at = 0;
          for (let p = await reader.next(); p; p = await reader.next()) {
            expect(p.offset).toBe(at);
            if (p.long !== undefined) {
              expect([p.long, p.bytes.length, p.records]).toEqual([limit, 0, 1]);
              seen += LONG;
            } else seen += Buffer.from(p.bytes).toString();
            // a buffer never grows past the limit (but for the piece it is read to, and a CR's LF)
            expect(p.bytes.buffer.byteLength).toBeLessThanOrEqual(Math.max(pieceBytes, limit + 2));
            count += p.records;
            at += p.bytes.length + (p.skipped ?? 0);
            pool.give(p.bytes.buffer as SharedArrayBuffer);
          }
          expect(at).toBe(bytes.length);
          expect(count).toBe(records.length);
          expect(seen).toBe(records.map((r) => (Buffer.byteLength(r.text) > limit ? LONG : r.text + r.end)).join(""));
        },
      ),
      { numRuns: 500 },
    );
  });
});
