// Tables written inside a JSON string: a CSV, semicolon-, tab- or bar-separated block whose first
// line names the columns (`"name,age,income\nAna,41,2300\n…"`), or one line of cells beside a key
// that holds its column names (`"columns": "policy;inception;loss"`, `"claimLine": "P-1;2025-12-01;…"`).
// Before any key is matched they are read as the records they stand for: each row an object keyed
// by the column names, kept at the string's place (the line of column names then says nothing of
// its own and is dropped); a line of amounts each named by its kind, cut by semicolons ("auto 295;
// personal loan 180"), as records of a kind and an amount. A string whose lines do not all have one cell per column is left as it
// is. Linear in the document.
import { isRecord } from "./json-walk.js";
import { normaliseName } from "./words.js";

const DELIMITERS = ["\t", ";", "|", ","] as const;
/** Keys that hold a line of column names. */
const COLUMN_KEYS = new Set(["columns", "cols", "header", "headers", "column names", "fields"]);

/** The cells of one line, a cell in double quotes keeping its delimiters (`"Reyes, Luz"`). */
export function cells(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"' && (quoted || cell.trim() === "")) {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === delimiter && !quoted) {
      out.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/** A column name: a few words, not a number, not a sentence. */
const COLUMN_NAME = /^(?![\d.,\s$%-]+$)[^.!?]{1,40}$/;
/** Column names: at least three (two between tabs, which prose does not write), each a name, no two the same. */
export const namesColumns = (names: string[], delimiter: string): boolean =>
  names.length >= (delimiter === "\t" ? 2 : 3) &&
  names.every((n) => COLUMN_NAME.test(n) && n.split(/\s+/).length <= 4) &&
  new Set(names).size === names.length;

/** The delimiter that splits every line into as many cells as the first, when the first names columns. */
function delimiterOf(lines: string[]): string | undefined {
  return DELIMITERS.find((d) => {
    const names = cells(lines[0]!, d);
    return namesColumns(names, d) && lines.every((l) => cells(l, d).length === names.length);
  });
}

const record = (names: string[], row: string[]): Record<string, string> => Object.fromEntries(names.map((n, i) => [n, row[i]!]));

/** A string of a header line and rows, as its records; otherwise undefined. */
export function delimitedRecords(s: string): Record<string, string>[] | undefined {
  if (!s.includes("\n")) return undefined;
  const lines = s.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.length < 2) return undefined;
  const d = delimiterOf(lines);
  if (!d) return undefined;
  const names = cells(lines[0]!, d);
  return lines.slice(1).map((l) => record(names, cells(l, d)));
}

/** An object's key of column names written as one delimited line, with its delimiter and names. */
function columnLine(o: Record<string, unknown>): { key: string; delimiter: string; names: string[] } | undefined {
  for (const [key, v] of Object.entries(o)) {
    if (!COLUMN_KEYS.has(normaliseName(key)) || typeof v !== "string" || v.includes("\n")) continue;
    for (const delimiter of DELIMITERS) {
      const names = cells(v, delimiter);
      if (namesColumns(names, delimiter)) return { key, delimiter, names };
    }
  }
  return undefined;
}

/** One item of a list of amounts, named by its kind: "auto 295", "personal loan: $180.50". */
const LABELLED_AMOUNT = /^([A-Za-z][A-Za-z .'&/-]*?)\s*[:=]?\s*\$?\s*(\d[\d,]*(?:\.\d+)?)$/;

/** A line of amounts named by their kinds, cut by semicolons ("auto 295; personal loan 180"), as records of a kind and an amount. */
function labelledAmounts(s: string): { type: string; amount: string }[] | undefined {
  if (s.includes("\n") || !s.includes(";")) return undefined;
  const items = s.split(";").map((x) => LABELLED_AMOUNT.exec(x.trim()));
  if (items.length < 2 || items.some((m) => m === null)) return undefined;
  return items.map((m) => ({ type: m![1]!.trim(), amount: m![2]! }));
}

function rewrite(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(rewrite);
  if (typeof v === "string") return delimitedRecords(v) ?? labelledAmounts(v) ?? v;
  if (!isRecord(v)) return v;
  const columns = columnLine(v);
  const out: Record<string, unknown> = {};
  let rows = 0;
  for (const [k, x] of Object.entries(v)) {
    if (columns && k !== columns.key && typeof x === "string" && !x.includes("\n")) {
      const row = cells(x, columns.delimiter);
      if (row.length === columns.names.length) {
        out[k] = record(columns.names, row);
        rows++;
        continue;
      }
    }
    out[k] = rewrite(x);
  }
  if (columns && rows > 0) delete out[columns.key];
  return out;
}

/** The document with its delimited tables in strings as records; a document with none as it is. */
export const withDelimitedTables = (root: unknown): unknown => rewrite(root);
