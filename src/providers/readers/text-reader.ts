// The embedded text reader: extracts inputs from prose, offline and deterministic. Numbers,
// dates, booleans, choices and levels are read. A string is never answered from text (spec 2.3):
// not a `string` input, nor a struct or list with a string field at any depth (a person's name).
// Other structs and lists are not read either, but for records of a person whose fields are
// numbers and yes/no facts ({age, income, disabled}) and lists of them, read as the people the
// text mentions, told apart by their names (text/people.ts). Relative dates are resolved against
// the date the text states ("Today is 2026-03-01") or else today, less surely (docs/readers.md).
import type { InputIR } from "../../ir/ir.js";
import { NO_USAGE, type ReadRequest, type ReadResult, type ReadValue, type Reader } from "../types.js";
import { findDates, headingDate, statedReference, todayIso } from "./dates.js";
import { EMBEDDED_LIMITS } from "./limits.js";
import { aboveFloor, calibrate, roundConfidence, TEXT_WORTH } from "./text/confidence.js";
import { cuesOf } from "./text/cues.js";
import { readBooleans } from "./text/read-booleans.js";
import { readChoices } from "./text/read-choices.js";
import { IMPLIED_YEAR, readDates } from "./text/read-dates.js";
import { dateRole } from "./text/date-order.js";
import { settleYears } from "./text/date-years.js";
import { agesFromBirth } from "./text/age-from-birth.js";
import { markInitials } from "./text/initials.js";
import { markGroupCounts } from "./text/group-size.js";
import { markPayNouns } from "./text/pay-nouns.js";
import { readNumbers } from "./text/read-numbers.js";
import { cappedLoose } from "./text/loose-scales.js";
import { readEnglish } from "./text/english.js";
import { amountsStated } from "./text/stated-amounts.js";
import { messageParts } from "./text/message-parts.js";
import { blankOverlongRuns } from "./text/long-runs.js";
import { relativeDays } from "./text/relative-days.js";
import { datedMessages, firstMessage, messageDay, messagePieces } from "./text/message-stamps.js";
import { ownDate, reportSpeech, type OwnDate } from "./text/written-on.js";
import { statedReports } from "./text/stated-report.js";
import { indexText, type Meter } from "./text/text-index.js";
import { tokenize, type Token } from "./text/tokens.js";
import { markEvents } from "./text/events.js";
import { namedRecord } from "../../runtime/json.js";
import { withTables } from "./text-tables.js";
import { withColumnSums } from "./text-column-sums.js";
import { repairedFigures } from "./text/ocr-figures.js";
import { joinedWraps } from "./text/wrapped-words.js";
import { datesBesideLabels, joinedFigures } from "./text/split-figures.js";
import { withoutStruck } from "./text/struck-out.js";
import { withoutUnpickedRows } from "./text/picked-rows.js";
import { withoutSupersededColumns } from "./text/superseded-columns.js";
import { dotsGroupThousands, partlyForeign, readability } from "./text/languages.js";
import { personInputs, readPeople } from "./text/people.js";
import { membersCounted } from "./text/household-members.js";
import { replacedInHistory, replacementsIn, type Replacement } from "./text/replaced-history.js";
import { contentStems, PERIOD_STEMS } from "./words.js";
import { boxBefore } from "./text/boxes.js";
import { markShortRepairs } from "./text/qualifiers.js";
import { glossed } from "./text/glossed.js";

/** How many characters before a figure its form's box may stand ("[ ] $", "☐ "). */
const BOX_SPAN = 6;

/** Input types the text reader answers. */
const TEXT_READABLE = new Set(["number", "date", "boolean", "choice", "levels"]);

/** Which tokens overlap one of the spans: the spans sorted and merged, then one pass over both in text order. */
function covered(tokens: Token[], unsorted: { start: number; end: number }[]): boolean[] {
  const spans: { start: number; end: number }[] = [];
  for (const sp of [...unsorted].sort((a, b) => a.start - b.start)) {
    const last = spans[spans.length - 1];
    if (last && sp.start <= last.end) last.end = Math.max(last.end, sp.end);
    else spans.push({ ...sp });
  }
  const out = new Array<boolean>(tokens.length).fill(false);
  let s = 0;
  tokens.forEach((t, i) => {
    while (s < spans.length && spans[s]!.end <= t.start) s++;
    out[i] = s < spans.length && spans[s]!.start < t.end;
  });
  return out;
}

/**
 * A value only the quoted history gives: older than the message, which may have changed it
 * without saying so. Never above 0.85, so no threshold of 0.9 lets it through.
 */
const FROM_HISTORY = 0.8;
const HISTORY_CAP = 0.85;
/** The day a text says it is written, taken as the day the loss it tells of was reported. */
const WRITTEN_REPORT = 0.6;
/** The day of a message that says it makes the first report of the loss (text/written-on.ts). */
const FIRST_REPORT = 0.75;
/** The day the text's own report words date the report by (text/stated-report.ts); a day not written in full (no year, "yesterday") is less sure. */
const STATED_REPORT = 0.75;

/**
 * Reads `inputs` from `text`. `reference` is the date relative expressions are resolved against
 * when the text states none (default: today). `meter` counts the basic steps taken. An e-mail's
 * current message is read first; its quoted history answers only the inputs the message leaves
 * open, less surely (text/message-parts.ts).
 */
export function readText(inputs: InputIR[], written: string, reference?: string, meter?: Meter): Record<string, ReadValue> {
  // a text in a language written without blanks between words, or with words glued to their
  // particles or prefixes, is read through the English of its words (text/glossed.ts): never surely
  const gloss = glossed(written);
  if (!gloss.read) return readWritten(inputs, gloss.text, reference, meter);
  const read = capped(readWritten(inputs, gloss.text, reference, meter), FOREIGN_CAP);
  for (const v of Object.values(read)) {
    const span = v.source?.span;
    if (!span) continue;
    const start = gloss.original(span.start, "start");
    const end = gloss.original(span.end, "end");
    v.source = { ...v.source, span: { start, end }, text: written.slice(start, end) };
  }
  return read;
}

function readWritten(inputs: InputIR[], written: string, reference?: string, meter?: Meter): Record<string, ReadValue> {
  // a run of more than a few hundred characters without a space is no word a reader reads: blank,
  // so no pattern below meets it (offsets kept)
  const plain = blankOverlongRuns(written);
  // figures a scan misread as letters ("2O26-O1-15") are read as the digits they stand for,
  // and a figure a line break or a stray space cut apart ("11/0\n5/2025", "$ 2,3 40.00") whole
  const scanned = joinedFigures(repairedFigures(plain));
  // a word a line break cut with a hyphen ("in-\n come") as the word, and a value struck through
  // ("~~10%~~ 15%") is withdrawn: not read, nor are a table's superseded version columns ("v1 | v2 (FINAL)");
  // a form's date on the line below its label stands beside it
  const text = withoutSupersededColumns(withoutStruck(joinedWraps(datesBesideLabels(scanned))));
  // a table pasted as tab- or comma-separated lines is read as rows and columns, over what its prose
  // says; of a table's several records, the one its prose names by identifier is the only one read
  const tabled = inputs.filter((i) => TEXT_READABLE.has(i.type.kind));
  // the clock is read here, once: every date of the reading counts from this one day (a stated
  // "Today is …" or `reference` first, as below)
  const today = reference ?? todayIso();
  const prose = withoutUnpickedRows(text);
  // and a table's column of amounts, one item a row, is the sum an input asking a total names by its header
  const read = withColumnSums(
    tabled,
    prose,
    withTables(tabled, text, readProse(inputs, prose, today, reference, meter), statedReference(text, today)?.iso ?? today, meter),
  );
  // a scan's figures may have lost or gained a digit the repair cannot see: none of its values is sure;
  // nor is what is read through the table of another language's words (text/languages.ts)
  // nor is a figure read through a scale whose size is a guess ("$54 mil": text/loose-scales.ts)
  const sure = cappedLoose(scanned === plain ? read : capped(read, SCANNED_CAP), text);
  // and what is read from a text written in part in a language the readers do not know, less surely still
  return readability(text).partlyUnknown ? capped(sure, UNKNOWN_CAP) : partlyForeign(text) ? capped(sure, FOREIGN_CAP) : sure;
}

/** What a scan gives (a text whose misread figures were repaired) is never above this. */
const SCANNED_CAP = 0.85;
/** What a text written (in part) in another language gives is never above this. */
const FOREIGN_CAP = 0.85;
/** What a text written (in part) in a language the readers do not know gives is never above this. */
const UNKNOWN_CAP = 0.8;

const capped = (values: Record<string, ReadValue>, cap: number): Record<string, ReadValue> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.confidence > cap ? { ...v, confidence: cap } : v]));

/** `today`: the day the reading is made as of; `reference`: the same when the caller gave it. */
function readProse(inputs: InputIR[], text: string, today: string, reference?: string, meter?: Meter): Record<string, ReadValue> {
  const parts = messageParts(text, today);
  if (!parts.history) return readMessage(inputs, parts.current, today, reference, meter, true, parts.envelope);
  const replacements: Replacement[] = [];
  const current = readMessage(inputs, parts.current, today, reference, meter, false, parts.envelope, undefined, replacements);
  const stated = statedReference(parts.current, today)?.iso ?? reference;
  // the history's "today" is the day its header dates it ("On 9 Nov 2026, Anna wrote:"), if any
  const written = parts.historyHeader ? findDates(parts.historyHeader, stated ?? today).find((d) => !d.relative)?.iso : undefined;
  const older = readMessage(
    inputs,
    parts.history,
    today,
    written ?? stated,
    meter,
    false,
    undefined,
    written ? { iso: written, start: 0, end: 0 } : undefined,
  );
  const out = { ...current };
  for (const [name, v] of Object.entries(older)) {
    const confidence = Math.min(HISTORY_CAP, roundConfidence(v.confidence * FROM_HISTORY));
    // a value the reply names as replaced ("18,000 instead of 25k") gives way to the reply's
    const now = Object.hasOwn(current, name) ? undefined : replacedInHistory({ ...v, confidence }, replacements);
    if (now) out[name] = now;
  }
  return out;
}

/**
 * `whole`: the text is one message, no reply to an earlier one (which would be the report).
 * `envelope`: the span of its own "Date:" line; `dated`: the day it was written, told outside it.
 * `replacements`: where the old values the message names as replaced are gathered, when asked.
 */
function readMessage(
  inputs: InputIR[],
  text: string,
  today: string,
  reference?: string,
  meter?: Meter,
  whole = false,
  envelope?: { start: number; end: number },
  dated?: OwnDate,
  replacements?: Replacement[],
): Record<string, ReadValue> {
  const stated = statedReference(text, today);
  // the day the message dates itself ("Date: …", a letter's date, "Call note 10/06/2026: …") is
  // its today: relative dates in it count from that day, not from the day it is read
  const own = dated ?? ownDate(text, stated?.iso ?? reference ?? today, envelope);
  // a text headed with a date of another kind ("Date of loss: 2026-01-11 …") is read from it when it states no other
  const heading = own || stated || reference ? undefined : headingDate(text, today);
  const ref = own?.iso ?? stated?.iso ?? reference ?? heading ?? today;
  const readable = inputs.filter((i) => TEXT_READABLE.has(i.type.kind));
  const people = personInputs(inputs);
  if (readable.length === 0 && !people) return {};
  const read = readEnglish(text);
  const tokens = tokenize(text, read.counts, dotsGroupThousands(text));
  markEvents(tokens, read.events);
  // a person's age said without the word ("I'm 67") is announced by the word before it
  for (const t of tokens) if (read.ages.has(t.start)) t.concept = "age";
  // "CS 812": a name said by its initials
  markInitials(tokens, readable, text);
  // "four of us", "a family of four": a count of people said without the word
  markGroupCounts(tokens);
  // "my pay is $3,200 a month": pay as a noun is income, not a payment
  markPayNouns(tokens, text);
  const index = indexText(text, tokens, meter);
  index.meter.steps += read.tokens;
  // "twenty thousand?" / "make it eighteen": a repair said short counts the thousands it repairs
  markShortRepairs(index.tokens, index.amounts);
  replacements?.push(...replacementsIn(index.tokens, index.amounts, text));
  // a thread of dated messages: each message's relative dates count from the day it was sent
  const thread = datedMessages(text);
  const clock = !stated && !reference && !own && !heading && thread.length === 0;
  const allDates = messagePieces(text, thread, ref).flatMap((piece) => {
    // "began on 10/01/2019" from a writer of "3rd of March": which day is meant, the text does not establish
    const settled = findDates(piece.text, piece.reference).filter((d) => !d.orderContested);
    const read = relativeDays(piece.text, settleYears(piece.text, settled, piece.reference, clock), piece.reference);
    return read.map((d) => ({ ...d, start: d.start + piece.start, end: d.end + piece.start }));
  });
  // the stamps of a thread's messages date the messages, as a letter's date does: no fact of theirs
  const meta = [
    ...(stated ? [{ start: stated.start, end: stated.end }] : []),
    ...(own && own.end > own.start ? [own] : []),
    ...thread.map((m) => m.stamp),
  ];
  const dates = allDates.filter((d) => !meta.some((m) => d.start < m.end && d.end > m.start));
  const inDate = covered(index.tokens, allDates);
  const inMeta = covered(index.tokens, meta);
  // a correction on the next chat line reaches back past the line's stamp ("$3,500 a month / [18:25] … sorry, $3,800")
  index.tokens.forEach((t, i) => (t.envelope = inMeta[i]));
  const cues = cuesOf(readable);
  const english = amountsStated(read, index.tokens);
  const of = (...kinds: string[]) => readable.filter((i) => kinds.includes(i.type.kind));
  // a message that says it makes the first report dates the report by the day it is written
  const day = own ?? stated;
  const speech = reportSpeech(text, dates, day?.iso);
  // the text's own words date the report ("Date reported: 02/02/2026", "she notified us on 14
  // October"): that day is the report's, not the day of writing nor a police report's
  const reportWords = of("date")
    .filter((i) => dateRole(i) === 2)
    .map((i) => `${i.name} ${i.desc}`)
    .join(" ");
  const { insurer: told, reports, documents } = statedReports(text, dates, reportWords);
  const reportDay0 = told ?? (speech === "first" ? day : undefined);
  const firstReport = reportDay0 ? of("date").filter((i) => dateRole(i) === 2) : [];
  const opened = firstMessage(thread);
  const reportInputs = new Set(of("date").flatMap((i) => (dateRole(i) === 2 ? [i.name] : [])));
  const reported = namedRecord<ReadValue>();
  for (const input of firstReport)
    reported[input.name] = {
      value: reportDay0!.iso,
      confidence: told ? STATED_REPORT * (told.yearKnown && !told.relative ? 1 : IMPLIED_YEAR) : FIRST_REPORT,
      source: { span: { start: reportDay0!.start, end: reportDay0!.end }, text: text.slice(reportDay0!.start, reportDay0!.end) },
    };
  // a figure behind a box left empty ("Term: ☐ 1 yr ☒ 3 yr") is an option the form did not tick
  const unticked = (i: number) => boxBefore(text.slice(Math.max(0, index.tokens[i]!.start - BOX_SPAN), index.tokens[i]!.start)) === false;
  const numbers = readNumbers(
    of("number"),
    cues,
    index,
    (i, input) => !inDate[i] && !inMeta[i] && !unticked(i) && english.answers(i, input),
  );
  // a span of time an input counting time took ("let's do 4 years" as contract years) says no option's tenure
  const spans = new Set(
    of("number")
      .filter((i) => contentStems(i.name).some((s) => PERIOD_STEMS.has(s)) && typeof numbers[i.name]?.value === "number")
      .map((i) => numbers[i.name]!.value as number),
  );
  const values: Record<string, ReadValue> = {
    ...numbers,
    ...readDates(
      of("date").filter((i) => !firstReport.includes(i)),
      cues,
      index,
      // a mention dating a report (to the insurer, or to the police) is no day of another fact
      dates.filter((m) => !reports.includes(m)),
      clock,
      // nor is the report's day guessed for another, nor a document's day ("report dated 2 February")
      (m) => m.iso === reportDay0?.iso || documents.includes(m),
      (m) => [...read.coming].some((at) => at >= m.start && at < m.end),
      // a thread's report date no cue word places is guessed only from its first day's messages;
      // else it is the day of the earliest message (below), not a date of a later follow-up
      (name, m) => !opened || !whole || !reportInputs.has(name) || messageDay(thread, m.start) === opened.iso,
      (m) => messageDay(thread, m.start) ?? "",
    ),
    ...reported,
    ...readBooleans(of("boolean"), cues, index),
    ...readChoices(of("choice", "levels"), readable, cues, index, spans),
  };
  // people: a person record and the household's list of them (text/people.ts)
  if (people) {
    const others = readable.flatMap((i) => contentStems(i.name)).filter((s) => !PERIOD_STEMS.has(s));
    Object.assign(values, readPeople(inputs, text, read.proper, others));
    index.meter.steps += text.length;
  }
  // an age no amount gives, from a date of birth ("DOB 04/09/1979")
  for (const [name, v] of Object.entries(agesFromBirth(of("number"), text, allDates, ref, clock)))
    if (!Object.hasOwn(values, name)) values[name] = v;
  // a household's size no count gives, from a list of its members ("me, my wife and our two kids");
  // a count within the list is one member's kind ("2 children"), not the household's
  for (const [name, v] of Object.entries(membersCounted(of("number"), text)))
    if (!Object.hasOwn(values, name) || within(values[name]!, v)) values[name] = v;
  // a text that states the day it is written and tells of a loss is its report: that day is the
  // report date when no other date is given for it ("Today is 9 November 2026 and I'm writing to report …")
  // in a thread of dated messages that day is the day of its earliest message, the first contact,
  // not the day the thread is read nor a later follow-up's
  const reportDay = opened ? { iso: opened.iso, ...opened.stamp } : day;
  if (reportDay && whole && speech !== "earlier")
    for (const input of of("date"))
      if (!Object.hasOwn(values, input.name) && dateRole(input) === 2)
        values[input.name] = {
          value: reportDay.iso,
          confidence: WRITTEN_REPORT,
          source: { span: { start: reportDay.start, end: reportDay.end }, text: text.slice(reportDay.start, reportDay.end) },
        };
  return aboveFloor(calibrate(values, TEXT_WORTH));
}

/** Whether a value was read from within the span another was read from. */
const within = (inner: ReadValue, outer: ReadValue): boolean => {
  const [a, b] = [inner.source?.span, outer.source?.span];
  return a !== undefined && b !== undefined && a.start >= b.start && a.end <= b.end;
};

export const textReader: Reader = {
  name: "text",
  limits: EMBEDDED_LIMITS,
  async read(request: ReadRequest): Promise<ReadResult> {
    const text = typeof request.state === "string" ? request.state : JSON.stringify(request.state);
    return { values: readText(request.inputs, text, request.reference), usage: NO_USAGE };
  },
};
