// A series of readings of one measure, each dated (`"credit_pulls": [{"date": "2025-11-03",
// "score": 690}, {"date": "2026-02-27", "score": 712}]`): the latest is the measure now, the
// others are of another time. Only a list whose records all have the same two keys, a day and one
// value, every day an ISO date: a list of records with more to say (claims, payments) is a list of
// things, not of readings, unless every record names the same kind of value (`"kind": "claimed"`
// on each of a claim's amounts, with who gave it and a note): that one value set again, the latest
// is the one in force. Linear in the list.
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

/** Keys that say which kind of value a record holds (`"kind": "claimed"`, `"type": "quote"`). */
const KIND_KEYS = new Set(["kind", "type", "measure", "metric"]);

/** The key of the kind every record of the list names, the same for all, if there is one. */
function oneKindKey(list: readonly Record<string, unknown>[]): string | undefined {
  const key = Object.keys(list[0]!).find((k) => KIND_KEYS.has(normaliseName(k)) && typeof list[0]![k] === "string");
  if (key === undefined) return undefined;
  const kind = (list[0]![key] as string).trim().toLowerCase();
  return kind !== "" && list.every((r) => typeof r[key] === "string" && r[key].trim().toLowerCase() === kind) ? key : undefined;
}

/** The index of the latest of a list of dated readings, if it is one and its latest day is one record's alone. */
export function latestReading(list: readonly Record<string, unknown>[]): number | undefined {
  if (list.length < 2) return undefined;
  const first = Object.keys(list[0]!);
  const kind = oneKindKey(list);
  if (first.length !== 2 && kind === undefined) return undefined;
  const day = first.find((k) => DAY_KEYS.has(normaliseName(k)));
  const value = first.find((k) => k !== day && k !== kind && (typeof list[0]![k] === "number" || typeof list[0]![k] === "string"));
  if (day === undefined || value === undefined) return undefined;
  let latest = -1;
  let tie = false;
  for (let i = 0; i < list.length; i++) {
    const r = list[i]!;
    const d = r[day];
    const v = r[value];
    if (
      (kind === undefined && Object.keys(r).length !== 2) ||
      typeof d !== "string" ||
      !ISO_DAY.test(d) ||
      (typeof v !== "number" && typeof v !== "string")
    )
      return undefined;
    const held = latest < 0 ? undefined : (list[latest]![day] as string);
    if (held === undefined || d > held) [latest, tie] = [i, false];
    else if (d === held) tie = true;
  }
  return tie ? undefined : latest;
}
