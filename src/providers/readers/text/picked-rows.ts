// A table pasted into a text with a row for each of several records (a claims log, a list of
// applicants) of which the prose names one by its identifier ("set up claim PC-3391 only", "re:
// application A-2207") stands for that record: the other rows are other records. The table is a
// block of lines cut by one delimiter (comma, semicolon, tab or pipe) into as many cells as its
// first line, three or more, each naming a column (words, no figure, no currency: not prose a comma cuts); a row is picked when one of its cells, an
// identifier (letters and digits, no space), or a word of a full name in it ("Chinedu Okafor"), is
// written outside the table and in no other row.
// `withoutUnpickedRows` blanks the other rows with spaces of their length (as struck-out text is),
// so no cue reads them and spans still point into the text as written; `pickedRowIndex` tells a
// table reader which row to keep. One pass over the lines, and one search per identifier.
import { cells, namesColumns } from "../json-delimited.js";
import { isTotalLabel } from "../total-rows.js";

const DELIMITERS = ["\t", "|", ";", ","] as const;

interface Line {
  start: number;
  end: number;
  cells: string[];
}
export interface RowBlock {
  /** where the block starts and ends in the text */
  start: number;
  end: number;
  delimiter: string;
  head: string[];
  rows: Line[];
}

/** A line's cells cut at `delimiter`; a markdown line's outer pipes dropped. */
function lineCells(line: string, delimiter: string): string[] {
  const out = cells(line, delimiter);
  if (delimiter === "|") {
    if (out[0] === "") out.shift();
    if (out[out.length - 1] === "") out.pop();
  }
  return out;
}
/** A column's name in a heading line: words, no figure, no currency, no list bullet (prose a comma cuts has them). */
const COLUMN = /^(?![-*•]\s)[^\d$€£¥]+$/u;
const heading = (line: string, d: string): boolean => {
  const names = lineCells(line, d);
  return namesColumns(names, d === "\t" ? ";" : d) && names.every((n) => COLUMN.test(n));
};
/** A markdown table's rule line ("|---|:--:|"). */
const isRule = (cs: string[]): boolean => cs.length > 0 && cs.every((c) => /^:?-{2,}:?$/.test(c));

/** A sentence's end on a line: its stop and the blanks after it, before more text. */
const SENTENCE_END = /[.!?][ \t]+(?=\S)/g;

/** How far into a line the sentences that open it and run into a heading may reach, and how many they may be. */
const OPENING_CHARS = 200;
const OPENING_SENTENCES = 4;

/**
 * Where a table's heading may start on a line: its start, and after each of the few sentences that
 * open it ("Today is 2026-06-22. id,name,amount": a line the text was prefixed with runs into the
 * heading). Bounded, so that a long paragraph of sentences is not parsed again from each of them.
 */
function headingStarts(line: string): number[] {
  const starts = [0];
  for (const m of line.slice(0, OPENING_CHARS).matchAll(SENTENCE_END)) {
    if (starts.length > OPENING_SENTENCES) break;
    starts.push(m.index + m[0].length);
  }
  return starts;
}

/**
 * A tab-separated heading's first cell without the sentences that open its line, when it is no
 * column name as it stands ("Today is 2026-06-22. claim_id" → "claim_id"; "No. of seats" stays).
 */
export function firstHeadingCell(cell: string): string {
  if (COLUMN.test(cell) && cell.split(/\s+/).length <= 4) return cell;
  const starts = headingStarts(cell);
  return cell.slice(starts[starts.length - 1]);
}

/** The blocks of a text that are row tables: a heading line of column names and one row or more of as many cells. */
export function rowBlocks(text: string): RowBlock[] {
  const blocks: RowBlock[] = [];
  const lines: { start: number; end: number; text: string }[] = [];
  for (let at = 0; at <= text.length;) {
    const nl = text.indexOf("\n", at);
    const end = nl === -1 ? text.length : nl;
    lines.push({ start: at, end, text: text.slice(at, end) });
    at = end + 1;
  }
  for (let n = 0; n < lines.length;) {
    const line = lines[n]!;
    let delimiter: string | undefined;
    let from = 0;
    for (const at of headingStarts(line.text)) {
      delimiter = DELIMITERS.find((d) => line.text.includes(d) && heading(line.text.slice(at), d));
      from = at;
      if (delimiter) break;
    }
    if (!delimiter) {
      n++;
      continue;
    }
    const head = { start: line.start + from, text: line.text.slice(from) };
    const names = lineCells(head.text, delimiter);
    const rows: Line[] = [];
    let k = n + 1;
    for (; k < lines.length; k++) {
      const cs = lineCells(lines[k]!.text, delimiter);
      if (cs.length !== names.length) break;
      if (!isRule(cs)) rows.push({ start: lines[k]!.start, end: lines[k]!.end, cells: cs });
    }
    if (rows.length > 0) blocks.push({ start: head.start, end: lines[k - 1]!.end, delimiter, head: names, rows });
    n = Math.max(k, n + 1);
  }
  return blocks;
}

/** A cell that identifies its record: letters and digits, no space, three characters or more. */
const IDENTIFIER = /^(?=[^\s]*\d)(?=[^\s]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9._/#-]{2,}$/;
/** A cell that is a person's or a firm's full name: two to four capitalised words ("Chinedu Okafor"). */
const FULL_NAME = /^\p{Lu}[\p{L}'’]+(?:[ -]\p{Lu}[\p{L}'’]+){1,3}$/u;
const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** What of a row the prose may name it by: its identifiers (any case), and each word of three letters or more of its full names (as written). */
const keysOf = (cells: string[]): { key: string; pattern: RegExp }[] =>
  cells.flatMap((c) =>
    IDENTIFIER.test(c)
      ? [{ key: c.toLowerCase(), pattern: new RegExp(`(?<![A-Za-z0-9-])${escaped(c)}(?![A-Za-z0-9]|-[A-Za-z0-9])`, "i") }]
      : FULL_NAME.test(c)
        ? c
            .split(/[ -]/)
            .filter((w) => w.length >= 3)
            .map((w) => ({ key: w, pattern: new RegExp(`(?<![\\p{L}\\d])${escaped(w)}(?![\\p{L}\\d])`, "u") }))
        : [],
  );

/** The index of the one row of `block` the text outside it names (by an identifier or a name of it no other row has), if exactly one. */
export function pickedRowIndex(text: string, block: RowBlock): number | undefined {
  // a table of one record's lines (a first cell left empty) or with a total row is no list of records
  if (block.rows.length < 2 || block.rows.some((r) => r.cells[0] === "" || isTotalLabel(r.cells[0]!))) return undefined;
  const outside = text.slice(0, block.start) + "\n" + text.slice(block.end);
  const keys = block.rows.map((r) => keysOf(r.cells));
  const counts = new Map<string, number>();
  for (const k of keys) for (const key of new Set(k.map((x) => x.key))) counts.set(key, (counts.get(key) ?? 0) + 1);
  let picked: number | undefined;
  for (const [i, k] of keys.entries()) {
    if (!k.some((x) => counts.get(x.key) === 1 && x.pattern.test(outside))) continue;
    if (picked !== undefined) return undefined;
    picked = i;
  }
  return picked;
}

/**
 * The text with the rows of its tables that the prose does not pick blanked (or, `dropped`, taken
 * out with their line ends, for a table reader); a text with none as it is.
 */
export function withoutUnpickedRows(text: string, dropped = false): string {
  if (!/[,;\t|]/.test(text)) return text;
  let out = text;
  // from the last row back, so the offsets of those before stay good
  const unpicked = rowBlocks(text).flatMap((block) => {
    const keep = pickedRowIndex(text, block);
    return keep === undefined ? [] : block.rows.filter((_, i) => i !== keep);
  });
  for (const r of unpicked.reverse())
    out = dropped ? out.slice(0, r.start) + out.slice(r.end + 1) : out.slice(0, r.start) + " ".repeat(r.end - r.start) + out.slice(r.end);
  return out;
}
