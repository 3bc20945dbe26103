// A day not known, only the window it fell in: `"LossDate": {"known": "false", "Earliest":
// "2026-10-02", "Latest": "2026-10-05"}`, `"loss_date": {"from": "2026-10-02", "to": "2026-10-05"}`,
// `"loss_date_earliest": …, "loss_date_latest": …`. Either bound is a day the thing may have
// happened on, not the day it did; a careful clerk enters no date. Before any key is matched, such
// a window is left unread (null):
// - a record whose flag says its day is not known (`known`, `exact`, `confirmed` false) and that
//   holds days;
// - a record of two different days under the bounds of a window (`earliest`/`latest`,
//   `not_before`/`not_after`), or under `from`/`to` (`start`/`end`, `min`/`max`) when the record's
//   own key names one day (`loss_date`, `incidentDay`, `occurred_on`), not a period (`coverage`);
// - two keys beside each other that differ only by those bounds (`loss_date_earliest`,
//   `loss_date_latest`) holding two different days.
// Linear in the document.
import { parseDateString } from "./dates.js";
import { isRecord } from "./json-walk.js";
import { nameWords } from "./words.js";

/** The bounds of a range of days, lower and upper: a window's always, a range's (false) only of what names one day. */
const BOUNDS: [string, string, boolean][] = [
  ["earliest", "latest", true],
  ["notbefore", "notafter", true],
  ["from", "to", false],
  ["start", "end", false],
  ["min", "max", false],
];
/** Flags saying whether the day itself is known. */
const KNOWN_FLAGS = new Set(["known", "exact", "confirmed", "certain"]);
/** Last words of a key that names one day. */
const DAY_WORDS = new Set(["date", "day", "on", "when", "dt"]);

/** A key's words with a two-word bound made one (`not_before` → notbefore). */
const boundWords = (key: string): string[] =>
  nameWords(key)
    .join(" ")
    .replace(/\bnot (before|after)\b/g, "not$1")
    .split(" ");

const isDay = (v: unknown): boolean => typeof v === "string" && /\d/.test(v) && parseDateString(v) !== undefined;
const falseFlag = (v: unknown): boolean => v === false || (typeof v === "string" && /^\s*(false|no|n)\s*$/i.test(v));

/**
 * The pairs of keys of a record that bound a window of one day: two different days under a
 * window's bounds with the same words before them (`Earliest`/`Latest`, `loss_date_earliest`/
 * `loss_date_latest`), or under a range's when those words (or, bare, the record's own key) name
 * one day (`loss_date_from`/`loss_date_to`; `from`/`to` under `loss_date`). Each pair with its
 * words before the bounds ("" when the keys are the bounds alone).
 */
function windowPairs(key: string, record: Record<string, unknown>): { keys: [string, string]; subject: string }[] {
  const days = Object.keys(record).filter((k) => isDay(record[k]));
  const out: { keys: [string, string]; subject: string }[] = [];
  for (const a of days) {
    const wa = boundWords(a);
    const subject = wa.slice(0, -1);
    for (const [low, high, window] of BOUNDS) {
      if (wa.at(-1) !== low) continue;
      const b = days.find((k) => boundWords(k).at(-1) === high && boundWords(k).slice(0, -1).join(" ") === subject.join(" "));
      const names = subject.length > 0 ? subject : nameWords(key);
      if (b !== undefined && record[a] !== record[b] && (window || DAY_WORDS.has(names.at(-1) ?? "")))
        out.push({ keys: [a, b], subject: subject.join(" ") });
    }
  }
  return out;
}

/** Whether a record holds days and a flag saying its day is not known (`"known": "false"`). */
const unknownDay = (record: Record<string, unknown>): boolean =>
  Object.values(record).some(isDay) && Object.entries(record).some(([k, v]) => KNOWN_FLAGS.has(nameWords(k).at(-1) ?? "") && falseFlag(v));

/** The state with each window of days left unread where a single day would be read. */
export function withoutDateWindows(v: unknown, key = ""): unknown {
  if (Array.isArray(v)) return v.map((x) => withoutDateWindows(x, key));
  if (!isRecord(v)) return v;
  const pairs = windowPairs(key, v);
  if (key !== "" && (unknownDay(v) || pairs.some((p) => p.subject === ""))) return null;
  const bounds = new Set(pairs.flatMap((p) => p.keys));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, bounds.has(k) ? null : withoutDateWindows(x, k)]));
}
