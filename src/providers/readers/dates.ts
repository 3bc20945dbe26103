// Dates written by people, to ISO `YYYY-MM-DD`. Conventions (docs/readers.md): ISO first;
// `a/b/yyyy` and `a-b-yyyy` are month first (US, as chrono's English parser) unless `a` > 12;
// `d.m.yyyy` is day first; everything else ("3 Jan 2026", "March 5th, 2024", "last Tuesday",
// "3 weeks ago") goes to chrono, resolved against a reference date.
import * as chrono from "chrono-node";
import { FOREIGN_DAYS_BACK, FOREIGN_MONTHS } from "./foreign-words.js";
import { partlyForeign } from "./text/languages.js";

export interface DateMention {
  start: number;
  end: number;
  text: string;
  iso: string;
  /** the year was written (or follows from a relative expression) */
  yearKnown: boolean;
  relative: boolean;
  /** counted from another day the text tells of ("the next day"): as sure as the reading of both */
  counted?: boolean;
  /**
   * written with its day and month both 12 or less ("10/01/2019") by a writer whose dates in words
   * put the day first ("3rd of March") while the convention reads it month first: which day it
   * is, the text does not establish
   */
  orderContested?: boolean;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** `YYYY-MM-DD` when it is a real calendar date. */
function isoDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export const todayIso = (): string => new Date().toISOString().slice(0, 10);

/** Noon UTC of an ISO date: chrono's reference instant, far from any day boundary. */
const instantOf = (iso: string): Date => new Date(`${iso}T12:00:00Z`);

const NUMERIC_FORMATS: { re: RegExp; order: "ymd" | "mdy" | "dmy" }[] = [
  { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: "ymd" },
  // a system export's compact date ("20260305"), a year of this era first
  { re: /^((?:19|20)\d{2})(\d{2})(\d{2})$/, order: "ymd" },
  { re: /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/, order: "ymd" },
  { re: /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/, order: "mdy" },
  { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: "dmy" },
];

/** A date string on its own ("2026-01-03", "01/03/2026", "3 Jan 2026", "2026-01-03T10:00:00Z"). */
export function parseDateString(text: string, reference = todayIso()): { iso: string; exact: boolean } | undefined {
  const s = text.trim();
  const withTime = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}/.exec(s);
  if (withTime) {
    const [y, m, d] = withTime[1]!.split("-").map(Number) as [number, number, number];
    const iso = isoDate(y, m, d);
    return iso ? { iso, exact: false } : undefined;
  }
  for (const { re, order } of NUMERIC_FORMATS) {
    const m = re.exec(s);
    if (!m) continue;
    const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (order === "ymd") {
      const iso = isoDate(a, b, c);
      return iso ? { iso, exact: /^\d{4}-\d{2}-\d{2}$/.test(s) } : undefined;
    }
    const dayFirst = order === "dmy" || a > 12;
    const iso = dayFirst ? isoDate(c, b, a) : isoDate(c, a, b);
    // exact when it reads only one way: dotted ("12.03.1979" is day-first), or a day over 12
    return iso ? { iso, exact: order === "dmy" || a > 12 || b > 12 } : undefined;
  }
  const found = findDates(s, reference);
  // chrono must account for the whole string, not a date buried in a longer text
  const only = found.length === 1 ? found[0]! : undefined;
  if (!only || only.text.length < s.replace(/^on\s+/i, "").length - 2) return undefined;
  return { iso: only.iso, exact: false };
}

/**
 * chrono's time grows faster than its input (measured on generated evidence: 100 KB in 0.1 s,
 * 900 KB in 5.9 s), so longer texts are given to it in pieces of at most this many characters,
 * cut between lines or sentences, where no date is written across.
 */
const CHRONO_PIECE = 4096;

/** Where to end a piece that starts at `start`: after a line, else a sentence, else a space. */
function pieceEnd(text: string, start: number): number {
  const limit = start + CHRONO_PIECE;
  if (limit >= text.length) return text.length;
  const window = text.slice(start, limit);
  const line = window.lastIndexOf("\n");
  if (line > 0) return start + line + 1;
  let sentence = -1;
  for (const m of window.matchAll(/[.!?]\s+(?=[A-Z])/g)) sentence = m.index + m[0].length;
  if (sentence > 0) return start + sentence;
  const space = window.search(/\s\S*$/);
  return space > 0 ? start + space + 1 : limit;
}

/** Every date in a text, resolved against `reference` (ISO). */
export function findDates(text: string, reference: string): DateMention[] {
  const out: DateMention[] = [];
  for (let start = 0; start < text.length;) {
    const end = pieceEnd(text, start);
    for (const d of datesIn(text.slice(start, end), reference)) out.push({ ...d, start: d.start + start, end: d.end + start });
    start = end;
  }
  const order = numericOrder(out, text);
  if (order === "dmy") return out.map(asDayFirst);
  if (order !== undefined || !(dayFirstInWords(out) || out.some(isDotted))) return out;
  return out.map((d) => (eitherOrder(d) ? { ...d, orderContested: true } : d));
}

/**
 * The order in which the text's numeric dates put day and month, as `findDates` reads them:
 * undefined when the text leaves it open (its dates in words put the day first, or it writes
 * dotted dates, while no numeric date settles it).
 */
export function numericDateOrder(text: string, reference: string): "dmy" | "mdy" | undefined {
  const found = findDates(text, reference);
  const order = numericOrder(found, text);
  if (order !== undefined) return order;
  return dayFirstInWords(found) || found.some(isDotted) ? undefined : "mdy";
}

/** A numeric date with its day and month in either order ("01/04/2025", "3-5", "21/01/26"), a time of day around it. */
const SLASHED =
  /^(?:\d{1,2}:\d{2}\s+(?:on\s+)?)?(\d{1,2})[/-](\d{1,2})(?:[/-](\d{2}|\d{4}))?(?:,?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)?$/i;
/** The writer says the order: "(dd/mm)", "DD/MM/YYYY", "day first"; or the other way, "mm/dd". */
const SAYS_DAY_FIRST = /\b(?:dd[/.-]mm|day[ -]first)\b/i;
const SAYS_MONTH_FIRST = /\b(?:mm[/.-]dd|month[ -]first)\b/i;

/** The day and month of a numeric date that either order reads as a different day ("10/01/2019"), if it is one. */
function dayAndMonth(d: DateMention): [number, number] | undefined {
  const m = SLASHED.exec(d.text.trim());
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

const eitherOrder = (d: DateMention): boolean => {
  const parts = dayAndMonth(d);
  return parts !== undefined && parts[0] <= 12 && parts[1] <= 12 && parts[0] !== parts[1];
};

/**
 * How the text writes its numeric dates: day first when it says so ("Pol incepted 01/04/2025
 * (dd/mm)"), or one of its dates can only be read so ("CALL NOTE 23/01/26") and none only month
 * first ("12/23/2025"); month first when it says so or one date only reads so; day first when
 * the text is written in another language; else unsettled, and its dates are read month first,
 * as chrono reads them.
 */
function numericOrder(dates: DateMention[], text: string): "dmy" | "mdy" | undefined {
  const [first, second] = [SAYS_DAY_FIRST.test(text), SAYS_MONTH_FIRST.test(text)];
  if (first !== second) return first ? "dmy" : "mdy";
  let dmy = false;
  let mdy = false;
  for (const d of dates) {
    const parts = dayAndMonth(d);
    if (!parts) continue;
    const [a, b] = parts;
    if (a > 12 && b <= 12) dmy = true;
    if (b > 12 && a <= 12) mdy = true;
  }
  if (dmy !== mdy) return dmy ? "dmy" : "mdy";
  // a text written in another language of the evidence (all of them write the day first): "Minha
  // apólice começou em 05/03/2026" is 5 March
  return partlyForeign(text) ? "dmy" : undefined;
}

const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
/** A date in words with its day first ("3 March", "the 3rd of March"), or its month first ("March 3", "Jan 14th"). */
const DAY_THEN_MONTH = new RegExp(`^(?:\\w+day,?\\s+)?(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)?(?:\\s+of)?\\s+${MONTH}(?:\\s|,|$)`, "i");
const MONTH_THEN_DAY = new RegExp(`^(?:\\w+day,?\\s+)?${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, "i");

/** A date written with dots ("15.01.2023", "01.07.26"): the writer puts the day first. */
const isDotted = (d: DateMention): boolean => /^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(d.text);

/** Whether the writer's dates in words put the day first, and none the month first. */
function dayFirstInWords(dates: DateMention[]): boolean {
  const words = dates.map((d) => d.text.trim().replace(/^on\s+/i, ""));
  return words.some((w) => DAY_THEN_MONTH.test(w)) && !words.some((w) => MONTH_THEN_DAY.test(w));
}

/** A numeric date chrono read month first, read day first ("01/04/2025" is 1 April). */
function asDayFirst(d: DateMention): DateMention {
  if (!eitherOrder(d)) return d;
  const [a, b] = dayAndMonth(d)!;
  const iso = isoDate(Number(d.iso.slice(0, 4)), b, a);
  return iso ? { ...d, iso } : d;
}

/**
 * `d.m.yyyy` in running text, and `d.m.yy` as shorthand writes it ("DOL: 01.07.26"): day first,
 * as `parseDateString` reads it (chrono reads it month first). Not after a dot or a digit, nor
 * before one: a version or a dotted figure is no date.
 */
const DOTTED = /(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d.]\d|\d)/g;
/** A dotted date's two-digit year is of this century. */
const CENTURY = 2000;

/** Each month word of another language ("mars", "Juni", "mayo") → its month, 1 to 12. */
const MONTH_OF = new Map<string, number>(
  Object.values(FOREIGN_MONTHS).flatMap((months) => months.flatMap((names, i) => names.map((n) => [n, i + 1] as [string, number]))),
);
/**
 * A date in words of Spanish, French or German: the day, then "er" ("1er"), a dot ("12.") or
 * "de" ("3 de"), the month word, and the year if written ("de 2025", "2026"). A month word that
 * is English too ("April", "September") is read so only after a dotted day ("12. September"),
 * which English does not write.
 */
const FOREIGN_DATE = new RegExp(
  String.raw`(?<![\d.])(\d{1,2})(?:er|\.|º|°)?\s+(?:de\s+)?(${[...MONTH_OF.keys()].join("|")})(?![\p{L}])(?:,?\s+(?:de(?:l)?\s+)?(\d{4}))?`,
  "giu",
);
const ENGLISH_MONTH = /^(?:april|august|september|november)$/i;

function foreignDates(text: string, reference: string): DateMention[] {
  const out: DateMention[] = [];
  for (const m of text.matchAll(FOREIGN_DATE)) {
    const month = MONTH_OF.get(m[2]!.toLowerCase())!;
    if (ENGLISH_MONTH.test(m[2]!) && !/^\d{1,2}\./.test(m[0])) continue;
    const year = m[3] ? Number(m[3]) : Number(reference.slice(0, 4));
    const iso = isoDate(year, month, Number(m[1]));
    if (iso) out.push({ start: m.index, end: m.index + m[0].length, text: m[0], iso, yearKnown: m[3] !== undefined, relative: false });
  }
  return out;
}

/** Japan's eras by the day each began and ended, in either script: year 1 of Reiwa is 2019, of Heisei 1989 (an era's first year is "gannen", 元年). */
const ERAS: { names: string[]; first: string; last: string }[] = [
  { names: ["令和", "reiwa"], first: "2019-05-01", last: "9999-12-31" },
  { names: ["平成", "heisei"], first: "1989-01-08", last: "2019-04-30" },
  { names: ["昭和", "shouwa", "showa"], first: "1926-12-25", last: "1989-01-07" },
];
const ERA_OF = new Map(ERAS.flatMap((era) => era.names.map((n) => [n, era] as const)));
const ERA_NAMES = ERAS.flatMap((era) => era.names).join("|");
/**
 * A date as Japanese writes it, the year first: in its script ("2024年3月15日", "令和6年3月15日") or in
 * Latin letters ("2024-nen 3-gatsu 15-nichi", "Reiwa 6-nen", the first ten days and some others
 * "-ka": "3-ka"). The year, by the common era or an era's, may be left out ("3月15日").
 */
const JAPANESE_DATE = new RegExp(
  String.raw`(?<![\d\p{L}])(?:(?:(\d{4})|(${ERA_NAMES})[ \t]*(\d{1,2}|元|gan))[ \t]*(?:年|-?[ \t]*nen(?:[ \t]+|-|,[ \t]*|(?=\d))?)[ \t]*)?(\d{1,2})[ \t]*(?:月|-?[ \t]*gatsu(?:[ \t]+|-|,[ \t]*|(?=\d))?)[ \t]*(\d{1,2})[ \t]*(?:日|-?[ \t]*(?:nichi|ka)(?![\p{L}]))`,
  "giu",
);

/** Full-width digits as ASCII ones, one character for one: the offsets hold. */
const asciiDigits = (text: string): string => text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));

function japaneseDates(text: string, reference: string): DateMention[] {
  const out: DateMention[] = [];
  if (!/[月]|gatsu/i.test(text)) return out;
  for (const m of asciiDigits(text).matchAll(JAPANESE_DATE)) {
    const era = m[2] ? ERA_OF.get(m[2].toLowerCase()) : undefined;
    const eraYear = m[3] === undefined ? 0 : /^(?:元|gan)$/i.test(m[3]) ? 1 : Number(m[3]);
    const year = m[1] ? Number(m[1]) : era ? Number(era.first.slice(0, 4)) + eraYear - 1 : Number(reference.slice(0, 4));
    const iso = isoDate(year, Number(m[4]), Number(m[5]));
    // an era's year names a day of that era only: "平成31年6月1日" was never written (Reiwa had begun)
    if (!iso || (era && (iso < era.first || iso > era.last))) continue;
    const end = m.index + m[0].length;
    out.push({
      start: m.index,
      end,
      text: text.slice(m.index, end),
      iso,
      yearKnown: m[1] !== undefined || era !== undefined,
      relative: false,
    });
  }
  return out;
}

/** Each word of another language for a day counted back from the day of writing → how many days back. */
const DAYS_BACK = new Map<string, number>(Object.values(FOREIGN_DAYS_BACK).flat());
/** The longest words first, so "avant-hier" is one word and "l'altro ieri" is not "ieri". */
const DAY_BACK_WORD = new RegExp(
  String.raw`(?<![\p{L}'’-])(${[...DAYS_BACK.keys()].sort((a, b) => b.length - a.length).join("|")})(?![\p{L}'’-])`,
  "giu",
);

/** "anteontem", "vorgestern", "ayer": the day of writing less the days the word counts back. */
function foreignDaysBack(text: string, reference: string): DateMention[] {
  const out: DateMention[] = [];
  for (const m of text.matchAll(DAY_BACK_WORD)) {
    const iso = new Date(Date.parse(`${reference}T00:00:00Z`) - DAYS_BACK.get(m[1]!.toLowerCase())! * 86_400_000)
      .toISOString()
      .slice(0, 10);
    out.push({ start: m.index, end: m.index + m[0].length, text: m[0], iso, yearKnown: true, relative: true });
  }
  return out;
}

/** "14th day of ", "1st day of ": an ordinal day said with "day of" before its month. */
const DAY_OF_MONTH = /\b(\d{1,2}(?:st|nd|rd|th))\s+day\s+of\s/gi;

const PART_OF_DAY = /\b(?:night|evening|morning|afternoon|early hours|small hours) of\b/gi;

/** The letters of a reference's code and its joint, just before digits: "CLM/", "INV/", "AB-". */
const CODE_BEFORE = /(?<![\p{L}\d])\p{Lu}[\p{L}\d]*[/-]$/u;

/**
 * A bare 24 before "on" or "at" and a date ("claim reference CLM/26/24 on 5 June 2026"): chrono takes
 * a number so placed for the hour of the date after it ("ref 23 on 5 June" is 23:00 on 5 June) and,
 * 24 being no hour, drops the date with it. A 24 that ends a date ("2025-01-24 on the schedule",
 * "2025/01/24 at noon") is the date's day and stays.
 */
const NO_HOUR = new RegExp(String.raw`(?<![\d.,:-])(?<!\d{4}/\d{1,2}/)24(?=,?\s+(?:on|at)\s+(?:the\s+)?(?:\d|${MONTH}|\w+day\b))`, "gi");

function datesIn(text: string, reference: string): DateMention[] {
  const out: DateMention[] = [];
  for (const m of text.matchAll(DOTTED)) {
    const year = m[3]!.length === 2 ? CENTURY + Number(m[3]) : Number(m[3]);
    const iso = isoDate(year, Number(m[2]), Number(m[1]));
    if (iso) out.push({ start: m.index, end: m.index + m[0].length, text: m[0], iso, yearKnown: true, relative: false });
  }
  out.push(...foreignDates(text, reference), ...foreignDaysBack(text, reference), ...japaneseDates(text, reference));
  const dotted = [...out];
  // "the night of 6 December 2026": chrono takes "night" for a time and drops the day after it;
  // the words are blanked (same length, so offsets hold) and the date is read on its own
  // "the 14th day of March, 2025" (a sworn statement's form) is the 14th of March: "day" is blanked
  // before the ordinal, so the date's span still starts at it
  // a reference's 24 before "on 5 June" is blanked likewise
  const plain = text
    .replace(PART_OF_DAY, (m) => " ".repeat(m.length))
    .replace(NO_HOUR, "  ")
    .replace(DAY_OF_MONTH, (m, ordinal: string) => `${" ".repeat(m.length - ordinal.length - 4)}${ordinal} of `);
  const results = chrono.parse(plain, { instant: instantOf(reference), timezone: 0 });
  for (const r of results) {
    const c = r.start;
    const iso = isoDate(c.get("year") ?? NaN, c.get("month") ?? NaN, c.get("day") ?? NaN);
    if (!iso) continue;
    if (dotted.some((d) => r.index < d.end && r.index + r.text.length > d.start)) continue;
    // a reference's numbers after its letters ("CLM/26/1", "INV/03/12", "AB-12/05") are no day
    if (CODE_BEFORE.test(text.slice(Math.max(0, r.index - 12), r.index)) && !/\d{4}/.test(r.text)) continue;
    // "now" is the present of the writing ("the claim is now $3,150"), not the date of a fact; a
    // weekday's short name alone is no day either ("Mon contrat", "Sat nav")
    if (/^(right )?now$/i.test(r.text.trim()) || /^(?:mon|tue|wed|thu|fri|sat|sun)$/i.test(r.text.trim())) continue;
    // a weekend or a span of days ("over the weekend", "17-18 October") is no one day
    if (/\bweekend\b/i.test(r.text) || (r.end && r.end.get("day") !== c.get("day"))) continue;
    // a bare time or weekday-less month word ("in March") is not a date of a day
    if (
      !c.isCertain("day") &&
      !c.isCertain("weekday") &&
      !/\b(ago|yesterday|today|tomorrow|last|next|this|later|before|after)\b/i.test(r.text)
    )
      continue;
    out.push({
      start: r.index,
      end: r.index + r.text.length,
      // as written, not as blanked
      text: text.slice(r.index, r.index + r.text.length),
      iso,
      yearKnown: c.isCertain("year") || !c.isCertain("month"),
      relative: !c.isCertain("month") || /\b(ago|yesterday|today|tomorrow|last|next|this)\b/i.test(r.text),
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * "Today is 2026-03-01" (also "today's date is", "current date:", "date of writing:"): the text
 * states its own reference date for relative dates. Returns the date and the span of the statement.
 */
export function statedReference(text: string, today = todayIso()): { iso: string; start: number; end: number } | undefined {
  const re = /\b(?:today\s+is|today['’]s\s+date\s+is|current\s+date\s*(?:is|:)|date\s+of\s+writing\s*(?:is|:))\s*/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    const first = chrono.parse(after, { instant: instantOf(today), timezone: 0 })[0];
    if (!first || first.index !== 0) continue;
    const c = first.start;
    const iso = isoDate(c.get("year") ?? NaN, c.get("month") ?? NaN, c.get("day") ?? NaN);
    if (iso && c.isCertain("year")) return { iso, start: m.index, end: m.index + m[0].length + first.text.length };
  }
  return undefined;
}

/** How far into its first line a heading's date may stand ("Call note 10/06/2026", "[Thu 19 Nov 2026 08:41]"). */
const HEADING_REACH = 60;
/** How many words may stand before it: a label ("Adjuster's report dated"), not a sentence. */
const HEADING_WORDS = 4;
const EVENT_PREPOSITION = /\b(on|since|from|until|by|at|in|of|before|after)\s*$/i;

/**
 * The date a note, chat or letter is headed with: the first date written out with its year, in
 * the first line of the text, within its first characters, with no sentence ended before it and
 * not the date of an event told ("On 3 May 2026 I …", "since 2019"). It is the day of writing,
 * so relative dates in the text ("yesterday", "on Sunday night") are resolved against it.
 */
export function headingDate(text: string, today = todayIso()): string | undefined {
  const lineStart = text.search(/\S/);
  if (lineStart < 0) return undefined;
  const lineEnd = text.indexOf("\n", lineStart);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd).slice(0, HEADING_REACH + 40);
  const first = findDates(line, today).find((d) => !d.relative);
  if (!first || first.start > HEADING_REACH || !first.yearKnown) return undefined;
  const before = line.slice(0, first.start);
  if (/[.!?]\s/.test(before) || (before.match(/[A-Za-z']+/g) ?? []).length > HEADING_WORDS) return undefined;
  if (/^(on|since|from|until|by|at|in|of|before|after)\b/i.test(first.text) || EVENT_PREPOSITION.test(before)) return undefined;
  return first.iso;
}

/** Whole years from `birth` to `on` (ISO dates): a person's age on that day. */
export function yearsBetween(birth: string, on: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = on.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
