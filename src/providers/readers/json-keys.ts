// How well a JSON key names an input: the key's words against the input's name (mostly) and the
// words of its desc and `from` hint, through stems and the synonym table. Periods (monthly,
// annual) are set aside here: a "monthly_income" key can answer "annual income" by conversion.
import type { InputIR } from "../../ir/ir.js";
import {
  ABBREVIATION_MATCH,
  abbreviates,
  conceptTokens,
  contentStems,
  normaliseName,
  PERIOD_STEMS,
  periodOfText,
  stem,
  stemMatch,
  SYNONYM_MATCH,
  synonymsOf,
} from "./words.js";

export interface InputWords {
  input: InputIR;
  /** the input is an amount per period: period words in keys are converted, not compared */
  periodic: boolean;
  name: string[];
  /** the name's words one by one, where `name` folds a phrase into one concept ("adverse media") */
  parts?: string[];
  /** desc and hint words */
  context: string[];
}

const withoutPeriods = (tokens: string[]): string[] => tokens.filter((t) => !PERIOD_STEMS.has(t));

export function inputWords(input: InputIR, hintWords: string): InputWords {
  const periodic = input.type.kind === "number" && periodOfText(`${input.name} ${input.desc}`) !== undefined;
  const stems = contentStems(input.name);
  const name = conceptTokens(stems);
  const parts = periodic ? withoutPeriods(stems) : stems;
  return {
    input,
    periodic,
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
    abbreviates(a, b) || abbreviates(b, a) ? ABBREVIATION_MATCH : 0,
    synonymsOf(b).some((s) => abbreviates(a, s)) ? ABBREVIATION_MATCH * SYNONYM_MATCH : 0,
  );
const best = (token: string, among: string[]): number => Math.max(0, ...among.map((a) => match(token, a)));

/**
 * Words of an export's keys that say how a value is coded, not which fact it is (`_flag`, `_ind`,
 * `_yn`, `_cd`, `_cnt`, `_nbr`), and key words with digits (`_5y`, `_12m`): left out of the
 * comparison unless the input's name has them.
 */
const KEY_FORM_WORDS = new Set(["flag", "flg", "ind", "indicator", "yn", "cd", "code", "cnt", "count", "num", "nbr"].map(stem));
const formWord = (t: string): boolean => KEY_FORM_WORDS.has(t) || /\d/.test(t);

/** 0..1; 1 only for the input's own name, exactly. */
function keyScore(words: InputWords, key: string): number {
  if (key === words.input.name) return 1;
  if (normaliseName(key) === normaliseName(words.input.name)) return 0.97;
  const stems = contentStems(key);
  const folded = wordScore(words, words.name, conceptTokens(stems));
  // a phrase abbreviated word by word (`adv_media` for "adverse media") is met by the name's words one by one
  return words.parts ? Math.max(folded, ABBREVIATION_MATCH * wordScore(words, words.parts, stems)) : folded;
}

/** Key words that make the value an identifier (`claim_id`, `loan_ref`): it answers no input not named so. */
const IDENTIFIER_WORDS = new Set(["id", "ref", "uuid", "guid"]);

/** Key words of another time (`fico_prev`, `old_income`): the value is not the one asked, unless the name says so. */
const OTHER_TIME_WORDS = new Set(["prev", "previou", "prior", "old", "former", "orig", "original", "initial"].map(stem));
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

function wordCoverage(words: InputWords, n: string[], keyWords: string[]): number {
  const all = keyWords.filter((t) => !formWord(t) || n.includes(t));
  const k = words.periodic ? withoutPeriods(all) : all;
  if (k.length === 0 || n.length === 0) return 0;
  const nameCoverage = n.reduce((s, t) => s + best(t, k), 0) / n.length;
  if (nameCoverage === 0) return 0;
  const keyCoverage = k.reduce((s, t) => s + Math.max(best(t, n), 0.9 * best(t, words.context)), 0) / k.length;
  return 0.95 * (0.6 * nameCoverage + 0.4 * keyCoverage);
}

/** The best score of a node for an input: its own key, or its key read with its parent's ("loan" › "amount"). */
export function pathScore(words: InputWords, keys: string[]): number {
  const own = keys.length > 0 ? keyScore(words, keys[keys.length - 1]!) : 0;
  if (keys.length < 2) return own;
  const withParent = 0.95 * keyScore(words, `${keys[keys.length - 2]} ${keys[keys.length - 1]}`);
  return Math.max(own, withParent);
}
