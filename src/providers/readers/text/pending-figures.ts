// A sentence that says the figures just given are not settled: "Pending clarification - do not use
// either figure yet.", "We haven't fixed the actual number yet.", "Both amounts are provisional."
// It states no amount of its own and names the figures ("figure", "number", "amount"): the amounts of the sentence before it are hedged, no value. One pass over the tokens,
// kept per text.
import { isNegator } from "./negation.js";
import type { Token } from "./tokens.js";

/** Words that refer back to figures just given. */
const FIGURES = new Set(["figure", "figures", "number", "numbers", "amount", "amounts", "value", "values", "estimate", "estimates"]);
/** Words that say two figures are meant ("either figure", "both amounts"): the two sentences before are reached. */
const TWO = new Set(["figures", "numbers", "amounts", "values", "estimates", "either", "neither", "both"]);
/** Words that say a figure is not settled yet. */
const UNSETTLED = new Set([
  ...["pending", "unconfirmed", "provisional", "tentative", "clarification", "unverified", "tbc", "tbd"],
  ...["awaiting", "unresolved", "disputed", "conflicting"],
]);
/** Verbs that, denied, set the figures aside: "do not use", "don't rely on", "not fixed … yet". */
const USING = new Set(["use", "rely", "fixed", "finalised", "finalized", "settled", "agreed", "confirmed"]);

/**
 * Per text's tokens: the sentences whose amounts a sentence after says are not settled (the one
 * before it, or the two before when it speaks of two figures).
 */
const UNSETTLED_BY = new WeakMap<Token[], Set<number>>();

function unsettledSentences(tokens: Token[]): Set<number> {
  const known = UNSETTLED_BY.get(tokens);
  if (known) return known;
  const out = new Set<number>();
  let sentence = -1;
  let figures = false;
  let two = false;
  let unsettled = false;
  let amount = false;
  let negator = false;
  const close = () => {
    if (sentence < 0 || !figures || !unsettled || amount) return;
    out.add(sentence - 1);
    if (two) out.add(sentence - 2);
  };
  for (const t of tokens) {
    if (t.sentence !== sentence) {
      close();
      sentence = t.sentence;
      figures = two = unsettled = amount = negator = false;
    }
    amount ||= t.kind === "amount";
    figures ||= FIGURES.has(t.lower);
    two ||= TWO.has(t.lower);
    unsettled ||= UNSETTLED.has(t.lower) || (negator && USING.has(t.lower));
    negator ||= isNegator(t);
  }
  close();
  UNSETTLED_BY.set(tokens, out);
  return out;
}

/** Whether a sentence after the amount at i says the figures given are not settled. */
export const figuresUnsettled = (tokens: Token[], i: number): boolean => unsettledSentences(tokens).has(tokens[i]!.sentence);
