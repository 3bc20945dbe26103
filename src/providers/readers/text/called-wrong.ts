// A figure the text itself calls wrong, and the one it gives as right: "client says 45,000 was a
// typo - correct monthly figure is 54,000", "45,000 USD (typo, should be 54,000)", "Monthly
// volume: 45,000. Update: that figure was wrong, it should be 54,000". The wrong figure answers
// nothing, and the right one answers what it did. The word calling it wrong stands after it, in its
// sentence or the next, before any other amount; the right one is the next amount of its form,
// announced by a word saying it is the right one ("should be", "correct", "actual", "meant").
import { isNegator } from "./negation.js";
import type { Token } from "./tokens.js";

/** Words that call what was just said wrong, whatever it was ("… on 20 January; sorry, that was wrong"). */
export const WRONG = new Set(["wrong", "incorrect", "mistake", "mistaken", "typo", "error", "misprint", "erroneous"]);
/** Words just before a figure that say it is the right one: "should be", "correct figure is", "actually", "I meant". */
const RIGHT = new Set(["should", "correct", "corrected", "correctly", "right", "actual", "actually", "real", "meant", "read"]);
/** How many tokens after the figure the word calling it wrong may stand. */
const WRONG_REACH = 8;
/** How many tokens before the right figure the word announcing it may stand ("correct monthly figure is"). */
const RIGHT_REACH = 4;
/** How many tokens after the word calling it wrong the right figure may stand. */
const NEWER_REACH = 12;

/** Two figures of one form: both percentages or neither, of one currency where both name one ("45,000" and "54,000 USD"). */
const sameForm = (a: Token, b: Token): boolean =>
  Boolean(a.amount!.percent) === Boolean(b.amount!.percent) &&
  (!a.amount!.currency || !b.amount!.currency || a.amount!.currency === b.amount!.currency);

/** The index of the word calling the amount at i wrong, before any other amount, across one sentence end at most. */
function calledWrongAt(tokens: Token[], i: number): number | undefined {
  const t = tokens[i]!;
  for (let k = (t.amountEnd === undefined ? i : lastOf(tokens, i)) + 1; k < tokens.length && k - i <= WRONG_REACH; k++) {
    const w = tokens[k]!;
    if (w.sentence - t.sentence > 1 || w.kind === "amount") return undefined;
    // "45,000 is not a typo" calls nothing wrong
    if (WRONG.has(w.lower)) return tokens.slice(Math.max(i + 1, k - 2), k).some(isNegator) ? undefined : k;
  }
  return undefined;
}

/** The last token inside the amount at i (its unit and period words). */
function lastOf(tokens: Token[], i: number): number {
  const end = tokens[i]!.amountEnd!;
  let k = i;
  while (k + 1 < tokens.length && tokens[k + 1]!.start < end) k++;
  return k;
}

/** The amount the text gives as right in place of the amount at i it calls wrong, if it does. */
export function calledWrongInto(tokens: Token[], i: number): number | undefined {
  const t = tokens[i];
  if (t?.kind !== "amount") return undefined;
  const wrong = calledWrongAt(tokens, i);
  if (wrong === undefined) return undefined;
  for (let k = wrong + 1; k < tokens.length && k - wrong <= NEWER_REACH && tokens[k]!.sentence - tokens[wrong]!.sentence <= 1; k++) {
    if (tokens[k]!.kind !== "amount") continue;
    if (!sameForm(tokens[k]!, t)) return undefined;
    const before = tokens.slice(Math.max(wrong + 1, k - RIGHT_REACH), k).map((w) => w.lower);
    return before.some((w) => RIGHT.has(w)) ? k : undefined;
  }
  return undefined;
}
