// Tables exported as column names beside rows of cells (`{"columns": ["Name", "Age"], "rows":
// [["Ana", "41"], …]}`, as a spreadsheet or a data frame is written out) are read as the list of
// records they stand for: each row an object keyed by the column names, kept at the rows' place.
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

/** The state with every columns-and-rows table turned into a list of records; other values as they are. */
export function tablesAsRecords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tablesAsRecords);
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
