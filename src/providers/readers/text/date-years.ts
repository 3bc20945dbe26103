// The year of a date written without one. chrono gives such a date the year that puts it nearest
// the reference, which crosses a year boundary wrongly: "the first of May last year" read on
// 17 November 2026 became 1 May 2027, "22 May" in a text that says "on 21 May 2026" the line
// before became 22 May 2027. The text says which year: a "last year", "this year" or "next year"
// just after the date counts from the reference; otherwise, when the reference is only the day of
// reading (the text states no date of its own), the date is read beside the dates the text writes
// with their year, nearest the one written nearest it. A span such as "last year" or
// "last week" is no day and answers no date input, nor does a day counted from an event ("the
// day after").
import type { DateMention } from "../dates.js";

const YEAR_WORD = /^(last|this|next)\s+year$/i;
const SPAN = /^(last|this|next|the past|the last)\s+(year|yr|month|mo|mth|week|wk|quarter|qtr)$/i;
/** "the day after", "the week before": counted from an event the text tells of, not from the reference. */
const FROM_EVENT = /^(the\s+)?(day|week|month|year)\s+(after|before)$/i;
const OFFSET: Record<string, number> = { last: -1, this: 0, next: 1 };
/** What may stand between a date and the "last year" that places it: spaces, a comma. */
const JOINED = /^[\s,]{0,3}$/;

const DAY_MS = 86_400_000;
const dayOf = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const withYear = (iso: string, year: number): string => `${String(year).padStart(4, "0")}${iso.slice(4)}`;
/** 29 February stays only in a leap year. */
const real = (iso: string): boolean => new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso;

/** `clock`: the reference is the day of reading, not a date the text states. */
export function settleYears(text: string, mentions: DateMention[], reference: string, clock: boolean): DateMention[] {
  const written = mentions.filter((m) => m.yearKnown && !m.relative && /\b\d{4}\b/.test(m.text));
  const out: DateMention[] = [];
  for (let j = 0; j < mentions.length; j++) {
    const m = mentions[j]!;
    const next = mentions[j + 1];
    if (SPAN.test(m.text.trim()) || FROM_EVENT.test(m.text.trim())) continue;
    if (m.yearKnown || m.relative) {
      out.push(m);
      continue;
    }
    // "the second of February last year": the year counts from the reference
    if (next && YEAR_WORD.test(next.text.trim()) && JOINED.test(text.slice(m.end, next.start))) {
      const year = Number(reference.slice(0, 4)) + OFFSET[next.text.trim().split(/\s+/)[0]!.toLowerCase()]!;
      const iso = withYear(m.iso, year);
      if (real(iso)) out.push({ ...m, end: next.end, text: text.slice(m.start, next.end), iso, yearKnown: true, relative: true });
      j++;
      continue;
    }
    // beside the written date nearest it in the text: the year that puts it nearest that date
    const anchor = written.reduce<DateMention | undefined>(
      (best, w) => (!best || Math.abs(w.start - m.start) < Math.abs(best.start - m.start) ? w : best),
      undefined,
    );
    if (!anchor || !clock) {
      out.push(m);
      continue;
    }
    const y = Number(anchor.iso.slice(0, 4));
    const options = [y - 1, y, y + 1].map((year) => withYear(m.iso, year)).filter(real);
    const iso = options.sort((a, b) => Math.abs(dayOf(a) - dayOf(anchor.iso)) - Math.abs(dayOf(b) - dayOf(anchor.iso)))[0];
    out.push(iso ? { ...m, iso } : m);
  }
  return out;
}
