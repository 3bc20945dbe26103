// Words as the embedded readers compare them: normalised keys, light stems, stop words and the
// synonym table, so that `annualIncome`, `annual_income` and "Annual income" are the same name and
// "injured" meets "injury".
import { FOREIGN_KEY_WORDS } from "./foreign-key-words.js";
import { FOREIGN_WORDS } from "./foreign-words.js";
import type { Period } from "./numbers.js";
import { frequencyIn } from "./pay-frequencies.js";
import { ENGLISH_GROUPS, KINDS, SYNONYM_GROUPS } from "./synonyms.js";

/** Suffixes stripped once, longest first: a light stemmer, enough to meet inflected forms. */
const SUFFIXES = [
  "ational",
  "ations",
  "ation",
  "ements",
  "ement",
  "ments",
  "ment",
  "ness",
  "ings",
  "ing",
  "ies",
  "ied",
  "ees",
  "ers",
  "ee",
  "ed",
  "er",
  "es",
  "ly",
  "s",
  "e",
  "y",
];

/**
 * Words whose light stem would meet an unrelated word's: "policy" and "police" both lose their last
 * letter to "polic" (a policy number then read as a police report).
 */
const OWN_STEMS: ReadonlyMap<string, string> = new Map([
  ["policy", "policy"],
  ["policies", "policy"],
  // German "Rente" (a pension), Dutch "rente" (interest): no rent, which German calls "Miete"
  ["rente", "rente"],
  ["renten", "rente"],
  // French "sinistres" counts the claims, "sinistre" is the incident ("date du sinistre")
  ["sinistres", "sinistres"],
]);

/** Letters no accent is taken off to write them plainly: Polish "dług", Turkish "yıllık", German "Zusammenstoß", Vietnamese "đô". */
const PLAIN_LETTERS: Record<string, string> = {
  ł: "l",
  Ł: "L",
  ı: "i",
  ß: "ss",
  đ: "d",
  Đ: "D",
  ø: "o",
  Ø: "O",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
};
const UNACCENTED = new RegExp(`[${Object.keys(PLAIN_LETTERS).join("")}]`, "g");

/** "Pensión", "Schadenhöhe", "dług" → "Pension", "Schadenhohe", "dlug": accents say nothing of which fact a word names. */
export const folded = (word: string): string =>
  word
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(UNACCENTED, (c) => PLAIN_LETTERS[c]!);

export function stem(word: string): string {
  const w = folded(word)
    .toLowerCase()
    .replace(/['’]s$/, "");
  const own = OWN_STEMS.get(w);
  if (own !== undefined) return own;
  for (const s of SUFFIXES) if (w.endsWith(s) && w.length - s.length >= 3) return w.slice(0, -s.length);
  return w;
}

/** Function words that say nothing about which fact a sentence states. */
export const STOP_WORDS = new Set(
  (
    "a an the of on in to is are was were be been being what how many much does do did for or and with by at from " +
    "this that these those it its as which who whom whose each any has have had will would should can could may " +
    "there their they them he she his her him we our you your i me my if than then so such into per about " +
    "when where why all some more most other also not no yes"
  ).split(" "),
);

/** `annualIncome`, `annual_income`, `Annual-Income ` → ["annual", "income"] */
export function nameWords(name: string): string[] {
  return folded(name)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

export const normaliseName = (name: string): string => nameWords(name).join(" ");

/** Content stems of a phrase: split, stop words, single letters ("country's" › "s") and numbers dropped, stemmed. */
export const contentStems = (text: string): string[] =>
  nameWords(text)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\d+$/.test(w) && !NUMBER_WORDS.has(w))
    .map(stem);

/** Number words are values, never the words that name a fact ("one seat" names a seat). */
const NUMBER_WORDS = new Set(
  "zero one two three four five six seven eight nine ten eleven twelve hundred thousand million billion".split(" "),
);

/** stem → the synonym groups it belongs to (a word may belong to several: "accident") */
const GROUPS_OF = new Map<string, number[]>();
SYNONYM_GROUPS.forEach((group, i) => {
  for (const phrase of group) {
    const stems = contentStems(phrase);
    if (stems.length !== 1) continue;
    const list = GROUPS_OF.get(stems[0]!) ?? [];
    if (!list.includes(i)) list.push(i);
    GROUPS_OF.set(stems[0]!, list);
  }
});

/** Multi-word synonyms: phrase stems and their group, e.g. "politically exposed" in the PEP group. */
const PHRASE_SYNONYMS: { stems: string[]; group: number }[] = SYNONYM_GROUPS.flatMap((group, i) =>
  group
    .map(contentStems)
    .filter((s) => s.length > 1)
    .map((stems) => ({ stems, group: i })),
);

/** How strongly a synonym says a word: less than the word itself. */
export const SYNONYM_MATCH = 0.8;

/** 1 same stem, SYNONYM_MATCH synonyms, else 0. */
export function stemMatch(a: string, b: string): number {
  if (a === b) return 1;
  const ga = GROUPS_OF.get(a);
  const gb = GROUPS_OF.get(b);
  return ga && gb && ga.some((g) => gb.includes(g)) ? SYNONYM_MATCH : 0;
}

/** How much an abbreviation in a key says a word: `amt` amount, `dflt` default, `clms` claims, `yrs` years. */
export const ABBREVIATION_MATCH = 0.8;

/**
 * Whether `short` abbreviates `word` (both stems): shorter, the same first letter, its letters in
 * order within the word, and at least two consonants, so that no short word is taken for another.
 */
export function abbreviates(short: string, word: string): boolean {
  if (short.length < 2 || short.length >= word.length || short[0] !== word[0]) return false;
  if ((short.match(/[^aeiou]/g) ?? []).length < 2) return false;
  let at = 0;
  for (const ch of short) {
    at = word.indexOf(ch, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** The one-word stems of each synonym group. */
const GROUP_STEMS: string[][] = SYNONYM_GROUPS.map(() => []);
for (const [s, groups] of GROUPS_OF) for (const g of groups) GROUP_STEMS[g]!.push(s);

/**
 * Stems only another language's words give (foreign-words.ts): a key written short abbreviates an
 * English word, never one of these ("dlr" is no "darlehensbetrag").
 */
const FOREIGN_STEMS: ReadonlySet<string> = (() => {
  const english = new Set(ENGLISH_GROUPS.flat().flatMap(contentStems));
  const all = [...Object.values(FOREIGN_WORDS), ...Object.values(FOREIGN_KEY_WORDS)].flatMap((words) =>
    Object.values(words).flat().flatMap(contentStems),
  );
  return new Set(all.filter((s) => !english.has(s)));
})();

/** The letters German and Dutch put between the words of a compound: "Forderung-s-betrag", "Rente-n-beginn". */
const LINKS = ["", "s", "es", "n", "en"];
const MIN_PART = 4;
const known = (w: string): boolean => GROUPS_OF.has(stem(w));

/** A stem no word of the table is, written as two that are, one of another language: "forderungsbetrag" › forderung, betrag. */
function compoundParts(word: string): string[] | undefined {
  if (GROUPS_OF.has(word) || word.length < 2 * MIN_PART) return undefined;
  for (let i = MIN_PART; i <= word.length - MIN_PART; i++)
    for (const link of LINKS) {
      const left = word.slice(0, i);
      const right = word.slice(i + link.length);
      if (!word.startsWith(link, i) || right.length < MIN_PART || !known(left) || !known(right)) continue;
      if (FOREIGN_STEMS.has(stem(left)) || FOREIGN_STEMS.has(stem(right))) return [stem(left), stem(right)];
    }
  return undefined;
}

/** A key's stems with its compounds written apart (`Forderungsbetrag` › claim, amount). */
export const compoundsApart = (stems: string[]): string[] => stems.flatMap((s) => compoundParts(s) ?? [s]);

/** The English synonyms of a stem: those a key's abbreviation may stand for. */
export const englishSynonymsOf = (stemmed: string): string[] => synonymsOf(stemmed).filter((s) => !FOREIGN_STEMS.has(s));

/** The stems `stemMatch` scores SYNONYM_MATCH against `stem`. */
/** The stems of the kinds of the thing a stem names (synonyms.ts, KINDS). */
export const kindsOf = (stemmed: string): string[] => KIND_STEMS.get(stemmed) ?? [];
const KIND_STEMS = new Map(Object.entries(KINDS).map(([thing, kinds]) => [stem(thing), kinds.map(stem)]));

export function synonymsOf(stem: string): string[] {
  const out = new Set<string>();
  for (const g of GROUPS_OF.get(stem) ?? []) for (const s of GROUP_STEMS[g]!) if (s !== stem) out.add(s);
  return [...out];
}

/** The token a multi-word synonym stands for: its group's first one-word member, else `#<group>`. */
const REPRESENTATIVE = SYNONYM_GROUPS.map((group, i) => {
  const single = group.map(contentStems).find((s) => s.length === 1);
  return single ? single[0]! : `#${i}`;
});

/**
 * Stems with multi-word synonyms folded into one token: ["polit", "expos", "person"] →
 * ["pep", "person"], so that "PEP" and "politically exposed" meet.
 */
export function conceptTokens(stems: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < stems.length;) {
    const phrase = phraseAt(stems, i);
    if (phrase) {
      out.push(REPRESENTATIVE[phrase.group]!);
      i += phrase.stems.length;
    } else out.push(stems[i++]!);
  }
  return out;
}

/** Multi-word synonyms by their first stem: a text's words are looked up, not compared with every phrase. */
const PHRASES_BY_FIRST = new Map<string, { stems: string[]; group: number }[]>();
for (const p of PHRASE_SYNONYMS) PHRASES_BY_FIRST.set(p.stems[0]!, [...(PHRASES_BY_FIRST.get(p.stems[0]!) ?? []), p]);

/** The longest multi-word synonym starting at `i`, if any. */
export function phraseAt(stems: string[], i: number): { stems: string[]; group: number } | undefined {
  let best: { stems: string[]; group: number } | undefined;
  for (const p of PHRASES_BY_FIRST.get(stems[i]!) ?? [])
    if (p.stems.every((s, j) => stems[i + j] === s) && (!best || p.stems.length > best.stems.length)) best = p;
  return best;
}

/**
 * `conceptTokens` for a key written short: a multi-word synonym is also met when each of its
 * words is the key's word or abbreviated by it (`bureau_scr` › "bureau score", `lossDt` › "loss
 * date"). `abbreviated` says whether an abbreviation was needed.
 */
export function abbreviatedConcepts(stems: string[]): { tokens: string[]; abbreviated: boolean } {
  const out: string[] = [];
  let abbreviated = false;
  const meets = (k: string, p: string) => k === p || abbreviates(k, p);
  for (let i = 0; i < stems.length;) {
    const exact = phraseAt(stems, i);
    const loose =
      exact ??
      PHRASE_SYNONYMS.find(
        (p) =>
          p.stems.length <= stems.length - i &&
          !p.stems.some((s) => FOREIGN_STEMS.has(s)) &&
          p.stems.every((s, j) => meets(stems[i + j]!, s)),
      );
    if (loose) {
      if (!exact) abbreviated = true;
      out.push(REPRESENTATIVE[loose.group]!);
      i += loose.stems.length;
    } else out.push(stems[i++]!);
  }
  return { tokens: out, abbreviated };
}

export const representativeOf = (group: number): string => REPRESENTATIVE[group]!;

/** Which period an amount input is counted in, from its name and desc. */
export function periodOfText(text: string): Period | undefined {
  const t = text.toLowerCase();
  // "every two weeks", "semi-monthly" before "weekly" and "monthly", which they hold
  const frequency = frequencyIn(t);
  if (frequency) return frequency;
  if (/\b(monthly|per month|each month|a month|every month)\b/.test(t)) return "month";
  if (/\b(quarterly|per quarter|each quarter)\b/.test(t)) return "quarter";
  if (/\b(annual|annually|yearly|per year|each year|a year|per annum)\b/.test(t)) return "year";
  if (/\b(weekly|per week|each week|a week)\b/.test(t)) return "week";
  return undefined;
}

/**
 * A word of a key that says the period of its amount: `rent_pm`, `price_seat_month`, `pay_wk`,
 * `inc_yr`, and the short forms of "per annum" and "annual" (`vol_pa`, `turnover_ann`); not a
 * plural (`term_months`), a duration.
 */
const KEY_PERIOD_WORDS: Record<string, Period> = {
  month: "month",
  mo: "month",
  mth: "month",
  mthly: "month",
  pm: "month",
  qtr: "quarter",
  qtrly: "quarter",
  quarter: "quarter",
  quarterly: "quarter",
  year: "year",
  yr: "year",
  yrly: "year",
  pa: "year",
  ann: "year",
  annum: "year",
  week: "week",
  wk: "week",
  wkly: "week",
  pw: "week",
  biweekly: "fortnight",
  fortnightly: "fortnight",
  fortnight: "fortnight",
  semimonthly: "semimonth",
};

/**
 * A key's period said in another language: its words for "monthly" and "annual" (`miete_monatlich`,
 * `einkommen_pro_monat`, `renda_mensal`), and its nouns of a month or a year standing alone
 * (`inkomen_maand`, `loyer_mois`), normalised as keys are.
 */
const FOREIGN_KEY_PERIODS: [string, "month" | "year"][] = [
  ...Object.values(FOREIGN_WORDS).flatMap((words) => [
    ...(words.monthly ?? []).map((w): [string, "month"] => [normaliseName(w), "month"]),
    ...(words.annual ?? []).map((w): [string, "year"] => [normaliseName(w), "year"]),
  ]),
  ...["monat", "maand", "mois", "mes", "mese", "manad"].map((w): [string, "month"] => [w, "month"]),
  ...["jahr", "jaar"].map((w): [string, "year"] => [w, "year"]),
];
/** The phrase as words of a key, its last word also with an adjective's ending (`monatliches_einkommen`). */
const phraseIn = (phrase: string): RegExp => new RegExp(`(?:^| )${phrase}(?:e|er|es|en)?(?= |$)`);
const FOREIGN_KEY_PERIOD_WORDS = FOREIGN_KEY_PERIODS.map(([phrase, period]) => ({ re: phraseIn(phrase), period }));

/** The period a key states in another language's words, and the key's words without them. */
export function foreignPeriodOfKey(key: string): { period: "month" | "year"; rest: string } | undefined {
  const words = normaliseName(key);
  const hit = FOREIGN_KEY_PERIOD_WORDS.find(({ re }) => re.test(words));
  return hit && { period: hit.period, rest: words.replace(hit.re, "").trim() };
}

/** The period a JSON key (or keys joined by spaces) states of its amount: in words ("monthly_rent"), or by a period word of its own, in English or another language. */
export function periodOfKey(key: string): Period | undefined {
  const words = normaliseName(key);
  return (
    periodOfText(words) ??
    words.split(" ").flatMap((w) => (Object.hasOwn(KEY_PERIOD_WORDS, w) ? [KEY_PERIOD_WORDS[w]!] : []))[0] ??
    foreignPeriodOfKey(words)?.period
  );
}

export const PERIOD_STEMS = new Set(["month", "annual", "year", "week"]);
