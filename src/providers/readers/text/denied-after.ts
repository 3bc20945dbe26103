// Denials after what they deny, in the languages of evidence whose verb ends the clause: Turkish
// ("müşteri emekli değil", "borcum yok", "kira ödemiyorum") and Japanese in Latin letters
// ("taishoku shite imasen", "mushoku de wa arimasen", "shakkin wa arimasen"). English and the
// other languages deny before the word (negation.ts); these deny after it, with the verb. A word
// denies so only where its language marks it as a denial (`Token.denies`, set for a text written
// in that language: language-denials.ts), never by an English "no" after a word. Each look goes a
// few tokens forward: constant work per mention.
import type { Token } from "./tokens.js";

/**
 * Words between a noun and the verb that denies it, which say nothing of their own: Japanese's
 * particles and the verb "suru" in its joining form ("taishoku shite imasen", "mushoku de wa
 * arimasen", "shakkin mo nai", "seishain ja nai").
 */
const JOINING = new Set(["wa", "ga", "mo", "wo", "de", "ja", "ni", "shite", "te", "dewa"]);

/**
 * Words that close a clause of these languages, as "but" or a verb said affirmed closes an English
 * one: Turkish "ama", "fakat", "ve", "var" (there is); Japanese "kedo", "demo", "node", "kara", and
 * a verb's polite affirmed ending ("desu", "shimashita"), below.
 */
const CLAUSE_ENDS = new Set(["ama", "fakat", "ancak", "ve", "var", "vardır", "kedo", "keredo", "demo", "node", "kara", "soshite"]);
const AFFIRMED_ENDING = /(?:masu|mashita|desu|deshita)$/;

/** How many words of content may stand between an option's word and the verb that denies it ("sözleşmeli çalışan değilim"). */
const OPTION_REACH = 2;

/** The first denial after token `i` in its clause, past at most `reach` words of content; -1 if none. */
function denialAfter(tokens: readonly Token[], i: number, reach: number): number {
  const at = tokens[i]!;
  let words = 0;
  for (let k = i + 1; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.sentence !== at.sentence || t.clause !== at.clause || t.kind !== "word") return -1;
    if (t.denies === true) return k;
    if (JOINING.has(t.lower)) continue;
    if (CLAUSE_ENDS.has(t.lower) || AFFIRMED_ENDING.test(t.lower) || ++words > reach) return -1;
  }
  return -1;
}

/**
 * Whether the option's word at `i` is denied by the verb after it in its clause, as a text in
 * Turkish or Japanese denies it: "müşteri emekli değil", "işsiz değilim", "taishoku shite imasen",
 * "seishain ja nai".
 */
export const optionDeniedAfter = (tokens: readonly Token[], i: number): boolean => denialAfter(tokens, i, OPTION_REACH) >= 0;

/**
 * Denials that say a thing is not had or not paid at all, not that something else is not it
 * ("o benim borcum değil": that is not my debt, said of someone else's loan): Turkish "yok" (there
 * is none), "bulunmuyor"/"bulunmamaktadır" (is not found), "ödemiyorum"/"ödemedim" (I do not
 * pay, did not pay); Japanese "arimasen"/"nai"/"nashi" (there is none), "imasen" (have not).
 */
const NONE_AFTER =
  /^(?:yok(?:tur|tu|muş)?|bulunm(?:uyor|amakta|adı)\p{L}*|öde(?:miyor|medi|meyece)\p{L}*|arimasen|nai|nashi|nakatta|imasen)$/u;

/**
 * Words that may stand before the denied thing in its clause and still say none of it at all: a
 * "not any" ("hiç borcum yok", "hiçbir borç", "zenzen"), the writer ("benim borcum yok", "watashi
 * wa"). Any other word qualifies it ("kira geliri yok": no income from rent; "eşimin geliri yok":
 * the spouse's) or makes it another's.
 */
const OPEN_BEFORE = new Set(["hiç", "hiçbir", "herhangi", "benim", "bizim", "zenzen", "mattaku", "watashi", "watakushi", "wa", "ga"]);

/**
 * Whether the thing named at `i` is said to be none by the verb after it, in a text in Turkish or
 * Japanese: "borcum yok", "hiç borcum yok", "kira ödemiyorum", "shakkin wa arimasen", "shakkin
 * nashi". Only a clause that says nothing else of it: no other word before it ("başka borcum yok",
 * no other debt, is the one kept aside), and only past the particles after it.
 */
export function noneAfter(tokens: readonly Token[], i: number): boolean {
  const at = tokens[i]!;
  for (let k = i - 1; k >= 0; k--) {
    const t = tokens[k]!;
    // a label's or a bullet's mark ("- borcum yok") opens the clause
    if (t.sentence !== at.sentence || t.clause !== at.clause || t.kind === "punct" || CLAUSE_ENDS.has(t.lower)) break;
    if (t.kind !== "word" || !(t.stop || OPEN_BEFORE.has(t.lower))) return false;
  }
  const k = denialAfter(tokens, i, 0);
  return k >= 0 && NONE_AFTER.test(tokens[k]!.lower);
}
