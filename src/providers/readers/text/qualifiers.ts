// Words around a statement that change what it says. A value of another time or party ("her
// previous loan of $9,000", "last year's volume", "the competitor quoted $199") is not the
// value asked for; a hedged one ("may offer up to 20%", "between $1,000 and $1,500", "in the
// 700s", "not confirmed yet") is no value at all; an approximate one ("about $650") is the value,
// a little less surely. Readers look only inside the statement's clause, a few words either way.
// A correction ("sorry, I meant", "revised to", "no wait", "make that") takes back the amount just before it,
// and so does the writer's word to disregard it ("please ignore the $6,200", text/dismissed.ts); a
// sentence after that says the figures are not settled hedges them (text/pending-figures.ts).
import { isNegator } from "./negation.js";
import type { Token } from "./tokens.js";
import type { Amount } from "../numbers.js";
import { lapsedInto, supersedes } from "./changes.js";
import { dismissed, dismissedInto } from "./dismissed.js";
import { calledWrongInto, WRONG } from "./called-wrong.js";
import { figuresUnsettled } from "./pending-figures.js";
import {
  FOREIGN_CORRECTIONS,
  FOREIGN_FORMER,
  FOREIGN_HEDGES,
  FOREIGN_KNOWN,
  FOREIGN_PENDING,
  FOREIGN_RANGES,
  FOREIGN_REPAIR_PAIRS,
  FOREIGN_UNKNOWN,
} from "../foreign-words.js";

/** "ended": the value of a job the text says was left ("left her job (was on 62k)"): no value now. */
export type Qualifier = "other" | "ended" | "hedged" | "approximate";

/** Word → what it makes of a value near it in its clause. */
const QUALIFIERS: Record<string, Qualifier> = {
  previous: "other",
  prev: "other",
  previously: "other",
  prior: "other",
  former: "other",
  formerly: "other",
  earlier: "other",
  original: "other",
  originally: "other",
  competitor: "other",
  competitors: "other",
  "competitor's": "other",
  another: "other",
  may: "hedged",
  might: "hedged",
  could: "hedged",
  possibly: "hedged",
  // a finding said only as possible: "a POSSIBLE PEP match", "a potential hit"
  possible: "hedged",
  potential: "hedged",
  potentially: "hedged",
  suspected: "hedged",
  perhaps: "hedged",
  maybe: "hedged",
  somewhere: "hedged",
  unconfirmed: "hedged",
  unclear: "hedged",
  pending: "hedged",
  tentative: "hedged",
  tentatively: "hedged",
  undecided: "hedged",
  unsure: "hedged",
  thinks: "hedged",
  believes: "hedged",
  allegedly: "hedged",
  about: "approximate",
  around: "approximate",
  approximately: "approximate",
  approx: "approximate",
  roughly: "approximate",
  circa: "approximate",
  nearly: "approximate",
  almost: "approximate",
  "~": "approximate",
  // "l'ancien loyer", "die bisherige Miete": the same word of another language
  ...Object.fromEntries(Object.values(FOREIGN_FORMER).flatMap((words) => words.map((w) => [w, "other" as const]))),
  // "creo que no", "vielleicht", "peut-être": a hedge of another language
  ...Object.fromEntries(Object.values(FOREIGN_HEDGES).flatMap((words) => words.map((w) => [w, "hedged" as const]))),
};

/** Words after which "old" tells an age, not an earlier value: "45 years old", "a car 3 months old". */
const AGED = new Set(["year", "years", "yr", "yrs", "month", "months", "week", "weeks", "day", "days"]);

/** Two-word qualifiers, by their first word. */
const PAIRS: Record<string, Record<string, Qualifier>> = {
  last: {
    year: "other",
    "year's": "other",
    month: "other",
    time: "other",
    quarter: "other",
    week: "other",
    // "last wage: $31,500" beside "income now: $0": the pay of a job that ended
    salary: "other",
    wage: "other",
    wages: "other",
    pay: "other",
    job: "other",
    employer: "other",
    yr: "other",
    "yr's": "other",
  },
  // "(was 24k on last year's renewal - not current)"
  no: { longer: "other" },
  up: { to: "hedged" },
  used: { to: "other" },
  not: { yet: "hedged", confirmed: "hedged", decided: "hedged", agreed: "hedged", sure: "hedged", known: "hedged", current: "other" },
  // "to be confirmed", "still to be agreed": not known yet
  be: { confirmed: "hedged", agreed: "hedged", decided: "hedged", determined: "hedged" },
  or: { so: "approximate" },
  at: { most: "hedged" },
  // the writer's own belief, not a fact read off a document: "820 I think", "44,000 I believe"
  i: { think: "hedged", believe: "hedged", guess: "hedged", reckon: "hedged", suppose: "hedged" },
  // a lower bound is no amount: "in excess of ten thousand", "upwards of $20,000"
  in: { excess: "hedged" },
  upwards: { of: "hedged" },
};

/** Words that join two values into a range ("$3,000 to $5,000", "3% or 4%", "30-40"). */
const RANGE_JOINERS = new Set(["to", "and", "or", "-", "–", "—", ...Object.values(FOREIGN_RANGES).flatMap((r) => r.between)]);
/** Words before the first figure of a range: "between", "zwischen", "entre". */
const RANGE_OPENERS = new Set(["between", ...Object.values(FOREIGN_RANGES).flatMap((r) => r.before)]);

/** How far, in content words, a qualifier reaches within its clause. */
const REACH = 4;

/** Verbs of change (stems): "go up to 120 seats", "increase up to 3 years" name a new value, not a limit. */
const CHANGE_VERBS = new Set(["go", "goe", "went", "gon", "mov", "increas", "rais", "bump", "ris", "ros", "grow", "grew", "scal"]);

/** Verbs that make "up to" a sum ("they add up to", "it comes up to"). */
const SUM_VERBS = new Set(["add", "adds", "added", "adding", "come", "comes", "came", "coming", "tot", "totals", "totalled", "totaled"]);

/** People whose values are not the subject's: their possessive marks another party's amount. */
const OTHER_PARTIES = new Set(
  (
    "neighbour neighbor friend brother sister father mother son daughter husband wife partner spouse colleague cousin " +
    "uncle aunt landlord tenant employer flatmate roommate"
  ).split(" "),
);

/** Other people on an application, whose figures are theirs: "the guarantor (income $40k)". */
const CO_PARTIES = new Set(["co-applicant", "coapplicant", "co-borrower", "guarantor", "cosigner", "co-signer"]);
/** How many content words a parenthesis may stand after the person it says something of. */
const APPOSITION_REACH = 4;

/** For each token of a text, the nearest parenthesis before it (-1: none), found once per text. */
const PARENTHESES = new WeakMap<Token[], Int32Array>();

/**
 * The index of the last "(" or ")" before each token: one pass, kept for the text's tokens, so
 * asking of every amount of a long sentence costs no walk back through it (the square of its length).
 */
function parenthesesBefore(tokens: Token[]): Int32Array {
  const known = PARENTHESES.get(tokens);
  if (known?.length === tokens.length) return known;
  const before = new Int32Array(tokens.length);
  let last = -1;
  tokens.forEach((t, k) => {
    before[k] = last;
    if (t.text === "(" || t.text === ")") last = k;
  });
  PARENTHESES.set(tokens, before);
  return before;
}

/**
 * Whether the amount at i stands in a parenthesis said of another party: "her brother Tom Reyes
 * (score 702)", "the guarantor (income $40,000)": the figure is that person's, not the subject's;
 * or of another time: "Prior glass claim in 2024 ($290)" is the earlier claim's.
 */
function inOthersParenthesis(tokens: Token[], i: number): boolean {
  const open = parenthesesBefore(tokens)[i]!;
  // the nearest parenthesis before, in the same sentence: an open one the amount stands in
  if (open < 0 || tokens[open]!.sentence !== tokens[i]!.sentence || tokens[open]!.text !== "(") return false;
  const at = tokens[open]!;
  for (let k = open - 1; k >= 0 && tokens[k]!.sentence === at.sentence && at.pos - tokens[k]!.pos <= APPOSITION_REACH; k--) {
    const w = tokens[k]!.lower;
    // "co-applicant" is tokenised "co", "applicant"
    if (OTHER_PARTIES.has(w) || CO_PARTIES.has(w) || (tokens[k - 1]?.lower === "co" && CO_PARTIES.has(`co-${w}`))) return true;
    if (qualifierAt(tokens, k) === "other") return true;
  }
  return false;
}

/** Words that end a job: "left her job", "quit the firm", "was made redundant from the role". */
const LEAVING = new Set([
  "left",
  "leaving",
  "quit",
  "quitting",
  "resigned",
  "resigning",
  "lost",
  "redundant",
  "retired",
  "retiring",
  "fired",
  "sacked",
]);
/** What a leaving word ends when it is a job. */
const JOBS = new Set(["job", "jobs", "employer", "position", "role", "post", "career", "company", "firm", "employment"]);
/** Words that put a figure after the leaving in the present: "left the firm and now earns 45k". */
const NOW = new Set(["now", "currently", "since", "today", "nowadays", "presently"]);
/** How many tokens before a figure, in its sentence, the job it was earned in may be left ("Left her job at Corwin Insurance (was on 62k"). */
const LEFT_JOB_REACH = 14;
/** How many tokens after the leaving word its job may be named ("left her old job"). */
const JOB_AFTER_LEAVING = 3;

/**
 * Whether the amount at i is said of a job its sentence tells was left: "Left her job at Corwin
 * Insurance (was on 62k salary) in March" is the pay of a former job, not an income now. Not when
 * the present stands between ("quit the firm and now earns 45k", "since leaving her job").
 */
function ofAJobLeft(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  for (let k = i - 1; k >= 0 && i - k <= LEFT_JOB_REACH && tokens[k]!.sentence === t.sentence; k--) {
    if (NOW.has(tokens[k]!.lower)) return false;
    if (!LEAVING.has(tokens[k]!.lower)) continue;
    for (let j = k + 1; j < i && j - k <= JOB_AFTER_LEAVING; j++) if (JOBS.has(tokens[j]!.lower)) return true;
  }
  return false;
}

/** Past verbs of earning or being paid: "earned 41,600 a year", "was on 62k", "took home 2,900". */
const PAST_EARNING = new Set(["earned", "made", "was", "were", "had", "received", "got", "took", "drew"]);
/** Words that close a span of time at its end: "until November", "till last spring". */
const UNTIL = new Set(["until", "till", "til", "untill"]);
/** Words that say the end of such a span was a time gone by: a month, "last", "recently", a leaving. */
const GONE_BY =
  /^(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|last|recently|then|leaving|losing)$/;
/** How many tokens before a figure its past verb may stand, and after it its "until". */
const PAST_SPAN_REACH = 8;

/**
 * Whether the amount at i is said of a span of time that ended: a past verb of earning before it
 * and "until" a time gone by after it, in its sentence ("earned 41,600/yr at the mill until
 * November", "was on 2,900 a month till last spring"): the pay of then, not an income now. Not
 * when the present stands between ("now earns", "currently").
 */
function heldUntilThen(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  let past = false;
  for (let k = i - 1; k >= 0 && i - k <= PAST_SPAN_REACH && tokens[k]!.sentence === t.sentence; k--) {
    if (NOW.has(tokens[k]!.lower)) return false;
    if (PAST_EARNING.has(tokens[k]!.lower)) past = true;
  }
  if (!past) return false;
  for (let k = i + 1; k < tokens.length && k - i <= PAST_SPAN_REACH && tokens[k]!.sentence === t.sentence; k++) {
    if (tokens[k]!.kind === "amount") return false;
    if (!UNTIL.has(tokens[k]!.lower) && !(tokens[k]!.lower === "up" && UNTIL.has(tokens[k + 1]?.lower ?? ""))) continue;
    const time = tokens[k + 1]?.lower === "until" ? tokens[k + 2] : tokens[k + 1];
    return time !== undefined && (GONE_BY.test(time.lower) || looksLikeAYear(time));
  }
  return false;
}

/** A four-digit year of this age ("until 2025"). */
const looksLikeAYear = (t: Token): boolean => t.kind === "amount" && /^(?:19|20)\d\d$/.test(t.text);

/** A modal that opens a request when a person follows it: "could we", "could you", "can I". */
const REQUESTS = new Set(["could", "can", "would"]);
const ASKED = new Set(["we", "you", "i", "they"]);

/** The qualifier at token k (one word or a pair starting there), if any. */
function qualifierAt(tokens: Token[], k: number): Qualifier | undefined {
  const t = tokens[k]!;
  // "May" is a month more often than a modal in evidence
  if (t.text === "May") return undefined;
  // "our neighbour's claim was $12,000", "my brother's salary": another person's value
  if (/['’]s$/.test(t.lower) && OTHER_PARTIES.has(t.lower.slice(0, -2))) return "other";
  // "could we make it $7,000", "can you do 12%": a request names the value asked for
  if (REQUESTS.has(t.lower) && ASKED.has(tokens[k + 1]?.lower ?? "")) return undefined;
  // "the old rent was 690": a value of an earlier time; "45 years old", "she is 45 and old enough": an age
  if (t.lower === "old") {
    const before = tokens[k - 1];
    return before && before.sentence === t.sentence && (before.kind === "amount" || AGED.has(before.lower)) ? undefined : "other";
  }
  const pair = PAIRS[t.lower];
  const next = tokens[k + 1];
  if (pair && next && next.sentence === t.sentence && Object.hasOwn(pair, next.lower)) {
    if (t.lower === "up" && CHANGE_VERBS.has(tokens[k - 1]?.stem ?? "")) return undefined;
    // "add up to 58,500", "comes up to $900": a sum, not a limit
    if (t.lower === "up" && SUM_VERBS.has(tokens[k - 1]?.lower ?? "")) return undefined;
    return pair[next.lower];
  }
  // a French or Italian article elided onto the word: "l'ancien loyer", "d'anciens crédits"
  const word = t.lower.replace(/^(?:l|d)['’]/, "");
  return Object.hasOwn(QUALIFIERS, word) ? QUALIFIERS[word] : undefined;
}

/**
 * The stems of the words of tokens `from`..`to` (a form line's label) that make its values another
 * time's or party's: "Previous vehicle (sold): Ford Focus, value $6,200" is not the car to insure.
 */
export function otherWordsIn(tokens: Token[], from: number, to: number): string[] {
  const out: string[] = [];
  for (let k = from; k <= to; k++) if (qualifierAt(tokens, k) === "other") out.push(tokens[k]!.stem);
  return out;
}

/** The tokens of the statement at `from`..`to`'s clause within `reach` content words before or after it, nearest first. */
function* nearby(tokens: Token[], from: number, to: number, reach: number): Generator<number> {
  const first = tokens[from]!;
  const last = tokens[to]!;
  for (let k = from - 1; k >= 0 && from - k <= 4 * reach; k--) {
    const t = tokens[k]!;
    if (t.clause !== first.clause || first.pos - t.pos > reach) break;
    yield k;
  }
  for (let k = to + 1; k < tokens.length && k - to <= 4 * reach; k++) {
    const t = tokens[k]!;
    if (t.clause !== last.clause || t.pos - last.pos > reach) break;
    yield k;
  }
}

/** Words of another time that say a value was replaced, not only dated: "previous", "earlier", "old". */
const SUPERSEDED = new Set(["previous", "prev", "previously", "prior", "former", "formerly", "earlier", "original", "originally", "old"]);
/** The same said by a pair: "not current", "no longer". */
const SUPERSEDED_PAIRS: Record<string, string> = { current: "not", longer: "no" };

const saysReplaced = (tokens: Token[], k: number): boolean => {
  const w = tokens[k]!.lower;
  return Object.hasOwn(SUPERSEDED_PAIRS, w)
    ? tokens[k - 1]?.lower === SUPERSEDED_PAIRS[w]
    : SUPERSEDED.has(w) && qualifierAt(tokens, k) === "other";
};

/**
 * Whether the amount at i is said to be a value since replaced ("was 24k on last year's renewal -
 * not current", "the $76,000 in my earlier e-mail"), not only dated ("last year my business brought
 * in 61k"): no input takes it for want of another.
 */
export function superseded(tokens: Token[], i: number): boolean {
  for (const k of nearby(tokens, i, i, REACH)) if (saysReplaced(tokens, k) && !pastReplacing(tokens, i, k)) return true;
  return false;
}

/**
 * Whether a replacing phrase stands between the amount at i and the word at k after it: then the
 * word speaks of the value replaced, not of the amount ("$5,150 — please use that instead of the
 * earlier estimate": the estimate is the earlier value, $5,150 the current one).
 */
function pastReplacing(tokens: Token[], i: number, k: number): boolean {
  for (let j = i + 1; j < k; j++) if (REPLACING.some(([a, b]) => tokens[j]!.lower === a && tokens[j + 1]?.lower === b)) return true;
  return false;
}

/**
 * The qualifiers of the statement at tokens `from`..`to`: words of its clause within `reach`
 * content words before or after it.
 */
export function qualifiersOf(tokens: Token[], from: number, to = from, reach = REACH): Set<Qualifier> {
  const out = new Set<Qualifier>();
  for (const k of nearby(tokens, from, to, reach)) {
    const q = qualifierAt(tokens, k);
    if (q) out.add(q);
  }
  if (inRange(tokens, from) || inCondition(tokens, from) || figuresUnsettled(tokens, from) || awaitsApproval(tokens, from))
    out.add("hedged");
  if (inOthersParenthesis(tokens, from)) out.add("other");
  if (ofAJobLeft(tokens, from) || heldUntilThen(tokens, from)) out.add("ended");
  if (out.has("approximate") && hedgedAfter(tokens, to, reach)) out.add("hedged");
  return out;
}

/** Words that open a condition: "if you sign by Friday, …". */
const CONDITIONS = new Set(["if", "unless", "assuming", "provided", "providing", "supposing"]);
/** Modals of what would follow a condition met: "we would", "I'd", "it'd", "could", "might". */
const CONDITIONAL_MODAL = /^(would|could|might)$|['’]d$/;
/** How far back in its sentence an amount's condition may open. */
const CONDITION_REACH = 24;
/** The verb of a condition contrary to fact: "if I were approved for $50,000", "if it were $5,000". */
const COUNTERFACTUAL = "were";
/** How near before an amount the modal of what would follow a condition stands ("the coupon would be 10% if …"). */
const MODAL_REACH = 4;
/** How far after an amount, in its sentence, the condition it would follow may open. */
const CONDITION_AFTER = 12;
/** Words that set what follows against a condition before them: "if I were approved for more I'd …, but the application is for $35,000". */
const CONTRASTS = new Set(["but", "however", "whereas", "though", "although", "instead"]);
/** Words after a modal that make it a wish or a request, not a consequence: "I'd like to borrow $20,000 if possible". */
const WISHES = new Set(["like", "love", "prefer", "need", "want", "appreciate", "rather"]);

/**
 * Whether the amount at i is what would follow a condition, not a fact: its sentence opens a
 * condition before it ("If you can sign this quarter, I'd try to get an extra 5% coupon"; "If I
 * get the offer it'd be 130k a year") and a conditional modal stands between the condition and
 * the amount, or the condition is contrary to fact ("if I were approved for $50,000 I'd also redo
 * the deck"); or a modal just before the amount states what would follow a condition after it
 * ("the coupon would be 10% if they sign by Friday"). A condition with a plain verb ("if paid
 * yearly, the price is $1,200") states a term; a modal of a wish ("I'd like $20,000 if possible")
 * asks; a contrast ("…, but the application is for $35,000") ends the condition's reach.
 */
function inCondition(tokens: Token[], i: number): boolean {
  const at = tokens[i]!;
  let modal = false;
  let counterfactual = false;
  for (let k = i - 1; k >= 0 && i - k <= CONDITION_REACH && tokens[k]!.sentence === at.sentence; k--) {
    const t = tokens[k]!;
    if (CONTRASTS.has(t.lower)) break;
    if (CONDITIONAL_MODAL.test(t.lower)) modal = true;
    else if (t.lower === COUNTERFACTUAL) counterfactual = true;
    else if (CONDITIONS.has(t.lower)) return modal || counterfactual;
  }
  return consequenceBefore(tokens, i) && conditionAfter(tokens, i);
}

/** A conditional modal just before the amount at i, in its clause, that is no wish ("would be 10%", not "would like 10%"). */
function consequenceBefore(tokens: Token[], i: number): boolean {
  const at = tokens[i]!;
  for (let k = i - 1; k >= 0 && i - k <= MODAL_REACH && tokens[k]!.clause === at.clause; k--)
    if (CONDITIONAL_MODAL.test(tokens[k]!.lower)) return !WISHES.has(tokens[k + 1]?.lower ?? "");
  return false;
}

/** A word opening a condition after the amount at i, in its sentence: "… 10% if they sign by Friday". */
function conditionAfter(tokens: Token[], i: number): boolean {
  const at = tokens[i]!;
  for (let k = i + 1; k < tokens.length && k - i <= CONDITION_AFTER && tokens[k]!.sentence === at.sentence; k++)
    if (CONDITIONS.has(tokens[k]!.lower)) return true;
  return false;
}

/**
 * Whether a hedge follows an approximate value in the next clauses of its sentence, within twice
 * the reach ("about 900, perhaps more once fees are in"): the writer is unsure of the figure, not
 * only rounding it.
 */
function hedgedAfter(tokens: Token[], to: number, reach: number): boolean {
  const last = tokens[to]!;
  for (let k = to + 1; k < tokens.length && tokens[k]!.sentence === last.sentence && tokens[k]!.pos - last.pos <= 2 * reach; k++)
    if (tokens[k]!.clause !== last.clause && qualifierAt(tokens, k) === "hedged") return true;
  return false;
}

/** Words that take back what was just said ("correction: revised to", "sorry, I meant", "no wait"). */
const CORRECTIONS = new Set([
  ...["meant", "correction", "corrected", "correcting", "corr", "revised", "amended"],
  ...Object.values(FOREIGN_CORRECTIONS).flat(),
]);

/** How far, in content words, a correction reaches back to the amount it takes back, across at most one sentence end. */
const CORRECTION_REACH = 8;

/** Two-word corrections, by their second word: "make that $12,000", "make it 9,500", "scratch that", "or rather 18k". */
const CORRECTION_PAIRS: Record<string, string> = { that: "make scratch strike", it: "make", rather: "or", ...FOREIGN_REPAIR_PAIRS };

/** The next token that is no punctuation. */
function nextWordOrAmount(tokens: Token[], k: number): Token | undefined {
  for (let j = k + 1; j < tokens.length; j++) if (tokens[j]!.kind !== "punct") return tokens[j];
  return undefined;
}

/** The token before k that is no punctuation. */
function previousWordOrAmount(tokens: Token[], k: number): Token | undefined {
  for (let j = k - 1; j >= 0; j--) if (tokens[j]!.kind !== "punct") return tokens[j];
  return undefined;
}

/** Words a speaker repairs with just before a "no" that takes back a figure: "sorry, no, 28", "wait no, 20". */
const BEFORE_REPAIR_NO = new Set(["sorry", "wait", "oh", "um", "uh", "er", "erm", "hmm"]);

/**
 * A "no" said between two figures, set off on its own ("twenty-five — sorry, no, twenty-eight",
 * "forty... no, thirty-five", "25%... wait no, 20"): the speaker takes back the figure before.
 * A "no" glued to the noun after it ("no coupon", "no 2nd driver") denies, it repairs nothing.
 */
function repairingNo(tokens: Token[], k: number): boolean {
  if (tokens[k]!.lower !== "no" || tokens[k + 1]?.kind !== "punct" || nextWordOrAmount(tokens, k)?.kind !== "amount") return false;
  const before = previousWordOrAmount(tokens, k);
  const setOff = tokens[k - 1]!.kind === "punct" || tokens[k - 1]!.sentence !== tokens[k]!.sentence;
  return before !== undefined && (before.kind === "amount" || BEFORE_REPAIR_NO.has(before.lower)) && setOff;
}

/**
 * Whether token k is a correction ("meant", "revised", "no wait", "make that", an apology said of a
 * number: "sorry, 18k"). A revision that names what it revised ("revised from $9,000") takes back
 * the value after it, not the one before (`replacedBy`).
 */
const isCorrection = (tokens: Token[], k: number): boolean =>
  (CORRECTIONS.has(tokens[k]!.lower) && !revisedFrom(tokens, k + 1)) ||
  (tokens[k]!.lower === "sorry" && nextWordOrAmount(tokens, k)?.kind === "amount") ||
  (tokens[k]!.lower === "wait" && (tokens[k - 1]?.lower === "no" || nextWordOrAmount(tokens, k)?.lower === "no")) ||
  repairingNo(tokens, k) ||
  (Object.hasOwn(CORRECTION_PAIRS, tokens[k]!.lower) &&
    tokens[k - 1]?.sentence === tokens[k]!.sentence &&
    CORRECTION_PAIRS[tokens[k]!.lower]!.split(" ").includes(tokens[k - 1]!.lower));

/**
 * From token i in direction `step`, within the correction's reach (one sentence end at most), the
 * first token that is an amount or a correction, if any.
 */
function nextAmountOrCorrection(tokens: Token[], i: number, step: 1 | -1): number | undefined {
  const t = tokens[i]!;
  // a chat line's stamp between the two lines counts neither as a figure nor in the reach
  let stamped = 0;
  for (let k = i + step; k >= 0 && k < tokens.length; k += step) {
    const w = tokens[k]!;
    if (w.envelope) {
      if (w.kind !== "punct" && !w.stop) stamped++;
      continue;
    }
    if (Math.abs(w.sentence - t.sentence) > 1 || Math.abs(w.pos - t.pos) - stamped > CORRECTION_REACH) return undefined;
    if (w.kind === "amount" || isCorrection(tokens, k)) return k;
  }
  return undefined;
}

/** Words that set a new value against the one it replaces: "220 seats instead of 180", "664, not the 690". */
const REPLACING: [string, string][] = [
  ["instead", "of"],
  ["rather", "than"],
  ["in", "place"],
];
/** How many tokens (the replacing words, an article, a possessive) may stand between the new value and the one it replaces. */
const REPLACED_GAP = 4;

/** Verbs of a revision that names the value it revised after "from": "revised from", "amended from". */
const REVISIONS = new Set(["revised", "amended", "corrected", "adjusted", "updated", "changed"]);
/**
 * How many tokens may stand between the new value and the one its revision names ("$12,480,
 * revised from the insured's initial figure of $9,000").
 */
const REVISED_GAP = 10;

/** Whether token k is the "from" of a revision ("revised from", "amended from"). */
const revisedFrom = (tokens: Token[], k: number): boolean =>
  tokens[k]?.lower === "from" && k > 0 && REVISIONS.has(tokens[k - 1]!.lower) && tokens[k - 1]!.sentence === tokens[k]!.sentence;

/**
 * The amount at i is the value another amount just before it replaces ("make it 220 seats instead
 * of 180", "my score is actually 664, not the 690 I guessed", "$12,480, revised from the initial
 * $9,000"): the index of that new amount.
 */
export function replacedBy(tokens: Token[], i: number): number | undefined {
  const t = tokens[i]!;
  let replacing = false;
  let revised = false;
  for (let k = i - 1; k >= 0 && i - k <= REVISED_GAP + 2 && tokens[k]!.sentence === t.sentence; k--) {
    const w = tokens[k]!;
    const near = i - k <= REPLACED_GAP + 2;
    if (w.kind === "amount") return replacing && (near || revised) ? k : undefined;
    if ((near && REPLACING.some(([a, b]) => w.lower === a && tokens[k + 1]?.lower === b)) || (w.lower === "not" && i - k <= 3))
      replacing = true;
    // a figure denied outright ("15k USD/month per his form, not 150k") may follow its replacement
    // as far as a revision's
    if (w.lower === "not" && i - k === 1) revised = true;
    if (revisedFrom(tokens, k)) replacing = revised = true;
  }
  return undefined;
}

/** How many tokens after a date a correction of it may stand, across one sentence end at most. */
const DATE_CORRECTION_REACH = 10;

/**
 * Whether a correction follows the date whose last token is `to`, before the token `next` (the
 * next date's first, or the text's end): "first said Thu 12th, then corr. -> Wed 11/02", "said
 * it happened on 20 January; we are sorry, that was wrong. … on 21 January".
 */
export function dateTakenBack(tokens: Token[], to: number, next: number): boolean {
  const from = tokens[to]?.sentence ?? 0;
  for (let k = to + 1; k < Math.min(next, tokens.length) && k - to <= DATE_CORRECTION_REACH; k++) {
    if (tokens[k]!.sentence - from > 1) return false;
    if (WRONG.has(tokens[k]!.lower) || isCorrection(tokens, k)) return true;
  }
  return false;
}

/**
 * Whether a word said at token i is taken back by a correction soon after it, across one sentence
 * end at most, no amount between ("country rating high … sorry, scratch that", "segment: retail;
 * no wait"): an option so named answers nothing. A correction after an amount or a date takes
 * back that value ("a collision. Incident: said 8 May, corr. to 7 May"), not the word before it.
 */
export function wordTakenBack(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  for (let k = i + 1; k < tokens.length; k++) {
    const w = tokens[k]!;
    if (w.sentence - t.sentence > 1 || w.pos - t.pos > CORRECTION_REACH || w.kind === "amount") return false;
    if (WRONG.has(w.lower) || isCorrection(tokens, k)) return true;
  }
  return false;
}

/**
 * Amounts that say again a value a correction names as replaced ("Loan amount: 80,000" … "it
 * should be 18,000, not 80,000"): each other mention of the replaced value, earlier or later (a
 * quoted message below the reply that corrects it), is taken back too,
 * and the index of the new value, which answers what they did; an amount a later one wanted
 * "instead" supersedes, and one said to have lapsed before the next of its form (text/changes.ts).
 * One pass over the amounts.
 */
export function retracted(tokens: Token[], amounts: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  const seen = new Map<number, number[]>();
  const counted = new Map<string, number>();
  // the values a correction named as replaced, and the value it replaced them with
  const replaced = new Map<number, number>();
  for (const i of amounts) {
    const value = tokens[i]!.amount!.value;
    const unit = unitOf(tokens, i);
    const same = unit === undefined ? undefined : counted.get(unit);
    if (same !== undefined && repairedCount(tokens, same, i)) out.set(same, i);
    if (unit !== undefined) counted.set(unit, i);
    // "45,000 was a typo - the correct figure is 54,000": it, and its other mentions, answer nothing
    const right = calledWrongInto(tokens, i);
    if (right !== undefined) out.set(i, right);
    const newer = replacedBy(tokens, i) ?? right;
    const older = supersedes(tokens, i);
    if (older !== undefined) out.set(older, i);
    const after = lapsedInto(tokens, i) ?? dismissedInto(tokens, i);
    if (after !== undefined) out.set(i, after);
    const earlier = seen.get(value) ?? [];
    if (newer !== undefined) for (const j of earlier.splice(0)) out.set(j, newer);
    if (newer !== undefined) replaced.set(value, newer);
    // a later mention too: a reply on top corrects the message it quotes below ("I meant $28,000,
    // not $25,000" above "> I'd like to borrow $25,000")
    else if (replaced.has(value) && replaced.get(value) !== i) out.set(i, replaced.get(value)!);
    // the replaced value said short in thousands ("I meant $15,000, not 18"): its mentions in full
    const full = newer === undefined ? undefined : inThousands(tokens[i]!.amount!, tokens[newer]!.amount!);
    if (full !== undefined) for (const j of (seen.get(full) ?? []).splice(0)) out.set(j, newer!);
    earlier.push(i);
    seen.set(value, earlier);
  }
  return out;
}

/** How many sentences back a repaired count may name the count it repairs ("40 seats …" / "make it 45 seats"). */
const COUNT_REPAIR_REACH = 4;

/** The noun a bare count counts, right after it in its sentence ("45 seats"): its stem. */
function unitOf(tokens: Token[], i: number): string | undefined {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  const bare = !t.amount!.currency && !t.amount!.percent && !t.amount!.period;
  return bare && next?.kind === "word" && !next.stop && next.sentence === t.sentence ? next.stem : undefined;
}

/**
 * A count said again after a correction that opens its sentence ("make it 45 seats", "sorry, 45
 * seats", "correction: 45 seats"), the count of the same noun before it out of the correction's
 * reach ("40 seats of Lumen at list $1,080 …" a message or two before): the newer count replaces it.
 */
function repairedCount(tokens: Token[], older: number, i: number): boolean {
  const t = tokens[i]!;
  if (t.sentence - tokens[older]!.sentence > COUNT_REPAIR_REACH || tokens[older]!.amount!.value === t.amount!.value) return false;
  return correctionOpens(tokens, i);
}

/** The correction right before the amount at i in its sentence, punctuation between at most: its index. */
function correctionBefore(tokens: Token[], i: number): number | undefined {
  const t = tokens[i]!;
  let k = i - 1;
  while (k >= 0 && tokens[k]!.kind === "punct" && tokens[k]!.sentence === t.sentence) k--;
  return k >= 0 && tokens[k]!.sentence === t.sentence && isCorrection(tokens, k) ? k : undefined;
}

/** Whether a correction stands right before the amount at i and opens its sentence: nothing but its words before it there. */
function correctionOpens(tokens: Token[], i: number): boolean {
  const k = correctionBefore(tokens, i);
  if (k === undefined) return false;
  let words = 0;
  for (let j = k; j >= 0 && tokens[j]!.sentence === tokens[i]!.sentence; j--) if (tokens[j]!.kind === "word" && ++words > 3) return false;
  return true;
}

/** How far a repair said short may stand from the figure in thousands it repairs: a quarter to four times it. */
const SHORT_REPAIR_SPAN = 4;

/**
 * Repairs said short in thousands: a bare whole number under a thousand right after a correction
 * ("can we make it eighteen?", "sorry, 18") whose amount just before, a few sentences back at
 * most, was said in whole thousands ("twenty thousand?", "$20,000"): it stands for that many
 * thousands, within a quarter to four times the figure repaired. One pass over the amounts.
 */
export function markShortRepairs(tokens: Token[], amounts: readonly number[]): void {
  for (let n = 1; n < amounts.length; n++) {
    const i = amounts[n]!;
    const a = tokens[i]!.amount!;
    const old = tokens[amounts[n - 1]!]!;
    const repaired = old.amount!.value;
    if (old.amount!.percent || repaired < 1000 || repaired % 1000 !== 0 || tokens[i]!.sentence - old.sentence > COUNT_REPAIR_REACH)
      continue;
    if (a.currency || a.scaled || a.percent || a.period || !Number.isInteger(a.value) || a.value <= 0 || a.value >= 1000) continue;
    const full = a.value * 1000;
    if (full === repaired || full * SHORT_REPAIR_SPAN < repaired || full > repaired * SHORT_REPAIR_SPAN) continue;
    if (unitOf(tokens, i) === undefined && correctionBefore(tokens, i) !== undefined) {
      a.value = full;
      a.scaled = true;
    }
  }
}

/**
 * A replaced value said short in thousands: a bare whole number under a thousand (no currency,
 * scale, period or percent) set against a new value in thousands ("$15,000, not 18"), whose
 * thousands it counts: the value it stands for, 18,000.
 */
export function inThousands(old: Amount, newer: Amount): number | undefined {
  const bare = !old.currency && !old.scaled && !old.percent && !old.period;
  return bare && Number.isInteger(old.value) && old.value > 0 && old.value < 1000 && newer.value >= 1000 && !newer.percent
    ? old.value * 1000
    : undefined;
}

/**
 * An amount a correction follows soon after, no other amount between, or one a new value
 * replaces ("instead of 180"): it is taken back, it answers nothing.
 */
export function takenBack(tokens: Token[], i: number): boolean {
  if (tokens[i]!.kind !== "amount") return false;
  if (replacedBy(tokens, i) !== undefined || dismissed(tokens, i)) return true;
  const k = nextAmountOrCorrection(tokens, i, 1);
  return k !== undefined && tokens[k]!.kind !== "amount" && !namesOther(tokens, i, k);
}

/**
 * The correction at k names in its sentence the value it replaces, and that is not the amount at
 * i: "I earn $58,000 a year. Correction: I need $18,500, not $15,000" takes back the $15,000,
 * never the salary said just before it.
 */
function namesOther(tokens: Token[], i: number, k: number): boolean {
  const value = tokens[i]!.amount!.value;
  for (let j = k + 1; j < tokens.length && tokens[j]!.sentence === tokens[k]!.sentence; j++)
    if (tokens[j]!.kind === "amount" && replacedBy(tokens, j) !== undefined) return tokens[j]!.amount!.value !== value;
  return false;
}

/**
 * The amount a correction took back, when the amount at i is the one it was corrected to ("I'd
 * like to borrow 12,000 — sorry, I meant 21,000"): the new value answers what the old one did.
 */
export function correctedFrom(tokens: Token[], i: number): number | undefined {
  if (tokens[i]!.kind !== "amount") return undefined;
  // "220 seats instead of 180": the amount after is the old value
  for (let k = i + 1; k < tokens.length && k - i <= REPLACED_GAP + 2 && tokens[k]!.sentence === tokens[i]!.sentence; k++)
    if (tokens[k]!.kind === "amount") {
      if (replacedBy(tokens, k) === i) return k;
      break;
    }
  let j = nextAmountOrCorrection(tokens, i, -1);
  if (j === undefined || tokens[j]!.kind === "amount") return undefined;
  // past the correction's words ("correction: revised to") to the amount it takes back
  while (j !== undefined && tokens[j]!.kind !== "amount") j = nextAmountOrCorrection(tokens, j, -1);
  return j;
}

/**
 * An amount that is one end of a range: joined to another amount by "to", "and", "or" or a dash,
 * after "between", or a round number made plural ("the 700s"). The same figure said again, in
 * words and in digits ("quince mil dólares — 15.000 —", "fifteen thousand or 15,000"), is no range.
 */
function inRange(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  if (t.kind !== "amount") return false;
  const near = (k: number) => tokens[k] !== undefined && tokens[k]!.sentence === t.sentence;
  const joined = (a: number, b: number) =>
    near(a) && near(b) && tokens[a]!.kind === "amount" && RANGE_JOINERS.has(tokens[b]!.lower) && !sameFigure(tokens[a]!, t);
  if (joined(i + 2, i + 1) || joined(i - 2, i - 1)) return true;
  if (near(i - 1) && RANGE_OPENERS.has(tokens[i - 1]!.lower)) return true;
  const after = tokens[i + 1];
  // "700-720", "15-20k": the second number is read with its dash
  if (after?.kind === "amount" && after.start === t.end && /^[-−–]/.test(after.text)) return true;
  const before = tokens[i - 1];
  if (before?.kind === "amount" && t.start === before.end && /^[-−–]/.test(t.text)) return true;
  if (after !== undefined && after.start === t.end && after.lower === "s") return true;
  return offeredOr(tokens, i, 1) || offeredOr(tokens, i, -1);
}

/** Two amounts of one figure, one said in words and the other in digits: a figure restated, not two offered. */
const sameFigure = (a: Token, b: Token): boolean =>
  a.amount !== undefined && b.amount !== undefined && a.amount.value === b.amount.value && a.amount.words !== b.amount.words;

/** How many tokens an alternative may stand from its "or", and the "or" from the first figure. */
const ALTERNATIVE_REACH = 4;

/**
 * Another figure offered for the same fact after an "or" a few words on, no figure between:
 * "700 i think, or maybe 750", "or 750 since the increase". Looks after the amount at i (`step`
 * 1) or before it (-1).
 */
function offeredOr(tokens: Token[], i: number, step: 1 | -1): boolean {
  const t = tokens[i]!;
  const near = (k: number) => tokens[k] !== undefined && tokens[k]!.sentence === t.sentence;
  for (let k = i + step, n = 0; near(k) && n < ALTERNATIVE_REACH; k += step, n++) {
    if (tokens[k]!.kind === "amount") return false;
    if (tokens[k]!.lower !== "or") continue;
    for (let j = k + step, m = 0; near(j) && m < ALTERNATIVE_REACH; j += step, m++) {
      const a = tokens[j]!;
      if (a.kind === "amount") return a.amount?.period === t.amount?.period && a.amount?.percent === t.amount?.percent && !sameFigure(a, t);
    }
    return false;
  }
  return false;
}

/**
 * Words that put a statement in the future, the wish or the requirement, not the fact: "we will
 * file a police report", "a police report is required", "I intend to report it", "we tried to".
 * An affirmed statement so said establishes nothing (a denied one still denies: "will not").
 */
const UNREALISED = new Set([
  "will",
  "shall",
  "intend",
  "intends",
  "plan",
  "plans",
  "planning",
  "required",
  "requires",
  "require",
  "need",
  "needs",
  "must",
  "should",
  "tried",
  "try",
  "trying",
  "attempted",
  "tomorrow",
  "later",
  "expect",
  "expects",
  "expected",
  "hope",
  "hopes",
  "want",
  "wants",
  "applying",
  "requested",
  "awaiting",
  "awaited",
  "say",
  "says",
]);
/** Pairs that do the same: "going to", "yet to", "still to", "to follow", "told to", "asked to", "about to". */
const UNREALISED_PAIRS: [string, string][] = [
  ["going", "to"],
  ["yet", "to"],
  ["still", "to"],
  ["to", "follow"],
  ["told", "to"],
  ["asked", "to"],
  ["about", "to"],
  ["claim", "to"],
  ["claims", "to"],
  ["claimed", "to"],
  // "they have applied for a tax exemption certificate": asked for, not held
  ["applied", "for"],
];

/** Whether the statement at `anchor` is said as unrealised, within its clause and `reach` words either way. */
export function unrealised(tokens: Token[], anchor: number, reach = REACH): boolean {
  const at = tokens[anchor]!;
  const says = (k: number) => {
    const t = tokens[k]!;
    const next = tokens[k + 1];
    return (
      UNREALISED.has(t.lower) ||
      /['’]ll$/.test(t.lower) ||
      UNREALISED_PAIRS.some(([a, b]) => t.lower === a && next?.lower === b && next.clause === t.clause)
    );
  };
  for (let k = anchor - 1; k >= 0 && tokens[k]!.clause === at.clause && at.pos - tokens[k]!.pos <= reach; k--) if (says(k)) return true;
  for (let k = anchor + 1; k < tokens.length && tokens[k]!.clause === at.clause && tokens[k]!.pos - at.pos <= reach; k++)
    if (says(k)) return true;
  return false;
}

/** Words that say a check has not been made yet: its outcome is not known ("search pending", "queued"). */
const PENDING = new Set([
  ...["pending", "queued", "outstanding", "scheduled", "awaiting", "awaited"],
  // a check whose outcome is not known: no denial ("PEP: unknown, form not returned yet")
  ...["unknown", "undetermined", "unresolved", "inconclusive", "unclear", "tbc", "tbd"],
]);
/**
 * Phrases that say a check or a request is under way, its outcome not known ("in progress", "still
 * waiting", "applied for", "en cours", "in corso"), as the words of each, lower case.
 */
const PENDING_PHRASES: string[][] = [
  ...["in progress", "still waiting", "waiting for", "waiting on", "applied for", "not back", "in process"],
  ...Object.values(FOREIGN_PENDING).flat(),
].map((p) => p.toLowerCase().split(/\s+/));

/** Whether a phrase of PENDING_PHRASES starts at token k, within its clause. */
const pendingPhraseAt = (tokens: Token[], k: number): boolean =>
  PENDING_PHRASES.some((words) => words.every((w, n) => tokens[k + n]?.lower === w && tokens[k + n]!.clause === tokens[k]!.clause));

/** Whether words (lower case, in order) say a check or a request is not settled yet: a pending word or phrase ("awaiting", "in progress"). */
export function saysPending(words: readonly string[]): boolean {
  return words.some((w, k) => PENDING.has(w) || PENDING_PHRASES.some((p) => p.every((x, n) => words[k + n] === x)));
}

/** Nouns of an approval a proposal waits on ("sign-off", "approval", "go-ahead"). */
const APPROVALS = new Set(["approval", "approvals", "signoff", "authorisation", "authorization", "ok", "okay"]);
/** Approvals said in two words, as the tokens cut them ("sign-off", "go-ahead"): the second word, and the first before it. */
const APPROVAL_PAIRS: Record<string, string> = { off: "sign", ahead: "go" };
/** Words that make an approval a condition yet to be met: "needs sign-off", "subject to approval", "requires VP approval". */
const REQUIRING = new Set(["needs", "need", "needed", "require", "requires", "required", "subject", "pending"]);
/** Words before "approved" that make it a condition: "if approved", "once approved", "until approved". */
const ONCE = new Set([...CONDITIONS, "once", "until", "when"]);
/** How many tokens a word of waiting may stand before the approval it waits on ("needs his manager's sign-off"). */
const APPROVAL_REACH = 4;

/** Whether the token at k says an approval is awaited: an approval noun after a word of waiting or requiring, or "approved" after "if"/"once". */
function approvalAwaited(tokens: Token[], k: number): boolean {
  const t = tokens[k]!;
  if (t.lower === "approved") return ONCE.has(tokens[k - 1]?.lower ?? "") && tokens[k - 1]!.clause === t.clause;
  const pair = Object.hasOwn(APPROVAL_PAIRS, t.lower) && tokens[k - 1]?.lower === APPROVAL_PAIRS[t.lower];
  if (!APPROVALS.has(t.lower) && !pair) return false;
  const first = pair ? k - 1 : k;
  for (let j = first - 1; j >= 0 && first - j <= APPROVAL_REACH && tokens[j]!.sentence === t.sentence; j--)
    if (REQUIRING.has(tokens[j]!.lower) || PENDING.has(tokens[j]!.lower) || pendingPhraseAt(tokens, j)) return true;
  return false;
}

/** Words that may stand before a fragment's waiting: "only if approved", "but needs sign-off". */
const WAITING_LEADS = new Set(["only", "but", "still"]);

/** Whether the fragment at k opens with a word of waiting, requiring or condition ("needs …", "awaiting …", "only if approved"). */
function opensWaiting(tokens: Token[], k: number): boolean {
  if (pendingPhraseAt(tokens, k)) return true;
  const at = WAITING_LEADS.has(tokens[k]!.lower) && tokens[k + 1]?.sentence === tokens[k]!.sentence ? k + 1 : k;
  const w = tokens[at]!.lower;
  return REQUIRING.has(w) || PENDING.has(w) || ONCE.has(w) || pendingPhraseAt(tokens, at);
}

/**
 * Whether the amount at i is a proposal waiting on an approval, said after it in its sentence
 * before any other amount ("the 10% coupon — needs his manager's sign-off first", "12%, awaiting
 * VP approval", "5% subject to approval", "an extra 3% if approved"), in the fragment after it
 * when that opens with the waiting ("10%; only if approved"), or in its clause before it
 * ("pending VP approval, 12%"): what is proposed is not yet a term.
 */
function awaitsApproval(tokens: Token[], i: number): boolean {
  const at = tokens[i]!;
  for (let k = i - 1; k >= 0 && tokens[k]!.clause === at.clause && tokens[k]!.kind !== "amount"; k--)
    if (approvalAwaited(tokens, k)) return true;
  let k = i + 1;
  for (; k < tokens.length && tokens[k]!.sentence === at.sentence && tokens[k]!.kind !== "amount"; k++)
    if (approvalAwaited(tokens, k)) return true;
  // a fragment after a semicolon or a stop that opens with the waiting ("10%; needs sign-off first")
  const next = tokens[k];
  if (next?.sentence !== at.sentence + 1 || !opensWaiting(tokens, k)) return false;
  for (; k < tokens.length && tokens[k]!.sentence === next.sentence && tokens[k]!.kind !== "amount"; k++)
    if (approvalAwaited(tokens, k)) return true;
  return false;
}

/**
 * Verbs of handing over a proof ("haven't sent the certificate yet", "not received yet"): denied
 * with "yet", what they hand over is awaited, and the fact it proves not established.
 */
const HANDING = new Set(["sent", "send", "received", "receive", "got", "returned", "provided", "submitted", "supplied", "arrived"]);

/** A check, whose denial with "yet" denies the check and not the fact it looks for. */
const CHECKS = new Set([
  "search",
  "searched",
  "screening",
  "screened",
  "check",
  "checked",
  "run",
  "review",
  "reviewed",
  "performed",
  "completed",
]);

/** Verbs of asking about a fact: denied, they deny the asking, not the fact ("PEP question not asked"). */
const ASKING = new Set(["ask", "asked", "covered", "discussed", "raised", "addressed", "mentioned", "answered"]);
/** How many tokens a verb of asking may stand after its denial ("was not covered", "has not been asked"). */
const ASKING_REACH = 3;

/** Whether the token at k denies the asking: "not", "never" or a contraction in "n't" within reach before a verb of asking. */
function askingDenied(tokens: Token[], k: number): boolean {
  const t = tokens[k]!;
  if (!(t.lower === "not" || t.lower === "never" || /n['’]t$/.test(t.lower))) return false;
  for (let j = k + 1; j <= k + ASKING_REACH && j < tokens.length && tokens[j]!.clause === t.clause; j++)
    if (ASKING.has(tokens[j]!.lower)) return true;
  return false;
}

/**
 * Whether the statement at `anchor` says the fact is not known yet, in its clause: a pending word,
 * a check denied with "yet" ("search not run yet", "hasn't been checked yet"), or the asking of it
 * denied ("the PEP questionnaire was not covered on the call", "wasn't asked"). A fact's own
 * denial with "yet" still denies it ("no police report filed yet").
 */
export function pending(tokens: Token[], anchor: number): boolean {
  const clause = tokens[anchor]!.clause;
  let from = anchor;
  while (from > 0 && tokens[from - 1]!.clause === clause) from--;
  let negator = false;
  let yet = false;
  let check = false;
  for (let k = from; k < tokens.length && tokens[k]!.clause === clause; k++) {
    const t = tokens[k]!;
    if (PENDING.has(t.lower) || askingDenied(tokens, k) || pendingPhraseAt(tokens, k)) return true;
    negator ||= isNegator(t);
    yet ||= t.lower === "yet";
    check ||= CHECKS.has(t.lower) || HANDING.has(t.lower);
  }
  return negator && yet && check;
}

/** Whether a token is a word of checking ("screening", "search", "review"). */
export const isCheck = (t: Token): boolean => CHECKS.has(t.lower);

/**
 * Whether tokens `from`..`to` (the sentence after a statement) say that a check is not made yet:
 * a check and a pending word ("Our screening is still pending", "the PEP check is awaiting
 * results"), or a check denied with "yet" ("screening has NOT been run yet"): what the customer
 * declared or the line said before it is not established by the bank.
 */
export function checkPending(tokens: Token[], from: number, to: number): boolean {
  let check = false;
  let waiting = false;
  let negator = false;
  let yet = false;
  for (let k = from; k <= to; k++) {
    check ||= CHECKS.has(tokens[k]!.lower);
    waiting ||= PENDING.has(tokens[k]!.lower);
    negator ||= isNegator(tokens[k]!);
    yet ||= tokens[k]!.lower === "yet";
  }
  return check && (waiting || (negator && yet));
}

/** Words that say a value is known or checked: denied, they say it is not ("not yet known", "n'est pas encore connu"). */
const KNOWN = new Set(["known", "verified", "confirmed", "checked", "set", "agreed", ...Object.values(FOREIGN_KNOWN).flat()]);
/** Words that say a value is not known ("unknown", "TBC", "en attente"). */
const UNKNOWN = new Set([...PENDING, ...Object.values(FOREIGN_UNKNOWN).flat()]);
/** How many tokens a negator may stand before the word of knowing it denies ("n'a pas pu être vérifié"). */
const NOT_KNOWN_REACH = 4;

/**
 * Whether the sentence of the value at i, or the one before it, says a value is not known now
 * ("the new amount is not yet known (the old rent was 690)", "Rent: unknown; previously $980"):
 * a value of another time said there stands in for nothing.
 */
export function unknownNow(tokens: Token[], i: number): boolean {
  const sentence = tokens[i]!.sentence;
  let k = i;
  while (k > 0 && tokens[k - 1]!.sentence >= sentence - 1) k--;
  let negator = -Infinity;
  for (; k < tokens.length && tokens[k]!.sentence <= sentence; k++) {
    const t = tokens[k]!;
    if (UNKNOWN.has(t.lower)) return true;
    if (isNegator(t)) negator = k;
    else if (KNOWN.has(t.lower) && k - negator <= NOT_KNOWN_REACH) return true;
  }
  return false;
}
