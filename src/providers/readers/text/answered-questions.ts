// A figure on the line that answers a question answers that question first: "What do you pay each
// month on existing debts?\nApplicant: Car loan is 410, student loan 280." gives the debts, though
// "loan" stands right before each figure. A question asks of an input when one of the input's main
// cue words (or a synonym) is in it; a figure answering a question that asks of other inputs and
// not of this one counts for this one only a share of its evidence.
import { stemMatch } from "../words.js";
import type { Cue } from "./cues.js";
import type { TextIndex } from "./text-index.js";

/** A cue word this heavy, against the input's heaviest, names what a question asks. */
const MAIN_CUE = 0.5;
/** What a figure answering a question about other inputs keeps of its evidence for this one. */
export const OFF_QUESTION = 0.2;

/**
 * `(sentence, input)` → whether the figure's sentence answers a question that asks of other
 * inputs and not of this one. Each question's words are compared once per input (memoised).
 */
export function offQuestion(index: TextIndex, cues: ReadonlyMap<string, Cue[]>): (sentence: number, input: string) => boolean {
  const memo = new Map<string, boolean>();
  const asks = (q: number, input: string): boolean => {
    const key = `${q}\u0000${input}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const own = cues.get(input) ?? [];
    const top = Math.max(0, ...own.map((c) => c.weight));
    const main = own.filter((c) => c.weight >= MAIN_CUE * top);
    let found = false;
    for (let j = index.sentenceFirst[q]!; j >= 0 && j <= index.sentenceLast[q]! && !found; j++) {
      const t = index.tokens[j]!;
      index.meter.steps++;
      if (t.kind === "word" && !t.stop) found = main.some((c) => t.concept === c.stem || stemMatch(t.stem, c.stem) > 0);
    }
    memo.set(key, found);
    return found;
  };
  return (sentence, input) => {
    const q = index.answers[sentence] ?? -1;
    return q >= 0 && !asks(q, input) && [...cues.keys()].some((other) => other !== input && asks(q, other));
  };
}
