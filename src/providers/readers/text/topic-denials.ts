// A fact named as the sentence's topic and denied at its end by a clause that leaves it unsaid:
// "Regarding PEP status, to the best of our knowledge the client is not one.", "PEP check: having
// reviewed the file with her, we can confirm she is not.", "As for PEP screening, after our review
// of all owners, none of them qualify." The denial stands many words after its cue, past the reach
// of the denials read beside it (negation.ts), and holds only where the cue opens the sentence as
// its topic (framed by "regarding", "as for" or alone, then a comma, colon or dash) and nothing
// in between turns to another statement ("but", "although", ";"). One look at the sentence: linear.
import type { Token } from "./tokens.js";

/** What may stand before the cue in its sentence: nothing, or a word that makes it the topic. */
const TOPIC_FRAME =
  /^\s*(?:(?:regarding|re|concerning|as\s+(?:for|to|regards)|on|about|with\s+(?:regard|respect)\s+to|in\s+terms\s+of)\s+(?:the\s+)?)?$/i;
/** After the cue: a word naming what of it is asked ("status", "check"), then the comma, colon or dash that closes the topic. */
const TOPIC_CLOSE = /^(?:\s+(?:status|check|screening|question|flag|declaration))?\s*(?:[,:]|\s[-–—]{1,2}\s)/i;
/**
 * The clause that ends the sentence by denying the topic without naming it again: a subject's
 * "is not (one, so, either)", or "none of them (qualify, is, are)".
 */
const ELLIPTIC_DENIAL =
  /(?:^|[\s,])(?:(?:is|are|was|were|am)\s*(?:not|n['’]t)(?:\s+(?:one|so|either|such))?|has\s+never\s+been(?:\s+one)?|(?:none|neither)\s+of\s+(?:them|these|those|the\s+\w+)(?:\s+(?:qualif(?:y|ies)|is|are|was|were|do|does))?)\s*[.!]*\s*$/i;
/** Verbs that state something of their own before the denial: the denial then contrasts another's. */
const STATES = new Set(["is", "are", "was", "were", "has", "have", "had", "holds", "held", "serves", "served", "sits", "sat", "became"]);
/** Words that turn to another statement between the topic and the denial: the denial may be another's. */
const TURNS = new Set(["but", "although", "though", "whereas", "while", "however", "unlike", "except", ";"]);

/** How many words the topic may run to from its first cue word ("politically exposed person status"). */
const TOPIC_WORDS = 4;

/**
 * Whether the cue at token `first` opens its sentence (ending at token `end`) as its topic, closed
 * within a few words, and the sentence ends by denying it in a clause that leaves it unsaid.
 */
export function topicDenied(text: string, tokens: readonly Token[], sentenceFirst: number, first: number, end: number): boolean {
  if (!TOPIC_FRAME.test(text.slice(tokens[sentenceFirst]!.start, tokens[first]!.start))) return false;
  const sentenceEnd = tokens[end]!.end;
  let topicEnd = -1;
  for (let k = first; k <= Math.min(end - 1, first + TOPIC_WORDS) && topicEnd < 0; k++)
    if (TOPIC_CLOSE.test(text.slice(tokens[k]!.end, sentenceEnd))) topicEnd = k;
  if (topicEnd < 0) return false;
  const from = tokens[topicEnd]!.end;
  const denial = ELLIPTIC_DENIAL.exec(text.slice(from, sentenceEnd));
  if (!denial) return false;
  // a turn, or a statement of its own before the denial ("the director is a minister and her husband is not"): the denial is another's
  const at = from + denial.index;
  for (let i = topicEnd + 1; i <= end && tokens[i]!.start < at; i++)
    if (TURNS.has(tokens[i]!.lower) || STATES.has(tokens[i]!.lower)) return false;
  return !TURNS.has(tokens[end]!.lower);
}
