// Dates from text: chrono's mentions (absolute and relative, resolved against the reference
// date), each given to the date input whose cue words stand nearest.
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import type { DateMention } from "../dates.js";
import { assignBest, byElimination, proximity, type Cue } from "./cues.js";
import { BY_ELIMINATION, contestFactor, placed, RELATIVE_TO_CLOCK, rivalFactor, roundConfidence } from "./confidence.js";
import { isNegator } from "./negation.js";
import { dateTakenBack, unrealised } from "./qualifiers.js";
import { placedDates, swappedInOrder, type Placed } from "./date-order.js";
import type { TextIndex } from "./text-index.js";
import type { Token } from "./tokens.js";
import { namedRecord } from "../../../runtime/json.js";

const MIN_PROXIMITY = 0.12;
/** A date without its year takes the nearest year: usually, not always, the one meant. */
export const IMPLIED_YEAR = 0.9;
/** A date in a statement of what will or should happen: rarely the date of the fact asked. */
const PLANNED = 0.5;
/** A date taken in place of the one read first, because that one broke the order of facts in time. */
const REORDERED = 0.85;
/** A day counted from another the text tells of ("I phoned the next day"). */
const COUNTED = 0.6;
/** Words between two dates that make them a span, not two answers: "from 1 June to 31 May", "1–30 June". */
const SPAN_WORDS = new Set(["to", "until", "till", "through", "thru", "-", "–", "—", "between"]);
/** How many tokens apart two dates of one fact may stand: the search stays linear in a long sentence. */
const CONFLICT_REACH = 40;
/** Words saying two records disagree: "conflicting dates", "a discrepancy", "the two differ". */
const DISAGREE = /^(?:conflict\w*|discrepan\w*|differ|differs|differing|mismatch\w*|inconsisten\w*|contradict\w*|disagree\w*)$/;
/** Words after "which" asking which of two holds: "which is correct", "which one applies". */
const WHICH_HOLDS = new Set(["correct", "right", "valid", "applies", "true", "accurate"]);

/** A day opening a span whose other end is the date just after it: "between 3 and", "tra il 3 e il", "entre o 3 e o". */
const SPAN_OF_DAYS =
  /\b(?:between|tra|fra|entre|zwischen|tussen)\s+(?:(?:the|il|le|el|o|dem|de)\s+)?\d{1,2}(?:st|nd|rd|th|\.)?\s+(?:and|e|y|et|und|en)\s+(?:(?:the|il|le|el|o|dem|de)\s+)?$/i;
const endsSpanOfDays = (text: string, m: DateMention): boolean => SPAN_OF_DAYS.test(text.slice(Math.max(0, m.start - 40), m.start));

/** A weekday named alone, with no "last", "next" or date: which week it is in, the text does not say. */
const BARE_WEEKDAY = /^(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i;

/** Index of the first token whose start is at or after `offset` (tokens.length if none). */
function firstTokenFrom(index: TextIndex, offset: number): number {
  const { tokens } = index;
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    index.meter.steps++;
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where a date mention stands among the tokens: its first token (or the token after it when it
 * has none of its own), and the range of its own tokens, which are not cue words for it.
 */
function place(index: TextIndex, m: DateMention): { anchor: number; own: { from: number; to: number } } {
  const { tokens } = index;
  const from = firstTokenFrom(index, m.start);
  let to = from - 1;
  while (to + 1 < tokens.length && tokens[to + 1]!.end <= m.end) to++;
  const anchor = to >= from ? from : firstTokenFrom(index, m.end);
  return { anchor: anchor < tokens.length ? anchor : -1, own: { from, to } };
}

/** The next mention is a written date standing in apposition to this one ("today, 12 May 2026", "yesterday (3 March)"). */
const sameDayWritten = (text: string, m: DateMention, next: DateMention | undefined): boolean =>
  next !== undefined && !next.relative && /^[\s,(–—-]{0,3}$/.test(text.slice(m.end, next.start));

/**
 * A day denied just after another in its sentence ("the storm was the day before yesterday, not
 * yesterday", "foi anteontem, não ontem", "am Montag, nicht am Dienstag") answers nothing, and
 * neither does any earlier mention of that day: the day said before the denial replaces them, and
 * is placed by their cue words too (an earlier message's "Yesterday there was a storm"). One pass
 * over the mentions.
 */
function deniedDays(
  index: TextIndex,
  mentions: DateMention[],
  places: { anchor: number; own: { from: number; to: number } }[],
  replaces: Map<number, { anchor: number; own: { from: number; to: number } }>,
): void {
  const { tokens } = index;
  places.forEach((p, j) => {
    const before = tokens[p.own.from - 1];
    const twoBefore = tokens[p.own.from - 2];
    const denied =
      p.own.to >= p.own.from &&
      before !== undefined &&
      before.sentence === tokens[p.own.from]!.sentence &&
      (isNegator(before) || (twoBefore !== undefined && isNegator(twoBefore) && /^(?:on|am|em|en|le|il|op|el|o)$/.test(before.lower)));
    const kept = j > 0 ? places[j - 1]! : undefined;
    if (!denied || !kept || kept.anchor < 0 || tokens[kept.anchor]!.sentence !== tokens[p.own.from]!.sentence) return;
    if (mentions[j - 1]!.iso === mentions[j]!.iso) return;
    p.anchor = -1;
    for (let k = 0; k < j - 1; k++)
      if (mentions[k]!.iso === mentions[j]!.iso && places[k]!.anchor >= 0) {
        if (!replaces.has(j - 1)) replaces.set(j - 1, { ...places[k]! });
        places[k]!.anchor = -1;
      }
  });
}

/** The tokens of `count` sentences from `sentence` on. */
function sentenceTokens(index: TextIndex, sentence: number, count: number): Token[] {
  const last = Math.min(sentence + count, index.sentenceLast.length) - 1;
  const from = index.sentenceFirst[sentence]!;
  let to = -1;
  for (let s = last; s >= sentence && to < 0; s--) to = index.sentenceLast[s]!;
  return from < 0 || to < 0 ? [] : index.tokens.slice(from, to + 1);
}

export function readDates(
  inputs: InputIR[],
  cues: Map<string, Cue[]>,
  index: TextIndex,
  found: DateMention[],
  clock = false,
  /** mentions of a day already given (the report's, by the message's own words): no guess for another input */
  given: (m: DateMention) => boolean = () => false,
  /** mentions told of what is to come (text/english.ts) */
  coming: (m: DateMention) => boolean = () => false,
  /** whether a mention may be guessed (taken by elimination) for an input: else its day is told otherwise */
  guessable: (input: string, m: DateMention) => boolean = () => true,
  /** the day of the message a mention is in, when the text is a thread: its earliest messages are guessed from first */
  toldOn: (m: DateMention) => string = () => "",
): Record<string, ReadValue> {
  // a day counted from another is read only where its cue words place it, never as a guess
  // a weekday said alone of what is to come ("the contractor comes Thursday") is no day of the facts: no guess either
  const unguessed = (m: DateMention) => m.counted === true || given(m) || (BARE_WEEKDAY.test(m.text.trim()) && coming(m));
  // "today, 12 May 2026": a relative date with the written date just after it is that date
  // "the night between 3 and 4 July": the second day of a span of two is no day of the fact, nor
  // is that day said again ("noticed it on the morning of 4 July")
  const spanEnds = new Set(found.filter((m) => endsSpanOfDays(index.text, m)).map((m) => m.iso));
  const mentions = found.filter((m, j) => !(m.relative && sameDayWritten(index.text, m, found[j + 1])) && !spanEnds.has(m.iso));
  const places = mentions.map((m) => place(index, m));
  // a date a correction takes back answers nothing; the next date, the one corrected to, is
  // placed by its cue words too ("Inc. date: first said Thu 12th, then corr. -> Wed 11/02")
  const replaces = new Map<number, { anchor: number; own: { from: number; to: number } }>();
  places.forEach((p, j) => {
    if (p.anchor < 0 || j + 1 >= places.length || places[j + 1]!.anchor < 0) return;
    if (!dateTakenBack(index.tokens, Math.max(p.own.to, p.anchor), places[j + 1]!.own.from)) return;
    replaces.set(j + 1, { ...p });
    p.anchor = -1;
  });
  deniedDays(index, mentions, places, replaces);
  // resolved against the day of reading: less sure, and second to a date written out
  // counted from another day ("the next day"): the reading of two days, less sure
  const againstClock = (m: DateMention) => (clock && m.relative ? RELATIVE_TO_CLOCK : 1) * (m.counted ? COUNTED : 1);
  // a date of what is only promised or planned ("I will file a report tomorrow") is no date of a fact
  const planned = places.map(({ anchor }) => anchor >= 0 && unrealised(index.tokens, anchor));
  const certainty = (m: DateMention, j: number) => (m.yearKnown ? 1 : IMPLIED_YEAR) * againstClock(m) * (planned[j] ? PLANNED : 1);
  const all: { input: string; mention: number; score: number }[] = [];
  for (const input of inputs) {
    places.forEach(({ anchor, own }, j) => {
      if (anchor < 0) return;
      const old = replaces.get(j);
      const placedAt = Math.max(
        proximity(index, cues.get(input.name) ?? [], anchor, own),
        old ? proximity(index, cues.get(input.name) ?? [], old.anchor, old.own) : 0,
      );
      const near = placedAt * againstClock(mentions[j]!) * (planned[j] ? PLANNED : 1);
      if (near >= MIN_PROXIMITY) all.push({ input: input.name, mention: j, score: near });
    });
  }
  const byInput = new Map<string, typeof all>();
  const byMention = new Map<number, typeof all>();
  for (const c of all) {
    byInput.set(c.input, [...(byInput.get(c.input) ?? []), c]);
    byMention.set(c.mention, [...(byMention.get(c.mention) ?? []), c]);
  }
  const out = namedRecord<ReadValue>();
  const assigned = assignBest(all, index.meter);
  const chosen = new Set([...assigned.values()].map((c) => c.mention));
  const unsettled = new Set<string>();
  /**
   * Another date in the best date's sentence that no other input took, no span joins to it, and
   * that sentence or the next says the two disagree ("two inception dates", "which is correct").
   */
  const conflicting = (best: number, rival: number): boolean => {
    const { tokens } = index;
    const [a, b] = [places[best]!, places[rival]!];
    const sentence = tokens[a.anchor]!.sentence;
    if (chosen.has(rival) || tokens[b.anchor]!.sentence !== sentence || Math.abs(a.anchor - b.anchor) > CONFLICT_REACH) return false;
    const [from, to] = a.anchor < b.anchor ? [a.own.to, b.own.from] : [b.own.to, a.own.from];
    if (tokens.slice(from + 1, to).some((t) => SPAN_WORDS.has(t.lower))) return false;
    let said = disagreeing.get(sentence);
    if (said === undefined)
      disagreeing.set(
        sentence,
        (said = sentenceTokens(index, sentence, 2).some(
          (t, k, near) =>
            DISAGREE.test(t.lower) ||
            (t.lower === "which" && near.slice(k + 1, k + 4).some((w) => WHICH_HOLDS.has(w.lower))) ||
            (/^(?:two|both)$/.test(t.lower) && near.slice(k + 1, k + 4).some((w) => w.lower === "dates")),
        )),
      );
    return said;
  };
  /** per sentence: whether it or the next says two values disagree (each sentence looked at once) */
  const disagreeing = new Map<number, boolean>();
  for (const [name, best] of assigned) {
    const m = mentions[best.mention]!;
    const rivals = (byInput.get(name) ?? []).filter((c) => mentions[c.mention]!.iso !== m.iso).sort((a, b) => b.score - a.score);
    const ratio = rivals[0] ? rivals[0].score / best.score : 0;
    const claim = Math.max(0, ...(byMention.get(best.mention) ?? []).filter((c) => c.input !== name).map((c) => c.score)) / best.score;
    // two dates for the fact that the text says disagree: it does not settle which one holds, so
    // neither is read, nor guessed for it later
    if (mentions.some((o, j) => o.iso !== m.iso && places[j]!.anchor >= 0 && conflicting(best.mention, j))) {
      unsettled.add(name);
      continue;
    }
    const confidence = roundConfidence(placed(best.score) * certainty(m, best.mention) * rivalFactor(ratio) * contestFactor(claim));
    const value: ReadValue = { value: m.iso, confidence, source: { span: { start: m.start, end: m.end }, text: m.text } };
    if (rivals[0] && ratio >= 0.7)
      value.alternatives = [
        { value: mentions[rivals[0].mention]!.iso, p: roundConfidence(Math.min(1 - confidence, confidence * ratio * 0.5)) },
      ];
    out[name] = value;
  }
  // dates no cue word claims go to the date inputs left, with low confidence
  const used = new Set(Object.values(out).map((v) => v.source!.span!.start));
  // the dates of an input the text leaves unsettled ("which start applies") are its own: no guess for another
  const unsettledOwn = (j: number) => (byMention.get(j) ?? []).some((c) => unsettled.has(c.input));
  // a thread tells its facts in its first messages, and follows up after: a guess is taken from the earliest first
  const told = mentions.map(toldOn);
  const free = mentions
    .flatMap((m, j) => (places[j]!.anchor >= 0 && !used.has(m.start) && !unguessed(m) && !unsettledOwn(j) ? [j] : []))
    .sort((a, b) => (told[a]! < told[b]! ? -1 : told[a]! > told[b]! ? 1 : a - b));
  const left = inputs.filter((i) => !Object.hasOwn(out, i.name) && !unsettled.has(i.name)).map((i) => i.name);
  const pick = byElimination(
    left,
    free.map((j) => ({
      index: j,
      mention: j,
      score: (name: string) => proximity(index, cues.get(name) ?? [], places[j]!.anchor),
    })),
  );
  const guessed = new Set(pick.keys());
  for (const [name, j] of pick) {
    if (!guessable(name, mentions[j]!)) {
      guessed.delete(name);
      continue;
    }
    const m = mentions[j]!;
    out[name] = {
      value: m.iso,
      confidence: roundConfidence(BY_ELIMINATION * certainty(m, j)),
      source: { span: { start: m.start, end: m.end }, text: m.text },
    };
  }
  // an unused date that fits where a guessed one does not, at the confidence of a guess
  const spare = (name: string, fits: (iso: string) => boolean): ReadValue | undefined => {
    const taken = new Set(Object.values(out).map((v) => v.source!.span!.start));
    let best: number | undefined;
    let bestScore = -1;
    mentions.forEach((m, j) => {
      if (places[j]!.anchor < 0 || taken.has(m.start) || !fits(m.iso) || unguessed(m)) return;
      const score = proximity(index, cues.get(name) ?? [], places[j]!.anchor);
      if (score > bestScore) [best, bestScore] = [j, score];
    });
    if (best === undefined) return undefined;
    const m = mentions[best]!;
    return {
      value: m.iso,
      confidence: roundConfidence(BY_ELIMINATION * certainty(m, best)),
      source: { span: { start: m.start, end: m.end }, text: m.text },
    };
  };
  return inTimeOrder(inputs, out, guessed, spare);
}

/**
 * The loss and report dates put back in their order in time (text/date-order.ts). When one of
 * the two was given by elimination and the other by its cue words, the eliminated one is the
 * doubtful one: an unused date on the right side of the other takes its place if there is one
 * (the best placed for it). Else, and when both were placed alike, the two are swapped: on the
 * dev and held-out cases a swap was right more often than keeping either.
 */
function inTimeOrder(
  inputs: InputIR[],
  out: Record<string, ReadValue>,
  guessed: Set<string>,
  spare: (name: string, fits: (iso: string) => boolean) => ReadValue | undefined,
): Record<string, ReadValue> {
  const dates = placedDates(inputs, out);
  const [a, b] = dates;
  if (dates.length !== 2 || guessed.has(a!.input) === guessed.has(b!.input)) return swapped(dates, out);
  const [weak, firm] = guessed.has(a!.input) ? [a!, b!] : [b!, a!];
  const fits = (iso: string) => (weak.role < firm.role ? iso <= firm.iso : iso >= firm.iso);
  if (fits(weak.iso)) return out;
  const other = spare(weak.input, fits);
  if (!other) return swapped(dates, out);
  out[weak.input] = { ...other, confidence: roundConfidence(other.confidence * REORDERED) };
  return out;
}

const swapped = (dates: Placed[], out: Record<string, ReadValue>): Record<string, ReadValue> => swappedInOrder(dates, out, REORDERED);
