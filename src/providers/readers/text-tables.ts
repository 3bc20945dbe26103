// A table pasted into a text as tab-separated lines (a bordereau, a quote sheet), or as comma- or
// semicolon-separated ones under a line of column names (a CSV export), or as a markdown table of
// records of which the prose names one (text/picked-rows.ts), is read as rows
// and columns before any cue: a block of two or more lines cut by tabs into as many cells as its
// first line is a table. With a first line naming a label column and a value column ("Field",
// "Value"), or with two cells a line, it is a form of labelled values, read as one record
// ({"Customer tier": "Gold", …}); otherwise its first line names the columns and each later line is
// a row (a "TOTAL" row sums the others and is left out), one row read as a record, several as a
// list; rows that continue the one above (a first cell left empty: more lines of one claim) make
// the columns they fill the lines' own, left out of the record (its total is the prose's to give). Lines of two cells after a table of three or more
// columns (settings under a quote sheet) are a form of their own; an indented "SUBTOTAL" row is a total. The JSON reader then reads that structure by its keys. One pass over the text's lines.
import type { InputIR } from "../../ir/ir.js";
import type { ReadValue } from "../types.js";
import { readJson } from "./json-reader.js";
import { isRecord } from "./json-walk.js";
import { firstHeadingCell, pickedRowIndex, rowBlocks, withoutUnpickedRows } from "./text/picked-rows.js";
import type { Meter } from "./text/text-index.js";
import { textRosters } from "./text-rosters.js";
import { isTotalLabel } from "./total-rows.js";

/** First cells naming a form's label column and value column. */
const LABEL_HEADING = /^(field|item|label|name|key|attribute|question|description)$/i;
const VALUE_HEADING = /^(value|answer|amount|entry|details?|response)$/i;

/** The cells of a tab-separated line, trailing empty cells dropped. */
function cells(line: string): string[] {
  const out = line.split("\t").map((c) => c.trim());
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out;
}

/** The blocks of consecutive lines holding a tab, two lines or more, each as its lines' cells. */
function tabBlocks(text: string): string[][][] {
  const blocks: string[][][] = [];
  let block: string[][] = [];
  const close = () => {
    if (block.length >= 2) blocks.push(block);
    block = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.includes("\t") && line.trim() !== "") {
      const cs = cells(line);
      // a heading whose line a sentence opens: the sentence is none of its column names
      if (block.length === 0 && cs.length > 0) cs[0] = firstHeadingCell(cs[0]!);
      block.push(cs);
    } else close();
  }
  close();
  return blocks;
}

/** A row that totals the others, named in its first cell or, indented, in its first filled one ("\tSUBTOTAL\t65"). */
const totalRow = (r: string[]): boolean => isTotalLabel(r.find((c) => c !== "") ?? "");

/**
 * A row table followed, with no blank line, by labelled values ("Coupon (%)\t10", "Term
 * (months)\t24"): two or more lines of two cells after a header of three or more. The tail is a
 * form of its own, not rows of the table.
 */
function formTail(block: string[][]): [string[][], string[][]] | undefined {
  const width = block[0]!.length;
  if (width < 3) return undefined;
  let k = block.length;
  while (k > 2 && block[k - 1]!.length === 2 && isLabel(block[k - 1]![0])) k--;
  return block.length - k >= 2 ? [block.slice(0, k), block.slice(k)] : undefined;
}

const isLabel = (s: string | undefined): boolean => !!s && /[A-Za-z]/.test(s) && s.split(/\s+/).length <= 8;

function asStructure(rows: string[][]): Record<string, unknown> | Record<string, unknown>[] | undefined {
  const [head, ...body] = rows;
  const width = head!.length;
  if (width < 2 || rows.some((r) => r.length > width || r.length === 0)) return undefined;
  const form = LABEL_HEADING.test(head![0]!) && VALUE_HEADING.test(head![1]!);
  if (form || (width === 2 && rows.every((r) => isLabel(r[0])))) {
    const entries = (form ? body : rows).filter((r) => r.length >= 2 && isLabel(r[0]));
    return entries.length > 0 ? Object.fromEntries(entries.map((r) => [r[0]!, r[1]!])) : undefined;
  }
  if (!head!.every(isLabel) || new Set(head).size !== width) return undefined;
  // a row with its first cell empty continues the one above (more lines of one claim): the columns
  // it fills hold each line's own cells, none of them the record's
  const continued = body.filter((r) => r[0] === "" && !totalRow(r));
  const lineColumns = new Set(continued.flatMap((r) => r.flatMap((c, i) => (c === "" ? [] : [i]))));
  const records = body
    .filter((r) => r[0] !== "" && !totalRow(r))
    .map((r) => Object.fromEntries(head!.flatMap((h, i) => (lineColumns.has(i) ? [] : [[h, r[i] ?? ""]]))));
  if (records.length === 0) return undefined;
  return records.length === 1 ? records[0]! : records;
}

/**
 * A text's tables of lines cut by commas or semicolons under a line of column names ("claim_id,
 * insured,amount"), and its markdown tables of records of which the prose names one, as their lines'
 * cells; of several records the prose names one of, that one alone.
 */
const delimitedBlocks = (text: string): string[][][] =>
  rowBlocks(text).flatMap((b) => {
    const keep = pickedRowIndex(text, b);
    if (b.delimiter === "\t" || (b.delimiter === "|" && keep === undefined)) return [];
    return [[b.head, ...(keep === undefined ? b.rows : [b.rows[keep]!]).map((r) => r.cells)]];
  });

/**
 * The tables a text holds, and the lists of its household's people under a heading naming them
 * (text-rosters.ts), as the JSON they stand for (several under numbered keys); undefined when
 * it holds none. A table of several records of which the prose names one by its identifier is read
 * as that one (text/picked-rows.ts).
 */
export function textTables(text: string): unknown {
  const rosters = textRosters(text);
  const listed = Object.keys(rosters).length > 0 ? [rosters] : [];
  if (!/[\t,;|]/.test(text) && listed.length === 0) return undefined;
  const tabbed = text.includes("\t") ? tabBlocks(withoutUnpickedRows(text, true)).flatMap((b) => formTail(b) ?? [b]) : [];
  const tables = [
    ...[...tabbed, ...delimitedBlocks(text)].flatMap((b) => {
      const s = asStructure(b);
      return s ? [s] : [];
    }),
    ...listed,
  ];
  if (tables.length === 0) return undefined;
  if (tables.length === 1) return tables[0];
  // forms merge into one record; row tables keep their own keys
  const out: Record<string, unknown> = {};
  tables.forEach((t, i) => (isRecord(t) ? Object.assign(out, t) : (out[`table ${i + 1}`] = t)));
  return out;
}

/** A table's value the prose reads otherwise: the table's cell is the better evidence, not a sure one. */
const TABLE_OVER_PROSE = 0.85;

/**
 * The values of `inputs` (those the text reader answers) a text's tables give, put over what the
 * prose reading found: a value both agree on keeps the surer confidence; one they disagree on is
 * the table's, never above 0.85; one only the table gives is the table's.
 */
export function withTables(
  inputs: InputIR[],
  text: string,
  prose: Record<string, ReadValue>,
  reference: string | undefined,
  meter?: Meter,
): Record<string, ReadValue> {
  const table = textTables(text);
  if (table === undefined || inputs.length === 0) return prose;
  const fromTable = readJson(inputs, table, reference, meter);
  const out = { ...prose };
  for (const [name, v] of Object.entries(fromTable)) {
    const p = prose[name];
    if (!p) out[name] = v;
    else if (sameRead(p.value, v.value)) out[name] = p.confidence >= v.confidence ? p : v;
    else out[name] = { ...v, confidence: Math.min(v.confidence, TABLE_OVER_PROSE) };
  }
  return out;
}

const sameRead = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
