// Names said by their initials, as notes write them: "CS 812" for a credit score, "AM: 1 hit" for
// adverse media. Only a name that is one concept (its words fold into one synonym, as "credit
// score" does) is said so, and only by a word of its initials written in capitals, so that "am",
// "Mr" or "PS" are never taken for a name. A word of a number input's name written short ("cpn
// 22%" for the coupon, "amt" for an amount) is that word: three or four letters, one vowel at
// most, its letters in order in the word, and no word of the synonym table.
import type { InputIR } from "../../../ir/ir.js";
import { abbreviates, conceptTokens, contentStems, STOP_WORDS, synonymsOf } from "../words.js";
import type { Token } from "./tokens.js";

/** The concept each set of initials stands for, from the inputs' names. */
function initialsOf(inputs: InputIR[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const input of inputs) {
    const words = input.name.split(/[^A-Za-z]+/).filter(Boolean);
    const concept = conceptTokens(contentStems(input.name));
    if (words.length < 2 || words.length > 3 || concept.length !== 1) continue;
    out.set(words.map((w) => w[0]!.toUpperCase()).join(""), concept[0]!);
  }
  return out;
}

/** A number of an identifier's form after a word: digit groups joined by dashes or slashes ("88-2041", "#4471"). */
const IDENTIFIER_AFTER = /^[\s:.#]*(#|\d+[-/]\d)/;

/** A word a note may have shortened: three or four letters, one vowel at most, not a word the readers know otherwise. */
const shortened = (t: Token): boolean =>
  /^[a-z]{3,4}$/.test(t.lower) &&
  (t.lower.match(/[aeiou]/g) ?? []).length <= 1 &&
  !STOP_WORDS.has(t.lower) &&
  synonymsOf(t.stem).length === 0;

/** Gives a word written as the initials of an input's name that name's concept, and a word written short the word. */
export function markInitials(tokens: Token[], inputs: InputIR[], text: string): void {
  const initials = initialsOf(inputs);
  const nameWords = [...new Set(inputs.filter((i) => i.type.kind === "number").flatMap((i) => contentStems(i.name)))];
  const memo = new Map<string, string | undefined>();
  for (const t of tokens) {
    if (t.kind !== "word" || t.concept !== undefined) continue;
    if (/^[A-Z]{2,3}$/.test(t.text) && initials.has(t.text)) t.concept = initials.get(t.text);
    // "clm 88-2041" labels a file number, not an amount
    else if (shortened(t) && !IDENTIFIER_AFTER.test(text.slice(t.end, t.end + 16))) {
      if (!memo.has(t.lower))
        memo.set(
          t.lower,
          nameWords.find((w) => abbreviates(t.lower, w)),
        );
      const word = memo.get(t.lower);
      if (word !== undefined) t.concept = word;
    }
  }
}
