// Amounts written in words in Spanish, Italian, Portuguese, French, German, Dutch, Turkish, Indonesian
// and Japanese in Latin letters (in a text written in it): "ocho mil",
// "diecimila", "setecientos cuarenta y cinco", "zweitausendfünfhundert". A table of the pieces each
// language builds its numbers from (foreign-words.ts, FOREIGN_NUMBER_PIECES) and one grammar for
// all: a word is split into pieces, longest first, as Italian and German write a number as one
// word; pieces add up, "hundred" multiplies the group before it, "thousand" and "million" close it.
import { FOREIGN_CURRENCIES, FOREIGN_NUMBER_PIECES, type NumberPiece } from "./foreign-words.js";
import type { Amount } from "./numbers.js";
import { folded } from "./words.js";

/** Each language's pieces, longest first, accents folded. */
const PIECES: { language: string; pieces: [string, NumberPiece][] }[] = Object.entries(FOREIGN_NUMBER_PIECES).map(([language, pieces]) => ({
  language,
  pieces: Object.entries(pieces)
    .map(([w, p]): [string, NumberPiece] => [folded(w), p])
    .sort((a, b) => b[0].length - a[0].length),
}));
/** Languages whose pieces are English words too ("go", "man", "sen"): read only in a text written in them. */
const OWN_TEXT_ONLY = new Set(["ja"]);
/**
 * Words of two to twelve that say something else in their own language too: French "neuf" (new)
 * and "sept" (September), Italian "sei" (you are). Never read alone, even in a text written in it.
 */
const OTHER_SENSE = new Set(["neuf", "sei", "sept"]);

/** A word split into one language's pieces, or undefined when some letters are none. */
function split(word: string, pieces: [string, NumberPiece][]): NumberPiece[] | undefined {
  const out: NumberPiece[] = [];
  for (let i = 0; i < word.length;) {
    // a piece of one letter ("e", "y": and) only as a whole word
    const hit = pieces.find(([w]) => (w.length > 1 || word.length === 1) && word.startsWith(w, i));
    if (!hit) return undefined;
    out.push(hit[1]);
    i += hit[0].length;
  }
  return out;
}

/** The value of a run of pieces; undefined when they do not make one number ("mil mil"). */
function valueOf(pieces: NumberPiece[]): number | undefined {
  let total = 0;
  let group = 0;
  let closed = Infinity;
  for (const p of pieces) {
    if (p === "and") continue;
    if (p === "hundred") group = (group || 1) * 100;
    else if (p === "ten") group = (group || 1) * 10;
    else if (typeof p === "number") group += p;
    else {
      const scale = p.scale;
      if (scale >= closed) return undefined;
      total += (group || 1) * scale;
      group = 0;
      closed = scale;
    }
  }
  return total + group;
}

/** Words a number in words may not be alone: English words too ("cent"), or too short to be sure. */
const NOT_ALONE = new Set(["cent", "cents", "mil", "million", "millions", "on", "bin", "yüz", "yuz", "sen", "zen", "man", "oku", "hyaku"]);

/** The next word after a blank or a hyphen, in Latin or Greek letters. */
const NEXT = /[ \t-]+([A-Za-zÀ-ÖØ-öø-ÿĀ-ſͰ-Ͽ]+)/y;

/**
 * A number written in words of another language from `start`: two pieces at least ("ocho mil",
 * "diecimila") or one word of 13 and more ("cuarenta"), so that "elf" or "tre" in an English text,
 * words of their own there, are none. In a text that writes the language (`written`: by its function
 * words or its labels) a word of two to twelve alone is its number too: "due sinistri", "trois ans",
 * "δύο απαιτήσεις". One ("un", "ein", "uno") is an article as often: never alone. The end is that
 * of its last number word.
 */
function numberIn(
  text: string,
  start: number,
  first: string,
  seen: ReadonlySet<string>,
  written: ReadonlySet<string>,
): { value: number; end: number } | undefined {
  for (const { language, pieces } of PIECES) {
    if (OWN_TEXT_ONLY.has(language) && !seen.has(language)) continue;
    // a hyphen joins the number's words as a blank does ("sen-happyaku"): the first word is the one before it
    const head = first.split("-")[0]!;
    const firstPieces = split(folded(head).toLowerCase(), pieces);
    if (!firstPieces || firstPieces[0] === "and") continue;
    const all = [...firstPieces];
    let end = start + head.length;
    for (NEXT.lastIndex = end; ;) {
      const m = NEXT.exec(text);
      const more = m ? split(folded(m[1]!).toLowerCase(), pieces) : undefined;
      if (!more) break;
      all.push(...more);
      if (more.some((p) => p !== "and")) end = NEXT.lastIndex;
    }
    while (all[all.length - 1] === "and") all.pop();
    const value = valueOf(all);
    const counted = all.filter((p) => p !== "and").length;
    if (value === undefined || value === 0) continue;
    const alone = folded(head).toLowerCase();
    const small = value >= 2 && value <= 12 && written.has(language) && !OTHER_SENSE.has(alone);
    if (counted < 2 && ((value < 13 && !small) || NOT_ALONE.has(alone))) continue;
    return { value, end };
  }
  return undefined;
}

/** A currency word after the number, in its language ("dólares", "dollari"), with the blank before it. */
const CURRENCY_AFTER = new RegExp(
  `^[ \\t]?(${Object.values(FOREIGN_CURRENCIES)
    .flat()
    .sort((a, b) => b.length - a.length)
    .join("|")})(?![A-Za-zÀ-ÿ])`,
);
const CURRENCY_OF = new Map(Object.entries(FOREIGN_CURRENCIES).flatMap(([code, words]) => words.map((w) => [w, code] as const)));

/**
 * A number in another language's words as an amount, with the currency named after it ("ocho mil
 * dólares"); `seen`: the languages the text is written in, `written`: those it writes words of.
 */
export function foreignNumberPhrase(
  text: string,
  start: number,
  first: string,
  seen: ReadonlySet<string> = new Set(),
  written: ReadonlySet<string> = seen,
): { amount: Amount; end: number } | undefined {
  const found = numberIn(text, start, first, seen, written);
  if (!found) return undefined;
  const amount: Amount = { value: found.value, percent: false, scaled: found.value >= 1000, words: true };
  const currency = CURRENCY_AFTER.exec(text.slice(found.end, found.end + 12));
  if (currency) amount.currency = CURRENCY_OF.get(currency[1]!);
  return { amount, end: found.end + (currency?.[0].length ?? 0) };
}
