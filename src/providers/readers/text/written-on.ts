// The day a message is written, and whether the message is the report of the loss it tells of.
// A message dates itself by its envelope ("Date:", "Sent:"), by a date line at the head of a
// letter ("Friday 16 October 2026" on a line of its own, above the salutation), or by the date a
// note is headed with ("Call note 10/06/2026"). That day is the message's "today": relative dates
// in it ("overnight", "on Saturday", "Tuesday of this week") count from it. It is no event of the
// message's own, but one: when the writer reports the loss for the first time ("I'm writing to
// report", "first contact", "this letter constitutes formal notification", "claim opened on this
// call"), the day of writing is the report date. When the message confirms a report made before
// ("the fire I reported to you by telephone"), the day of writing is not.
import { findDates, headingDate, type DateMention } from "../dates.js";
import { spanAround } from "./span-around.js";

export interface OwnDate {
  iso: string;
  /** the span of the date in the text, when the text writes it (a heading's or an envelope's date) */
  start: number;
  end: number;
}

/** How many lines a letter's head may take before its date: an address, a reference. */
const LETTER_HEAD_LINES = 12;
/** What a letter's date line may hold besides the date: a weekday, a comma, "Date:", "Dated". */
const DATE_LINE_REST = /^[\s,.:]*(?:(?:date[d]?|on)\b[\s:]*)?$/i;

function mentionCovering(line: string, reference: string): DateMention | undefined {
  const found = findDates(line, reference).filter((d) => !d.relative && d.yearKnown && /\b\d{4}\b/.test(d.text));
  if (found.length !== 1) return undefined;
  const d = found[0]!;
  const rest = (line.slice(0, d.start) + line.slice(d.end)).replace(/\b(mon|tues|wednes|thurs|fri|satur|sun)day\b/gi, "");
  return DATE_LINE_REST.test(rest) ? d : undefined;
}

/**
 * A letter's date: a line that is a date with its year and nothing else, among the first lines,
 * before the salutation ("Dear …") and before any sentence of the letter.
 */
function letterDate(text: string, reference: string): OwnDate | undefined {
  let offset = 0;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length && i < LETTER_HEAD_LINES; offset += lines[i]!.length + 1, i++) {
    const line = lines[i]!;
    if (/^\s*(dear|to whom|hello|hi)\b/i.test(line) || /[a-z]{3,}[.!?]\s/i.test(line)) return undefined;
    const d = line.trim() === "" ? undefined : mentionCovering(line, reference);
    if (d) return { iso: d.iso, start: offset + d.start, end: offset + d.end };
  }
  return undefined;
}

/**
 * A header line's label that stamps the document with the time it was opened, sent or filled in
 * ("Started: …", "Opened at: …", "Call date: …", "Form completed: …").
 */
const STAMP_EN =
  /^\s*(?:(?:chat\s+|session\s+|call\s+|form\s+)?(?:started|opened|began|begun|created|logged|sent|received|completed|filled\s+in)(?:\s+(?:at|on))?|(?:call|chat|session|form|note|meeting|interview|visit)\s+date)\s*:/i;
/**
 * The documents a stamp dates, in the languages of evidence: a call, a conversation, a note, a
 * transcript ("llamada", "appel", "chiamata", "Anruf", "chamada", "trucada", "gesprek").
 */
const DOCUMENTS = [
  ...["note", "notes", "call", "memo", "letter", "e-?mail", "chat", "fnol", "log", "entry", "minutes", "transcript", "message"],
  ...["file note", "record", "form", "voicemail"],
  ...["llamada", "transcripci[oó]n", "nota", "carta", "correo", "conversaci[oó]n"],
  ...["appel", "transcription", "lettre", "courriel", "entretien"],
  ...["chiamata", "telefonata", "trascrizione", "lettera", "colloquio"],
  ...["anrufs?", "gespr[aä]chs?", "telefonats?", "notiz", "brief", "protokoll"],
  ...["chamada", "liga[cç][aã]o", "transcri[cç][aã]o"],
  ...["trucada", "gesprek", "telefoongesprek", "notitie"],
].join("|");
/** Words that name a document's day, and the little words between them and the document: "Fecha de la llamada", "Date de l'appel", "Date of call". */
const DATE_WORDS = String.raw`(?:date|fecha|data|datum|day)`;
const OF_THE = String.raw`(?:\s+(?:of|de|d['’]|du|della|dell['’]|del|da|do|des|der|van))?(?:\s*(?:the|la|l['’]|le|het|dem))?`;
/** "Date of call:", "Fecha de la llamada:", "Data della chiamata:": a stamp's label in any language of evidence. */
const STAMP_OF = new RegExp(String.raw`^\s*${DATE_WORDS}${OF_THE}\s*(?:${DOCUMENTS})\s*:`);
const STAMP = new RegExp(`${STAMP_EN.source}|${STAMP_OF.source}`, "i");
/** What a stamp may say beside its day and time: the weekday in brackets, "am" before the time, a column after a bar ("(Tue) am 8:15 | length 2:03", "(miércoles)"). */
const STAMP_ASIDE = /\(\p{L}{1,12}\)|\b[ap]m\b|\|.*$/giu;
/** A time of day beside the stamp's date ("08:31", "2:05 pm", "14h05"). */
const TIME_OF_DAY = /\b\d{1,2}(?::\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?|h\d{2}\b)/gi;

/**
 * A transcript's or a log's stamp: a head line "Started: 2026-05-12 08:31" under a title naming
 * the document ("web chat - transcript"). The day it was opened is the document's own, no event of it.
 */
function stampDate(text: string, reference: string): OwnDate | undefined {
  let offset = 0;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length && i < LETTER_HEAD_LINES; offset += lines[i]!.length + 1, i++) {
    const line = lines[i]!;
    if (/[a-z]{3,}[.!?]\s/i.test(line.replace(/^today\s+is\s[^.\n]{4,40}\.\s+/i, ""))) return undefined;
    const label = STAMP.exec(line);
    // the title above names the document, or the label itself does ("Date of call:", "Fecha de la llamada:")
    if (!label || !DOCUMENT.test([...lines.slice(0, i), label[0]].join("\n"))) continue;
    const rest = line.slice(label[0].length);
    const found = findDates(rest, reference).filter((d) => !d.relative && d.yearKnown);
    if (
      found.length !== 1 ||
      rest.replace(found[0]!.text, "").replace(TIME_OF_DAY, "").replace(STAMP_ASIDE, "").replace(/[,;]/g, "").trim() !== ""
    )
      continue;
    const at = offset + label[0].length + found[0]!.start;
    return { iso: found[0]!.iso, start: at, end: at + found[0]!.text.length };
  }
  return undefined;
}

/** How many words a document's title line may hold before its date ("Inbound call, Motor Claims line — …"). */
const TITLE_WORDS = 8;
/** Words after which a date is an event's, not the document's: "call about the fire of 12 March 2026". */
const EVENT_BEFORE = /\b(?:on|since|from|until|by|at|in|of|before|after|about|re|for)\W*$/i;

/**
 * A transcript's or a note's title line that names the document and ends with its date and time:
 * "Inbound call, Motor Claims line — Tue 17 Mar 2026, 11:06 ET". The one date with its year on the
 * first line, after words naming a call, note, chat… (none of them a preposition of an event's date),
 * with nothing after it but a time of day.
 */
function titleDate(text: string, reference: string): OwnDate | undefined {
  const line = text.slice(0, text.search(/\n|$/));
  if (/[a-z]{3,}[.!?]\s/i.test(line)) return undefined;
  const found = findDates(line, reference).filter((d) => !d.relative && d.yearKnown);
  if (found.length !== 1) return undefined;
  const d = found[0]!;
  const before = line.slice(0, d.start);
  const words = before.match(/\p{L}+/gu) ?? [];
  const after = line.slice(d.end).replace(TIME_OF_DAY, "").replace(STAMP_ASIDE, "");
  const titled = DOCUMENT.test(before) && words.length <= TITLE_WORDS && !EVENT_BEFORE.test(before);
  return titled && /^[\s,.;:—–-]*(?:[A-Z]{2,4})?[\s.]*$/.test(after) ? { iso: d.iso, start: d.start, end: d.end } : undefined;
}

/** The day the message dates itself, if it does: its envelope's date, a letter's date, a transcript's stamp, a note's heading or title line. */
export function ownDate(text: string, reference: string, envelope?: { start: number; end: number }): OwnDate | undefined {
  if (envelope) {
    const line = text.slice(envelope.start, envelope.end);
    const d = findDates(line, reference).find((m) => !m.relative && m.yearKnown);
    if (d) return { iso: d.iso, start: envelope.start + d.start, end: envelope.start + d.end };
  }
  const letter = letterDate(text, reference) ?? stampDate(text, reference);
  if (letter) return letter;
  const heading = headingDate(text, reference);
  if (!heading) return titleDate(text, reference);
  const d = findDates(text.slice(0, text.search(/\n|$/)), reference).find((m) => m.iso === heading && !m.relative);
  // "Call note 10/06/2026", "[19 Nov 2026 08:41]"; not "Date of loss: 2026-01-11", "Kitchen fire 2026-08-19"
  const label = d ? text.slice(0, d.start).replace(/^today\s+is\s[^.\n]{4,40}\.\s+/i, "") : "";
  return d && (!/[a-z]{2,}/i.test(label) || DOCUMENT.test(label)) ? { iso: heading, start: d.start, end: d.end } : undefined;
}

/** Words that name a note or a message as what a heading dates. */
const DOCUMENT = new RegExp(String.raw`\b(?:${DOCUMENTS})\b`, "i");

/** What the message says of its own part in reporting the loss. */
export type ReportSpeech = "first" | "earlier";

// the message speaks of itself: this call, this letter, writing or calling now
const SELF = String.raw`(?:this|the present|today'?s)\s+(?:call|phone\s*call|letter|e-?mail|mail|message|note|contact|chat|conversation)`;
const NOTICE = String.raw`(?:report\w*|notif\w*|notice|inform\w*|register\w*|open\w*|lodg\w*|log\w*|claim\w*|first)`;
/** "first contact", "first notification", "the first time I'm contacting you". */
const FIRST = new RegExp(
  String.raw`\bfirst\s+(?:contact|notif\w*|notice|report|call|time\s+(?:i|we|he|she|they)\b[^.\n]{0,20}\b(?:contact|report|call|writ|told|tell)\w*)`,
  "i",
);
/** "this letter constitutes formal notification", "claim opened on this call", "= this call". */
const BY_SELF = new RegExp(
  String.raw`\b${SELF}\b[^.\n]{0,40}\b${NOTICE}|\b${NOTICE}\b[^.\n]{0,25}\b(?:on|during|in|by|via|=)\s*${SELF}\b|=\s*${SELF}\b`,
  "i",
);
/** "I'm writing to report", "calling to notify you", "writing to let you know", "contacting you to claim", a transcript's "calling to, uh, open a claim". */
const TO_REPORT = new RegExp(
  String.raw`\b(?:writ|call|phon|ring|e-?mail|contact)\w*\b[^.\n]{0,30}\bto[\s,]+(?:(?:uh|um|er)[\s,]+)?(?:report|notify|inform|let\s+you\s+know|make\s+a\s+claim|open\s+a\s+claim|claim|register)\b`,
  "i",
);
/**
 * "I'd like to report that my car was rear-ended", "I would like to open a claim", "I want to
 * lodge a claim": the writer asks to make the report in this message, so it is the first report.
 */
const WISH_TO_REPORT = new RegExp(
  String.raw`\b(?:i|we)(?:['’]d|\s+would|\s+want|\s+wish|\s+need)\s+(?:like\s+)?to\s+(?:report|notify\s+you|(?:lodge|open|make|file|submit|register|start)\s+(?:a|an|my|our)\s+(?:new\s+)?(?:insurance\s+)?claim)\b`,
  "i",
);
/** "the fire I reported to you by telephone", "as already reported", "I phoned your claims line … to report it". */
const EARLIER = new RegExp(
  String.raw`\b(?:already|previously|earlier)\s+(?:report|notif)\w*|\b(?:reported|notified|phoned|rang|called|told)\b[^.\n]{0,12}\b(?:you|your|us|our)\b|\bwriting\s+to\s+confirm\b|\bfollow(?:ing)?[- ]up\b`,
  "i",
);

/** A note's present tense: "insd reports a grease fire", "caller is reporting": the report is made now. */
const REPORTS_NOW = /\b(?:reports|notifies|is\s+reporting|is\s+notifying)\b/i;

/** A sentence's end, or a line's: where the words of a first report stop looking for their date. */
const SENTENCE_END = /[.!?](?=\s|$)|\n/g;

/**
 * Whether some mention of `pattern` in the text speaks of the first report without dating it in
 * its own sentence: "First notice of loss was given by telephone on 6 January 2025" and "Date loss
 * first reported to company: 03/17/25" date the report themselves, so the day of writing is not it.
 */
function undatedMention(
  text: string,
  pattern: RegExp,
  dates: readonly { start: number; end: number; iso: string }[],
  day?: string,
): boolean {
  for (const m of text.matchAll(new RegExp(pattern.source, "gi"))) {
    const s = spanAround(text, m.index, m.index + m[0].length, SENTENCE_END);
    if (!dates.some((d) => d.start >= s.start && d.end <= s.end && d.iso !== day)) return true;
  }
  return false;
}

/**
 * Whether the message makes the first report of the loss, or speaks of one made before it.
 * `dates`: the dates the text gives of events (not its own day, `day`), where known.
 */
export function reportSpeech(
  text: string,
  dates: readonly { start: number; end: number; iso: string }[] = [],
  day?: string,
): ReportSpeech | undefined {
  if (undatedMention(text, FIRST, dates, day) || undatedMention(text, BY_SELF, dates, day)) return "first";
  if (EARLIER.test(text)) return "earlier";
  return TO_REPORT.test(text) || WISH_TO_REPORT.test(text) || REPORTS_NOW.test(text) ? "first" : undefined;
}
