// Denials as a text's own language writes them, where the tables of denial words (negation.ts)
// cannot see them: words that deny only in that language (Czech "ne", Tagalog "hindi"), and
// Turkish and Japanese deny inside the verb ("almıyorum", "todokete imasen"), and
// Japanese in Latin letters writes "no" between two nouns as its particle of belonging ("kuruma no
// shuuri", "watashi no shuunyuu"), no denial. Read only in a text written in that language, by its
// function words (languages.ts). One pass over the words and one over the sentences: linear.
import { languagesSeen, JAPANESE_ENDING } from "./languages.js";
import { DENIALS_IN_LANGUAGE, DENYING_FORMS } from "./negation.js";
import type { Meter } from "./text-index.js";

/** Japanese's particles of subject and object, which no English sentence writes as words. */
const JAPANESE_PARTICLES = new Set(["wa", "ga", "wo"]);
/** English words a sentence of Japanese never writes: a sentence with one is English ("no claims in the last years"). */
const ENGLISH_ONLY = new Set(
  "the an is are was were have has had i we you they he she there any been in on for with and of my our did does".split(" "),
);
/** Where a sentence ends: its stop, a line break, Japanese's full stop. */
const SENTENCE = /[^.!?。\n]+/g;
const WORD = /\p{L}+/gu;

/**
 * Each word whose denial the text's language decides, by its start: true for a word that denies
 * ("çalışmıyor", "wakarimasen"), false for one that looks like a denial and is none ("no" between
 * two words of a sentence of Japanese). Empty for a text in no such language. The meter counts a
 * step for each sentence and each character a word's tests and the blanks around a "no" read.
 */
export function languageDenials(text: string, seen = languagesSeen(text), meter: Meter = { steps: 0 }): Map<number, boolean> {
  const out = new Map<number, boolean>();
  const languages = [...seen].filter((l) => Object.hasOwn(DENYING_FORMS, l));
  const denials = new Set([...seen].flatMap((l) => DENIALS_IN_LANGUAGE[l] ?? []));
  if (languages.length === 0 && denials.size === 0) return out;
  const japanese = languages.includes("ja");
  for (const s of text.matchAll(SENTENCE)) {
    const words = [...s[0].matchAll(WORD)];
    meter.steps += 1 + s[0].length;
    const lower = words.map((w) => w[0].toLowerCase());
    const inJapanese =
      japanese &&
      (lower.some((w) => JAPANESE_ENDING.test(w)) ||
        words.some((w) => JAPANESE_PARTICLES.has(w[0])) ||
        !lower.some((w) => ENGLISH_ONLY.has(w)));
    words.forEach((w, i) => {
      const at = s.index + w.index;
      meter.steps += languages.length * w[0].length;
      // a capital starts a name, not a verb: Turkish surnames are denied verbs ("Yılmaz", "Korkmaz", "Dönmez")
      if (denials.has(lower[i]!) || (!/^\p{Lu}/u.test(w[0]) && languages.some((l) => DENYING_FORMS[l]!.test(lower[i]!)))) out.set(at, true);
      // "no" between two words, blanks only on either side: the particle
      else if (inJapanese && lower[i] === "no" && i > 0 && i + 1 < words.length) {
        const before = s[0].slice(words[i - 1]!.index + words[i - 1]![0].length, w.index);
        const after = s[0].slice(w.index + 2, words[i + 1]!.index);
        meter.steps += before.length + after.length;
        if (/^[ \t]+$/.test(before) && /^[ \t]+$/.test(after)) out.set(at, false);
      }
    });
  }
  return out;
}
