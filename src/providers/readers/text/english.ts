// What a field-maintained English model reads in a text, as character spans the reader's own
// tokens can be tested against: wink-nlp with its English model finds sentences, tokens, the
// scope of each negation ("no claims in five years": claims, in, five, years are denied) and
// entities (DURATION: "five years", "29 years"; CARDINAL, MONEY, DATE). (Numbers written in
// words are valued by the reader's own grammar, in ../numbers.ts.) Loaded once; no data is
// fetched: the model ships in its package. wink-nlp reads in one pass, linear in the text, but for
// one step: its entity automaton steps over each line-break token to the next word from every
// token it starts at, so a long run of blank lines with blanks on them (each its own token) costs
// the square of its length (wordsBetweenBreaks below).
import { createRequire } from "node:module";
import type winkNLP from "wink-nlp";

export interface Span {
  start: number;
  end: number;
}

export interface EnglishReading {
  /** tokens inside the scope of a negation, merged into spans */
  negated: Span[];
  /** spans of time ("five years", "a month", "29 years") */
  durations: Span[];
  /**
   * Where a person's age is said without the word: the start of the word before a bare number
   * of years ("I'm 67", "she is 80", "the driver is 42", "aged 51"; not "is 5 miles")
   */
  ages: Set<number>;
  /** starts of a "one" that counts the noun after it ("one claim"; not "one of", "the one thing") */
  counts: Set<number>;
  /** runs of capitalised proper nouns ("Maria Lopez", "T. Brandt"): people and places */
  proper: Span[];
  /** starts of a weekday told of what is to come ("the plumber comes Friday", "will call Monday"), not of what was */
  coming: Set<number>;
  /** impacts and takings told by their verbs (text/events.ts) */
  events: Event[];
  /** how many tokens the model read: its share of the reader's steps */
  tokens: number;
}

/**
 * Nouns after "one" that make a phrase, not a count: "12 miles one way", "one way or another",
 * "on one hand", "one side of the road". A "one" before them counts nothing.
 */
const NOT_COUNTED = new Set(["way", "hand", "side"]);

/** Pronouns (and proper names) a bare number of years may be said of. */
const PERSON_POS = new Set(["PRON", "PROPN"]);
/** Nouns for the people evidence is about ("the driver is 42", "applicant is 58"). */
const PERSON_NOUNS = new Set(
  (
    "driver applicant customer client claimant policyholder insured borrower owner tenant member person man woman " +
    "husband wife spouse partner son daughter mother father parent child patient employee resident"
  ).split(" "),
);
/** "I'm", "she's", and the casual "im" written without its apostrophe. */
const CONTRACTED_BE = /^(?:(i|he|she|you|we|they)['’](m|s|re)|im)$/i;

import { languageDenials } from "./language-denials.js";
import { NEGATORS } from "./negation.js";
import { readEvents, type Event } from "./events.js";
import { REFUSALS } from "./refused.js";

const WEEKDAY = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i;
/** Words that put the verb after them in the future ("will", "'ll", "going to"). */
const FUTURE = new Set(["will", "'ll", "’ll", "shall", "going", "gon"]);
/** How many tokens back from a weekday its verb may stand ("comes on Friday to fit it"). */
const VERB_REACH = 4;
/** Dashes that set a whole answer off from what follows it ("no — I need $6,000"). */
const DASHES = new Set(["—", "–", "-"]);

/**
 * Whether the verb nearest before the weekday at i, in its sentence, tells what is to come: the
 * present of the third person ("comes", "arrives"), a future ("will come", "'ll call"), or the
 * present progressive ("is coming"). A past ("came", "tore") tells what was.
 */
function toCome(values: string[], pos: string[], lemmas: string[], i: number): boolean {
  for (let j = i - 1; j >= 0 && i - j <= VERB_REACH; j--) {
    if (pos[j] === "PUNCT" && /[.!?;\n]/.test(values[j]!)) return false;
    if (pos[j] !== "VERB" && pos[j] !== "AUX") continue;
    const v = values[j]!.toLowerCase();
    const l = lemmas[j]!.toLowerCase();
    const before = [values[j - 1], values[j - 2]].map((w) => w?.toLowerCase() ?? "");
    if (FUTURE.has(v) || before.some((w) => FUTURE.has(w))) return true;
    if (v !== l && (v === `${l}s` || v === `${l}es` || v === `${l.slice(0, -1)}ies`)) return true;
    return v.endsWith("ing") && /^(?:is|are|am|'s|’s|'re|’re)$/.test(before[0]!);
  }
  return false;
}

let english: ReturnType<typeof winkNLP> | undefined;
/**
 * The model, loaded on first use: a few megabytes of JavaScript to parse (0.2–0.4 s). A server
 * loads it before it listens (so no request waits for it); `pdm run` and tests when they read.
 */
export function loadEnglish(): ReturnType<typeof winkNLP> {
  if (!english) {
    const require = createRequire(import.meta.url);
    const wink = require("wink-nlp") as typeof winkNLP;
    english = wink(require("wink-eng-lite-web-model") as Parameters<typeof winkNLP>[0]);
  }
  return english;
}

/** Blank lines in a row past which their blanks are read as line breaks: one token for the run. */
const BLANK_LINES = 16;
const MANY_BLANK_LINES = new RegExp(`\\n(?:[^\\S\\n]*\\n){${BLANK_LINES},}`, "g");

/**
 * `text` with the blanks inside each run of more than BLANK_LINES blank lines turned into line
 * breaks: wink-nlp reads such a run as one token, not one per line, so its automaton's steps over
 * line breaks stay under BLANK_LINES per token. Offsets and every other character are kept.
 */
export const wordsBetweenBreaks = (text: string): string => text.replace(MANY_BLANK_LINES, (run) => "\n".repeat(run.length));

/**
 * `text` with each word its language says is no denial (Japanese's particle "no": "kuruma no
 * shuuri") written as "of", of the same length: English's reading of denials does not see it.
 */
function withoutParticles(text: string): string {
  const none = [...languageDenials(text)].filter(([, denies]) => !denies).map(([at]) => at);
  if (none.length === 0) return text;
  let out = "";
  let from = 0;
  for (const at of none) {
    out += text.slice(from, at) + "of";
    from = at + 2;
  }
  return out + text.slice(from);
}

export function readEnglish(original: string): EnglishReading {
  const w = loadEnglish();
  const its = w.its;
  const text = withoutParticles(wordsBetweenBreaks(original));
  const doc = w.readDoc(text);
  // wink-nlp keeps every character: a token's start is the text so far plus its preceding spaces
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  const values = doc.tokens().out(its.value) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const flags = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  for (let i = 0; i < values.length; i++) {
    at += spaces[i]!.length;
    const found = text.indexOf(values[i]!, at);
    // a token wink-nlp normalised (rare): keep the running position
    const start = found >= 0 && found - at < 4 ? found : at;
    starts.push(start);
    at = start + values[i]!.length;
    ends.push(at);
  }
  const pos = doc.tokens().out(its.pos) as string[];
  const lemmas = doc.tokens().out(its.lemma as unknown as typeof its.pos) as string[];
  const ages = new Set<number>();
  const counts = new Set<number>();
  for (let i = 0; i + 1 < values.length; i++) {
    const next = i + 1;
    if (pos[next] !== "NUM") continue;
    // the number's last part ("forty - two"), then the word after it
    let last = next;
    while (values[last + 1] === "-" && pos[last + 2] === "NUM") last += 2;
    const after = last + 1 < values.length ? pos[last + 1] : undefined;
    const aboutYears = after !== "NOUN" || lemmas[last + 1] === "year";
    const saidOfPerson =
      CONTRACTED_BE.test(values[i]!) ||
      lemmas[i] === "age" ||
      (lemmas[i] === "be" && i > 0 && (PERSON_POS.has(pos[i - 1]!) || PERSON_NOUNS.has(lemmas[i - 1]!.toLowerCase())));
    if (saidOfPerson && aboutYears) ages.add(starts[i]!);
    if (/^one$/i.test(values[next]!) && pos[next + 1] === "NOUN" && pos[i] !== "DET" && !NOT_COUNTED.has(lemmas[next + 1]!))
      counts.add(starts[next]!);
  }
  if (values.length > 1 && /^one$/i.test(values[0]!) && pos[1] === "NOUN" && !NOT_COUNTED.has(lemmas[1]!)) counts.add(starts[0]!);
  const coming = new Set<number>();
  values.forEach((v, i) => {
    if (WEEKDAY.test(v) && toCome(values, pos, lemmas, i)) coming.add(starts[i]!);
  });
  // a negation's scope ends with its line: "no card balances\n- wants $12,000" denies no request
  const negated: Span[] = [];
  let lineStart = 0;
  let negator = -1;
  flags.forEach((f, i) => {
    const gap = text.slice(i > 0 ? ends[i - 1]! : 0, starts[i]!);
    // wink-nlp may keep a line break as a token of its own
    if (gap.includes("\n")) lineStart = starts[i]!;
    if (values[i]!.includes("\n")) lineStart = ends[i]!;
    if (NEGATORS.has(values[i]!.toLowerCase()) || /n['’]t$/i.test(values[i]!)) negator = starts[i]!;
    // "no — I need $6,000": a "no" set off by a dash is a whole answer; what follows is no part of it
    if (DASHES.has(values[i]!) && i > 0 && REFUSALS.has(values[i - 1]!.toLowerCase())) negator = -1;
    if (!f || negator < lineStart || values[i]!.includes("\n")) return;
    const last = negated[negated.length - 1];
    if (last && i > 0 && flags[i - 1] && !gap.includes("\n")) last.end = ends[i]!;
    else negated.push({ start: starts[i]!, end: ends[i]! });
  });
  const proper: Span[] = [];
  for (let i = 0; i < values.length; i++) {
    if (!/^[A-Z]/.test(values[i]!)) continue;
    const last = proper[proper.length - 1];
    const joined = last !== undefined && last.end === ends[i - 1] && starts[i]! - last.end === 1 && text[last.end] === " ";
    // a capitalised word right after a name is part of it ("Lena Park", though "park" is a noun)
    if (joined && (pos[i] === "PROPN" || (pos[i] === "NOUN" && /^[A-Z][a-z]+$/.test(values[i]!)))) last.end = ends[i]!;
    else if (pos[i] !== "PROPN") continue;
    else proper.push({ start: starts[i]!, end: ends[i]! });
  }
  const durations: Span[] = [];
  doc.entities().each((e: { out: (f?: unknown) => unknown }) => {
    if (e.out(its.type) !== "DURATION") return;
    const [first, last] = e.out(its.span) as unknown as [number, number];
    durations.push({ start: starts[first]!, end: ends[last]! });
  });
  const events = readEvents(values, pos, lemmas, starts);
  return { negated, durations, ages, counts, coming, proper, events, tokens: values.length };
}

/** Whether the span [start, end) overlaps one of the spans (sorted by start). */
export function within(spans: Span[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < spans.length && spans[lo]!.start < end;
}
