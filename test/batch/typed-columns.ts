// What a typed table column (Parquet, PostgreSQL) can hold of a generated state's value: the
// differential tests of the SQL engines keep such values and leave the others out of the row.
import { isWellFormed } from "../../src/runtime/well-formed.js";

const realDay = (iso: string): boolean => {
  const t = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === iso;
};

/** Whether a column of the input's kind holds the value; `fromYearOne`: a date before year 1 does not fit (PostgreSQL). */
export function fitsColumn(v: unknown, kind: string, fromYearOne = false): boolean {
  if (kind === "number") return typeof v === "number";
  if (kind === "boolean") return typeof v === "boolean";
  if (kind === "date") return typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) && realDay(v) && (!fromYearOne || v >= "0001");
  return typeof v === "string" && !v.includes("\0") && isWellFormed(v);
}
