// An export that lists its fields as rows, one field a row (`"rows": [{"fld": "BUREAU_SCORE",
// "val": "731", "rev": 2}, {"fld": "REQ_AMT", "val": "20000.00", "unit": "USD"}]`, an
// entity-attribute-value table): before any key is matched such a list is read as the object it
// stands for, each row's field name a key and its value that key's value. A field listed twice is
// read from its highest revision when every row of it numbers one; otherwise the list is left as
// it is (an event log of changes, read by its times elsewhere). A list is read so only when every row names its field under the same key, has a
// value under the same key, and holds nothing else but a revision, a unit and notes. Linear in the
// document.
import { isRecord } from "./json-walk.js";
import { normaliseName } from "./words.js";

/** Keys under which a row names its field. */
const FIELD_KEY = /^(fld|field|field name|field id|attr|attribute|attribute name|param|parameter|variable|var|campo|feld|veld|alan)$/;
/** Keys under which a row gives its field's value. */
const VALUE_KEY = /^(val|value|field value|attribute value|valor|wert|waarde|valore|valeur|deger)$/;
/** Keys of a revision number. */
const REVISION_KEY = /^(rev|revision|version|ver|v|seq)$/;
/** Other keys a row may have: its unit, its revision, notes of it. */
const ROW_KEY =
  /^(rev|revision|version|ver|v|seq|unit|units|uom|ccy|currency|comment|comments|note|notes|remark|source|src|at|ts|date|updated|updated at)$/;

type Row = Record<string, unknown>;

const keyOf = (row: Row, test: RegExp): string | undefined => Object.keys(row).find((k) => test.test(normaliseName(k)));

const wholeNumber = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isInteger(v) ? v : typeof v === "string" && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : undefined;

/** A row's value with its unit beside it, as an amount wrapped with its unit is written. */
function valueOf(row: Row, valueKey: string): unknown {
  const unitKey = Object.keys(row).find((k) => /^(unit|units|uom)$/.test(normaliseName(k)));
  const value = row[valueKey];
  return unitKey !== undefined && typeof row[unitKey] === "string" && (typeof value === "string" || typeof value === "number")
    ? { value, unit: row[unitKey] }
    : value;
}

/** The object a list of field rows stands for; undefined for a list that is not one. */
export function fieldRows(list: readonly unknown[]): Row | undefined {
  if (list.length < 2 || !list.every(isRecord)) return undefined;
  const rows = list as Row[];
  const fieldKey = keyOf(rows[0]!, FIELD_KEY);
  const valueKey = keyOf(rows[0]!, VALUE_KEY);
  if (fieldKey === undefined || valueKey === undefined) return undefined;
  const shaped = (r: Row): boolean =>
    typeof r[fieldKey] === "string" &&
    (r[fieldKey] as string).trim() !== "" &&
    Object.hasOwn(r, valueKey) &&
    Object.keys(r).every((k) => k === fieldKey || k === valueKey || ROW_KEY.test(normaliseName(k)));
  if (!rows.every(shaped)) return undefined;
  const byField = new Map<string, Row[]>();
  for (const r of rows) {
    const name = (r[fieldKey] as string).trim();
    byField.set(name, [...(byField.get(name) ?? []), r]);
  }
  const out: Row = {};
  for (const [name, same] of byField) {
    const row = same.length === 1 ? same[0] : latest(same);
    // a field changed with no revision numbers (an event log) is the event readers' to read
    if (row === undefined) return undefined;
    out[name] = valueOf(row, valueKey);
  }
  return out;
}

/** Of rows of one field, the one of the highest revision, when each numbers its own. */
function latest(rows: Row[]): Row | undefined {
  const key = keyOf(rows[0]!, REVISION_KEY);
  if (key === undefined) return undefined;
  const numbers = rows.map((r) => wholeNumber(r[key]));
  if (numbers.some((n) => n === undefined) || new Set(numbers).size !== numbers.length) return undefined;
  return rows[numbers.indexOf(Math.max(...(numbers as number[])))];
}

function rewrite(v: unknown): unknown {
  if (Array.isArray(v)) return fieldRows(v) ?? v.map(rewrite);
  if (!isRecord(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x)]));
}

/** The document with its lists of field rows as the objects they stand for; a document with none as it is. */
export const withFieldRowsAsKeys = (root: unknown): unknown => rewrite(root);
