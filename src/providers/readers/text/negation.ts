// Negation: whether a mention is denied ("not a PEP", "no adverse media hits", "does not hold",
// "screening came back clean"). A negator counts when it stands before the mention in the same
// clause; "and", "but" and commas close a clause.
import type { Token } from "./tokens.js";

export const NEGATORS = new Set([
  "no", "not", "never", "without", "none", "nothing", "neither", "nor", "non", "denies", "denied", "deny",
  "negative", "clean", "clear", "cleared", "absent", "lacks", "lack", "lacking", "free", "false", "nil", "zero",
]);

const CLAUSE_BREAKS = new Set([",", ";", "and", "but", "while", "whereas", "although", "though", "however", "also"]);

export const isNegator = (t: Token): boolean => t.kind === "word" && (NEGATORS.has(t.lower) || /n['’]t$/.test(t.lower));

const isBreak = (t: Token): boolean => CLAUSE_BREAKS.has(t.lower);

/** A clause is not searched further back than this many tokens, whatever stands in it. */
const LOOKBACK_TOKENS = 32;

/**
 * Negators in the clause before `from` (up to `reach` content tokens back) and between `from` and
 * `to` (the span of the matched cue words). An odd count denies.
 */
export function negated(tokens: Token[], from: number, to: number, reach = 5): boolean {
  let count = 0;
  const firstPos = tokens[from]!.pos;
  for (let i = from - 1; i >= Math.max(0, from - LOOKBACK_TOKENS); i--) {
    const t = tokens[i]!;
    if (t.sentence !== tokens[from]!.sentence || isBreak(t) || firstPos - t.pos > reach) break;
    if (isNegator(t)) count++;
  }
  for (let i = from + 1; i < to; i++) if (isNegator(tokens[i]!)) count++;
  return count % 2 === 1;
}

const ANSWERS: Record<string, boolean> = { yes: true, true: true, y: true, no: false, false: false, n: false, none: false };

/** "PEP: no", "tax exempt - yes": an explicit answer right after the cue words. */
export function statedAnswer(tokens: Token[], last: number): boolean | undefined {
  const next = tokens[last + 1];
  const after = next?.kind === "punct" ? tokens[last + 2] : next;
  if (!after || after.kind !== "word" || after.sentence !== tokens[last]!.sentence) return undefined;
  return ANSWERS[after.lower];
}
