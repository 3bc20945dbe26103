// A whole group's amount per period ("the combined monthly income of everyone in the household")
// stated member by member across sentences ("I earn $2,400 a month. Mark's salary is $54,000 a
// year. My mother gets a pension of $650 a month."): the sum of every amount the input's cues place
// nearly as well as the best, each with a period of its own (converted when summed), none another
// input takes, none said of someone who does not live in the household, none the clause before it
// says is owed or paid out (for an input that does not ask that). A figure the text states
// for the whole group ("together we bring in …") is taken as it stands: no sum.
import type { InputIR } from "../../../ir/ir.js";
import { LEFT_PHRASE } from "../departed.js";
import { COLLECTIVE_WORDS } from "../json-groups.js";
import type { Period } from "../numbers.js";
import { contentStems, periodOfText } from "../words.js";
import type { TextIndex } from "./text-index.js";

/** How near the best amount's score a member's amount must come to be an item. */
const NEAR_BEST = 0.5;
/** A sentence of someone who is not of the household: moved out, lives elsewhere, "doesn't live with us". */
const NOT_LIVING_HERE = /\b(?:doesn['’]t|does not|don['’]t|do not|no longer)\s+(?:live|living|stay)s?\s+(?:with|here|at)\b/i;
/** Words of the clause before an amount that say it is owed or paid out, not a member's income ("we owe $12,400 on the car, $290 a month"). */
const OWED = /\b(?:owe[sd]?|owing|debts?|loans?|mortgage|rent|cards?|car|repay\w*|payments?|instal+ments?|bills?)\b/i;
/** A sentence that states the group's whole figure: no sum of its members then. */
const WHOLE_STATED = /\b(?:total|totals|combined|altogether|together|in all|between us|all of us)\b/i;

/** Whether the input asks a whole group's amount per period ("household income", monthly). */
const asksGroupPerPeriod = (input: InputIR): boolean =>
  contentStems(input.name).some((s) => COLLECTIVE_WORDS.has(s)) && periodOfText(`${input.name} ${input.desc ?? ""}`) !== undefined;

/**
 * The mentions (token indexes, in text order) of a group's amounts stated member by member: of
 * `own` (the input's candidates), those scored at least half the best's, that `ours` allows, with a
 * period (`periodOf`), in sentences of members of the household. Two or more with the best among
 * them; or, when the best is said of someone who left, the others, even one. Undefined when the
 * input asks no group's amount per period, the best's sentence states the whole, or none is found.
 */
export function memberItems(
  input: InputIR,
  index: TextIndex,
  own: { mention: number; score: number }[],
  best: { mention: number; score: number },
  ours: (j: number) => boolean,
  periodOf: (j: number) => Period | undefined,
): number[] | undefined {
  if (!asksGroupPerPeriod(input)) return undefined;
  const { tokens, text } = index;
  const bounds = (s: number): [number, number] => [tokens[index.sentenceFirst[s]!]?.start ?? 0, tokens[index.sentenceLast[s]!]?.end ?? 0];
  // the amount's sentence, with the one before when only a semicolon parts them ("he moved out in May; he earns $3,000")
  const sentence = (j: number): string => {
    const s = tokens[j]!.sentence;
    const [start, end] = bounds(s);
    const before = s > 0 ? bounds(s - 1) : undefined;
    const joined = before !== undefined && /^[^\n]*;[^\n]*$/.test(text.slice(before[1], start));
    return text.slice(joined ? before[0] : start, end);
  };
  // the words between an amount and the amount before it in its sentence (or the sentence's start)
  const clause = (j: number): string => {
    const s = tokens[j]!.sentence;
    let k = j - 1;
    while (k >= 0 && tokens[k]!.sentence === s && tokens[k]!.amount === undefined) k--;
    const start = k >= 0 && tokens[k]!.sentence === s ? tokens[k]!.end : bounds(s)[0];
    return text.slice(start, tokens[j]!.start);
  };
  const asksOwed = OWED.test(`${input.name} ${input.desc ?? ""}`);
  if (WHOLE_STATED.test(sentence(best.mention))) return undefined;
  const items = [
    ...new Set(
      own
        .filter((c) => tokens[c.mention]?.amount !== undefined && c.score >= NEAR_BEST * best.score)
        .filter((c) => c.mention === best.mention || ours(c.mention))
        .map((c) => c.mention),
    ),
  ]
    .filter((j) => periodOf(j) !== undefined && !LEFT_PHRASE.test(sentence(j)) && !NOT_LIVING_HERE.test(sentence(j)))
    .filter((j) => j === best.mention || asksOwed || !OWED.test(clause(j)))
    .sort((a, b) => a - b);
  // the best said of someone who left: the others are the household's (the best may be no figure
  // of its own, a count or a word another reader took)
  const bestLeft = !items.includes(best.mention) && tokens[best.mention]?.amount !== undefined && periodOf(best.mention) !== undefined;
  return items.length >= (bestLeft ? 1 : 2) && (bestLeft || items.includes(best.mention)) ? items : undefined;
}
