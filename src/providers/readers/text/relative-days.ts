// Days a text counts from another day, settled after chrono has read its dates:
// - a day counted from the date told just before it ("On 2 September … I phoned the next day",
//   "two days later") is that date plus the days, not the reference plus them;
// - a weekday told of the past ("injuries sustained on Tuesday of this week", "on Saturday the
//   roof …") is the last such day on or before the day of writing, not the next one;
// - "the night before last" is two days before the day of writing;
// - a day of the month alone, told of the past ("the claim I filed on the 10th: …") is the last
//   such day on or before the day of writing: this month's, or last month's if it is yet to come;
//   one told ahead ("I will call on the 28th") or before a word it counts ("the 3rd party",
//   "on the 2nd floor") is no day read;
// - two days given as the bounds of a span ("sometime between 22:00 on 21/01 and 07:00 on
//   22/01") establish no one day: neither is read.
import type { DateMention } from "../dates.js";

const DAY_MS = 86_400_000;
const shift = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const COUNTS: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };
/** "the next day", "the following morning", "two days later", "3 days after that": counted from the day told before. */
const CHAINED =
  /\b(?:the\s+)?(?:next|following)\s+(?:day|morning|afternoon|evening)\b|\b(a|one|two|three|four|five|six|seven|\d)\s+days?\s+(?:later|after\s+that)\b/gi;
const NIGHT_BEFORE_LAST = /\b(?:the\s+)?(?:night|evening)\s+before\s+last\b/gi;
const WEEKDAY = /^(?:on\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?:\s+(?:of\s+)?this\s+week)?[\s,.]*$/i;
/** Words before a weekday that place it ahead: "next Tuesday", "I will call on Monday". */
const AHEAD = /\b(?:next|coming|will|shall|going\s+to|until|till|by|from)\b[^.\n]{0,25}$/i;
const SPAN_OPEN = /\b(?:between|btwn|betw)\b[^.\n]{0,12}$/i;
const SPAN_JOIN = /^[^.\n]{0,12}?\b(?:and|to|&)\b[^.\n]{0,12}$|^\s*[-–]\s*$/i;

/** "on the 10th", "the 3rd": a day of the month with no month, at the end of what is said of it. */
const DAY_OF_MONTH = /\b(?:on\s+)?the\s+([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?=\s*(?:[,.;:!?)\n]|$|(?:and|at|when|but|so)\b))/gi;

/** Words before a day of the month that place it ahead: "I will call on the 28th", "due by the 5th". */
const MONTH_DAY_AHEAD = /\b(?:next|coming|will|shall|going\s+to|due|until|till)\b[^.\n]{0,25}$|\b(?:by|from|before)\s+$/i;

const AFTER_WEEKDAY = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\s*,?\s*$/i;

/** The last day numbered `day` on or before `reference`: this month's, else the month before's (if it has one). */
function lastDayNumbered(day: number, reference: string): string | undefined {
  const [y, m, d] = reference.split("-").map(Number) as [number, number, number];
  const [year, month] = day <= d ? [y, m] : m === 1 ? [y - 1, 12] : [y, m - 1];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 ? date.toISOString().slice(0, 10) : undefined;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean => a.start < b.end && a.end > b.start;

/** `reference`: the day of writing. */
export function relativeDays(text: string, mentions: DateMention[], reference: string): DateMention[] {
  const made: DateMention[] = [];
  for (const m of text.matchAll(NIGHT_BEFORE_LAST))
    made.push({ start: m.index, end: m.index + m[0].length, text: m[0], iso: shift(reference, -2), yearKnown: true, relative: true });
  for (const m of text.matchAll(DAY_OF_MONTH)) {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    // after its weekday ("Saturday, the 7th") the day is the weekday's, read as chrono reads it
    const iso = MONTH_DAY_AHEAD.test(before) || AFTER_WEEKDAY.test(before) ? undefined : lastDayNumbered(Number(m[1]), reference);
    if (iso && !mentions.some((d) => overlaps(d, { start: m.index, end: m.index + m[0].length })))
      made.push({ start: m.index, end: m.index + m[0].length, text: m[0], iso, yearKnown: true, relative: true, counted: true });
  }
  const chained = [...text.matchAll(CHAINED)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    text: m[0],
    days: m[1] ? (COUNTS[m[1].toLowerCase()] ?? Number(m[1])) : 1,
  }));
  // chrono's own reading of those phrases (from the reference) gives way; both lists are in
  // text order, so one walk finds the overlaps
  const phrases = [...made, ...chained].sort((x, y) => x.start - y.start);
  let p = 0;
  const kept = mentions.filter((d) => {
    while (p < phrases.length && phrases[p]!.end <= d.start) p++;
    return !(p < phrases.length && overlaps(phrases[p]!, d));
  });
  const past = kept.map((d) =>
    d.relative && WEEKDAY.test(d.text) && d.iso > reference && !AHEAD.test(text.slice(Math.max(0, d.start - 40), d.start))
      ? { ...d, iso: shift(d.iso, -7) }
      : d,
  );
  const all = [...past, ...made].sort((x, y) => x.start - y.start);
  // each count takes the last day written before it: one walk over both lists
  const anchors = all.filter((d) => !d.relative);
  let k = -1;
  for (const c of chained) {
    while (k + 1 < anchors.length && anchors[k + 1]!.end <= c.start) k++;
    const before = anchors[k];
    if (before)
      all.push({
        start: c.start,
        end: c.end,
        text: c.text,
        iso: shift(before.iso, c.days),
        yearKnown: before.yearKnown,
        relative: false,
        counted: true,
      });
  }
  all.sort((a, b) => a.start - b.start);
  // the bounds of a span of days: neither is the day
  const bounds = new Set<number>();
  for (let j = 0; j + 1 < all.length; j++) {
    const [a, b] = [all[j]!, all[j + 1]!];
    if (a.iso === b.iso) continue;
    if (SPAN_OPEN.test(text.slice(Math.max(0, a.start - 30), a.start)) && SPAN_JOIN.test(text.slice(a.end, b.start))) {
      bounds.add(j);
      bounds.add(j + 1);
    }
  }
  return all.filter((_, j) => !bounds.has(j));
}
