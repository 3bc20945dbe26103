// The day a text says the loss was reported to the insurer, in words that date the report itself:
// a form's "Date reported: 02/02/2026", a note's "FNOL rec'd 3/14", prose's "she notified us on
// 14 October", "phoned yesterday to report a break-in", "our own notification came on 9 March".
// That day is the report date, whatever day the text is written on (a "first notice of loss" form
// filled in days later, a note written the morning after the call). A report made to someone else
// (the police, a landlord, a bank, the other driver's insurer) dates no report to the insurer, and
// a document's day ("report dated 2 February", "Dated 9 March") is no day of the loss.

import { spanAround } from "./span-around.js";

/** Where a clause ends: a sentence's end, a semicolon, a line break. */
const CLAUSE_END = /[.!?;](?=\s|$)|\n/g;

/** A form's label of the report's day, just before it: "Date reported:", "Report date:", "FNOL rec'd via portal". */
const LABEL =
  /(?:^|\n)[^\S\n]*(?:(?:date|day)\s+(?:(?:of|the)\s+)?(?:first\s+)?(?:report(?:ed)?|notif\w*|notice)|(?:first\s+)?(?:report|notification|fnol)\s+date|(?:first\s+)?(?:reported|notified)|fnol(?:\s+(?:rec'?d|received))?)\b[^:\n]{0,30}[:\-–]?[^\S\n]*(?:on\s+)?$/i;

/** Past words of a report made: "reported", "notified", "notification", "first notice". */
const REPORTED = /\b(?:reported|notified|notification|fnol)\b/i;
/** Past words of a contact, a report when made to the insurer or to report: "phoned", "rang", "filed a claim". */
const CONTACTED = /\b(?:phoned|called|rang|telephoned|contacted|e-?mailed|wrote|filed|lodged|opened)\b/i;
/** Words naming the insurer as the one told, or the report as the contact's purpose. */
const TO_INSURER =
  /\b(?:us|you|your|our|the\s+(?:carrier|insurer|company|hotline|helpline|claims?\s+\w+))\b|\bto\s+(?:report|notify|claim|make\s+a\s+claim|open\s+a\s+claim|lodge\s+a\s+claim)\b/i;
/** Another party told of the loss: its report dates no report to the insurer. */
const OTHER_PARTY =
  /\b(?:police|officers?|pd|crime|landlord|letting|lettings|bank|employer|council|fire\s+(?:dept|department|brigade|service)|(?:other|third[- ]party|their|his|(?:[a-z]+['’]s))\s+(?:driver['’]?s?\s+)?(?:insurer|insurance|carrier)|driver['’]s\s+(?:insurer|insurance|carrier))\b/i;
/** How far before the date its report words may stand in the clause. */
const REACH = 60;
/** How much of the line before a date its label or "Dated" is looked for in (a label stands just before it). */
const REACH_BACK = 200;
/**
 * What, between a report word and a date, makes the date one the report tells of: "reported that
 * on 3 March …", "the theft I reported happened on …", "As reported, on 3 March …" (a comma ends the
 * report's words), a record's bracket in a JSON text.
 */
const TOLD_OF = /\b(?:that|when|which|happen\w*|occur\w*|took\s+place|stolen|broken|damaged|hit|crashed)\b|[,{}[\]]/i;

/** The words after the last match of `pattern` in `text`, or undefined when it does not occur. */
function after(text: string, pattern: RegExp): string | undefined {
  let rest: string | undefined;
  for (const m of text.matchAll(new RegExp(pattern.source, "gi"))) rest = text.slice(m.index + m[0].length);
  return rest;
}

interface Mention {
  start: number;
  end: number;
  iso: string;
}

/** The line before a place, at most REACH_BACK characters of it ("Date reported: "). */
function lineBefore(text: string, at: number): string {
  const head = text.slice(Math.max(0, at - REACH_BACK), at);
  return head.slice(head.lastIndexOf("\n") + 1);
}

/** Whom the words around a date say the loss was reported to on that day: the insurer, another party, or none. */
function reportedTo(text: string, d: Mention): "insurer" | "other" | undefined {
  const clause = spanAround(text, d.start, d.end, CLAUSE_END);
  const words = text.slice(clause.start, clause.end);
  const line = lineBefore(text, d.start);
  const before = text.slice(Math.max(clause.start, d.start - REACH), d.start);
  const dating = (gap: string | undefined) => gap !== undefined && !TOLD_OF.test(gap);
  const told = LABEL.test(`\n${line}`) || dating(after(before, REPORTED)) || dating(after(before, CONTACTED));
  if (!told) return undefined;
  // the party told stands before the date: "filed police report on …", "we reported it to you on … and the fire brigade attended"
  if (OTHER_PARTY.test(text.slice(clause.start, d.end))) return "other";
  return LABEL.test(`\n${line}`) || dating(after(before, REPORTED)) || TO_INSURER.test(words) ? "insurer" : undefined;
}

/** A document's own day: "Adjuster's report dated 2026-02-02", a letter's "Dated 9 March 2026", a note's "written 12/08/2026". */
const DATED = /\b(?:dated|written(?:\s+on)?)[^\S\n]*:?[^\S\n]*$/i;

export interface StatedReports<M> {
  /** the one day the text dates the report to the insurer by (two days told so leave it open) */
  insurer?: M;
  /** the mentions dating a report: to the insurer, or to another party (no day of the loss either) */
  reports: M[];
  /** the mentions dating a document (a report, a letter): no day of a fact to guess */
  documents: M[];
}

/**
 * The mentions the text's report words date, the day of the report to the insurer if it gives one,
 * and the days of documents. `asked`: the words of the report inputs; when they name the party
 * themselves ("reported to the police?"), a report to that party is the one asked for.
 */
export function statedReports<M extends Mention>(text: string, mentions: readonly M[], asked = ""): StatedReports<M> {
  const toParty = OTHER_PARTY.test(asked);
  const to = mentions.map((d) => {
    const whom = reportedTo(text, d);
    return whom === "other" && toParty ? "insurer" : whom;
  });
  const told = mentions.filter((_, j) => to[j] === "insurer");
  const insurer = told.length > 0 && told.every((d) => d.iso === told[0]!.iso) ? told[0] : undefined;
  return {
    insurer,
    reports: mentions.filter((_, j) => to[j] === "other" || (insurer && to[j] === "insurer")),
    documents: mentions.filter((d) => DATED.test(lineBefore(text, d.start))),
  };
}
