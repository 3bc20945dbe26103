// How often an amount is paid, said earlier in its sentence and not after the amount: "I get paid
// every two weeks, it's $4,800 gross each paycheck", "Tweewekelijks krijg ik € 1.900". Only the
// frequencies of pay-frequencies.ts (every two weeks, twice a month), which say nothing but how
// often a sum comes; "monthly" and "a year" before an amount keep their own rules (period-before.ts).
import type { Period } from "../numbers.js";
import { lastFrequencyIn } from "../pay-frequencies.js";
import type { TextIndex } from "./text-index.js";

/** How many characters before the amount the phrase may start: one clause's worth, so that a long run-on sentence is not read again for each of its amounts. */
const REACH = 160;

/** Per text, per amount token: the frequency before it, or null for none. */
const CACHE = new WeakMap<TextIndex, Map<number, Period | null>>();

/**
 * The frequency stated in the sentence of the amount at token i, shortly before it, with no other
 * amount between ("two" of "every two weeks" is the phrase's own).
 */
export function frequencyBefore(index: TextIndex, i: number): Period | undefined {
  let byAmount = CACHE.get(index);
  if (!byAmount) CACHE.set(index, (byAmount = new Map()));
  const known = byAmount.get(i);
  if (known !== undefined) return known ?? undefined;
  const { tokens } = index;
  const start = Math.max(tokens[index.sentenceFirst[tokens[i]!.sentence]!]!.start, tokens[i]!.start - REACH);
  const found = lastFrequencyIn(index.text.slice(start, tokens[i]!.start));
  let period = found?.period;
  for (let k = i - 1; period && k >= 0 && tokens[k]!.start >= start + found!.end; k--) {
    index.meter.steps++;
    if (tokens[k]!.kind === "amount") period = undefined;
  }
  byAmount.set(i, period ?? null);
  return period;
}
