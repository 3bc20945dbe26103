// A thread pasted as dated messages (an SMS or chat log, a claim file's entries), each line of a
// message opening with the day it was sent: "[Tue 2026-11-17 08:12] J. Abernathy: …",
// "2026-11-20 14:03 - Agent: …", "[12/10/26 17:52] Dan: …", "09/24/25 14:10 RK: …". Each message's relative dates ("yesterday evening", "today",
// "last Tuesday") count from the day of the message they are in, not from the day the whole text
// is read. A text with fewer than two such lines is no thread: its own date (text/written-on.ts)
// is its today. Each line is looked at once, its first characters only: linear in the text.
import { findDates, numericDateOrder } from "../dates.js";

export interface Message {
  /** offset of the message's first character (its stamp line) */
  start: number;
  /** the day the message was sent (ISO) */
  iso: string;
  /** the span of the stamp's date: the message's envelope, no fact it tells of */
  stamp: { start: number; end: number };
}

/** How far into its line a message's stamp may reach. */
const STAMP_REACH = 40;
/** What may stand before the stamp's date: a bracket, a weekday. */
const BEFORE_STAMP = /^\s*[[(]?\s*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s*)?$/i;
/**
 * A line that may open with a date: a bracket, a digit, a weekday or a month word. The blanks
 * after a bracket are tried only after one (two runs of blanks side by side would try every split
 * of a blank line between them: the square of its length).
 */
const MAY_OPEN = /^\s*(?:[[(]\s*)?(?:\d|(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)/i;

/**
 * A stamp written short: day and month as numbers, a two-digit year, then the time it was sent
 * ("[12/10/26 17:52]", "09/24/25 14:10 RK:"). The time after it is what makes it a stamp: a line
 * opening with "3/14 (Sat)" or a numbered list is none.
 */
const SHORT_STAMP = /^((\d{1,2})([/.-])(\d{1,2})\3(\d{2}))\b,?\s+\d{1,2}:\d{2}/;

/** The day a short stamp says, in the text's order of day and month; undefined when it is no day. */
function shortDay(m: RegExpExecArray, order: "dmy" | "mdy"): string | undefined {
  const [a, b, year] = [Number(m[2]), Number(m[4]), 2000 + Number(m[5])];
  const [day, month] = order === "dmy" ? [a, b] : [b, a];
  const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return month >= 1 && month <= 12 && day >= 1 && new Date(`${iso}T00:00:00Z`).getUTCDate() === day ? iso : undefined;
}

/** The messages of a thread of dated messages, in text order; empty when the text is none. */
export function datedMessages(text: string): Message[] {
  const out: Message[] = [];
  const short: { line: number; at: number; stamp: RegExpExecArray }[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    if (MAY_OPEN.test(line)) {
      const head = line.slice(0, STAMP_REACH);
      const lead = /^\s*[[(]?\s*/.exec(head)![0].length;
      const s = SHORT_STAMP.exec(head.slice(lead));
      const d = s ? undefined : findDates(head, "2000-01-01").find((m) => !m.relative && m.yearKnown && /\d{4}/.test(m.text));
      if (s) short.push({ line: offset, at: offset + lead, stamp: s });
      else if (d && BEFORE_STAMP.test(head.slice(0, d.start)))
        out.push({ start: offset, iso: d.iso, stamp: { start: offset + d.start, end: offset + d.end } });
    }
    offset += line.length + 1;
  }
  // a short stamp's day and month are read in the order the whole text reads its numeric dates
  // ("14/10/26" in one stamp settles the others'); stamps whose order the text leaves open date nothing
  const order = short.some(({ stamp }) => stamp[3] !== ".") ? numericDateOrder(text, "2000-01-01") : undefined;
  for (const { line, at, stamp } of short) {
    // a dotted stamp ("12.10.26") puts the day first, as every dotted date does
    const read = stamp[3] === "." ? "dmy" : order;
    const iso = read && shortDay(stamp, read);
    if (iso) out.push({ start: line, iso, stamp: { start: at, end: at + stamp[1]!.length } });
  }
  out.sort((a, b) => a.start - b.start);
  return out.length >= 2 ? out : [];
}

/** The thread's earliest message (its messages may stand in any order: a reply above what it answers). */
export const firstMessage = (messages: readonly Message[]): Message | undefined =>
  messages.reduce<Message | undefined>((first, m) => (first === undefined || m.iso < first.iso ? m : first), undefined);

/** The day of the message holding offset `at` (undefined before the first message). */
export const messageDay = (messages: readonly Message[], at: number): string | undefined =>
  messages.reduce<Message | undefined>((holder, m) => (m.start <= at && (!holder || m.start > holder.start) ? m : holder), undefined)?.iso;

/**
 * The text cut at its messages: each piece with its offset and the day its relative dates count
 * from (the text before the first message, a title, counts from `reference`).
 */
export function messagePieces(text: string, messages: Message[], reference: string): { start: number; text: string; reference: string }[] {
  if (messages.length === 0) return [{ start: 0, text, reference }];
  const bounds = [{ start: 0, iso: reference }, ...messages];
  return bounds
    .map((b, j) => ({ start: b.start, text: text.slice(b.start, bounds[j + 1]?.start ?? text.length), reference: b.iso }))
    .filter((p) => p.text !== "");
}
