// A JSONL file read by DuckDB's own JSON reader (`read_json`), once the screen (jsonl-screen.ts)
// has found every line to be one that reader and JSON.parse read alike: the relation the model's
// query reads, each row numbered by its line (no line is blank, and a line the screen declined is
// a marker in its copy, so the n-th row is the n-th line),
// and the JS engine's record for a row SQL leaves, scored from the line's own text, read back from
// the file by the screen's index of line starts. A key whose values are all of the input's JSON
// type is read typed (a DOUBLE, a VARCHAR, a BOOLEAN; a date's text); a key with a value of another
// type somewhere is read as JSON texts, typed in SQL as the piece engine types them (json-rows.ts),
// since the reader would coerce it ("5" into a DOUBLE). The id is read as a string when it is one
// on every line (the screen lets no escape through: its text is JSON.stringify's), else as its JSON
// text.
import { openSync, readSync, closeSync } from "node:fs";
import { identifier, stringLiteral } from "../../compiler/4-sql/dialects.js";
import type { InputColumn } from "../../compiler/index.js";
import { ByteSink } from "../byte-sink.js";
import type { PieceScorer } from "../chunk-scorer.js";
import { ID, idText, LINE, PLAIN, typedOk, typedValue } from "./json-rows.js";
import { BLOCK, type Screen, type ScreenKey, type ScreenKind } from "./jsonl-screen.js";
import type { TableRows } from "./table-rows.js";

export type CleanScreen = Extract<Screen, { clean: true }>;

/** The keys the screen checks: each input's (as its kind), then the id's. */
export function screenKeys(inputs: InputColumn[], idField: string): { keys: ScreenKey[]; id: number } | null {
  const keys: ScreenKey[] = inputs.map((c) => ({ name: c.input, kind: c.kind as ScreenKind }));
  // an id that is an input too is read one way only: the piece engine's case
  if (keys.some((k) => k.name === idField)) return null;
  if (new Set(keys.map((k) => k.name)).size !== keys.length) return null;
  if (!keys.every((k) => ["number", "string", "boolean", "date", "datetime"].includes(k.kind))) return null;
  return { keys: [...keys, { name: idField, kind: "string" }], id: keys.length };
}

// a date and time's text is read by the query itself (a text it does not read is the JS engine's row)
const TYPED: Record<ScreenKind, string> = { number: "DOUBLE", string: "VARCHAR", boolean: "BOOLEAN", date: "VARCHAR", datetime: "VARCHAR" };

const DATE_TEXT = (v: string) =>
  `CASE WHEN regexp_full_match(${v}, '[0-9]{4}-[0-9]{2}-[0-9]{2}') AND ${v} >= '0001' THEN TRY_CAST(${v} AS DATE) END`;

/** The relation of a screened file's rows for the query's inputs (read from `screen.read`). */
export function jsonlRows(screen: CleanScreen, inputs: InputColumn[], idField: string): TableRows {
  const key = (i: number) => `$key.${i}`;
  const spec = inputs.map((c, i) => `${stringLiteral(c.input)}: ${stringLiteral(screen.typed[i] ? TYPED[c.kind as ScreenKind] : "JSON")}`);
  // an id that is a string on every line is read as one (its JSON text, with no escape, is JSON.stringify's)
  const idString = screen.typed[inputs.length]!;
  spec.push(`${stringLiteral(idField)}: ${idString ? "'VARCHAR'" : "'JSON'"}`);
  const names = [...inputs.map((c) => c.input), idField];
  // a declined line is a marker in the copy DuckDB reads: the JS engine's row
  const split = screen.declined > 0;
  if (split) {
    spec.push(`${stringLiteral(screen.marker)}: 'BOOLEAN'`);
    names.push(screen.marker);
  }
  const read = `read_json(${stringLiteral(screen.read)}, format = 'newline_delimited', columns = {${spec.join(", ")}}, maximum_object_size = ${2 << 20})`;
  // every line is a row: the n-th row is line n (a window over the scan, which keeps its order)
  const scan = `SELECT row_number() OVER () AS ${identifier(LINE)}, ${names.map((n, i) => `${identifier(n)} AS ${identifier(key(i))}`).join(", ")} FROM ${read}`;
  const values: string[] = [];
  const plains: string[] = [];
  inputs.forEach((c, i) => {
    const col = identifier(key(i));
    let value: string, plain: string;
    if (!screen.typed[i]) {
      const v = `CAST(${col} AS VARCHAR)`;
      value = typedValue(c, v);
      plain = typedOk(c, v, value);
    } else if (c.kind === "date") {
      value = DATE_TEXT(col);
      plain = `(${col} IS NULL OR ${value} IS NOT NULL)`;
    } else {
      value = col;
      plain = "TRUE";
    }
    values.push(`${value} AS ${identifier(c.column)}`);
    plains.push(plain);
  });
  // a null id is a missing one to the reader: written as missing unless some line's id is an explicit null
  const idColumn = identifier(key(inputs.length));
  const idJson = `CAST(${idColumn} AS VARCHAR)`;
  const id = idString
    ? `CASE WHEN ${idColumn} IS NULL THEN ${screen.idNull ? "NULL" : "''"} ELSE ',"id":"' || ${idColumn} || '"' END`
    : screen.idNull
      ? `CASE WHEN ${idJson} IS NULL THEN NULL ELSE ${idText(idJson)} END`
      : idText(idJson);
  const declined = split ? ` AND ${identifier(key(inputs.length + 1))} IS NULL` : "";
  const typed = `SELECT ${identifier(LINE)}, ${values.join(", ")}${values.length ? ", " : ""}${id} AS ${identifier(ID)}, (${plains.join(" AND ") || "TRUE"}${declined}) AS "$typed ok" FROM (${scan})`;
  const rows = `SELECT *, ("$typed ok" AND ${identifier(ID)} IS NOT NULL) AS ${identifier(PLAIN)} FROM (${typed})`;
  // a declined blank line has no record
  return { sql: `(${rows})`, raw: [], carry: [], rawList: "[]::VARCHAR[]", id: "record", inOrder: true, someBlank: screen.declined > 0 };
}

/**
 * The JS engine's record for line `n` of the screened file (without its line feed), scored by its
 * piece scorer from the line's text (the file's byte order mark dropped, as the JS engine drops
 * it), null for a blank line (no record); blocks of lines are read back as they are asked for, the
 * last few kept (DuckDB asks for the rows of a vector together).
 */
export function jsonlFallback(path: string, screen: CleanScreen, js: PieceScorer): (n: number) => { text: string | null; error: boolean } {
  const cache = new Map<number, { bytes: Uint8Array; starts: number[] }>();
  const sink = new ByteSink(new Uint8Array(1 << 16));
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  // a partial screen's index of line starts, found on from its last as blocks past it are asked for
  const starts = [...screen.starts];
  let indexed = screen.partial !== true;
  const block = (k: number) => {
    let b = cache.get(k);
    if (b) return b;
    const fd = openSync(path, "r");
    try {
      if (!indexed) indexed = indexTo(fd, starts, k + 1);
      const from = starts[k];
      if (from === undefined) throw new Error(`${path} changed while it was scored`);
      let to = starts[k + 1];
      if (to === undefined) {
        // the last block: to the end of the file
        const chunks: Buffer[] = [];
        let at = from;
        for (;;) {
          const c = Buffer.alloc(1 << 20);
          const n = readSync(fd, c, 0, c.length, at);
          if (n === 0) break;
          chunks.push(c.subarray(0, n));
          at += n;
        }
        const bytes = Buffer.concat(chunks);
        to = from + bytes.length;
        b = { bytes, starts: lineStarts(bytes) };
      } else {
        const bytes = Buffer.alloc(to - from);
        let got = 0;
        while (got < bytes.length) {
          const n = readSync(fd, bytes, got, bytes.length - got, from + got);
          if (n === 0) throw new Error(`${path} changed while it was scored`);
          got += n;
        }
        b = { bytes, starts: lineStarts(bytes) };
      }
    } finally {
      closeSync(fd);
    }
    if (cache.size >= 8) cache.delete(cache.keys().next().value!);
    cache.set(k, b);
    return b;
  };
  return (n) => {
    const k = Math.floor((n - 1) / BLOCK);
    const b = block(k);
    const i = (n - 1) % BLOCK;
    let start = b.starts[i]!;
    if (n === 1 && b.bytes[0] === 0xef && b.bytes[1] === 0xbb && b.bytes[2] === 0xbf) start = 3;
    let end = i + 1 < b.starts.length ? b.starts[i + 1]! - 1 : b.bytes.length;
    if (end > start && end === b.bytes.length && b.bytes[end - 1] === 0x0a) end--;
    sink.pos = 0;
    const scored = js({ bytes: b.bytes.subarray(start, Math.max(start, end)), first: n }, sink);
    if (scored.rows === 0) return { text: null, error: false };
    return { text: decoder.decode(sink.view()).replace(/\n$/, ""), error: scored.errors > 0 };
  };
}

/**
 * Extends `starts` (where every BLOCK-th line starts, as the screen finds them) from its last entry
 * until it holds entry `k` or the file ends; true when the file's end was reached.
 */
function indexTo(fd: number, starts: number[], k: number): boolean {
  const buf = Buffer.alloc(1 << 20);
  while (starts.length <= k) {
    let at = starts[starts.length - 1]!;
    let lines = 0;
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, at);
      if (n === 0) return true;
      let i = -1;
      while (lines < BLOCK && (i = buf.indexOf(0x0a, i + 1)) >= 0 && i < n) lines++;
      if (lines === BLOCK) {
        // a line starts after the BLOCK-th line feed unless the file ends there
        const next = at + i + 1;
        if (readSync(fd, buf, 0, 1, next) === 0) return true;
        starts.push(next);
        break;
      }
      at += n;
    }
  }
  return false;
}

function lineStarts(bytes: Uint8Array): number[] {
  const starts = [0];
  for (let i = bytes.indexOf(0x0a); i >= 0 && i + 1 < bytes.length; i = bytes.indexOf(0x0a, i + 1)) starts.push(i + 1);
  return starts;
}
