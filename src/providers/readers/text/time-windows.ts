// The length of a span of time a count is taken over: "claims in the last 5 years", "negli ultimi
// 5 anni", "au cours des 5 dernières années", "in den letzten fünf Jahren". The number says how far
// back the count reaches, never how many there were: "due sinistri negli ultimi 5 anni" is two.
import { FOREIGN_LAST } from "../foreign-words.js";
import { folded } from "../words.js";
import type { Token } from "./tokens.js";

/** Words that place a span back from now, in English and the other languages (foreign-words.ts). */
const LAST = new Set(["last", "past", "previous", "preceding", ...FOREIGN_LAST]);
/** The units a span is counted in, by the concept or stem of their word ("yrs", "Jahren", "anni" say year). */
const SPAN_UNITS = new Set(["year", "month", "week", "day"]);

const lastWord = (t: Token | undefined): boolean => t?.kind === "word" && LAST.has(folded(t.lower));
const unitOf = (t: Token | undefined): string | undefined => {
  if (t?.kind !== "word") return undefined;
  const unit = t.concept ?? t.stem;
  return SPAN_UNITS.has(unit) ? unit : undefined;
};

/**
 * The unit of the span whose length the amount at i is: after a word of "last" ("the last 5
 * years"), before one and its unit ("des 5 dernières années") or before its unit and one ("lima
 * tahun terakhir"), in one sentence; else undefined.
 */
export function spanLength(tokens: readonly Token[], i: number): string | undefined {
  const t = tokens[i]!;
  const [before, next, after] = [tokens[i - 1], tokens[i + 1], tokens[i + 2]];
  const inSentence = (o: Token | undefined) => o !== undefined && o.sentence === t.sentence;
  if (!inSentence(next)) return undefined;
  if (lastWord(before) && inSentence(before)) return unitOf(next);
  if (!inSentence(after)) return undefined;
  if (lastWord(next)) return unitOf(after);
  return lastWord(after) ? unitOf(next) : undefined;
}
