// CSV as RFC 4180 writes it: comma-separated fields, a field in double quotes may hold commas,
// line breaks and doubled quotes. Records end at CRLF, LF or a lone CR outside quotes (a lone CR
// ends a record for DuckDB's reader too, whatever its options: both engines read the same records).
import { QUOTE, COMMA, LF, CR } from "./bytes.js";

/** Where a field that starts at `i` ends: the next separator or line break (CR or LF). */
function fieldEnd(text: string, i: number): number {
  const n = text.length;
  let end = i;
  for (let c = text.charCodeAt(end); end < n && c !== COMMA && c !== LF && c !== CR; c = text.charCodeAt(++end));
  return end;
}

/** Every record of `text` as its fields; a final line break does not start an empty record. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let i = 0;
  const n = text.length;
  if (n === 0) return records;
  for (;;) {
    let value: string;
    if (text.charCodeAt(i) === QUOTE) {
      // A quoted field runs to the next quote not followed by another quote.
      let out = "";
      let start = ++i;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          out += text.slice(start);
          i = n;
          break;
        }
        if (text.charCodeAt(q + 1) === QUOTE) {
          out += text.slice(start, q + 1);
          i = start = q + 2;
          continue;
        }
        out += text.slice(start, q);
        i = q + 1;
        break;
      }
      // Anything between the closing quote and the separator is kept, as lenient readers do.
      const end = fieldEnd(text, i);
      value = out + text.slice(i, end);
      i = end;
    } else {
      const end = fieldEnd(text, i);
      value = text.slice(i, end);
      i = end;
    }
    fields.push(value);
    if (i >= n) {
      records.push(fields);
      return records;
    }
    if (text.charCodeAt(i) === COMMA) {
      i++;
      if (i === n) {
        fields.push("");
        records.push(fields);
        return records;
      }
      continue;
    }
    // A line break (CRLF as one) ends the record.
    records.push(fields);
    fields = [];
    i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    if (i >= n) return records;
  }
}

/** What makes a header unusable by name (none at all, or a column named twice: whose cell would be the input's?), or undefined. */
export function headerProblem(header: readonly string[]): string | undefined {
  if (header.length === 0 || (header.length === 1 && header[0] === "")) return "the file has no header (no column names on its first line)";
  const seen = new Set<string>();
  const twice = header.find((h) => seen.size === seen.add(h).size);
  return twice === undefined ? undefined : `the header names the column ${JSON.stringify(twice)} twice`;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One field as CSV: quoted when it holds a separator, a quote or a line break. */
export const csvField = (text: string): string => (NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A value as one CSV cell: null is empty, strings as they are, anything structured as JSON. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return csvField(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return csvField(JSON.stringify(value));
}

export const csvRecord = (cells: readonly string[]): string => cells.join(",");
