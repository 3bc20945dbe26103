// A thread pasted as dated messages (an SMS or chat log, a claim file's entries), each line of a
// message opening with the day it was sent: "[Tue 2026-11-17 08:12] J. Abernathy: …",
// "2026-11-20 14:03 - Agent: …". Each message's relative dates ("yesterday evening", "today",
// "last Tuesday") count from the day of the message they are in, not from the day the whole text
// is read. A text with fewer than two such lines is no thread: its own date (text/written-on.ts)
// is its today. Each line is looked at once, its first characters only: linear in the text.
import { findDates } from "../dates.js";

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

/** The messages of a thread of dated messages, in text order; empty when the text is none. */
export function datedMessages(text: string): Message[] {
  const out: Message[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    if (MAY_OPEN.test(line)) {
      const head = line.slice(0, STAMP_REACH);
      const d = findDates(head, "2000-01-01").find((m) => !m.relative && m.yearKnown && /\d{4}/.test(m.text));
      if (d && BEFORE_STAMP.test(head.slice(0, d.start)))
        out.push({ start: offset, iso: d.iso, stamp: { start: offset + d.start, end: offset + d.end } });
    }
    offset += line.length + 1;
  }
  return out.length >= 2 ? out : [];
}

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
