// A table pasted into a text, one item a row — a household's debts, its members' incomes — cut by
// pipes (markdown: "| mortgage | $212,000 | $1,480 |"), tabs, or runs of spaces under a header of
// three or more columns. An input that asks a total ("the total outstanding balance of all the
// household's debts", "pay each month on all its debts together") is the sum of the column its
// header names ("Balance", "Monthly payment"), each cell converted from its period (the header's,
// or the cell's own: "$30,000/yr") to the input's. A row that totals the others ("**Total**",
// "Summe", "Celkem", "Razem", "Subtotal cards") is no item: its cell is the sum stated, taken when
// the items add up to it. A row whose words say it has ended — a debt closed or paid off, a member
// who moved out — counts in no total. Each column answers one input; a value the prose took from a
// cell of a column that answers another input is dropped (the table's own reading is better). One
// pass over the text's lines.
import type { InputIR } from "../../ir/ir.js";
import type { ReadValue } from "../types.js";
import { LEFT_PHRASE } from "./departed.js";
import { MIN_KEY_SCORE, inputWords, pathScore } from "./json-keys.js";
import { asksTotal } from "./text/totals.js";
import { isTotalLabel } from "./total-rows.js";
import { convertPeriod, parseAmount, roundFloat, type Period } from "./numbers.js";
import { BALANCE_WORDS, hasStem, PAYMENT_WORDS } from "./json-groups.js";
import { contentStems, periodOfKey, periodOfText, stem } from "./words.js";

/** A table's line: its cells, and where the line stands in the text. */
interface Row {
  cells: string[];
  start: number;
  end: number;
}

/** A table: its header's cells and its later rows. */
interface Table {
  head: string[];
  rows: Row[];
}

/** Words of a row that say it counts no more: a debt closed or paid off; a member who left (`departed.ts`). */
const ENDED_ROW = /\b(closed|paid[ -]?off|repaid|settled|cancell?ed|written[ -]?off)\b/i;

/**
 * A separator line of a markdown table ("|---|:--:|"). No two runs of blanks are next to each other
 * without a "|" between them, so a long line of blanks is refused in time linear in its length.
 */
const SEPARATOR = /^\s*(?:\|\s*)?:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*(?:\|\s*)?$/;

/** The cells of a line: cut by pipes, by tabs, or by runs of two spaces or more; markup (`**`, `__`) dropped. */
function cellsOf(line: string, by: "pipe" | "tab" | "spaces"): string[] {
  let body = line.trim();
  if (by === "pipe") body = body.replace(/^\|/, "").replace(/\|$/, "");
  const cut = by === "pipe" ? /\|/ : by === "tab" ? /\t/ : / {2,}|\t/;
  return body.split(cut).map((c) => c.replace(/\*\*|__/g, "").trim());
}

/** How a line is cut into cells, if it is one of a table's. */
function cutOf(line: string): "pipe" | "tab" | "spaces" | undefined {
  if (/\S\s*\|\s*\S/.test(line) || /^\s*\|.*\|\s*$/.test(line)) return "pipe";
  if (/\S\t+\S/.test(line)) return "tab";
  if (/\S {2,}\S/.test(line.trim())) return "spaces";
  return undefined;
}

const isLabel = (s: string): boolean => /\p{L}/u.test(s) && parseCell(s) === undefined && s.split(/\s+/).length <= 6;

/** The tables of a text: runs of lines cut alike, the first a header of labels (three or more for a table cut by spaces). */
function tablesIn(text: string): Table[] {
  const tables: Table[] = [];
  let run: { cells: string[]; start: number; end: number }[] = [];
  let cut: ReturnType<typeof cutOf>;
  const close = () => {
    const [head, ...rows] = run;
    run = [];
    if (!head || rows.length < 2 || head.cells.length < (cut === "spaces" ? 3 : 2) || !head.cells.every(isLabel)) return;
    if (rows.some((r) => r.cells.length > head.cells.length)) return;
    tables.push({ head: head.cells, rows });
  };
  let at = 0;
  for (const line of text.split("\n")) {
    const [start, end] = [at, at + line.length];
    at = end + 1;
    if (SEPARATOR.test(line) && run.length === 1 && line.includes("-")) continue;
    const c = line.trim() === "" ? undefined : cutOf(line);
    if (c === undefined || (run.length > 0 && c !== cut)) close();
    if (c === undefined) continue;
    cut = c;
    run.push({ cells: cellsOf(line, c), start, end });
  }
  close();
  return tables;
}

/** A cell's amount: its figure and the period it states ("$30,000/yr"), a note in brackets after it let be ("0.00 (PAID OFF)"). */
function parseCell(cell: string): { value: number; period?: Period } | undefined {
  const a = parseAmount(cell.replace(/\s*\([^)]*\)\s*$/, "").trim());
  return a && !a.percent ? { value: a.value, ...(a.period ? { period: a.period } : {}) } : undefined;
}

/** A row's cell of column k: a short row (a total's label spanning the label columns) is aligned to the right. */
const cellAt = (row: Row, width: number, k: number): string | undefined => row.cells[k - (width - row.cells.length)];

const isTotal = (row: Row): boolean => isTotalLabel(row.cells.find((c) => c !== "") ?? "");
const hasEnded = (row: Row): boolean => row.cells.some((c) => ENDED_ROW.test(c) || LEFT_PHRASE.test(c));

/** A column is of amounts when every item row that fills it holds one, and at least two do. */
function amountColumn(table: Table, k: number): boolean {
  const filled = table.rows
    .filter((r) => !isTotal(r))
    .flatMap((r) => (cellAt(r, table.head.length, k) ? [cellAt(r, table.head.length, k)!] : []));
  return filled.length >= 2 && filled.every((c) => parseCell(c) !== undefined);
}

/** The period a cell says and nothing else ("per year", "monthly", "per metus"): no amount, a few words. */
const PERIOD_CELL_WORDS = 3;
function periodOnly(cell: string | undefined): Period | undefined {
  if (!cell || parseCell(cell) || cell.trim().split(/\s+/).length > PERIOD_CELL_WORDS) return undefined;
  return periodOfKey(cell);
}

/**
 * The columns of a table that say each row's period ("Period": "per year", "per month"): every item
 * row that fills it says a period and nothing else, and at least two do.
 */
function periodColumns(table: Table): number[] {
  const width = table.head.length;
  const items = table.rows.filter((r) => !isTotal(r));
  return table.head.flatMap((_, j) => {
    const filled = items.flatMap((r) =>
      cellAt(r, width, j) && !/^[-–—]$/.test(cellAt(r, width, j)!.trim()) ? [cellAt(r, width, j)!] : [],
    );
    return filled.length >= 2 && filled.every((c) => periodOnly(c) !== undefined) ? [j] : [];
  });
}

/** How sure a column's sum is: its items add up to the total row's figure; no total row; they do not (the figure stated is taken). */
const AGREED = 0.85;
const UNSTATED = 0.8;
const DISAGREED = 0.6;
/** A column whose period is not said, for an input per period: its figures may be of another. */
const PERIOD_UNSAID = 0.9;

/** The sum of column k for `input`, in the input's period, or undefined when a cell is not an amount. */
function columnSum(table: Table, k: number, input: InputIR, source: string): ReadValue | undefined {
  const width = table.head.length;
  const asked = periodOfText(`${input.name} ${input.desc ?? ""}`);
  const headed = periodOfKey(table.head[k]!);
  let sum = 0;
  let unsaid = false;
  let stated: number | undefined;
  let first = Infinity;
  let last = 0;
  const periods = periodColumns(table);
  for (const row of table.rows) {
    const cell = cellAt(row, width, k);
    const amount = cell ? parseCell(cell) : undefined;
    if (isTotal(row)) {
      // the first total row that names no subtotal ("TOTAL", not "Subtotal cards") states the sum
      if (amount && stated === undefined && !/^sub/i.test(row.cells.find((c) => c !== "")!)) stated = amount.value;
      continue;
    }
    if (!cell || hasEnded(row)) continue;
    if (!amount) return undefined;
    const period = amount.period ?? periods.map((j) => periodOnly(cellAt(row, width, j)))[0] ?? headed;
    if (period && !asked) return undefined;
    unsaid ||= !period && asked !== undefined;
    sum += period && asked && period !== asked ? convertPeriod(amount.value, period, asked) : amount.value;
    first = Math.min(first, row.start);
    last = Math.max(last, row.end);
  }
  if (first === Infinity) return undefined;
  sum = roundFloat(sum);
  const agreed = stated === undefined ? UNSTATED : Math.abs(stated - sum) < 0.01 ? AGREED : DISAGREED;
  const value = stated ?? sum;
  const confidence = roundFloat(agreed * (unsaid ? PERIOD_UNSAID : 1));
  return { value, confidence, source: { span: { start: first, end: last }, text: source.slice(first, last) } };
}

/** Words of an input about debts: a total owed, or paid on them per period. */
const DEBT_WORDS = new Set(["debt", "loan", "obligation", "liability", "owe", "owed", "repayment"].map(stem));
/** How well a column of a debt table answers an input about debts: a balance for the total owed, a payment for one per period. */
const BY_ROLE = 0.5;

/** A column by its role ("Balance", "Monthly pmt") for an input about debts: a balance when the input has no period, a payment when it has. */
function debtScore(input: InputIR, header: string): number {
  const about = `${input.name} ${input.desc ?? ""}`;
  if (!contentStems(about).some((s) => DEBT_WORDS.has(s))) return 0;
  const perPeriod = periodOfText(about) !== undefined;
  return hasStem(header, perPeriod ? PAYMENT_WORDS : BALANCE_WORDS) ? BY_ROLE : 0;
}

/**
 * The values the text's tables give by their columns' sums, for the inputs that ask a total, over
 * `read` (what else the text gave): each column answers the input its header names best, best
 * pairs first; a value read from a cell of a column another input took is dropped.
 */
export function withColumnSums(inputs: InputIR[], text: string, read: Record<string, ReadValue>): Record<string, ReadValue> {
  const tables = inputs.length > 0 && /[|\t]| {2,}\S/.test(text) ? tablesIn(text) : [];
  if (tables.length === 0) return read;
  const totals = inputs.filter((i) => i.type.kind === "number" && asksTotal(i));
  const pairs = tables.flatMap((table) =>
    table.head.flatMap((header, k) => {
      if (!amountColumn(table, k)) return [];
      return totals.flatMap((input) => {
        const score = Math.max(pathScore(inputWords(input, ""), [header]), debtScore(input, header));
        return score >= MIN_KEY_SCORE ? [{ table, k, input, score }] : [];
      });
    }),
  );
  pairs.sort((a, b) => b.score - a.score);
  const out = { ...read };
  const done = new Set<string>();
  const usedColumns = new Set<string>();
  const taken: { start: number; end: number; input: string }[] = [];
  for (const { table, k, input, score } of pairs) {
    const column = `${tables.indexOf(table)}:${k}`;
    if (done.has(input.name) || usedColumns.has(column)) continue;
    // a column two inputs name alike answers neither
    if (pairs.some((p) => p.table === table && p.k === k && p.input !== input && p.score === score)) continue;
    const v = columnSum(table, k, input, text);
    if (!v) continue;
    done.add(input.name);
    usedColumns.add(column);
    out[input.name] = v;
    for (const row of table.rows) taken.push({ start: row.start, end: row.end, input: input.name });
  }
  for (const [name, v] of Object.entries(out)) {
    if (done.has(name)) continue;
    const span = v.source?.span;
    // a sum another total took from a table read as records (tab-separated: text-tables.ts) is its reading of the same rows
    const fromRecords = v.source?.path !== undefined && done.size > 0 && totals.some((i) => i.name === name);
    if (fromRecords || (span && taken.some((t) => t.input !== name && span.start < t.end && span.end > t.start))) delete out[name];
  }
  return out;
}
