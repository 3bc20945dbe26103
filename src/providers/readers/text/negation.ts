// Negation: whether a mention is denied ("not a PEP", "no adverse media hits", "does not hold",
// "screening came back clean"). A negator counts when it stands before the mention in the same
// clause; "and", "but" and commas close a clause.
import type { Token } from "./tokens.js";
import { dashAnswer } from "./dash-answers.js";

/** English's denials. */
export const ENGLISH_NEGATORS = [
  "no",
  "not",
  "never",
  "without",
  "none",
  "nothing",
  "nobody",
  "neither",
  "nor",
  "non",
  "denies",
  "denied",
  "deny",
  "negative",
  "clean",
  "clear",
  "cleared",
  "absent",
  "lacks",
  "lack",
  "lacking",
  "free",
  "false",
  "nil",
  "zero",
  // a verdict or a state that ends the fact: "dismissed as unrelated", "a namesake", "expired", "lapsed"
  "dismissed",
  "discounted",
  "irrelevant",
  "unrelated",
  "namesake",
  "expired",
  "lapsed",
  "revoked",
  "withdrawn",
  // shorthand: "AM: neg."
  "neg",
];

/**
 * The same denials in the other languages notes are written in, by language: read in any text, as
 * none is a word of English or a denial's partner in another language.
 */
const DENIALS_BY_LANGUAGE: Record<string, string[]> = {
  es: ["ningún", "ninguna", "ninguno", "ningun", "nada", "nadie", "nunca", "jamás", "sin", "tampoco", "ni"],
  pt: ["não", "nenhum", "nenhuma", "sem"],
  fr: ["pas", "aucun", "aucune", "jamais", "sans", "rien", "néant"],
  de: ["nicht", "kein", "keine", "keinen", "keinem", "keiner", "keines", "nie", "niemals", "ohne", "nichts", "nein"],
  nl: ["geen", "niet", "nooit", "zonder", "niets"],
  it: ["nessun", "nessuna", "nessuno", "senza", "niente", "negativo", "negativa"],
  // "nie" is German's too
  pl: ["brak", "żaden", "żadna", "żadne", "żadnych", "żadnego", "nigdy", "bez", "nic"],
  sv: ["inte", "ingen", "inga", "inget", "aldrig", "utan", "ej", "nej"],
  // a screening "temiz" (clean)
  tr: ["değil", "yok", "hiç", "hiçbir", "asla", "hayır", "temiz"],
  // a screening "bersih" (clean)
  id: ["tidak", "tak", "bukan", "belum", "tanpa", "nol", "nggak", "gak", "bersih"],
  // Japanese in Latin letters: the verb's denial ("nusumarete imasen", "arimasen")
  ja: ["imasen", "arimasen", "masen", "iie", "nashi"],
  cs: [
    "žádné",
    "žádný",
    "žádná",
    "žádných",
    "žádnou",
    "nikdy",
    "nemám",
    "nemáme",
    "nemá",
    "neměl",
    "neměla",
    "nebyl",
    "nebyla",
    "nebylo",
    "nejsem",
    "není",
  ],
  ro: ["niciun", "nicio", "niciodată", "fără", "nimic"],
  vi: ["không", "chưa", "chẳng"],
  el: ["δεν", "όχι", "κανένα", "καμία", "κανένας", "καμιά", "ποτέ", "χωρίς", "μηδέν"],
  hi: ["nahi", "nahin"],
  tl: ["wala", "walang"],
};
export const FOREIGN_NEGATORS = Object.values(DENIALS_BY_LANGUAGE).flat();

/**
 * Denials that are words of English or of another language's other sense, by language: read only
 * in a text written in that language (text/language-denials.ts). Czech "ne" and Romanian "nu" (French
 * writes "ne … pas", two words of one denial), Tagalog "hindi" (the language's name in English).
 */
export const DENIALS_IN_LANGUAGE: Record<string, string[]> = {
  cs: ["ne"],
  ro: ["nu"],
  tl: ["hindi"],
  ru: ["не", "нет"],
};

/**
 * Denials a language writes inside the verb, not as a word of their own, by language: read only in
 * a text written in that language (text/language-denials.ts).
 * Turkish puts -ma/-me before the verb's tense: "almıyorum", "çalışmıyor" (-mıyor, -miyor, -muyor,
 * -müyor), "ödemedim", "yapmadık" (past; not "ödemedir", a noun "ödeme" with its "is"), "yapmayacak"
 * (future), "etmemiş", "bulunmamaktadır", "yapmaz"; and "değil", "yok" take endings ("değilim", "yoktur").
 * Japanese in Latin letters ends the verb in -masen ("todokete imasen", "arimasen deshita"), -nakatta,
 * or -nai after a verb's stem ("wakaranai", "shiranai", "inai", "ja nai"); not "kanai" (a wife); and "nashi" (none).
 */
export const DENYING_FORMS: Record<string, RegExp> = {
  tr: /^(?:\p{L}{2,}m[ıiuü]yor\p{L}*|\p{L}{2,}m[ae]d[ıiuü](?!r$)\p{L}*|\p{L}{2,}m[ae]y[ae]c[ae][kğ]\p{L}*|\p{L}{2,}m[ae]m[ıi]ş\p{L}*|\p{L}{2,}m[ae]m[ae]kt[ae]\p{L}*|\p{L}{2,}m[ae]z|değil\p{L}*|yok(?:tur|tu|muş|mu)?)$/u,
  ja: /^(?:\p{L}+masen(?:deshita)?|\p{L}*nakatta|nai|inai|shinai|dekinai|janai|dewanai|nashi|\p{L}+[kgstnbmrw]anai)$/u,
};

export const NEGATORS = new Set([...ENGLISH_NEGATORS, ...FOREIGN_NEGATORS]);

const CLAUSE_BREAKS = new Set([",", ";", "(", ")", "and", "but", "while", "whereas", "although", "though", "however", "also"]);

/** A word that denies: one of the tables' words, English's "-n't", or a denial its language writes inside the word (`denies`, set by the text's language). */
export const isNegator = (t: Token): boolean => t.kind === "word" && (t.denies ?? (NEGATORS.has(t.lower) || /n['’]t$/.test(t.lower)));

const isBreak = (t: Token): boolean => CLAUSE_BREAKS.has(t.lower);

/** A clause is not searched further back than this many tokens, whatever stands in it. */
const LOOKBACK_TOKENS = 32;

/**
 * Negators in the clause before `from` (up to `reach` content tokens back) and between `from` and
 * `to` (the span of the matched cue words). An odd count denies.
 */
export function negated(tokens: Token[], from: number, to: number, reach = 5): boolean {
  let count = 0;
  const firstPos = tokens[from]!.pos;
  for (let i = from - 1; i >= Math.max(0, from - LOOKBACK_TOKENS); i--) {
    const t = tokens[i]!;
    if (t.sentence !== tokens[from]!.sentence || isBreak(t) || firstPos - t.pos > reach) break;
    if (isNegator(t)) count++;
  }
  for (let i = from + 1; i < to; i++) if (isNegator(tokens[i]!)) count++;
  return count % 2 === 1;
}

/** Breaks no statement crosses. */
const HARD_BREAKS = new Set([";", "but", "while", "whereas", "although", "though", "however", "(", ")", "|"]);
/** Breaks that end a clause unless the words after them lack a verb of their own ("She is not, and never was, a PEP"). */
const SOFT_BREAKS = new Set([",", "and", "also"]);
/** Words after which a negator belongs to another statement ("a PEP who has no adverse media"). */
const RELATIVES = new Set(["who", "which", "that", "whose", "whom"]);
const VERBS = new Set([
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "being",
  "has",
  "have",
  "had",
  "does",
  "do",
  "did",
  "will",
  "would",
  "can",
  "could",
  "should",
  "must",
  "holds",
  "hold",
  "held",
  "returned",
  "returns",
  "shows",
  "showed",
  "found",
]);
const FORWARD_REACH = 4;

/** Words that carry a denial on to a stronger statement: "never missed a payment, _let alone_ defaulted". */
const A_FORTIORI: [string, string][] = [
  ["let", "alone"],
  ["much", "less"],
  ["still", "less"],
  ["never", "mind"],
];
/** How many tokens before the cue such words may stand. */
const A_FORTIORI_REACH = 4;

/**
 * The cue at `anchor` follows "let alone" (or "much less") after a negator in its sentence: the
 * denial reaches it ("I have never missed a payment in my life, let alone defaulted on a loan").
 */
function deniedAFortiori(tokens: Token[], anchor: number): boolean {
  const at = tokens[anchor]!;
  for (let i = anchor - 1; i > 0 && anchor - i <= A_FORTIORI_REACH && tokens[i]!.sentence === at.sentence; i--) {
    if (!A_FORTIORI.some(([a, b]) => tokens[i - 1]!.lower === a && tokens[i]!.lower === b)) continue;
    for (let k = i - 2; k >= 0 && tokens[k]!.sentence === at.sentence; k--) if (isNegator(tokens[k]!)) return true;
    return false;
  }
  return false;
}

/**
 * Whether the statement at the cue token `anchor` is denied: a negator in its clause before it
 * (within `reach` content words) or just after it ("adverse media returned no relevant hits",
 * "PEP status not confirmed"). One negator or two ("is not, and has never been") deny alike.
 */
export function deniedAt(tokens: Token[], anchor: number, reach = 5): boolean {
  const at = tokens[anchor]!;
  if (deniedAFortiori(tokens, anchor)) return true;
  let verb = false;
  for (let i = anchor - 1; i >= Math.max(0, anchor - LOOKBACK_TOKENS); i--) {
    const t = tokens[i]!;
    if (t.sentence !== at.sentence || HARD_BREAKS.has(t.lower) || at.pos - t.pos > reach) break;
    if (SOFT_BREAKS.has(t.lower) && verb) break;
    if (isNegator(t)) return true;
    if (VERBS.has(t.lower)) verb = true;
  }
  // after the cue, from the end of its phrase ("adverse media" › "screening returned no hits")
  let end = anchor;
  while (at.concept !== undefined && tokens[end + 1]?.concept === at.concept) end++;
  for (let i = end + 1; i < Math.min(tokens.length, end + LOOKBACK_TOKENS); i++) {
    const t = tokens[i]!;
    if (
      t.sentence !== at.sentence ||
      HARD_BREAKS.has(t.lower) ||
      SOFT_BREAKS.has(t.lower) ||
      RELATIVES.has(t.lower) ||
      t.pos - tokens[end]!.pos > FORWARD_REACH
    )
      break;
    if (isNegator(t)) return true;
  }
  return false;
}

/**
 * An explicit answer after the cue words: "PEP: no", "PEP chk: n" (a shortened label), "Adverse media check: nothing relevant",
 * "Adverse media (Negativpresse): keine" (the label glossed in brackets), "Tax exempt? No", "Police report: yes (ref. 7781)", a question answered on the next line
 * ("Did you contact the police?\nCustomer: No, …", "Have you ever defaulted on a loan?\nCustomer: never", in a
 * transcript "…a politically exposed person - e.g. held office?\n[10:05] Customer: no, never"), a form's question with a few more words
 * after its cue ("Ever defaulted on a loan or credit agreement? No"); a bare yes or no only right after them
 * ("PEP N"), not a few words on ("a PEP who has no adverse media"), and a bare letter only alone
 * ("PEP N."), not as a word of the sentence going on ("PEP y ningún familiar": Spanish "and").
 */
const STATED =
  /^[ \t]*(?:(?:[A-Za-z]+(?:\.[A-Za-z])*\.?[ \t,]*(?:[–—-][ \t]+)?){0,8}?\?[ \t]*(?:\r?\n[ \t]*(?:\[[\d:. ]{3,12}\][ \t]*)?(?:[A-Za-z]+[ \t]*(?:\([A-Za-z .'’-]{1,30}\)[ \t]*)?:)?)?[ \t]*|(?:[A-Za-z]+\.?[ \t]*){0,2}?(?:\([^()\n]{1,40}\)[ \t]*)?[:=–—-][ \t]*|(?=(?:yes|no)\b|[yn](?![ \t]*[A-Za-zÀ-ÖØ-öø-ÿ0-9'’])))(yes|yep|yeah|no|nope|never|y|n|true|false|none|nil|negative|neg|positive|nothing|clean|clear|hit|hits|found|confirmed|nein|ninguno|ninguna|aucun|aucune|keine|negativo|negativa|positivo|positiva|nessuno|nessuna|nee|geen)(?![A-Za-zÀ-ÖØ-öø-ÿ])/i;

const ANSWERS: Record<string, boolean> = {
  yes: true,
  y: true,
  true: true,
  positive: true,
  hit: true,
  hits: true,
  found: true,
  confirmed: true,
  yep: true,
  yeah: true,
  no: false,
  nope: false,
  never: false,
  n: false,
  false: false,
  none: false,
  nil: false,
  negative: false,
  neg: false,
  nein: false,
  ninguno: false,
  ninguna: false,
  aucun: false,
  aucune: false,
  keine: false,
  // Italian, Spanish and Portuguese ("PEP check: negativo"), Dutch ("PEP: nee")
  negativo: false,
  negativa: false,
  positivo: true,
  positiva: true,
  nessuno: false,
  nessuna: false,
  nee: false,
  geen: false,
  nothing: false,
  clean: false,
  clear: false,
};

/**
 * A verdict that closes the statement after a colon or a spaced dash, alone to its end ("I ran
 * the PEP screening on the two directors: no matches", "Adverse media: World-Check run on the
 * trustee - clear"): the outcome of the check the statement tells of. Only denials: a closing
 * "hit" may still be judged later.
 */
const CLOSING_DENIAL =
  /(?::|\s[-–—])\s*(?:no (?:matches|match|hits|hit|results|findings|records)(?: found)?|none(?: found)?|nothing(?: (?:found|adverse|relevant|of note))?|clear|cleared|clean|negative|neg|nil)\s*[.!)]*\s*$/i;

/** The label's own colon just after the cue ("Adverse media: …", "PEP chk: …"). */
const OWN_LABEL = /^[ \t]*(?:[A-Za-z]+\.?[ \t]*){0,2}?:/;

/**
 * Whether the statement from its last cue word `last` to its end `end` closes with a denial of
 * its check. Another label or clause between them (";", a second ":") may be another fact's
 * ("PEP screening done; adverse media - clear"), so then it does not.
 */
export function closingDenial(text: string, tokens: Token[], last: number, end: number): boolean {
  const rest = text.slice(tokens[last]!.end, tokens[end]!.end);
  const m = CLOSING_DENIAL.exec(rest);
  return m !== null && !/[;:]/.test(rest.slice(0, m.index).replace(OWN_LABEL, ""));
}

/** The answer written right after the token `last` (the statement's last cue word), if any. */
export function statedAnswer(text: string, tokens: Token[], last: number): boolean | undefined {
  const end = tokens[last]!.end;
  const m = STATED.exec(text.slice(end, end + 100));
  if (m) return ANSWERS[m[1]!.toLowerCase()];
  const dash = dashAfter(text, tokens, last);
  return dash === "" ? false : dash !== undefined && Object.hasOwn(ANSWERS, dash) ? ANSWERS[dash] : undefined;
}

/**
 * "PEP: —", "Police report: n/a", "Adverse media: – none –": the dash answer after the label's own
 * colon just after the token `last` (text/dash-answers.ts); of a yes/no question it says no.
 */
export function dashAfter(text: string, tokens: Token[], last: number): string | undefined {
  const end = tokens[last]!.end;
  const label = OWN_LABEL.exec(text.slice(end, end + 40));
  return label ? dashAnswer(text, end + label[0].length) : undefined;
}
