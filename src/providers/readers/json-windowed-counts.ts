// Counts of dated records inside the span of time a question asks about: "How many claims has the
// driver made in the last five years?" of a list of claims each with its date counts only those
// dated inside the five years before the reading's day, and of those that say whose they are, the main one's. Only when every record's date is certain:
// a full date that reads one way, or a year wholly inside or wholly outside the span; a record
// dated on the span's first day, in the future, or with no date or two gives no count at all.
import { parseDateString } from "./dates.js";
import { mainOnes } from "./json-main-records.js";
import { numberWord } from "./numbers.js";
import { normaliseName } from "./words.js";

/** A desc's span back from the day of reading: "in the last five years", "over the past 36 months", "within the previous 3 years". */
const SPAN = /\b(?:last|past|previous|preceding)\s+(\d{1,2}|[a-z]+(?:-[a-z]+)?)\s+(years?|months?)\b/i;

/** The months back from the day of reading that the desc's question asks about; undefined if it names no span. */
export function spanAsked(desc: string): number | undefined {
  const m = SPAN.exec(desc);
  if (!m) return undefined;
  const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : numberWord(m[1]!);
  if (n === undefined || n <= 0) return undefined;
  return /^year/i.test(m[2]!) ? n * 12 : n;
}

/** The ISO day `months` before `iso` (the same day of the month, or the month's last when it has none). */
export function monthsBefore(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** Keys of a record's day or year (`date`, `loss_date`, `claimDate`, `occurred`, `year`), normalised. */
const DATE_KEY = /\b(?:date|dt|day|when|occurred|happened|year|yr)\b/;

/** Where a record stands against the span: inside it, before it, or not certainly either. */
type Place = "inside" | "before" | "unsure";

/** Where a record's one date places it against the span [start, end] (exclusive of start). */
function placeOf(record: Record<string, unknown>, start: string, end: string): Place {
  const dated = Object.entries(record).filter(
    ([k, v]) => DATE_KEY.test(normaliseName(k)) && (typeof v === "string" || (typeof v === "number" && Number.isInteger(v))),
  );
  if (dated.length !== 1) return "unsure";
  const v = dated[0]![1];
  const year = typeof v === "number" ? v : /^\s*(\d{4})\s*$/.exec(v as string)?.[1];
  if (year !== undefined) {
    const y = Number(year);
    // a year is certain only when all of it lies on one side of the span's start, none after its end
    if (y > Number(end.slice(0, 4))) return "unsure";
    if (`${y}-12-31` < start) return "before";
    return `${y}-01-01` > start ? "inside" : "unsure";
  }
  const d = parseDateString(v as string, end);
  if (!d?.exact || d.iso > end || d.iso === start) return "unsure";
  return d.iso > start ? "inside" : "before";
}

/**
 * How many of the records lie inside the span the desc asks about, counted back from `reference`;
 * undefined when the desc names no span, or any record's place against it is not certain.
 */
export function countInSpan(desc: string, records: readonly Record<string, unknown>[], reference: string): number | undefined {
  const months = spanAsked(desc);
  if (months === undefined || records.length === 0) return undefined;
  // the main driver's claims only, where the claims say whose they are
  const own = mainOnes(records);
  if (!own) return undefined;
  const start = monthsBefore(reference, months);
  let inside = 0;
  for (const r of own) {
    const place = placeOf(r, start, reference);
    if (place === "unsure") return undefined;
    if (place === "inside") inside++;
  }
  return inside;
}
