// A quantity the text changes as it goes: the newer value answers, the one it replaces does not.
// - a change told as a move between two values: "seats up from 60 to 75", "going from 60 to 75
//   users", "cut from 3 years to 2";
// - a change told after the older value: "$15,000, now reduced to $12,000", "45 seats, cut to 40";
// - the older said to have held, the newer to hold now: "rent was $1,150, now $1,225";
// - a self-repair: "40 seats, well, 45 actually", "40 - sorry, 45 - seats", "about 40, I mean 45".
// ("45 seats, not 40", "instead of", "sorry, I meant" are corrections: text/qualifiers.ts.)
// The newer value is announced by the cue words of the older, which it takes over. Both values
// are in one sentence, a few tokens apart: the search is bounded, linear in the text.
import { FOREIGN_REPAIRS } from "../foreign-words.js";
import type { Token } from "./tokens.js";

/** Words (stems and forms) that tell of a change just before "from": "up from", "going from", "increased from". */
const CHANGE =
  /^(?:up|down|go|goes|going|gone|went|mov\w*|increas\w*|decreas\w*|rais\w*|ris\w*|rose|grow\w*|grew|cut\w*|reduc\w*|lower\w*|chang\w*|revis\w*|amend\w*|adjust\w*|jump\w*|drop\w*|fall\w*|fell|expand\w*|bump\w*|upgrad\w*|downgrad\w*|shrink\w*|shrank|switch\w*)$/;
/** Words of a self-repair between two values: "well", "actually", "sorry", "I mean", "er", and the other languages' ("Korrektur", "perdón"). */
const REPAIR_WORDS = new Set([
  "well",
  "sorry",
  "mean",
  "er",
  "erm",
  "um",
  "uh",
  "correction",
  "oops",
  ...Object.values(FOREIGN_REPAIRS).flat(),
]);
/** How many tokens after the older value a self-repair's word may stand ("40 seats, well, …"). */
const REPAIR_REACH = 4;
/** How many tokens a change's words and a unit may take between the two values. */
const GAP = 5;
/** How many, for a change told after the older value ("$15,000, we'd like to lower it to $12,000"). */
const MOVED_GAP = 8;
/** Words that make a change told after a value only possible: "might go up to 30k if the quote comes in high". */
const MAYBE = new Set(["might", "may", "could", "would", "if", "maybe", "perhaps", "possibly"]);
/** How far before "from" its change word may stand ("seats are going up from"). */
const CHANGE_REACH = 3;
/** Words that say a value held before ("was $1,150", "previously 40") and words that say the newer holds now. */
const HELD_BEFORE = new Set(["was", "were", "previously", "formerly"]);
const HOLDS_NOW = new Set(["now", "currently"]);
/** Whether the amount at a is said to have held before: "was $1,150", "used to be $1,150", "previously $1,150". */
const heldBefore = (tokens: Token[], a: number): boolean =>
  HELD_BEFORE.has(tokens[a - 1]?.lower ?? "") ||
  (tokens[a - 1]?.lower === "be" && tokens[a - 2]?.lower === "to" && tokens[a - 3]?.lower === "used");

const amount = (t: Token | undefined): boolean => t?.kind === "amount";

function nextAmount(tokens: Token[], i: number): number | undefined {
  for (let k = i + 1; k < tokens.length && k - i <= MOVED_GAP + 1 && tokens[k]!.sentence === tokens[i]!.sentence; k++)
    if (amount(tokens[k])) return k;
  return undefined;
}

function previousAmount(tokens: Token[], i: number): number | undefined {
  for (let k = i - 1; k >= 0 && i - k <= MOVED_GAP + 1 && tokens[k]!.sentence === tokens[i]!.sentence; k--) if (amount(tokens[k])) return k;
  return undefined;
}

/** Whether the words around amounts a and b (a before b, no amount between) tell a change from a to b. */
function changes(tokens: Token[], a: number, b: number): boolean {
  const between = tokens.slice(a + 1, b).map((t) => t.lower);
  // "$15,000, now reduced to $12,000": a change word, then "to" just before the newer (not "up to", a bound; nothing hedged)
  const movedTo =
    between.at(-1) === "to" &&
    between.at(-2) !== "up" &&
    between.slice(0, -1).some((w) => CHANGE.test(w)) &&
    !between.some((w) => MAYBE.has(w));
  // "rent was $1,150 a month, now it is $1,225", "was 40 and is now 45": what held before, then what holds now
  const heldThenNow = heldBefore(tokens, a) && between.some((w) => HOLDS_NOW.has(w)) && !between.some((w) => MAYBE.has(w));
  if (movedTo || heldThenNow || between.length > GAP) return movedTo || heldThenNow;
  // "from 60 to 75" after a change word
  if (between.includes("to") && tokens[a - 1]?.lower === "from")
    for (let k = a - 2; k >= 0 && a - 1 - k <= CHANGE_REACH && tokens[k]!.sentence === tokens[a]!.sentence; k--)
      if (CHANGE.test(tokens[k]!.lower)) return true;
  // "40 seats, well, 45 actually" (not "as well as")
  const repair = tokens
    .slice(a + 1, Math.min(b, a + 1 + REPAIR_REACH))
    .some((t, k) => REPAIR_WORDS.has(t.lower) && !(t.lower === "well" && tokens[a + k]?.lower === "as"));
  return repair || (tokens[b + 1]?.lower === "actually" && between.length <= 3);
}

/** The newer amount that replaces the amount at i, if i is the older end of a change. */
export function changedTo(tokens: Token[], i: number): number | undefined {
  const next = amount(tokens[i]) ? nextAmount(tokens, i) : undefined;
  return next !== undefined && changes(tokens, i, next) ? next : undefined;
}

/** The older amount the amount at i replaces, if i is the newer end of a change. */
export function changedFrom(tokens: Token[], i: number): number | undefined {
  const previous = amount(tokens[i]) ? previousAmount(tokens, i) : undefined;
  return previous !== undefined && changes(tokens, previous, i) ? previous : undefined;
}

/** How many sentences before a value said "instead" the amount it supersedes may stand. */
const SUPERSEDE_REACH = 2;

/**
 * The older amount that the amount at i supersedes, when its sentence says it is wanted "instead"
 * (not "instead of", a replacement read in text/qualifiers.ts) after it, no other amount between:
 * "I first asked about $12,500. … a quote of $14,200, so I'd like that amount instead". The older
 * is the nearest amount before, of the same form (money or not), at most two sentences back.
 */
export function supersedes(tokens: Token[], i: number): number | undefined {
  const t = tokens[i];
  if (!amount(t)) return undefined;
  let instead = false;
  for (let k = i + 1; k < tokens.length && tokens[k]!.sentence === t!.sentence && !instead; k++) {
    if (amount(tokens[k])) return undefined;
    instead = tokens[k]!.lower === "instead" && tokens[k + 1]?.lower !== "of";
  }
  if (!instead) return undefined;
  for (let k = i - 1; k >= 0 && t!.sentence - tokens[k]!.sentence <= SUPERSEDE_REACH; k--)
    if (amount(tokens[k])) return Boolean(tokens[k]!.amount!.currency) === Boolean(t!.amount!.currency) ? k : undefined;
  return undefined;
}

/** Words saying a value no longer holds: "the 20% coupon expired", "that rate was withdrawn". */
const LAPSED = new Set([
  "expired",
  "lapsed",
  "revoked",
  "withdrawn",
  "void",
  "voided",
  "cancelled",
  "canceled",
  "superseded",
  "outdated",
  "obsolete",
]);
/** How many tokens after a value the words saying it lapsed may stand ("the 20% coupon from the webinar, but that expired"). */
const LAPSE_REACH = 12;

const sameForm = (a: Token, b: Token): boolean =>
  a.amount!.percent === b.amount!.percent && Boolean(a.amount!.currency) === Boolean(b.amount!.currency);

/**
 * The amount that takes over from the amount at i when the words after it say it no longer holds
 * ("expired", "withdrawn", "no longer valid"), before any other amount of its form: "they had the
 * 20% coupon but that expired, so use 12%", "the $500 rebate was withdrawn; apply the $300 one".
 * The newer is the next amount of the same form (a percent, a sum of money, a plain number), in
 * that sentence or the next. A value said to lapse with nothing after it is left as it is.
 */
export function lapsedInto(tokens: Token[], i: number): number | undefined {
  const t = tokens[i];
  if (!amount(t)) return undefined;
  let lapsed = false;
  for (let k = i + 1; k < tokens.length && tokens[k]!.sentence - t!.sentence <= 1; k++) {
    const w = tokens[k]!;
    if (amount(w) && sameForm(t!, w)) return lapsed ? k : undefined;
    if (!lapsed && k - i > LAPSE_REACH) return undefined;
    if (LAPSED.has(w.lower) || (w.lower === "longer" && tokens[k - 1]?.lower === "no")) lapsed = true;
  }
  return undefined;
}
