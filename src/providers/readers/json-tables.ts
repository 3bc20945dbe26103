// Tables exported as column names beside rows of cells (`{"columns": ["Name", "Age"], "rows":
// [["Ana", "41"], …]}`, as a spreadsheet or a data frame is written out) are read as the list of
// records they stand for: each row an object keyed by the column names, kept at the rows' place.
// So are rows of cells whose first rows are the header (a spreadsheet's rows written out as lists):
// the leading rows holding no number name the columns, a blank cell of the first of them belonging
// to the merged cell on its left, and a merged column's cells are read as one phrase, each cell
// after the first said with the name under it (`"9,500"`, `"month"` under "amount", "per": `"9,500
// per month"`). Linear in the rows.
import { normaliseName } from "./words.js";
import { isRecord } from "./json-walk.js";

const COLUMN_KEYS = new Set(["columns", "cols", "header", "headers", "fields", "column names"]);
const ROW_KEYS = new Set(["rows", "data", "records", "values"]);

/** The key of the column names and the key of the rows, when every row has one cell per distinct column name. */
function tableKeys(o: Record<string, unknown>): { columns: string; rows: string } | undefined {
  const keys = Object.keys(o);
  const columns = keys.find((k) => COLUMN_KEYS.has(normaliseName(k)));
  const rows = keys.find((k) => ROW_KEYS.has(normaliseName(k)));
  if (!columns || !rows) return undefined;
  const names = o[columns];
  const cells = o[rows];
  if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === "string" && n.trim() !== "")) return undefined;
  if (new Set(names).size !== names.length) return undefined;
  if (!Array.isArray(cells) || !cells.every((r) => Array.isArray(r) && r.length === names.length)) return undefined;
  return { columns, rows };
}

/** A cell that says a number: a number, or a string of digits with marks (`"9,500"`, `"$60,000"`). */
const saysNumber = (c: unknown): boolean => typeof c === "number" || (typeof c === "string" && /^[^A-Za-z]*\d[^A-Za-z]*$/.test(c));
const isBlank = (c: unknown): boolean => c === null || c === undefined || (typeof c === "string" && c.trim() === "");

/** Rows of cells led by header rows, as records keyed by the column names; otherwise undefined. */
function headedRows(rows: unknown[]): Record<string, unknown>[] | undefined {
  if (rows.length < 2 || !rows.every(Array.isArray)) return undefined;
  const width = (rows[0] as unknown[]).length;
  if (width < 3 || !rows.every((r) => (r as unknown[]).length === width)) return undefined;
  const grid = rows as unknown[][];
  let heads = 0;
  while (heads < grid.length && grid[heads]!.every((c) => isBlank(c) || (typeof c === "string" && !saysNumber(c)))) heads++;
  if (heads === 0 || heads === grid.length || grid[0]!.filter((c) => !isBlank(c)).length < 3) return undefined;
  // each column's group (the first header row, a blank cell merged with its left) and the name under it
  const groups: string[] = [];
  for (let i = 0; i < width; i++) {
    const top = grid[0]![i];
    groups.push(isBlank(top) ? (groups[i - 1] ?? "") : String(top).trim());
  }
  const subs = groups.map((_, i) =>
    grid
      .slice(1, heads)
      .map((r) => r[i])
      .filter((c) => !isBlank(c))
      .join(" "),
  );
  if (groups.some((g) => g === "")) return undefined;
  return grid.slice(heads).map((row) => {
    const out: Record<string, unknown> = {};
    row.forEach((cell, i) => {
      const g = groups[i]!;
      if (!Object.hasOwn(out, g)) out[g] = cell;
      else if (!isBlank(cell)) out[g] = [out[g], subs[i], cell].filter((x) => !isBlank(x)).join(" ");
    });
    return out;
  });
}

/** The state with every columns-and-rows table turned into a list of records; other values as they are. */
export function tablesAsRecords(value: unknown): unknown {
  if (Array.isArray(value)) return (headedRows(value) ?? value).map(tablesAsRecords);
  if (!isRecord(value)) return value;
  const table = tableKeys(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (table && k === table.rows) {
      const names = value[table.columns] as string[];
      out[k] = (v as unknown[][]).map((row) => Object.fromEntries(names.map((n, i) => [n, tablesAsRecords(row[i])])));
    } else out[k] = tablesAsRecords(v);
  }
  return out;
}
