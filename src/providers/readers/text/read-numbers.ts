// Numbers from text: every amount is a candidate for every number input, scored by the cue words
// around it and by how well its form fits the input (currency for dollar amounts, % for
// percentages, whole counts for "how many", the type's bounds, the period of the amount).
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import { holdsFractions, withinBounds } from "../coerce.js";
import { currencyOf } from "../currencies.js";
import { FOREIGN_NONE } from "../foreign-words.js";
import { currenciesNamed } from "./named-currencies.js";
import { convertPeriod, roundFloat, type Amount } from "../numbers.js";
import { kindsOf, PERIOD_STEMS, periodOfText, stem, stemMatch } from "../words.js";
import { assignBest, byElimination, proximity, type Cue } from "./cues.js";
import { BY_ELIMINATION, contestFactor, ESTIMATED, LISTED, ONE_OF_PARTS, placed, rivalFactor, roundConfidence } from "./confidence.js";
import { correctedFrom, otherWordsIn, qualifiersOf, retracted, superseded, takenBack, unknownNow, type Qualifier } from "./qualifiers.js";
import { changedFrom, changedTo } from "./changes.js";
import { matchesOf, type TextIndex } from "./text-index.js";
import { namedOthersOwn, relativesOwn, writersNotTheRole } from "./whose.js";
import { refusedProposals } from "./refused.js";
import { alike, asksTotal, listByLines, listWith, pairedList, partialBullets, statedSum, unknownPart } from "./totals.js";
import { headingPeriod } from "./bullet-lists.js";
import { frequencyBefore } from "./frequency-before.js";
import { chequePeriod } from "./pay-cheques.js";
import { netOfGross } from "./net-of-gross.js";
import { periodBefore } from "./period-before.js";
import { distancePeriod } from "./distance-rates.js";
import type { Token } from "./tokens.js";
import { isYear, yearsApart } from "./years-apart.js";
import { OFF_QUESTION, offQuestion } from "./answered-questions.js";
import { namedRecord } from "../../../runtime/json.js";
import { noneAfter } from "./denied-after.js";
import { memberItems } from "./member-sums.js";
import { spanLength } from "./time-windows.js";
import { countsEvents, countsTime } from "./counted-units.js";
import { dashAnswer } from "./dash-answers.js";

/** Below this the cue words are too far for a number to belong to the input. */
const MIN_PROXIMITY = 0.12;

type Kind = "money" | "percent" | "count" | "plain";

function kindOf(input: InputIR): Kind {
  const words = `${input.name} ${input.desc}`.toLowerCase();
  if (holdsFractions(input.type) || /\b(percent|percentage|rate)\b|%/.test(words)) return "percent";
  if (/\b(dollars?|usd|price|cost|income|salary|amount|pay|rent|fee|premium|budget|volume|euros?)\b|\$/.test(words)) return "money";
  if (/\bhow many\b/.test(words)) return "count";
  return "plain";
}

/** How well an amount's form fits the kind of input: a factor, 0 to rule it out. */
const FORM_FIT: Record<Kind, (a: Amount) => number> = {
  money: (a) => (a.percent ? 0.15 : a.currency ? 1.2 : 1),
  percent: (a) => (a.percent ? 1.3 : a.currency ? 0.15 : 0.9),
  count: (a) => (a.percent || a.currency ? 0.25 : Number.isInteger(a.value) ? 1 : 0.4),
  plain: (a) => (a.percent ? 0.4 : a.currency ? 0.5 : 1),
};

/** Nouns that make a number a count of something else ("45 years old", "3 children"). */
const UNIT_NOUNS = new Set([
  "year",
  "yr",
  "month",
  "day",
  "week",
  "hour",
  "minut",
  "old",
  "peopl",
  "person",
  "child",
  "kid",
  "seat",
  "employe",
  "tim",
  "point",
  "stor",
  "unit",
  "user",
]);

function unitAfter(tokens: Token[], i: number): string | undefined {
  // "3-year": a hyphen glued to the number and its unit joins them
  const glued = tokens[i + 1]?.text === "-" && tokens[i + 1]!.start === tokens[i]!.end && tokens[i + 2]?.start === tokens[i + 1]!.end;
  const next = tokens[glued ? i + 2 : i + 1];
  if (!next || next.kind !== "word" || next.sentence !== tokens[i]!.sentence || tokens[i]!.amount?.period) return undefined;
  // "5 yrs", "36 mo": a short unit says its word
  const word = next.concept !== undefined && UNIT_NOUNS.has(next.concept) ? next.concept : next.stem;
  return UNIT_NOUNS.has(word) ? word : undefined;
}

/** The unit nouns that measure time. */
const TIME_UNITS = new Set(["year", "yr", "month", "day", "week", "hour", "minut"]);

/** Units of time in weeks. */
const WEEKS: Record<string, number> = { week: 1, month: 52 / 12, year: 52 };

/**
 * A span of time in another unit than the one the input's name counts in ("contract years"): in
 * that unit, when it comes out whole (36 months → 3 years; 18 months is no whole number of years).
 */
function inUnitOf(input: InputIR, unit: string, value: number): number | undefined {
  const asked = Object.keys(WEEKS).find((u) => new RegExp(`\\b${u}s?\\b`, "i").test(input.name));
  if (!asked || asked === unit || WEEKS[unit] === undefined) return undefined;
  const converted = roundFloat((value * WEEKS[unit]!) / WEEKS[asked]!);
  return Number.isInteger(converted) ? converted : undefined;
}

const looksLikeYear = (t: Token): boolean =>
  !t.amount!.currency && !t.amount!.percent && /^\d{4}$/.test(t.text) && t.amount!.value >= 1900 && t.amount!.value <= 2100;

/**
 * A year right before a name ("a 2019 Golf", "my 2021 Tesla Model 3", "the 2018 Ford"): the year
 * the thing was made or bought, no sum of money.
 */
function yearOfAName(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  return (
    looksLikeYear(t) &&
    next?.kind === "word" &&
    next.sentence === t.sentence &&
    next.start - (t.amountEnd ?? t.end) === 1 &&
    /^\p{Lu}\p{Ll}/u.test(next.text)
  );
}

/** A number written as an ordinal ("the 10th", "1st", "22nd"): a day or a rank, no sum of money. */
function ordinal(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  return !t.amount!.currency && next?.kind === "word" && next.start === t.end && /^(?:st|nd|rd|th)$/i.test(next.text);
}

/**
 * What a qualifier does to an amount: a value of another time or party rarely answers the input
 * (another amount should); a hedged value is not established; an approximate one nearly is.
 */
const QUALIFIED: Record<Qualifier, { fit: number; confidence: number }> = {
  other: { fit: 0.3, confidence: 0.7 },
  // the pay of a job left is known not to be the pay now: read, if at all, below the floor
  ended: { fit: 0.3, confidence: 0.3 },
  hedged: { fit: 1, confidence: 0 },
  approximate: { fit: 1, confidence: 0.95 },
};

/** Words that deny a quantity outright: "no coupon", "pays no rent", "zero debt". */
const NONE = new Set([
  ...["no", "zero", "without", "nil"],
  // the same "no" before a kind in the other languages of evidence: "keine Schulden", "brak szkód"
  ...Object.values(FOREIGN_NONE).flat(),
]);
/** Answers after the cue that say there is none: "Rent: none", "Existing repayments: nil". */
const NONE_STATED = new Set([
  ...["none", "nil", "zero"],
  // "Schulden: geen", "Schulden: keine", "Debiti: nessuno", "Deudas: ninguna", "Dettes : aucune", "Dívidas: nenhuma"
  ...["geen", "keine", "nessuno", "nessuna", "ninguno", "ninguna", "aucun", "aucune", "néant", "nenhum", "nenhuma"],
  // "Szkody: brak", "Skador: inga"
  ...["brak", "inga", "ingen"],
]);
/** A count's events denied by the verb before them: "hasn't made a single claim", "has never had an accident". */
const DENIED_VERB = /^(not|never)$|n['’]t$/;
/** Words between such a denial and the cue that make it a denial of something else: "doesn't know how many claims". */
const NOT_A_DENIAL = new Set([
  "know",
  "sure",
  "say",
  "said",
  "tell",
  "told",
  "remember",
  "recall",
  "mention",
  "confirm",
  "yet",
  "specify",
  "ask",
  "until",
]);
const COUNT_REACH = 4;
/** Verbs of paying, charging or having, through which a denial reaches an amount's cue ("doesn't pay any rent", "does not charge us rent"). */
const HAVING = new Set([
  "pay",
  "pays",
  "paying",
  "paid",
  "charge",
  "charges",
  "charging",
  "charged",
  "have",
  "has",
  "had",
  "having",
  "owe",
  "owes",
  "carry",
  "carries",
  "hold",
  "holds",
]);
/** The person a verb of paying or charging is done to ("does not charge us any rent"). */
const OBJECT_PRONOUNS = new Set(["us", "me", "him", "her", "them", "you"]);
/** Words after a negator that deny only what is besides the things named: "no other claims". */
const BESIDES = new Set(["other", "further", "more", "additional", "else"]);
/** The article of a thing classed, not had: "not a loan". */
const INDEFINITE = new Set(["a", "an"]);
/** How much "no other loans" says none, of an amount: the loan asked for aside, nothing is owed, unless an amount is stated. */
const BESIDES_SHARE = 0.75;
/** Words right after a denied cue that keep some of it: "no debts apart from the mortgage". */
const EXCEPT = new Set(["except", "besides", "apart from", "aside from", "other than", "bar", "excluding", "but"]);
const DENIED_SCORE = 0.9;
const DENIED_CONFIDENCE = 0.8;

/**
 * The cue at i denied just before it in its clause ("no coupon"), or by a "free" joined to it
 * ("claim-free", "debt free"), or answered none after a colon or dash ("Rent: none"). For a count
 * ("how many claims"), a denied verb a few words before the cue denies the events too ("hasn't
 * made a single claim in four years").
 */
function saysNone(tokens: Token[], i: number, count: boolean): number {
  const t = tokens[i]!;
  // "no debts apart from the mortgage", "none except a car loan": some besides, not none
  if (EXCEPT.has(tokens[i + 1]?.lower ?? "") || EXCEPT.has(`${tokens[i + 1]?.lower} ${tokens[i + 2]?.lower}`)) return 0;
  // Turkish and Japanese say none after the thing, with the verb: "borcum yok", "shakkin wa arimasen"
  if (noneAfter(tokens, i)) return 1;
  let besides = 1;
  for (let k = i - 1; k >= 0 && tokens[k]!.clause === t.clause; k--) {
    const w = tokens[k]!;
    const distance = t.pos - w.pos;
    if (distance > (count ? COUNT_REACH : 2)) break;
    // "no other claims", "no further debts": none besides those named, not none at all; of an
    // amount, none besides what is asked for ("no other loans"), unless the text states one
    if (BESIDES.has(w.lower)) {
      if (count) break;
      besides = BESIDES_SHARE;
      continue;
    }
    // "no loans" denies them; "no — I need $6,000 for the loan" is a whole answer set off from the rest;
    // "no one asked about the uplift" is nobody, no denial of the uplift
    if (distance <= 2 && NONE.has(w.lower) && w.denies !== false && tokens[k + 1]?.kind !== "punct" && tokens[k + 1]?.lower !== "one")
      return besides;
    if (count && (NOT_A_DENIAL.has(w.lower) || NOT_A_DENIAL.has(w.stem))) break;
    if (count && DENIED_VERB.test(w.lower)) return 1;
    // "doesn't pay any rent", "has never had debts": a denied verb of paying or having, right before
    if (
      !count &&
      distance <= 2 &&
      DENIED_VERB.test(w.lower) &&
      tokens.slice(k + 1, i).every((b) => b.stop || HAVING.has(b.lower) || OBJECT_PRONOUNS.has(b.lower) || BESIDES.has(b.lower))
    )
      // "(rent, not a loan)", "that's not a debt": something else said not to be one of the kind, no
      // denial that any is had
      return tokens.slice(k + 1, i).some((b) => INDEFINITE.has(b.lower)) ? 0 : besides;
  }
  const [mark, answer] = [tokens[i + 1], tokens[i + 2]];
  if (mark?.kind === "word" && mark.lower === "free" && mark.clause === t.clause && mark.start - t.end <= 1) return 1;
  // "I owe nothing", "pays nothing": the verb's object denied
  if (mark?.kind === "word" && mark.lower === "nothing" && mark.clause === t.clause) return 1;
  return mark?.kind === "punct" && /^[:–—-]$/.test(mark.text) && answer?.sentence === t.sentence && NONE_STATED.has(answer.lower) ? 1 : 0;
}

/** Answers that say there is none: "none", "nil", "zero", "no", "never", "nope". */
const NONE_ANSWERS = new Set([...NONE_STATED, "no", "never", "nope"]);
/** A chat line's time stamp ("09:06", "14:20:05"). */
const CLOCK = /^\d{1,2}:\d{2}(?::\d{2})?$/;
/** How far after the cue a label's colon may stand ("Claims in the last 5 years: none"). */
const LABEL_REACH = 8;

/**
 * The cue i stands in a label or a question answered "none": "Claims in the last 5 years: none",
 * "Any claims?\nCustomer: none, she's only just started". The answer is the first word after the
 * label's colon, or of the line after the question (past a speaker's name and colon), with no
 * amount before it.
 */
function answeredNone(index: TextIndex, i: number, events: boolean): boolean {
  const { tokens } = index;
  const t = tokens[i]!;
  // "none" says it alone; "no", "never" only as a whole answer ("No, …"), not "no idea"
  const none = (k: number) => {
    const a = tokens[k];
    if (!a || !NONE_ANSWERS.has(a.lower)) return false;
    const next = tokens[k + 1];
    return NONE_STATED.has(a.lower) || !next || next.sentence !== a.sentence || next.kind === "punct";
  };
  for (let k = i + 1; k < tokens.length && k - i <= LABEL_REACH && tokens[k]!.sentence === t.sentence; k++) {
    const w = tokens[k]!;
    // "in the last 5 years", "des 5 dernières années" is the label's span of time, not an answer
    if (w.kind === "amount" && unitAfter(tokens, k) === undefined && !(tokens[k + 1]?.kind === "word" && unitAfter(tokens, k + 1)))
      return false;
    if (w.kind === "punct" && w.text === ":") {
      // "Claims: —", "Vorschäden: -", "Prior claims: – none –", "n/a": of a count of events, none
      const dash = events ? dashAnswer(index.text, w.end) : undefined;
      if (dash !== undefined) return dash === "" || NONE_STATED.has(dash);
      return tokens[k + 1]?.sentence === t.sentence && none(k + 1);
    }
  }
  if (!index.question[t.sentence]) return false;
  let first = index.sentenceFirst[t.sentence + 1];
  if (first === undefined || first < 0) return false;
  // "[09:06] Customer: none": past a chat line's time stamp, then past the speaker
  if (CLOCK.test(tokens[first]!.text) && tokens[first + 1]?.sentence === t.sentence + 1) first += 1;
  if (tokens[first + 1]?.text === ":" && tokens[first + 1]!.sentence === t.sentence + 1) first += 2;
  return none(first);
}

/**
 * The denial at the cue i is of what is not known yet, not a statement of none: "yet" or "at this
 * stage" a few words after it in its sentence ("no coupon discussed yet", "no amount to claim at
 * this stage").
 */
const notYet = (tokens: Token[], i: number): boolean => {
  const t = tokens[i]!;
  const rest = tokens.slice(i + 1, i + 8).filter((o) => o.sentence === t.sentence);
  return rest.some((o, k) => o.lower === "yet" || (o.lower === "at" && rest[k + 1]?.lower === "this" && rest[k + 2]?.stem === "stag"));
};

/** An amount per period in the sentence of token i, before it, or in the sentence before. */
function paymentJustBefore(index: TextIndex, i: number): boolean {
  const { tokens } = index;
  const sentence = tokens[i]!.sentence;
  const previous = index.sentenceFirst[sentence - 1];
  const from = previous !== undefined && previous >= 0 ? previous : index.sentenceFirst[sentence]!;
  for (let k = from; k < i; k++) if (tokens[k]!.amount?.period !== undefined) return true;
  return false;
}

/** A kind said in general, with no word of its own before it: "no other loans", "any existing loans", not "no car loan". */
function unqualified(tokens: Token[], i: number, cues: Cue[]): boolean {
  const before = tokens[i - 1];
  return (
    tokens[i]!.concept === undefined &&
    (!before ||
      before.kind !== "word" ||
      before.stop ||
      NONE.has(before.lower) ||
      BESIDES.has(before.lower) ||
      cues.some((c) => c.stem === before.stem))
  );
}

/** The mentions of the input's heaviest cue words, and of the general kinds of what it totals, with the strength of each match. */
function namings(index: TextIndex, input: InputIR, cues: Cue[]): { i: number; m: number }[] {
  const heaviest = Math.max(0, ...cues.map((c) => c.weight));
  const heavy = cues.filter((c) => c.weight === heaviest);
  // the general kinds of what the input totals ("loans" of debts): denied, as plain as the thing itself
  const kinds = kindOf(input) === "count" ? [] : heavy.flatMap((c) => kindsOf(c.stem)).filter((k) => !heavy.some((c) => c.stem === k));
  return [
    ...heavy.flatMap((c) => matchesOf(index, c.stem)),
    ...kinds
      .flatMap((k) => matchesOf(index, k).filter((x) => x.m === 1 && unqualified(index.tokens, x.i, cues)))
      .map(({ i }) => ({ i, m: 1 })),
  ];
}

/**
 * "I also pay $1,400 rent but that's not a debt", "$500/mo (rent, not a loan)": the amounts of a
 * sentence before the input's cue word said not to be one of its kind are of something else.
 * Returns, per sentence, the last such cue.
 */
function classedNot(index: TextIndex, input: InputIR, cues: Cue[]): Map<number, number> {
  const { tokens } = index;
  const out = new Map<number, number>();
  for (const { i } of namings(index, input, cues)) {
    const [article, not] = [tokens[i - 1], tokens[i - 2]];
    if (article && not && INDEFINITE.has(article.lower) && DENIED_VERB.test(not.lower) && not.sentence === tokens[i]!.sentence)
      out.set(tokens[i]!.sentence, Math.max(i, out.get(tokens[i]!.sentence) ?? i));
  }
  return out;
}

/** A cue denied, with the strength of the match; `besides`: only what is besides the things named ("no other loans"). */
interface Denial {
  i: number;
  m: number;
  besides: boolean;
}

/**
 * "No existing debt", "no coupon": an input's own name word denied by a word just before it, in
 * its clause, or answered "none" after a colon ("Rent: none"), says the amount is 0. Returns the
 * cue tokens so denied, with the strength of the match (a synonym's is less than 1).
 */
function denied(index: TextIndex, input: InputIR, cues: Cue[]): Denial[] {
  if (!withinBounds(input.type, 0)) return [];
  const { tokens } = index;
  const out: Denial[] = [];
  const count = kindOf(input) === "count";
  for (const { i, m } of namings(index, input, cues)) {
    index.meter.steps++;
    const said = saysNone(tokens, i, count);
    // "Mortgage: 1,120 a month. No other loans.": none besides the payment just stated
    if (said === BESIDES_SHARE && paymentJustBefore(index, i)) continue;
    // "so the loan is $25,000?" / "no — 22,000": the answer turns the figure down, it denies no loan
    const proposal = !count && retractionsOf(index).refusedIn.has(tokens[i]!.sentence);
    const none = Math.max(said, !proposal && answeredNone(index, i, count && countsEvents(input)) ? 1 : 0);
    // "no claims yet" is none so far; "no estimate yet" is not known
    const besides = !count && (said === BESIDES_SHARE || BESIDES.has(tokens[i - 1]?.lower ?? ""));
    if (none > 0 && (count || !notYet(tokens, i))) out.push({ i, m: m * none, besides });
  }
  return out;
}

/**
 * The cue words that place an amount for an input. For an amount per period ("annual income",
 * "price of one seat per year") the period words are left to the period of the amount itself:
 * "2 years" says nothing of a yearly price.
 */
function valueCues(input: InputIR, cues: Map<string, Cue[]>): Cue[] {
  const own = cues.get(input.name) ?? [];
  return kindOf(input) === "money" && periodOfText(`${input.name} ${input.desc}`) ? own.filter((c) => !PERIOD_STEMS.has(c.stem)) : own;
}

/** A distance converted from the period it was stated in ("250 miles a week" → 13,000 a year): the writer's round figure, multiplied. */
const DISTANCE_CONVERTED = 0.85;

/** Per text: the figures of the mentions a correction took back or changed ("was $4,800"). */
const REPLACED = new WeakMap<TextIndex, Set<number>>();
function replacedFigures(index: TextIndex): Set<number> {
  let out = REPLACED.get(index);
  if (!out) {
    const { tokens } = index;
    const { gone } = retractionsOf(index);
    const old = index.amounts.filter(
      (j) => gone.has(j) || takenBack(tokens, j) || superseded(tokens, j) || changedTo(tokens, j) !== undefined,
    );
    const from = index.amounts.flatMap((j) => changedFrom(tokens, j) ?? []);
    REPLACED.set(index, (out = new Set([...old, ...from].map((j) => tokens[j]!.amount!.value))));
  }
  return out;
}

/** Below this share of an amount's nearness its other cues leave it to the estimating words. */
const OWN_CUE_SHARE = 0.5;

/** The amount at i owes its cue to an estimating word ("Estimate: 12 500" for a claim amount): its other cues stand farther. */
function onlyEstimated(index: TextIndex, cues: Cue[], i: number, cued: number): boolean {
  if (!cues.some((c) => c.estimating)) return false;
  return (
    nearness(
      index,
      cues.filter((c) => !c.estimating),
      i,
    ) <
    OWN_CUE_SHARE * cued
  );
}

/** How near an amount's cue words stand, its own words ("a month" of "$2,100 a month") aside. */
function nearness(index: TextIndex, cues: Cue[], i: number): number {
  const { tokens } = index;
  let last = i;
  while (last + 1 < tokens.length && tokens[last + 1]!.end <= (tokens[i]!.amountEnd ?? tokens[i]!.end)) last++;
  return proximity(index, cues, i, { from: i, to: last });
}

/**
 * An amount per period ("$410 a month") for a sum asked without one ("loan amount", "claim
 * amount"): rarely the sum ("a car loan at $410 a month" is a repayment, not the loan).
 */
const PER_PERIOD_FOR_SUM = 0.35;
const PER_PERIOD_TRUST = 0.8;
/** An amount stated in the period an input asks for ("$600 per month" for "monthly debt") is announced by that much. */
const PERIOD_SAYS = 0.4;
/** A value a reply agrees in place of the one a question proposed: read through the exchange, never sure. */
const AGREED_IN_REPLY = 0.9;

interface Candidate {
  input: string;
  mention: number;
  score: number;
  value: number;
  factor: number;
}

/**
 * The period a label states for the amounts after it on its line ("Monthly repayments: personal
 * loan $310, card $45"): the words before the sentence's first colon, for a sum of money that
 * states none.
 */
function labelPeriod(index: TextIndex, i: number): Amount["period"] {
  // "Monthly repayments:\n- car loan: $310": a list's heading labels its items' amounts, each its
  // line's first; a later one is a note on the item ("…, in deferment, paying $0 right now")
  return labelOf(index, i)?.period ?? (firstInSentence(index, i) ? headingPeriod(index, index.tokens[i]!.sentence) : undefined);
}

/** Whether the amount at token i is the first of its sentence (the amounts are ascending: a binary search). */
function firstInSentence(index: TextIndex, i: number): boolean {
  const { amounts, tokens } = index;
  let [lo, hi] = [0, amounts.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (amounts[mid]! < i) lo = mid + 1;
    else hi = mid;
  }
  const before = amounts[lo - 1];
  return before === undefined || tokens[before]!.sentence !== tokens[i]!.sentence;
}

/** The period of the amount at i: its own, or its line's label's. */
const periodOf = (index: TextIndex, i: number): Amount["period"] => index.tokens[i]!.amount!.period ?? labelPeriod(index, i);

/** The period of the amount at i, or else one its sentence states ("Each month we pay $410 …"). */
const sentencePeriod = (index: TextIndex, i: number): Amount["period"] => {
  const { tokens, text } = index;
  const s = tokens[i]!.sentence;
  return periodOf(index, i) ?? periodOfText(text.slice(tokens[index.sentenceFirst[s]!]!.start, tokens[index.sentenceLast[s]!]!.end));
};

/** The label of the line the amount at i stands on, after its colon, if any. */
function labelOf(index: TextIndex, i: number): Label | undefined {
  const { tokens, text } = index;
  const t = tokens[i]!;
  let labels = LABELS.get(index);
  if (!labels) LABELS.set(index, (labels = new Map()));
  // each sentence's label is found once: reading stays linear in a long sentence
  let label = labels.get(t.sentence);
  if (label === undefined) {
    const first = index.sentenceFirst[t.sentence]!;
    label = { colon: -1, period: undefined, other: [] };
    for (let k = first; k <= index.sentenceLast[t.sentence]!; k++) {
      index.meter.steps++;
      if (tokens[k]!.kind === "punct" && tokens[k]!.text === ":") {
        const period = periodOfText(text.slice(tokens[first]!.start, tokens[k]!.start));
        label = { colon: k, period, other: otherWordsIn(tokens, first, k - 1) };
        break;
      }
    }
    labels.set(t.sentence, label);
  }
  return label.colon >= 0 && label.colon < i ? label : undefined;
}

interface Label {
  colon: number;
  /** the period the label states */
  period: Amount["period"];
  /** stems of its words of another time or party ("Previous vehicle (sold):") */
  other: string[];
}

/** Per text, per sentence: where its label's colon stands, the period and the other time it states. */
const LABELS = new WeakMap<TextIndex, Map<number, Label>>();

/** Per text: earlier mentions of a value a correction replaced, taken back, and for each new value the mentions it replaces. */
interface Retractions {
  gone: Set<number>;
  replaces: Map<number, number[]>;
  /** amounts a reply agreed in place of a value it turned down (text/refused.ts) */
  agreed: Set<number>;
  /** the sentences of the questions whose values a reply turned down */
  refusedIn: Set<number>;
}
const retractions = new WeakMap<TextIndex, Retractions>();
function retractionsOf(index: TextIndex): Retractions {
  let r = retractions.get(index);
  if (!r) {
    const byOld = new Map<number, number | undefined>(retracted(index.tokens, index.amounts));
    // a value asked and turned down in the answer ("coupon 20%?" / "no — … I approved 12%")
    const agreed = new Set<number>();
    const refusedIn = new Set<number>();
    for (const [old, newer] of refusedProposals(index))
      if (!byOld.has(old)) {
        if (index.question[index.tokens[old]!.sentence]) refusedIn.add(index.tokens[old]!.sentence);
        byOld.set(old, newer);
        if (newer !== undefined) agreed.add(newer);
      }
    const replaces = new Map<number, number[]>();
    for (const [old, newer] of byOld) if (newer !== undefined) replaces.set(newer, [...(replaces.get(newer) ?? []), old]);
    retractions.set(index, (r = { gone: new Set(byOld.keys()), replaces, agreed, refusedIn }));
  }
  return r;
}

function candidate(input: InputIR, cues: Cue[], index: TextIndex, i: number, minProximity = MIN_PROXIMITY): Candidate | undefined {
  const { tokens } = index;
  const t = tokens[i]!;
  const own = t.amount!;
  const kind = kindOf(input);
  // a sum in another currency than the one the input asks, in a text that names that one too ("EUR
  // 40,000; the USD equivalent is still to be confirmed"), is not its amount: no rate converts it
  const asked = kind === "money" && own.currency ? currencyOf(input) : undefined;
  if (asked && own.currency !== asked && currenciesNamed(index).has(asked)) return undefined;
  // its own period ("6,500 a month"), its line's label's ("Monthly pay: $6,500"), or, in prose, an
  const inProse = kind === "money" && !own.percent && labelOf(index, i) === undefined;
  // adjective beside its cue ("my monthly salary is 6,500"); or how often a sum is paid, said
  // before it in its sentence ("CALLER: I get paid every two weeks, it's $4,800")
  // a pay cheque's amount ("$1,400 per paycheck") is per the frequency the text gives its pay elsewhere, if one
  const cheque = kind === "money" && !own.percent && !own.period ? chequePeriod(index, i) : undefined;
  if (cheque === "unknown") return undefined;
  const stated =
    own.period ??
    cheque ??
    (own.currency ? labelPeriod(index, i) : undefined) ??
    (inProse ? periodBefore(index, cues, i) : undefined) ??
    (kind === "money" && !own.percent ? frequencyBefore(index, i) : undefined);
  const a = stated === own.period ? own : { ...own, period: stated };
  let value = a.percent && holdsFractions(input.type) ? roundFloat(a.value / 100) : a.value;
  let factor = a.words ? 0.9 : 1;
  let fit = FORM_FIT[kind](a) * (looksLikeYear(t) ? 0.4 : 1);
  const period = kind === "money" ? periodOfText(`${input.name} ${input.desc}`) : undefined;
  if (period && a.period) {
    if (a.period === period) fit *= 1.15;
    else {
      value = roundFloat(convertPeriod(value, a.period, period));
      factor *= 0.85;
      fit *= 0.75;
    }
  } else if (!period && a.period && kind === "money") {
    fit *= PER_PERIOD_FOR_SUM;
    factor *= PER_PERIOD_TRUST;
  }
  // a distance per another period than the input counts in ("250 miles a week" of a yearly mileage): converted, a little less surely
  const counted = periodOfText(`${input.name} ${input.desc}`);
  const per = counted && !own.period ? distancePeriod(index.text, t.amountEnd ?? t.end) : undefined;
  if (per === "day" || per === "trip") return undefined;
  if (kind !== "money" && counted && per && per !== counted) {
    value = roundFloat(convertPeriod(value, per, counted));
    factor *= DISTANCE_CONVERTED;
  }
  // the length of the span a count is taken over ("due sinistri negli ultimi 5 anni") is no count of
  // what is asked, unless the input counts time itself
  if (kind === "count" && !countsTime(input) && spanLength(tokens, i) !== undefined) return undefined;
  const unit = unitAfter(tokens, i);
  // a span of time is no percentage, even when the input's cues name the same unit ("uplift: 3-year term at 2%")
  if (kind === "percent" && !own.percent && !own.currency && unit && TIME_UNITS.has(unit)) return undefined;
  // a span in another unit of time than the input counts in: "36 mo" is 3 contract years
  const converted = unit ? inUnitOf(input, unit, value) : undefined;
  if (converted !== undefined) value = converted;
  // a count of something the input does not ask about: "45 years old" is not an income
  else if (unit && !cues.some((c) => c.stem === unit)) fit *= kind === "money" ? 0.3 : 0.5;
  // "her two pensions", "2 loans": a bare number before its cue word in the plural counts them, it is no sum of money
  if (kind === "money" && (countsCue(tokens, i, cues) || countsAThing(tokens, i))) return undefined;
  const qualifiers = qualifiersOf(tokens, i);
  // the newer end of a change ("up from 60 to 75") is a value, not the end of a range
  const older = changedFrom(tokens, i);
  if (older !== undefined) qualifiers.delete("hedged");
  // a line labelled with another time or party ("Previous vehicle (sold): …, value $6,200"),
  // unless the input asks for that time itself ("Prior claims: 1")
  if (labelOf(index, i)?.other.some((w) => !cues.some((c) => c.stem === w))) qualifiers.add("other");
  // the writer's own age when the input's role is someone else's ("I'm 52 but he'll be the main driver")
  if (writersNotTheRole(index, input, i)) qualifiers.add("other");
  // a writer who said they are the subject's relative ("his wife here") gives their own figures ("I earn 61,000")
  if (relativesOwn(index, i)) qualifiers.add("other");
  // a net figure when the input asks gross pay and the text states gross too ("take-home is $3,450")
  if (netOfGross(index, input, i)) qualifiers.add("other");
  // a figure a named relative or payer owns ("Gloria's rent: $1,400/mo — Gloria pays it") is not the subject's
  if (namedOthersOwn(index, i)) return undefined;
  // a value of another time stands in for none when the text says the value now is not known
  if (qualifiers.has("other") && unknownNow(tokens, i)) return undefined;
  for (const q of qualifiers) {
    fit *= QUALIFIED[q].fit;
    factor *= QUALIFIED[q].confidence;
  }
  // a year is no count of anything ("2021 - theft of a catalytic converter")
  if (
    !withinBounds(input.type, value) ||
    (kind === "count" && looksLikeYear(t)) ||
    (kind === "money" && (yearOfAName(tokens, i) || ordinal(tokens, i)))
  )
    return undefined;
  // the amount's own words ("a month" of "$2,100 a month") are not cue words for it; a value
  // corrected to is announced by the cues of the value it replaces
  const cued = Math.max(
    nearness(index, cues, i),
    ...[correctedFrom(tokens, i), older, ...(retractionsOf(index).replaces.get(i) ?? [])].flatMap((j) =>
      j === undefined ? [] : [nearness(index, cues, j)],
    ),
  );
  // "$600 per month" says "monthly" of itself, if less surely than a cue word
  // a value agreed in a reply in place of the one asked ("no — … I approved 12%") is read through the exchange, less surely
  if (retractionsOf(index).agreed.has(i)) factor *= AGREED_IN_REPLY;
  const byPeriod = period !== undefined && a.period === period && cued < PERIOD_SAYS && !namedPay(tokens, i, cues);
  if (byPeriod) factor *= PER_PERIOD_TRUST;
  const near = byPeriod ? PERIOD_SAYS : cued;
  if (near < minProximity) return undefined;
  if (onlyEstimated(index, cues, i, cued)) {
    // "the quote from 2024": an estimate's year is no sum
    if (looksLikeYear(t)) return undefined;
    // the estimate a newer figure replaced ("New total is $6,150 (was $4,800)"), wherever else it stands
    if (replacedFigures(index).has(value)) return undefined;
    factor *= ESTIMATED;
  }
  return { input: input.name, mention: i, score: near * fit, value, factor };
}

/** A word of pay ("salary", "pension", "earns", "pensión", "gana"), whose amount is someone's pay. */
const PAY = stem("income");
/** How many words before an amount a word of pay names it ("a disability pension of $1,200 a month", "pensión de invalidez de 1.200 $"). */
const PAY_REACH = 4;

/**
 * A word of pay stands just before the amount at i, and the input asks for no pay: the amount is
 * someone's pay, and its period alone ("$1,200 a month") does not make it the input's ("monthly rent").
 */
function namedPay(tokens: Token[], i: number, cues: Cue[]): boolean {
  if (cues.some((c) => stemMatch(c.stem, PAY) > 0)) return false;
  for (let k = i - 1, words = 0; k >= 0 && words < PAY_REACH && tokens[k]!.sentence === tokens[i]!.sentence; k--) {
    if (tokens[k]!.kind !== "word" || tokens[k]!.stop) continue;
    words++;
    if (stemMatch(tokens[k]!.stem, PAY) > 0) return true;
  }
  return false;
}

/** Below this a bare number before a plural noun may count it. */
const COUNT_LIMIT = 20;

/** The bare number at i (no currency, scale, period or percent) stands right before a cue word of the input in the plural. */
function countsCue(tokens: Token[], i: number, cues: Cue[]): boolean {
  const a = tokens[i]!.amount!;
  const next = tokens[i + 1];
  if (a.currency || a.scaled || a.period || a.percent || !Number.isInteger(a.value) || a.value >= COUNT_LIMIT) return false;
  if (!next || next.kind !== "word" || next.sentence !== tokens[i]!.sentence || next.start - (tokens[i]!.amountEnd ?? tokens[i]!.end) > 1)
    return false;
  return /[^s]s$/.test(next.lower) && cues.some((c) => stemMatch(c.stem, next.stem) > 0 || c.stem === next.concept);
}

/**
 * A small number in words right before a noun ("one credit card", "two kids"): how many of a thing,
 * no sum of money, which a figure or a currency would write.
 */
function countsAThing(tokens: Token[], i: number): boolean {
  const a = tokens[i]!.amount!;
  const next = tokens[i + 1];
  return (
    !!a.words &&
    !a.currency &&
    !a.period &&
    !a.percent &&
    Number.isInteger(a.value) &&
    a.value < COUNT_LIMIT &&
    next?.kind === "word" &&
    !next.stop &&
    next.sentence === tokens[i]!.sentence &&
    next.start - (tokens[i]!.amountEnd ?? tokens[i]!.end) === 1
  );
}

/** A denied cue as a candidate of 0: a synonym denied says less ("no salary" may deny one kind of income of several). */
const deniedCandidate = (input: InputIR, { i, m }: Denial): Candidate => ({
  input: input.name,
  mention: i,
  score: DENIED_SCORE * m ** 2,
  value: 0,
  factor: DENIED_CONFIDENCE * m,
});

/** Labels that make the number after them an identifier: "NMLS 448812", "ref 20331", "account no. 448120", "ext 22", "#4471". */
const IDENTIFIER_LABEL =
  /(?:\b(?:ref|reference|id|no\.|nr|nmls|licen[cs]e|policy|tel|telephone|phone|mobile|cell|fax|ext|case|crime|zip|postcode|suite|apt|iban)\.?|\b(?:policy|case|crime|reference|claim|account|invoice|order|customer|client|member|contract)[ \t]+(?:number|nummer|no|nr|n[º°])\.?|#)[ \t]*[:#]?[ \t]*$/i;
/** A home's part named before its number, however short: "flat 3B", "Apt. 4", "room 12". */
const DWELLING_LABEL = /\b(?:flat|apt|apartment|suite|room)\.?[ \t]*(?:no\.?|#)?[ \t]*$/i;
/** The head of a code before its number, after the label: "Our ref: CLA/25/0071", "IBAN DE89 3704 …". */
const CODE_HEAD = /[A-Z]{1,6}\d{0,2}[/ ]$/;
/** A code's letters glued to the number by a slash: "CR/26/018834". */
const CODE_BEFORE = /\b[A-Z]{2,6}\/$/;
/** A number with more of its reference after a slash or dash: "crime reference 26/11873". */
const PARTS_AFTER = /^[/-]\d/;
/**
 * A house's number before its street: "12 Elm Street", "8 Alder Close", "27 Rue Lepic", "1200, boul.
 * René-Lévesque"; or after a street named in one word, as German and Dutch write it ("Hauptstraße 12").
 */
const STREET_AFTER =
  /^,?[ \t]+(?:(?:[A-Z][\p{L}'’-]+|of|the)[ \t]+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Close|Drive|Way|Place|Court|Crescent|Boulevard|Blvd|Terrace|Grove|Gardens|Square|Mews)\b/u;
const STREET_FIRST = /^,?[ \t]+(?:rue|av\.|boul\.|boulevard|chemin|via|viale|piazza|corso|calle|avenida|rua|paseo|carrer)[ \t]/i;
const STREET_BEFORE = /\p{L}(?:straße|strasse|str\.|gasse|platz|laan|straat|gracht|plein|allee)[ \t]+$/iu;
/** A US ZIP code after the state's letters ("Austin, TX 78701"). */
const ZIP_BEFORE = /,[ \t]*[A-Z]{2}[ \t]+$/;

/**
 * A tax form named by its number: after "Form" or "Schedule", or a form's own number (US 1099,
 * 1098, 1040, 1065, 1120) written bare before a word or its letters ("1099 income", "1099-NEC",
 * "a 1099 contractor"). It says how income is reported, not how much.
 */
const FORM_LABEL = /\b(?:form|schedule)[ \t]*$/i;
const FORM_NUMBERS = new Set(["1040", "1065", "1098", "1099", "1120"]);
const FORM_AFTER = /^(?:-[A-Za-z]{1,4}\b|s\b|[ \t]+(?<word>[A-Za-z]+))/;
/** A form's bare number before the word a count input counts is that count ("1065 seats"), never a form. */
function namesAForm(t: Token, before: string, after: string, counted: (word: string) => boolean): boolean {
  if (FORM_LABEL.test(before)) return true;
  const m = FORM_NUMBERS.has(t.text) && !t.amount!.period ? FORM_AFTER.exec(after) : null;
  return m !== null && !(m.groups!.word && counted(stem(m.groups!.word.toLowerCase())));
}

/**
 * A group of a telephone number written with no label: after a country code ("+31 20 555 0192"),
 * in brackets before the rest ("(555) 019-2233"), or before a group of three or four digits that
 * no grouping of thousands makes ("555 0192", "555-0192"; "12 500" is one amount, never two).
 */
const AFTER_COUNTRY_CODE = /\+(?:\d{1,3}[ \t.-]?)?$/;
const IN_BRACKETS = { before: /\([ \t]?$/, after: /^[ \t]?\)[ \t]?\d/ };
const NEXT_GROUP = /^(?:[ \t]\d{4}|[ \t]0\d{2})(?!\d)/;
/** "555-0192": three digits, a dash or dot, four; a range is written with spaces or of other lengths ("2000-3000"). */
const LOCAL_NUMBER = /^[-.]\d{4}(?!\d)/;
const phoneShaped = (digits: string, before: string, after: string): boolean =>
  /^\+?\d{1,4}$/.test(digits) &&
  (AFTER_COUNTRY_CODE.test(before) ||
    (IN_BRACKETS.before.test(before) && IN_BRACKETS.after.test(after)) ||
    (/^\d{2,4}$/.test(digits) && NEXT_GROUP.test(after)) ||
    (/^\d{3}$/.test(digits) && LOCAL_NUMBER.test(after)));

/** A page's number and count ("LOAN APPLICATION - page 1 of 2", "p. 3"): no quantity. */
const PAGE = /(?:\b(?:page|pg|p\.)[ \t]*|\bpage[ \t]*\d+[ \t]+of[ \t]*)$/i;

/**
 * Amounts that are identifiers, not quantities: a bare number (no currency, percent or words) of
 * three digits or more after an identifier's label (or with more of it after a slash), a home's
 * number (a flat's, a house's beside its street, a ZIP code), a code's number, a tax form's number ("1099 income"), a page number ("page 1 of 2"), written with a leading zero ("020"), or continuing an identifier
 * with only spaces or dashes between ("Tel. 020 7946 0018").
 */
function identifiers(index: TextIndex, counted: (word: string) => boolean): Set<number> {
  const { tokens, text } = index;
  const out = new Set<number>();
  let previous = -1;
  for (const i of index.amounts) {
    const t = tokens[i]!;
    const a = t.amount!;
    const bare = !a.currency && !a.percent && !a.words;
    const continues = previous >= 0 && out.has(previous) && /^[ \t/-]{1,2}$/.test(text.slice(tokens[previous]!.end, t.start));
    const before = text.slice(Math.max(0, t.start - 24), t.start);
    const after = text.slice(t.end, t.end + 48);
    const label = IDENTIFIER_LABEL.test(before) || IDENTIFIER_LABEL.test(before.replace(CODE_HEAD, ""));
    const labelled = (label && (/\d{3}/.test(t.text) || PARTS_AFTER.test(after))) || DWELLING_LABEL.test(before);
    const form = namesAForm(t, before, after, counted);
    const phone = phoneShaped(t.text, before, after);
    const place =
      STREET_AFTER.test(after) ||
      STREET_FIRST.test(after) ||
      STREET_BEFORE.test(before) ||
      (/^\d{5}$/.test(t.text) && ZIP_BEFORE.test(before));
    if (bare && (/^0\d/.test(t.text) || continues || labelled || form || phone || place || CODE_BEFORE.test(before) || PAGE.test(before)))
      out.add(i);
    previous = i;
  }
  return out;
}

/** How many content words (a label) may stand between two amounts of a list ("mortgage $2,150/month, car $390/month"). */
const LIST_GAP = 1;

/** An amount with a neighbour of its form in its sentence, only a label between them (period words aside). */
function listed(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  if (t.kind !== "amount") return false;
  const alike = (o: Token) =>
    o.amount!.currency === t.amount!.currency && o.amount!.percent === t.amount!.percent && o.amount!.period === t.amount!.period;
  const inAmount = (w: Token, a: Token) => w.start >= a.start && w.end <= (a.amountEnd ?? a.end);
  for (const step of [-1, 1]) {
    const between: Token[] = [];
    for (let k = i + step; k >= 0 && k < tokens.length && tokens[k]!.sentence === t.sentence && between.length <= 4 * LIST_GAP; k += step) {
      const o = tokens[k]!;
      if (o.kind === "amount") {
        if (alike(o) && between.filter((w) => !w.stop && !inAmount(w, t) && !inAmount(w, o)).length <= LIST_GAP) return true;
        break;
      }
      between.push(o);
    }
  }
  return false;
}

/** What says a figure again in other terms: "that's", "i.e.", "or", "which is", "so", "=", a bracket. */
const RESTATING = /\b(?:that['’]?s|that is|i\.?e\.?|or|which is|which comes to|so|meaning)\b|[=(]/i;

/**
 * Whether two neighbouring items of a list in different periods come to the same figure in the
 * input's period and a word between restates the first: one figure said twice, no sum.
 */
const restated = (text: string, items: Token[], values: number[]): boolean =>
  items.some((a, i) => {
    const b = items[i + 1];
    if (!b || a.amount!.period === b.amount!.period) return false;
    const same = Math.abs(values[i]! - values[i + 1]!) <= 0.005 * Math.abs(values[i]!);
    return same && RESTATING.test(text.slice(a.amountEnd ?? a.end, b.start));
  });

/**
 * Whether an amount is said per period just when the input asks one: of a balance and its payment
 * per debt, the payments answer "each month", the balances an amount owed.
 */
const ofAskedPeriod = (input: InputIR, t: Token): boolean =>
  (periodOfText(`${input.name} ${input.desc}`) === undefined) === (t.amount?.period === undefined);

/** A sum of listed amounts is less sure than one stated amount: an item may be of another kind. */
const SUMMED = 0.85;

/**
 * For an input that asks for a sum, the list the chosen amount stands in: the sum it states, or
 * the sum of its items, each converted as a candidate of the input; undefined when the amount
 * stands alone or an item cannot be the input's.
 */
function totalOf(
  input: InputIR,
  cues: Map<string, Cue[]>,
  index: TextIndex,
  amounts: number[],
  best: Candidate,
  ours: (i: number) => boolean,
  untaken: (i: number) => boolean,
  own: Candidate[],
  strongest: (i: number) => boolean,
): { read: ReadValue; items: number[] } | undefined {
  const { tokens, text } = index;
  // a group's amount per period stated member by member, across sentences (text/member-sums.ts)
  const members = memberItems(
    input,
    index,
    own,
    best,
    (j) => ours(j) && strongest(j),
    (j) => sentencePeriod(index, j),
  );
  const inSentence = members ?? listWith(tokens, text, amounts, best.mention, ours);
  // no list in its sentence: the items of a list in pairs with amounts of another form (a balance
  // and its payment per debt), or of a list written one per line, each line's amount of the form
  // an item, unless another input took it (the other form answers another input)
  const inPairs =
    inSentence.length > 1 || members || !ofAskedPeriod(input, tokens[best.mention]!)
      ? inSentence
      : pairedList(tokens, text, amounts, best.mention, (j) => ours(j) || untaken(j));
  const list = inPairs.length > 1 || members ? inPairs : listByLines(tokens, text, amounts, best.mention, untaken);
  if (list.length < 2 && !members) return undefined;
  const stated = statedSum(tokens, text, list);
  const items = (stated === undefined ? list : [stated]).map((j) => candidate(input, valueCues(input, cues), index, j, 0));
  if (items.some((c) => c === undefined)) return undefined;
  // items in periods of their own that come to one figure, joined by a word that restates ("$3,200 a
  // month, that's $38,400 a year"), are one figure said twice
  if (
    stated === undefined &&
    restated(
      text,
      list.map((j) => tokens[j]!),
      items.map((c) => c!.value),
    )
  )
    return undefined;
  const value = roundFloat(items.reduce((sum, c) => sum + c!.value, 0));
  const factor = Math.min(...items.map((c) => c!.factor));
  const [first, last] = [tokens[list[0]!]!, tokens[list[list.length - 1]!]!];
  const end = last.amountEnd ?? last.end;
  const read = {
    value,
    confidence: roundConfidence(placed(best.score) * factor * (stated === undefined ? SUMMED : 1)),
    source: { span: { start: first.start, end }, text: text.slice(first.start, end) },
  };
  return { read, items: list };
}

export function readNumbers(
  inputs: InputIR[],
  cues: Map<string, Cue[]>,
  index: TextIndex,
  usable: (i: number, input: InputIR) => boolean,
): Record<string, ReadValue> {
  const { tokens, text } = index;
  const countCues = inputs.filter((input) => kindOf(input) === "count").flatMap((input) => cues.get(input.name) ?? []);
  const ids = identifiers(index, (word) => countCues.some((c) => stemMatch(word, c.stem) > 0));
  const { gone } = retractionsOf(index);
  const amounts = index.amounts.filter((i) => !takenBack(tokens, i) && !gone.has(i) && changedTo(tokens, i) === undefined && !ids.has(i));
  const all: Candidate[] = [];
  const byInput = new Map<string, Candidate[]>();
  const besidesOf: { input: InputIR; d: Denial }[] = [];
  // per input, the amounts it may take: those the caller allows, but those said to be of another kind
  const fits = new Map<string, (i: number) => boolean>();
  const answersAnother = offQuestion(index, cues);
  for (const input of inputs) {
    const own: Candidate[] = [];
    const classed = kindOf(input) === "count" ? new Map<number, number>() : classedNot(index, input, cues.get(input.name) ?? []);
    fits.set(input.name, (i) => usable(i, input) && i >= (classed.get(tokens[i]!.sentence) ?? -1));
    for (const i of amounts) {
      if (!fits.get(input.name)!(i)) continue;
      const c = candidate(input, valueCues(input, cues), index, i);
      // a figure on the line answering a question about another input answers that one first
      if (c && answersAnother(tokens[i]!.sentence, input.name)) c.score *= OFF_QUESTION;
      if (c) own.push(c);
    }
    // a synonym denied says less ("no salary" may deny one kind of income of several): an amount
    // stated for the input wins over it ("pension $36,600 p.a., no salary")
    for (const d of denied(index, input, cues.get(input.name) ?? []))
      if (d.besides) besidesOf.push({ input, d });
      else own.push(deniedCandidate(input, d));
    all.push(...own);
    byInput.set(input.name, own);
  }
  // "none besides" says nothing of the things named: an amount stated for the input (in its period
  // when it asks one) that no other input claims more strongly stands ("Credit cards (monthly
  // repayment): $220 … Other loans: none"); a pension "a month" is no debt stated
  const onMention = new Map<number, Candidate[]>();
  if (besidesOf.length > 0) for (const c of all) onMention.set(c.mention, [...(onMention.get(c.mention) ?? []), c]);
  const claimed = (c: Candidate) => onMention.get(c.mention)!.some((o) => o.input !== c.input && o.score > c.score);
  for (const { input, d } of besidesOf) {
    const period = periodOfText(`${input.name} ${input.desc}`);
    const own = byInput.get(input.name)!;
    if (own.some((c) => c.value > 0 && (!period || periodOf(index, c.mention) !== undefined) && !claimed(c))) continue;
    own.push(deniedCandidate(input, d));
    all.push(own[own.length - 1]!);
  }
  const byMention = new Map<number, Candidate[]>();
  for (const c of all) byMention.set(c.mention, [...(byMention.get(c.mention) ?? []), c]);
  const out = namedRecord<ReadValue>();
  const assigned = assignBest(all, index.meter);
  const taken = new Map([...assigned].map(([name, c]) => [c.mention, name]));
  const withheld = new Set<string>();
  // inputs whose amount another input's sum took as an item: neither that amount nor one by elimination is theirs
  const summedAway = new Set<string>();
  // where the amounts stand that a sum took as items, or a sum withheld: no other input's by elimination
  const spent = new Set<number>();
  for (const [name, best] of assigned) {
    const rivals = byInput
      .get(name)!
      .filter((c) => c.value !== best.value)
      .sort((a, b) => b.score - a.score);
    // figures of the fact for two different years, neither the one asked: none read
    if (!/\b(?:19|20)\d{2}\b/.test(name) && !isYear(tokens[best.mention]!) && yearsApart(tokens, best, rivals)) {
      withheld.add(name);
      continue;
    }
    const second = rivals[0];
    const ratio = second ? second.score / best.score : 0;
    const claim = Math.max(0, ...(byMention.get(best.mention) ?? []).filter((c) => c.input !== name).map((c) => c.score)) / best.score;
    const input = inputs.find((i) => i.name === name)!;
    // an item of a list counts when no other input takes it or claims it more strongly ("wants $27,500, monthly debt $1,020");
    // a claim counts only from an input not answered by an amount of another form: "$410 a month"
    // answers the payments, and "$2,600 on credit cards" beside "$18,400 on the car loan" is owed
    const ours = (j: number) =>
      fits.get(name)!(j) &&
      (taken.get(j) === undefined || taken.get(j) === name || weakerTaker(j)) &&
      (byMention.get(j) ?? []).every((c) => c.input === name || c.score <= (candidateOn(j)?.score ?? 0) || !claims(c));
    const candidateOn = (j: number) => byInput.get(name)!.find((c) => c.mention === j);
    const claims = (c: Candidate) => {
      const own = assigned.get(c.input);
      const [mine, its] = [tokens[own?.mention ?? -1], tokens[c.mention]];
      if (!mine?.amount || !its?.amount || mine.sentence === its.sentence) return true;
      return alike(mine, its) && sentencePeriod(index, own!.mention) === sentencePeriod(index, c.mention);
    };
    // an item another sum took on a weaker claim than this input's ("$275 on the furniture loan
    // + $85 on the phone contract" asked as payments, not as balances): one list is one sum's, and
    // the other's reading drops
    const weakerTaker = (j: number) =>
      (byMention.get(j) ?? []).some(
        (c) => c.input === taken.get(j) && asksTotal(inputs.find((i) => i.name === c.input)!) && c.score < (candidateOn(j)?.score ?? 0),
      );
    const untaken = (j: number) => usable(j, input) && (taken.get(j) ?? name) === name;
    // an amount no other input scores as high as this one
    const strongest = (j: number) => (byMention.get(j) ?? []).every((c) => c.input === name || c.score < (candidateOn(j)?.score ?? 0));
    const total = asksTotal(input) ? totalOf(input, cues, index, amounts, best, ours, untaken, byInput.get(name)!, strongest) : undefined;
    // a sum with a part of unknown size is unknown, not the sum of the parts known
    const others = inputs.filter((i) => i !== input);
    // so is a list of bullets of which the sum would take only some ("$90 minimum" of a card beside "$385 a month")
    if (
      asksTotal(input) &&
      (unknownPart(index, total?.items.at(-1) ?? best.mention, others) ||
        partialBullets(tokens, text, amounts, total?.items ?? [best.mention]))
    ) {
      withheld.add(name);
      for (const j of total?.items ?? [best.mention]) spent.add(tokens[j]!.start);
      continue;
    }
    if (total) {
      out[name] = total.read;
      for (const j of total.items) spent.add(tokens[j]!.start);
      for (const j of total.items) if ((taken.get(j) ?? name) !== name) summedAway.add(taken.get(j)!);
      continue;
    }
    const list = listed(tokens, best.mention) ? LISTED : 1;
    // a sum asked for and one amount found, while another of the input's amounts, in a sentence of
    // its own, no other input takes: the one may be only a part of the sum
    const part =
      asksTotal(input) &&
      rivals.some((r) => taken.get(r.mention) === undefined && tokens[r.mention]!.sentence !== tokens[best.mention]!.sentence);
    const confidence = roundConfidence(
      Math.min(placed(best.score) * best.factor * rivalFactor(ratio) * contestFactor(claim) * list, part ? ONE_OF_PARTS : 1),
    );
    const t = tokens[best.mention]!;
    const end = t.amountEnd ?? t.end;
    const value: ReadValue = { value: best.value, confidence, source: { span: { start: t.start, end }, text: text.slice(t.start, end) } };
    if (second && ratio >= 0.7)
      value.alternatives = [{ value: second.value, p: roundConfidence(Math.min(1 - confidence, confidence * ratio * 0.5)) }];
    out[name] = value;
  }
  for (const name of summedAway) {
    delete out[name];
    withheld.add(name);
  }
  // dollar amounts no cue word claims go to the dollar inputs left, with low confidence
  const used = new Set([...spent, ...Object.values(out).map((v) => v.source!.span!.start)]);
  const left = inputs.filter((i) => !Object.hasOwn(out, i.name) && !withheld.has(i.name) && kindOf(i) === "money");
  // a value said to be replaced since ("was 24k on last yr's renewal - not current") is no one's by elimination
  const unclaimed = amounts.filter(
    (i) => tokens[i]!.amount!.currency && !used.has(tokens[i]!.start) && left.some((l) => usable(i, l)) && !superseded(tokens, i),
  );
  // a currency in another language's word ("31.000 dollari") says less of whose the sum is: such a
  // sum is taken only alone of its kind, and not when it comes per period (a pension "al mes" the
  // reader has no words for is no rent)
  const spelled = (i: number) => tokens[i]!.amount!.currencyAfter === true;
  const alone = unclaimed.length === 1 && !tokens[unclaimed[0]!]!.amount!.period;
  const free = alone ? unclaimed : unclaimed.filter((i) => !spelled(i));
  const inputOf = (name: string) => inputs.find((i) => i.name === name)!;
  // an estimating word too far to place a sum ("probably around $3,900 … his written quote") says nothing of which sum is left
  const leftCues = (name: string) => valueCues(inputOf(name), cues).filter((c) => !c.estimating);
  const pick = byElimination(
    left.map((i) => i.name),
    free.map((i) => ({
      index: i,
      mention: i,
      score: (name: string) => candidate(inputOf(name), leftCues(name), index, i, 0)?.score ?? -1,
    })),
  );
  for (const [name, i] of pick) {
    const c = candidate(inputOf(name), leftCues(name), index, i, 0);
    if (!c) continue;
    const t = tokens[i]!;
    const end = t.amountEnd ?? t.end;
    out[name] = {
      value: c.value,
      confidence: roundConfidence(BY_ELIMINATION * c.factor),
      source: { span: { start: t.start, end }, text: text.slice(t.start, end) },
    };
  }
  return out;
}
