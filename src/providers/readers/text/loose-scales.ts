// Scales written loosely after a figure, whose size the text's own conventions decide and which are
// never read for sure: English "mil" (slang for a million: "$54 mil", "a 2.5 mil loan"), only in a
// text written in no other language, as it is a thousand in Spanish or Portuguese ("54 mil
// dólares": foreign-words.ts) and a mile in Indonesian ("15.000 mil per tahun"); and finance's "MM" for millions, beside which a capital "M" is a
// thousand (Latin "mille": "$750M" in a text that writes "$3MM"). A value read through one of them
// is never above 0.85. Each look is one pass over the text or its tokens: linear.
import type { ReadValue } from "../../types.js";
import { languagesSeen, partlyForeign } from "./languages.js";
import type { Token } from "./tokens.js";

/** English's "mil" after a figure, blank or none between, a period after it at most: "$54 mil", "2.5mil". */
const SLANG_MILLION = /^[ \t]?mils?\.?(?![\p{L}\d])/u;
/** The same inside a value's quote. */
const SLANG_IN = /\d[ \t]?mils?(?![\p{L}\d])/u;

/**
 * Whether "mil" may be English's: the text is written in no other language the readers know, by
 * their function words nor by the words of their tables ("Rocznie przejeżdżamy 9000 mil"). Spanish
 * and Portuguese write it for a thousand ("54 mil dólares"), Indonesian, Turkish, Polish and Swedish
 * for a mile ("15.000 mil per tahun"). One pass over the text (another when `languages`, the
 * text's, are not given).
 */
export const englishMil = (text: string, languages = languagesSeen(text)): boolean => languages.size === 0 && !partlyForeign(text);

/**
 * The million an English "mil" after a figure says, with its length, where "mil" may be English's
 * (`english`, englishMil of the text; elsewhere read as that language's scale).
 */
export function slangMillionAfter(rest: string, english: boolean): { times: number; length: number; yen: boolean } | undefined {
  if (!english) return undefined;
  const m = SLANG_MILLION.exec(rest);
  return m ? { times: 1e6, length: m[0].length, yen: false } : undefined;
}

/** A figure with finance's millions "MM" after it ("$3MM", "3 MM", "USD 1.5MM"). */
const FINANCE_MILLIONS = /\d[ \t]?MM(?![A-Za-z])/;
/** A figure with one capital "M" glued to it ("$750M"), no second M. */
const CAPITAL_M = /\d(?:\.\d+)?M(?![A-Za-z])/;

/**
 * In a text that writes millions "MM", a capital "M" glued to a figure is a thousand (finance's
 * Roman "mille"): "$750M" is 750,000 there.
 */
export function markFinanceThousands(tokens: readonly Token[]): void {
  if (!tokens.some((t) => t.kind === "amount" && FINANCE_MILLIONS.test(t.text))) return;
  for (const t of tokens)
    if (t.kind === "amount" && t.amount && CAPITAL_M.test(t.text) && !FINANCE_MILLIONS.test(t.text)) t.amount.value /= 1000;
}

/** The most a value read through a loose scale is trusted. */
const LOOSE_CAP = 0.85;

/**
 * The values whose quote holds a figure read through a loose scale, capped at 0.85: an English
 * "mil", or a capital "M" in a text that also writes "MM".
 */
export function cappedLoose(values: Record<string, ReadValue>, text: string): Record<string, ReadValue> {
  const slang = englishMil(text);
  const finance = FINANCE_MILLIONS.test(text);
  const loose = (quote: string) => (slang && SLANG_IN.test(quote)) || (finance && CAPITAL_M.test(quote) && !FINANCE_MILLIONS.test(quote));
  let out = values;
  for (const [name, v] of Object.entries(values))
    if (v.confidence > LOOSE_CAP && typeof v.source?.text === "string" && loose(v.source.text)) {
      if (out === values) out = { ...values };
      out[name] = { ...v, confidence: LOOSE_CAP };
    }
  return out;
}
