// A series of readings of one measure, each dated (`"credit_pulls": [{"date": "2025-11-03",
// "score": 690}, {"date": "2026-02-27", "score": 712}]`): the latest is the measure now, the
// others are of another time. Only a list whose records all have the same two keys, a day and one
// value, every day an ISO date: a list of records with more to say (claims, payments) is a list of
// things, not of readings. Linear in the list.
import { normaliseName } from "./words.js";

/** Keys of the day a reading was taken. */
const DAY_KEYS = new Set([
  "date",
  "day",
  "on",
  "at",
  "as of",
  "pulled",
  "pulled on",
  "pulled at",
  "checked",
  "checked on",
  "taken",
  "taken on",
  "when",
  "ts",
  "timestamp",
]);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The index of the latest of a list of dated readings, if it is one and its latest day is one record's alone. */
export function latestReading(list: readonly Record<string, unknown>[]): number | undefined {
  if (list.length < 2) return undefined;
  const first = Object.keys(list[0]!);
  if (first.length !== 2) return undefined;
  const day = first.find((k) => DAY_KEYS.has(normaliseName(k)));
  const value = first.find((k) => k !== day);
  if (day === undefined || value === undefined) return undefined;
  let latest = -1;
  let tie = false;
  for (let i = 0; i < list.length; i++) {
    const r = list[i]!;
    const d = r[day];
    const v = r[value];
    if (Object.keys(r).length !== 2 || typeof d !== "string" || !ISO_DAY.test(d) || (typeof v !== "number" && typeof v !== "string"))
      return undefined;
    const held = latest < 0 ? undefined : (list[latest]![day] as string);
    if (held === undefined || d > held) [latest, tie] = [i, false];
    else if (d === held) tie = true;
  }
  return tie ? undefined : latest;
}
