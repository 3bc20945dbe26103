// Whether a text is written in another language than English, by its function words: the
// articles, conjunctions and prepositions every sentence uses ("the", "and"; "el", "que"; "le",
// "et"; "der", "und"). The readers' cues in other languages are a small table of translations
// (foreign-words.ts), not a reading of the language: what they read there is never sure, and is
// capped. One pass over the words: linear in the text.
import { FOREIGN_WORDS } from "../foreign-words.js";
import { ENGLISH_GROUPS } from "../synonyms.js";
import { STOP_WORDS } from "../words.js";
import { ENGLISH_NEGATORS, FOREIGN_NEGATORS } from "./negation.js";

/** language → its commonest function words, none of which English writes as a word */
const FUNCTION_WORDS: Record<string, string[]> = {
  es: ["el", "los", "las", "del", "que", "por", "para", "con", "una", "y", "es", "mi", "su", "desde", "pero", "ya"],
  fr: ["le", "les", "du", "des", "une", "et", "est", "avec", "pour", "mon", "ma", "mes", "sur", "dans", "je", "nous", "vous", "qui"],
  de: ["der", "die", "das", "und", "ist", "nicht", "mit", "für", "ein", "eine", "den", "dem", "von", "zu", "auf", "ich", "wir", "noch"],
  it: [
    "il",
    "gli",
    "della",
    "delle",
    "dei",
    "nel",
    "nella",
    "che",
    "ed",
    "sono",
    "nessun",
    "nessuna",
    "anche",
    "dal",
    "dalla",
    "alla",
    "abbiamo",
  ],
  pt: ["os", "da", "das", "dos", "em", "um", "não", "nao", "na", "com", "meu", "minha", "pelo", "pela", "sou", "também"],
  nl: ["het", "een", "van", "ik", "wij", "niet", "met", "voor", "naar", "zijn", "ben", "mijn", "onze", "heb", "wordt", "ook"],
  pl: [
    "się",
    "jest",
    "że",
    "od",
    "za",
    "oraz",
    "czy",
    "jestem",
    "mam",
    "mamy",
    "moja",
    "mój",
    "nasz",
    "nasze",
    "dla",
    "przez",
    "też",
    "który",
    "która",
  ],
  tr: ["ve", "bir", "bu", "için", "ile", "ama", "değil", "ben", "benim", "var", "yok", "çok", "olarak", "sadece", "beri", "gibi"],
  id: [
    "dan",
    "di",
    "ke",
    "ada",
    "yang",
    "dari",
    "untuk",
    "dengan",
    "saya",
    "tidak",
    "ini",
    "itu",
    "atau",
    "sudah",
    "akan",
    "tapi",
    "juga",
    "belum",
  ],
  cs: ["jsem", "jsme", "není", "že", "který", "která", "které", "také", "nebo", "při", "máme", "mám", "jsou", "byl", "byla"],
  ro: ["și", "este", "sunt", "pentru", "să", "însă", "acest", "această", "avem", "mea", "nostru", "sau", "fost"],
  vi: ["và", "của", "là", "có", "không", "tôi", "được", "cho", "với", "này", "một", "những", "đã", "các", "người", "ạ"],
  el: ["και", "το", "του", "της", "με", "για", "είναι", "θα", "δεν", "να", "από", "σε", "την", "τον", "μου", "μας"],
  // Hindi and Tagalog in Latin letters, as they are written beside English: their particles and verbs of being
  hi: ["hai", "hain", "mera", "meri", "mujhe", "maine", "nahi", "nahin", "aur", "tha", "thi", "kya", "bhi", "hum", "ka", "ki"],
  tl: ["ang", "ng", "mga", "ay", "hindi", "ako", "namin", "kami", "yung", "lang", "naman", "po", "ko", "siya", "nila"],
  // the languages of the readers' later tables; none of their words English's, nor another list's ("nie", "van", "als")
  is: ["og", "að", "ég", "ekki", "með", "fyrir", "frá", "hjá", "eða", "sem", "þetta", "mín", "mínar", "við"],
  af: ["ek", "ons", "vir", "hulle", "jy", "baie"],
  lt: ["ir", "yra", "kad", "mano", "mūsų", "aš", "mes", "bet", "nėra", "arba", "kaip", "su", "nuo"],
  hu: ["és", "hogy", "egy", "volt", "már", "csak", "vagy", "nincs", "szerint", "után", "vagyok", "mert"],
  sk: ["som", "sme", "alebo", "aj", "podľa", "ktorý", "ktorá", "ešte", "však"],
  sr: ["и", "је", "да", "у", "са", "сам", "смо", "није", "од", "што", "али", "за", "на"],
  ru: [
    "что",
    "это",
    "мы",
    "нас",
    "вы",
    "они",
    "его",
    "нет",
    "был",
    "была",
    "уже",
    "ещё",
    "или",
    "прошу",
    "пока",
    "только",
    "так",
    "по",
    "как",
    "если",
    "также",
  ],
  uk: ["і", "та", "що", "не", "в", "я", "ми", "це", "для", "від", "мене", "наш", "ще"],
  ca: ["els", "amb", "vam", "però", "també", "molt", "aquest", "aquesta", "nostra", "nostre", "meva"],
  // Japanese in Latin letters: its verb endings, never its particles ("ga", "mo" of "/mo", "wa")
  ja: ["desu", "masu", "kudasai", "arimasu", "shita", "imasu", "imasen", "deshita", "mashita", "gozaimasu"],
  sv: [
    "och",
    "att",
    "det",
    "som",
    "är",
    "för",
    "med",
    "jag",
    "vi",
    "inte",
    "har",
    "på",
    "av",
    "ett",
    "våra",
    "vår",
    "hos",
    "också",
    "eller",
  ],
};
/** Words the table of another language shares with English ("freelance", "pension"): no sign of the language. */
const ENGLISH_SPELLED = new Set(ENGLISH_GROUPS.flat().flatMap((p) => p.toLowerCase().split(/[^\p{L}]+/u)));
const ENGLISH_WORDS = ["the", "and", "is", "of", "to", "with", "for", "a", "was", "my", "on", "in", "not", "it", "we", "i", "that"];

const ENGLISH = new Set(ENGLISH_WORDS);
/** each function word, and each word of the readers' table of another language's labels ("quantité", "Einkommen"), to the languages that write it */
const LANGUAGES_OF = new Map<string, Set<string>>();
const writes = (w: string, language: string) => LANGUAGES_OF.set(w, (LANGUAGES_OF.get(w) ?? new Set()).add(language));
for (const [language, words] of Object.entries(FOREIGN_WORDS))
  for (const w of Object.values(words).flatMap((said) => said.flatMap((p) => p.toLowerCase().split(/[^\p{L}]+/u))))
    if (w.length > 3 && !ENGLISH_SPELLED.has(w)) writes(w, language);
/** each function word to its language */
const FUNCTION_LANGUAGE = new Map<string, string>();
for (const [language, words] of Object.entries(FUNCTION_WORDS))
  for (const w of words) {
    writes(w, language);
    FUNCTION_LANGUAGE.set(w, language);
  }

/** How large a share of its function words another language must have for a text to be read as written in it (in part). */
const FOREIGN_SHARE = 0.3;
/** How few function words say nothing of a language (a form of labels and values). */
const FEW = 3;

/** Whether a good part of the text is written in another language (a bilingual letter counts). */
export function partlyForeign(text: string): boolean {
  let english = 0;
  // the languages together: a text in any of them is not read through English cues (their
  // function words overlap: "con" is Spanish and Italian)
  let most = 0;
  for (const m of text.toLowerCase().matchAll(/\p{L}+/gu)) {
    if (ENGLISH.has(m[0])) english++;
    if (LANGUAGES_OF.has(m[0])) most++;
  }
  return most >= FEW && most >= FOREIGN_SHARE * (most + english);
}

/** Languages that group thousands with dots ("54.000 dolar", "15.000 mil per tahun", "2.500 Euro", "1.100 đô", "12.000 миља"); French, Polish, Czech and Swedish group them with spaces. */
const DOT_GROUPING = new Set(["es", "de", "it", "pt", "nl", "tr", "id", "ro", "vi", "el", "is", "sr"]);

/**
 * Whether the text is written mostly in a language that groups thousands with dots: its function
 * words outnumber English's and are that language's most. There "15.000" is fifteen thousand, with
 * no currency beside it. One pass over the words.
 */
export function dotsGroupThousands(text: string): boolean {
  let english = 0;
  const foreign = new Map<string, number>();
  for (const m of text.toLowerCase().matchAll(/\p{L}+/gu)) {
    if (ENGLISH.has(m[0])) english++;
    const language = FUNCTION_LANGUAGE.get(m[0]);
    if (language) foreign.set(language, (foreign.get(language) ?? 0) + 1);
  }
  let top: [string, number] = ["", 0];
  for (const entry of foreign) if (entry[1] > top[1]) top = entry;
  return DOT_GROUPING.has(top[0]) && top[1] >= FEW && top[1] > english;
}

/** A word right after a figure, blanks between: the figure's unit ("12.000 Meilen", "8.000 miglia"). */
const WORD_AFTER = /^[ \t\u00a0]*(\p{L}+)/u;

/**
 * Whether the word right after a figure is a word of the readers' tables written only by languages
 * that group thousands with dots (`meilen`, `miglia`, `millas`, `milhas`: foreign-words.ts): the
 * figure is written in that language, and "12.000 Meilen" is twelve thousand, however few of the
 * language's function words a form or a note writes. Looks at one word.
 */
export function dotGroupingWordAfter(rest: string): boolean {
  const word = WORD_AFTER.exec(rest.slice(0, 24))?.[1]?.toLowerCase();
  const languages = word === undefined ? undefined : LANGUAGES_OF.get(word);
  return languages !== undefined && [...languages].every((l) => DOT_GROUPING.has(l));
}

/** English's own small words and denials: a sentence of English prose writes some. */
const ENGLISH_SMALL = new Set([...STOP_WORDS, ...ENGLISH_NEGATORS]);
/** How many distinct function words of a language show that a text is written in it: one or two may be another language's words ("na", "ya"). */
const SEEN = 3;
/** How many words a sentence must have before the lack of any known small word says its language is unknown. */
const PROSE_WORDS = 6;
/**
 * How small a share of a text's words its known small words may be, and how many words it must
 * have, for the text to be read as written in a language the readers do not know: English prose
 * writes one word in four or five of them, a short form or a terse note may write none.
 */
const KNOWN_SHARE = 0.05;
const UNKNOWN_WORDS = 25;

/** What of a text the readers can read the language of. */
export interface Readability {
  /** a good part of the text is written in a language the readers do not know */
  partlyUnknown: boolean;
  /** whether a sentence's words (lower case, in order) are prose in a language the readers do not know */
  unknownSentence(words: readonly string[]): boolean;
}

/**
 * The small words that show a sentence is written in a language the readers know, the text's own:
 * English's (its stop words and denials), and the function words and denials of each other
 * language of the table above seen in the text by SEEN distinct words. A sentence of prose with
 * none of them is written in a language the readers cannot read ("Maine kabhi default nahi kiya",
 * "Sijawahi kufanya default"): its denials, its period words are unseen. One pass: linear.
 */
export function readability(text: string): Readability {
  const lower = text.toLowerCase();
  const distinct = new Map<string, Set<string>>();
  const words: string[] = [];
  for (const m of lower.matchAll(/\p{L}+/gu)) {
    words.push(m[0]);
    const language = FUNCTION_LANGUAGE.get(m[0]);
    if (language) distinct.set(language, (distinct.get(language) ?? new Set()).add(m[0]));
  }
  const known = new Set(ENGLISH_SMALL);
  for (const [language, seen] of distinct)
    if (seen.size >= SEEN) for (const w of [...FUNCTION_WORDS[language]!, ...FOREIGN_NEGATORS]) known.add(w);
  const unknownSentence = (ws: readonly string[]) => ws.length >= PROSE_WORDS && !ws.some((w) => known.has(w));
  const share = words.filter((w) => known.has(w)).length;
  const partlyUnknown =
    words.length >= UNKNOWN_WORDS &&
    share < KNOWN_SHARE * words.length &&
    lower.split(/[.!?\n]+/).some((sentence) => !sentence.includes(":") && unknownSentence(sentence.match(/\p{L}+/gu) ?? []));
  return { partlyUnknown, unknownSentence };
}

/** A word of Japanese in Latin letters by its polite verb ending ("nusumaremashita", "todokete imasen", "desu"). */
export const JAPANESE_ENDING = /(?:masu|mashita|masen|mashou|deshita|desu)$/;
/** How many distinct words of Japanese in Latin letters show that a text is written in it: its endings are no other language's. */
const SEEN_JAPANESE = 2;

/** The last text asked about and its languages: the tokenizer, the denials and the confidence caps ask of one text in turn. */
let last: { text: string; seen: ReadonlySet<string> } | undefined;

/**
 * The languages a text is written in (in part): each whose function words it writes by SEEN
 * distinct words, Japanese in Latin letters by its verb endings too. One pass over the words, once
 * for the text read now.
 */
export function languagesSeen(text: string): ReadonlySet<string> {
  if (last?.text !== text) last = { text, seen: languagesIn(text) };
  return last.seen;
}

function languagesIn(text: string): ReadonlySet<string> {
  const distinct = new Map<string, Set<string>>();
  for (const m of text.toLowerCase().matchAll(/\p{L}+/gu)) {
    const language = FUNCTION_LANGUAGE.get(m[0]) ?? (JAPANESE_ENDING.test(m[0]) ? "ja" : undefined);
    if (language) distinct.set(language, (distinct.get(language) ?? new Set()).add(m[0]));
  }
  return new Set([...distinct].filter(([language, seen]) => seen.size >= (language === "ja" ? SEEN_JAPANESE : SEEN)).map(([l]) => l));
}

/**
 * The languages a text writes by SEEN distinct words of their own, function words or the words of
 * the readers' table of them (labels and cues: "sinistri", "conducente", "valore"): a terse note or
 * form in another language writes few function words ("Sinistri: due sinistri negli ultimi cinque
 * anni"). One pass over the words.
 */
export function languagesWritten(text: string): ReadonlySet<string> {
  const distinct = new Map<string, Set<string>>();
  for (const m of text.toLowerCase().matchAll(/\p{L}+/gu))
    for (const language of LANGUAGES_OF.get(m[0]) ?? []) distinct.set(language, (distinct.get(language) ?? new Set()).add(m[0]));
  return new Set([...distinct].filter(([, seen]) => seen.size >= SEEN).map(([l]) => l));
}
