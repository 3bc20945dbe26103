// A thread pasted oldest first: message after message, each opened by its own dated header (a
// "From: … Date: …" block, or an "On … wrote:" line over an unquoted reply), the dates rising
// down the page. There the newest message is the last one: it is the current message, and the
// ones above it are its history, whatever they said first ("make it 275 seats, not 250" in a
// later message supersedes the 250 of the first). A thread whose order its dates do not show
// (one day and no times, a date missing, a quoted line) is left to the usual reading, newest on
// top. One pass over the lines: linear in the text.
import { findDates, statedReference } from "../dates.js";
import { DATING_FIELD, FIELD, OPENS_BLOCK, STATED_FIRST, WROTE_LINE } from "./header-lines.js";

const QUOTED = /^[ \t]*>/;
/** A time of day in a header: "09:02", "1:05 PM". */
const CLOCK = /\b(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?/i;

interface Message {
  /** the lines of its header (blanked in both parts, but the dating line of the newest) */
  header: number[];
  /** the line that dates it */
  dating: number;
  /** when it was written: the day, then the minute of the day */
  at: [string, number];
  /** its first and last line of text */
  body: [number, number];
}

function minuteOf(line: string): number {
  const m = CLOCK.exec(line);
  if (!m) return 0;
  const hour = Number(m[1]);
  // "1:05 PM" is 13:05, "12:30 AM" is 00:30; a clock without a half of the day is read as written
  const shift = m[3] ? (/^p/i.test(m[3]) ? 12 : 0) - (hour === 12 ? 12 : 0) : 0;
  return (hour + shift) * 60 + Number(m[2]);
}

const later = (a: [string, number], b: [string, number]): boolean => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/** The messages of a thread, each with its header and date, or undefined when a line falls outside them or one is undated. */
function messagesOf(lines: string[], reference: string): Message[] | undefined {
  const out: Message[] = [];
  for (let i = 0; i < lines.length; i++) {
    const bare = (i === 0 ? lines[i]!.replace(STATED_FIRST, "") : lines[i]!).trim();
    if (QUOTED.test(lines[i]!)) return undefined;
    const block = OPENS_BLOCK.test(bare) && FIELD.test(lines[i + 1]?.trim() ?? "");
    if (!block && !WROTE_LINE.test(bare)) {
      const last = out[out.length - 1];
      if (last) last.body[1] = i;
      else if (bare !== "") return undefined;
      continue;
    }
    const header = [i];
    while (block && i + 1 < lines.length && FIELD.test(lines[i + 1]!.trim())) header.push(++i);
    const dating = header.find((h) => DATING_FIELD.test(lines[h]!.trim()) || WROTE_LINE.test(lines[h]!.trim()));
    if (dating === undefined) return undefined;
    const day = findDates(lines[dating]!, reference).find((d) => !d.relative);
    if (!day) return undefined;
    out.push({ header, dating, at: [day.iso, minuteOf(lines[dating]!)], body: [i + 1, i] });
  }
  return out;
}

const blank = (s: string): string => s.replace(/[^\n]/g, " ");

/**
 * The parts of a thread written oldest first: the last message current (its own header fields
 * kept, its dating line its envelope), the ones above it history, dated by the latest of them.
 * Undefined unless the text is two messages or more whose dates never fall and end later than
 * they start.
 */
export function oldestFirst(
  text: string,
  today: string,
): { current: string; history: string; historyHeader: string; envelope?: { start: number; end: number } } | undefined {
  const lines = text.split("\n");
  const reference = statedReference(text, today)?.iso ?? today;
  const messages = messagesOf(lines, reference);
  if (!messages || messages.length < 2) return undefined;
  for (let k = 1; k < messages.length; k++) if (later(messages[k - 1]!.at, messages[k]!.at)) return undefined;
  const [first, newest] = [messages[0]!, messages[messages.length - 1]!];
  if (!later(newest.at, first.at)) return undefined;
  const part = new Array<"current" | "history" | "header">(lines.length).fill("header");
  for (const m of messages) {
    const own = m === newest;
    for (let l = m.body[0]; l <= m.body[1]; l++) part[l] = own ? "current" : "history";
    // the newest message's own fields date it; an "On … wrote:" line is no field of it
    if (own && FIELD.test(lines[m.dating]!.trim())) for (const h of m.header) part[h] = "current";
  }
  let offset = 0;
  let envelope: { start: number; end: number } | undefined;
  const current: string[] = [];
  const history: string[] = [];
  lines.forEach((l, i) => {
    if (i === newest.dating && part[i] === "current") envelope = { start: offset, end: offset + l.length };
    // a reference stated before the thread ("Today is …. From: …") stays with the current message
    const stated = i === 0 ? (STATED_FIRST.exec(l)?.[0] ?? "") : "";
    current.push(part[i] === "current" ? l : stated + blank(l.slice(stated.length)));
    history.push(part[i] === "history" ? l : blank(l));
    offset += l.length + 1;
  });
  const latest = messages[messages.length - 2]!;
  return {
    current: current.join("\n"),
    history: history.join("\n"),
    historyHeader: lines[latest.dating]!.replace(STATED_FIRST, "").trim(),
    ...(envelope ? { envelope } : {}),
  };
}
