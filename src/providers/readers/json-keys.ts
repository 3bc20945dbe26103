// How well a JSON key names an input: the key's words against the input's name (mostly) and the
// words of its desc and `from` hint, through stems and the synonym table. Periods (monthly,
// annual) are set aside here: a "monthly_income" key can answer "annual income" by conversion.
import type { InputIR } from "../../ir/ir.js";
import type { JsonNode } from "./json-walk.js";
import { FOREIGN_LEAF_WORDS } from "./foreign-words.js";
import {
  ABBREVIATION_MATCH,
  abbreviatedConcepts,
  abbreviates,
  compoundsApart,
  conceptTokens,
  contentStems,
  normaliseName,
  PERIOD_STEMS,
  periodOfText,
  stem,
  stemMatch,
  STOP_WORDS,
  SYNONYM_MATCH,
  englishSynonymsOf,
  foreignPeriodOfKey,
} from "./words.js";

export interface InputWords {
  input: InputIR;
  /** the unit of time the input's name counts in ("contract years"): unit words in keys are converted, not compared */
  timeUnit?: TimeUnit;
  /** the input is an amount per period: period words in keys are converted, not compared */
  periodic: boolean;
  name: string[];
  /** the name's words one by one, where `name` folds a phrase into one concept ("adverse media") */
  parts?: string[];
  /** desc and hint words */
  context: string[];
}

const withoutPeriods = (tokens: string[]): string[] => tokens.filter((t) => !PERIOD_STEMS.has(t));

export type TimeUnit = "year" | "month" | "week" | "day";
/** Key and value words that give a unit of time (`term_mo`, `age_yrs`, "36 months"). */
const TIME_UNIT_WORDS: ReadonlyMap<string, TimeUnit> = new Map([
  ...["year", "yr", "yrs", "annual", "ann", "pa"].map((w) => [w, "year"] as const),
  ...["month", "mo", "mos", "mth", "mths", "mthly"].map((w) => [w, "month"] as const),
  ...["week", "wk", "wks"].map((w) => [w, "week"] as const),
  ...["day", "dy", "dys"].map((w) => [w, "day"] as const),
]);
export const timeUnitOf = (token: string): TimeUnit | undefined => TIME_UNIT_WORDS.get(stem(token));

/** The unit of time a number input's name counts in: "contract years", "months at address"; not "annual income". */
function nameTimeUnit(input: InputIR, periodic: boolean): TimeUnit | undefined {
  if (input.type.kind !== "number" || periodic) return undefined;
  const units = splitWords(input.name)
    .map(timeUnitOf)
    .filter((u) => u !== undefined);
  return units.length === 1 ? units[0] : undefined;
}

const splitWords = (text: string): string[] =>
  normaliseName(text)
    .split(" ")
    .filter((w) => w !== "");

export function inputWords(input: InputIR, hintWords: string): InputWords {
  const periodic = input.type.kind === "number" && periodOfText(`${input.name} ${input.desc}`) !== undefined;
  const timeUnit = nameTimeUnit(input, periodic);
  const stems = contentStems(input.name);
  const name = conceptTokens(stems);
  const parts = periodic ? withoutPeriods(stems) : stems;
  return {
    input,
    periodic,
    ...(timeUnit ? { timeUnit } : {}),
    name: periodic ? withoutPeriods(name) : name,
    ...(name.length !== stems.length ? { parts } : {}),
    context: conceptTokens(contentStems(`${input.desc} ${hintWords}`)),
  };
}

/**
 * A key word against words of the input: the same stem, a synonym, an abbreviation (`amt_req`,
 * `veh_val`), or an abbreviation of a synonym (`hist` of "history" for "prior").
 */
const match = (a: string, b: string): number =>
  Math.max(
    stemMatch(a, b),
    abbreviatesWord(a, b) || abbreviates(b, a) ? ABBREVIATION_MATCH : 0,
    englishSynonymsOf(b).some((s) => abbreviatesWord(a, s)) || englishSynonymsOf(a).some((s) => abbreviatesWord(b, s))
      ? ABBREVIATION_MATCH * SYNONYM_MATCH
      : 0,
  );

/** An abbreviation of a word or of an inflected form of it: `clmd` for "claimed", `pmts` for "payments". */
const abbreviatesWord = (short: string, word: string): boolean =>
  !STOP_WORDS.has(short) && (abbreviates(short, word) || INFLECTIONS.some((s) => abbreviates(short, word + s)) || clipped(short, word));
/** A word cut to its first letters (`ex` of "exempt", `pol` of "policy"): as short as two letters, a third of the word or more. */
const clipped = (short: string, word: string): boolean =>
  short.length >= 2 && short.length * 3 >= word.length && short.length < word.length && word.startsWith(short);
const INFLECTIONS = ["ed", "s", "ing"];
const best = (token: string, among: string[]): number => Math.max(0, ...among.map((a) => match(token, a)));

/**
 * Words of an export's keys that say how a value is coded, not which fact it is (`_flag`, `_ind`,
 * `_yn`, `_cd`, `_cnt`, `_nbr`), and key words with digits (`_5y`, `_12m`): left out of the
 * comparison unless the input's name has them.
 */
const KEY_FORM_WORDS = new Set(["flag", "flg", "ind", "indicator", "yn", "cd", "code", "cnt", "count", "num", "nbr"].map(stem));
/** Currency words in keys (`list_price_usd`) give the unit, not the fact. */
const CURRENCY_WORDS = new Set(["usd", "eur", "gbp", "dollar", "euro", "pound", "cur", "ccy"].map(stem));
const formWord = (t: string): boolean => KEY_FORM_WORDS.has(t) || CURRENCY_WORDS.has(t) || /\d/.test(t);

/**
 * Words of an input's name that say which value of a fact is asked, not the fact: a time
 * qualifier ("prior default": a default on record is past), the type a date input restates
 * ("incident date"), the kind of classification a choice names ("product risk", "customer
 * type"). A key that leaves them out still names the input (each left out costs a little); in
 * keys, classification words name no fact of a choice either (`ctry_rating`, `status_cd`).
 */
const TIME_QUALIFIERS = new Set(["prior", "previous", "past", "ever", "former", "historical"].map(stem));
const CLASS_WORDS = new Set(
  ["type", "kind", "risk", "rating", "level", "class", "category", "categorisation", "status", "band", "grade", "group"].map(stem),
);
const OPTIONAL_LEFT_OUT = 0.92;
const DATE_STEM = stem("date");
const isChoice = (input: InputIR): boolean => input.type.kind === "choice" || input.type.kind === "levels";
const optionalNameWord = (words: InputWords, t: string): boolean =>
  TIME_QUALIFIERS.has(t) ||
  (words.input.type.kind === "date" && t === DATE_STEM) ||
  (isChoice(words.input) && CLASS_WORDS.has(t)) ||
  (words.timeUnit !== undefined && timeUnitOf(t) !== undefined);

/** Words of a yes/no's check and its outcome (`pep_check` › `result`, `media_screening_outcome`): which value, not which fact. */
const CHECK_WORDS = new Set(["check", "chk", "screen", "screening", "search", "result", "outcome", "verdict"].map(stem));

/** Key words that name no fact for this input: codes, currencies, classification words of a choice or a yes/no (`pep_status`), a yes/no's check, units of time of a duration. */
const neutralKeyWord = (words: InputWords, t: string): boolean =>
  formWord(t) ||
  ((isChoice(words.input) || words.input.type.kind === "boolean") && CLASS_WORDS.has(t)) ||
  (words.input.type.kind === "boolean" && CHECK_WORDS.has(t)) ||
  (words.timeUnit !== undefined && timeUnitOf(t) !== undefined) ||
  (words.periodic && (PERIOD_STEMS.has(t) || foreignPeriodOfKey(t) !== undefined));

/** 0..1; 1 only for the input's own name, exactly. */
function keyScore(words: InputWords, key: string): number {
  if (key === words.input.name) return 1;
  if (normaliseName(key) === normaliseName(words.input.name)) return 0.97;
  const stems = compoundsApart(contentStems(key));
  const folded = wordScore(words, words.name, conceptTokens(stems));
  // a multi-word synonym written short (`bureau_scr`, `lossDt`)
  const loose = abbreviatedConcepts(stems);
  const short = loose.abbreviated ? ABBREVIATION_MATCH * wordScore(words, words.name, loose.tokens) : 0;
  // a phrase abbreviated word by word (`adv_media` for "adverse media") is met by the name's words one by one
  const byParts = words.parts ? ABBREVIATION_MATCH * wordScore(words, words.parts, stems) : 0;
  return Math.max(folded, short, byParts, initialismScore(words, key));
}

/** A key spelled out whose words' initials are a word of the name (`firstNoticeOfLoss` › FNOL, a report). */
function initialismScore(words: InputWords, key: string): number {
  const initials = splitWords(key)
    .map((w) => w[0]!)
    .join("");
  return initials.length >= 3 ? ABBREVIATION_MATCH * wordScore(words, words.name, [initials]) : 0;
}

/** Key words that make the value an identifier (`claim_id`, `loan_ref`): it answers no input not named so. */
const IDENTIFIER_WORDS = new Set(["id", "ref", "uuid", "guid"]);

/** Key words of another time (`fico_prev`, `old_income`): the value is not the one asked, unless the name says so. */
const OTHER_TIME_SPELLINGS = ["prev", "previou", "prior", "old", "former", "orig", "original", "initial"];
const OTHER_TIME_WORDS = new Set(OTHER_TIME_SPELLINGS.map(stem));
/** Key words of the present (`fico_current`, `latest_income`): they say which value, not which fact. */
const PRESENT_WORDS = new Set(["current", "curr", "latest", "new", "now", "updated", "revised", "final"].map(stem));
const OTHER_TIME = 0.6;

function wordScore(words: InputWords, n: string[], keyWords: string[]): number {
  if (keyWords.some((t) => IDENTIFIER_WORDS.has(t) && !n.includes(t))) return 0;
  const named = (t: string) => n.some((w) => stemMatch(w, t) > 0);
  const otherTime = keyWords.some((t) => OTHER_TIME_WORDS.has(t) && !named(t)) ? OTHER_TIME : 1;
  return (
    otherTime *
    wordCoverage(
      words,
      n,
      keyWords.filter((t) => named(t) || !(PRESENT_WORDS.has(t) || OTHER_TIME_WORDS.has(t))),
    )
  );
}

function wordCoverage(words: InputWords, name: string[], keyWords: string[]): number {
  const all = keyWords.filter((t) => name.includes(t) || !neutralKeyWord(words, t));
  const k = words.periodic ? withoutPeriods(all) : all;
  if (k.length === 0 || name.length === 0) return 0;
  // optional words of the name the key leaves out are set aside, at a small cost each
  const kept = name.filter((t) => !optionalNameWord(words, t) || best(t, k) > 0);
  const n = kept.length > 0 ? kept : name;
  const leftOut = OPTIONAL_LEFT_OUT ** (name.length - n.length);
  const nameCoverage = (leftOut * n.reduce((s, t) => s + best(t, k), 0)) / n.length;
  if (nameCoverage === 0) return 0;
  const keyCoverage = k.reduce((s, t) => s + Math.max(best(t, n), 0.9 * best(t, words.context)), 0) / k.length;
  return 0.95 * (0.6 * nameCoverage + 0.4 * keyCoverage);
}

/**
 * The best score of a node for an input: its own key, or its key read with its parent's ("loan" ›
 * "amount"). A key that names something of its own, none of it the input's, is not made the
 * input's by its parent (`pricing` › `seat_count` is no price).
 */
export function pathScore(words: InputWords, keys: string[], above?: string): number {
  const leaf = keys[keys.length - 1];
  const own = leaf !== undefined ? keyScore(words, leaf) : 0;
  if (keys.length < 2) return own;
  const near = nearPathScore(words, keys, leaf!, own);
  // a fact named further up, its last keys only qualifying it (`income` › `gross` › `monthly`)
  return above === undefined || near >= MIN_DEEP || !onlyQualify(words, keys)
    ? near
    : Math.max(near, DEEP * keyScore(words, `${above} ${keys.join(" ")}`));
}

/** Keys that name nothing of their own, only which value or in what form (`gross`, `monthly`, `value`, `current`). */
const QUALIFYING_WORDS = new Set(["gross", "net", "total", "base", "basic", "stated", "declared", "verified", "reported"].map(stem));
const onlyQualify = (words: InputWords, keys: string[]): boolean =>
  keys
    .flatMap(contentStems)
    .every(
      (t) =>
        QUALIFYING_WORDS.has(t) ||
        GENERIC_LEAF_WORDS.has(t) ||
        PERIOD_STEMS.has(t) ||
        PRESENT_WORDS.has(t) ||
        neutralKeyWord(words, t) ||
        best(t, words.name) > 0,
    );

/** Below this a key does not name the input. */
export const MIN_KEY_SCORE = 0.45;

/** A score below which the key named further up is tried. */
const MIN_DEEP = 0.45;
/** A fact named two keys up says it a little less surely than its parent key would. */
const DEEP = 0.9;

function nearPathScore(words: InputWords, keys: string[], leaf: string, own: number): number {
  const withParent = 0.95 * keyScore(words, `${keys[keys.length - 2]} ${leaf}`);
  const leafNamesOther =
    own === 0 &&
    contentStems(leaf).some(
      (t) => !neutralKeyWord(words, t) && !GENERIC_LEAF_WORDS.has(t) && !PRESENT_WORDS.has(t) && !OTHER_TIME_WORDS.has(t),
    );
  return Math.max(own, leafNamesOther ? OTHER_LEAF * withParent : withParent);
}

/**
 * Leaf keys that say nothing of their own (`{"fico": {"value": 712}}`), or only the unit of a
 * percent (`{"escalator": {"bps": 300}}`, `{"discount": {"pct": 12}}`); words of time say which
 * value (`{"score": {"current": 702}}`).
 */
const GENERIC_LEAF_WORDS = new Set(
  [
    "value",
    "val",
    "amount",
    "amt",
    "answer",
    "number",
    "total",
    "date",
    "dt",
    "bps",
    "bp",
    "pct",
    "percent",
    "percentage",
    "desc",
    "description",
    "label",
    "result",
    ...Object.values(FOREIGN_LEAF_WORDS).flat(),
    // a day's key in the languages of exports (`hasar` › `tarih`, `siniestro` › `fecha`, `schaden` › `datum`)
    ...["tarih", "tarihi", "fecha", "datum", "dato"],
    // and a gross figure's (`einkommen` › `brutto_jahr`, `inkomen` › `bruto_pm`)
    ...["brutto", "bruto", "bruta", "brut", "lordo"],
  ].map(stem),
);
const OTHER_LEAF = 0.6;

/**
 * Keys of a branch holding another time's values: led by a word of another time (`previous_record`,
 * `old_address`, `prior_application`) or only such words (`history`, `archive`). A word of time
 * after the fact (`credit_history`, `payment_history`) names a record of it, not another time.
 */
const PAST_BRANCH_WORDS = new Set(["history", "historical", "hist", "past", "archive", "archived", "superseded"].map(stem));
const pastWord = (t: string): boolean => OTHER_TIME_WORDS.has(t) || PAST_BRANCH_WORDS.has(t);
export const marksOtherTime = (key: string): boolean => {
  const stems = contentStems(key);
  if (stems.length === 0 || !pastWord(stems[0]!)) return false;
  // a word that only stems like one of another time is none: `form` (a web form's fields) is not "former"
  return (
    !OTHER_TIME_WORDS.has(stems[0]!) ||
    normaliseName(key)
      .split(" ")
      .some((w) => OTHER_TIME_SPELLINGS.some((s) => w.startsWith(s)))
  );
};
/** Whether the input's own name asks for another time's value ("previous income", "prior claims"). */
export const asksOtherTime = (input: InputIR): boolean => contentStems(input.name).some((t) => pastWord(t) || TIME_QUALIFIERS.has(t));

/**
 * Keys of a branch holding another party's values, led by a word that says so (`coApplicant`,
 * `co_borrower`, `additionalDrivers`, `secondApplicant`, `spouse`, `guarantor`): the applicant's
 * facts are not there, unless the input's name or desc names that party.
 */
const OTHER_PARTY_WORDS = new Set(
  ["co", "additional", "second", "secondary", "other", "spouse", "partner", "guarantor", "cosigner"].map(stem),
);
const firstWordStem = (key: string): string | undefined => {
  const first = normaliseName(key).split(" ")[0];
  return first ? stem(first) : undefined;
};
export const marksOtherParty = (key: string): boolean => OTHER_PARTY_WORDS.has(firstWordStem(key) ?? "");
/** Whether the input's name or desc names another party ("co-applicant's income", "the spouse's age"). */
export const asksOtherParty = (input: InputIR): boolean =>
  normaliseName(`${input.name} ${input.desc}`)
    .split(" ")
    .some((w) => OTHER_PARTY_WORDS.has(stem(w)));

/**
 * Whether the state leaves the input null under a key holding every word of its name
 * (`"incident_date": null`, `"IncidentDate": null` for "incident date"): it says the value is not
 * known, and no other value of the state is the input's by elimination or from its words.
 */
export function saidNotKnown(nodes: readonly JsonNode[], name: string): boolean {
  const named = contentStems(name);
  if (named.length === 0) return false;
  return nodes.some((n) => {
    if (n.value !== null) return false;
    const key = new Set(contentStems((n.keys.at(-1) ?? "").replace(/([a-z])([A-Z])/g, "$1 $2")));
    return named.every((s) => key.has(s));
  });
}
