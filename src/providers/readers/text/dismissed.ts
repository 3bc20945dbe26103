// A value the writer tells the reader to disregard ("please ignore the $6,200 I mentioned before",
// "disregard the 15% from my first note"): taken back, as a correction takes it back. When the
// writer gave a new value of the same form (money or not, percent or not) just before, in that
// sentence or the two before it ("the bills now come to $18,950 in total. Please ignore the $6,200
// …"), that value is the one the dismissed one is replaced by. Bounded search: linear in the text.
import type { Token } from "./tokens.js";

/** Verbs that tell the reader to set a value aside. */
const DISMISSING = new Set(["ignore", "disregard", "forget", "discard"]);
/** How many tokens (an article, a possessive) may stand between the verb and the value it dismisses. */
const DISMISS_GAP = 3;
/** How many sentences before the dismissed value the new value may stand. */
const NEWER_REACH = 2;

/** Whether the amount at i is told to be disregarded: "ignore the $6,200", "disregard my 15%". */
export function dismissed(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  if (t.kind !== "amount") return false;
  for (let k = i - 1; k >= 0 && i - k <= DISMISS_GAP + 1 && tokens[k]!.sentence === t.sentence; k--) {
    const w = tokens[k]!;
    if (w.kind === "amount") return false;
    if (DISMISSING.has(w.lower)) return true;
  }
  return false;
}

const sameForm = (a: Token, b: Token): boolean =>
  Boolean(a.amount!.percent) === Boolean(b.amount!.percent) && Boolean(a.amount!.currency) === Boolean(b.amount!.currency);

/**
 * The amount that replaces the dismissed amount at i: the nearest amount of its form before it, in
 * its sentence or the two before; undefined when it is not dismissed or none stands there.
 */
export function dismissedInto(tokens: Token[], i: number): number | undefined {
  if (!dismissed(tokens, i)) return undefined;
  const t = tokens[i]!;
  for (let k = i - 1; k >= 0 && t.sentence - tokens[k]!.sentence <= NEWER_REACH; k--)
    if (tokens[k]!.kind === "amount") return sameForm(tokens[k]!, t) ? k : undefined;
  return undefined;
}
