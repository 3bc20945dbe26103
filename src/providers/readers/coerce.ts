// Coercion of a JSON value to an input's type, with the confidence it costs: 1 when the value
// already has the type, less for each liberty taken ("42" → 42, "yes" → true, "3 Jan 2026" → a date,
// a choice met through its meaning). undefined when the value cannot be read as that type.
import { convertedKey } from "./currencies.js";
import type { Type } from "../../ir/types.js";
import { parseDateString, yearsBetween } from "./dates.js";
import { departed } from "./departed.js";
import { isUnitWord, unitOfFieldKey } from "./json-units.js";
import { timeUnitOf, type TimeUnit } from "./json-keys.js";
import { convertPeriod, parseAmount, roundFloat, type Period } from "./numbers.js";
import { frequencyIn } from "./pay-frequencies.js";
import {
  ABBREVIATION_MATCH,
  abbreviates,
  conceptTokens,
  contentStems,
  foreignPeriodOfKey,
  normaliseName,
  PERIOD_STEMS,
  periodOfKey,
  periodOfText,
  STOP_WORDS,
  stemMatch,
  SYNONYM_MATCH,
  englishSynonymsOf,
} from "./words.js";
import { namedRecord } from "../../runtime/json.js";
import { SYNONYM_GROUPS } from "./synonyms.js";
import { isRecord } from "./json-walk.js";
import { ticked } from "./text/boxes.js";

export interface Coerced {
  value: unknown;
  /** confidence factor: 1 for no coercion */
  factor: number;
}

export interface CoerceContext {
  options?: Record<string, string>;
  /** the input's period when it is an amount per month or per year */
  period?: Period;
  /** the period the key or value states */
  sourcePeriod?: Period;
  /** the key states its figure per day (`daily_miles`, `km_per_day`): no sure figure per month or year */
  perDay?: boolean;
  /** the unit of time the input's name counts in ("contract years") */
  timeUnit?: TimeUnit;
  /** the unit of time the key states (`term_mo`) */
  sourceTimeUnit?: TimeUnit;
  /** the input counts in percent (`number [0..100]`, "coupon percent"), not in fractions */
  percent?: boolean;
  /** the key states basis points (`escalator_bps`): 300 is 3 percent */
  basisPoints?: boolean;
  /**
   * what one of the key's units is worth in whole units: in thousands (`inc_yr_k`, `turnover_000s`)
   * 47.5 is 47,500; in cents (`requestedAmountCents`, `price_minor`) 2750000 is 27,500
   */
  scale?: number;
  /** the scale is a document's note of its amounts' unit, not the key's own word: less sure it reaches this figure */
  scaleNoted?: boolean;
  /** content stems of the input's name and desc: a short answer that only repeats them affirms the question */
  questionWords?: string[];
  /** the key names the currency of its figure (`bruto_jaarinkomen_usd`): money has two decimals, so "54.600" groups thousands */
  currencyKey?: boolean;
  /** the currency the input asks its amounts in (`USD` for "How many dollars…") */
  currency?: string;
  /** the units a document's legend gives its keys (`"inc_yr_c": "income, in cents"`), by normalised key */
  keyUnits?: ReadonlyMap<string, number>;
  /** the period the input's desc gives a record's amount field ("monthly income"), by field name */
  fieldPeriods?: Record<string, Period>;
  reference: string;
}

const DAYS_IN: Record<TimeUnit, number> = { day: 1, week: 7, month: 365.25 / 12, year: 365.25 };
/** A duration in one unit of time in another: whole months to years exactly (36 → 3). */
function convertTime(x: number, from: TimeUnit, to: TimeUnit): number {
  if (from === "month" && to === "year") return x / 12;
  if (from === "year" && to === "month") return x * 12;
  if (from === "week" && to === "day") return x * 7;
  return (x * DAYS_IN[from]) / DAYS_IN[to];
}

/** "36 months", "3 yrs": a number and a unit of time. */
const DURATION = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\.?\s*$/i;
/** An ISO 8601 duration of whole calendar units ("P4Y", "P18M", "P1Y6M", "P2W"): no time part. */
const ISO_DURATION = /^\s*P(?=\d)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?\s*$/i;
const ISO_UNITS: TimeUnit[] = ["year", "month", "week", "day"];

/**
 * An ISO 8601 duration in the unit an input counts in ("P4Y" for contract years; "P18M" for months,
 * not for years: a duration is converted only when it comes out whole, as "36 months" is).
 */
function isoDuration(value: string, to: TimeUnit): number | undefined {
  const m = ISO_DURATION.exec(value);
  if (!m) return undefined;
  const total = roundFloat(ISO_UNITS.reduce((sum, unit, i) => sum + (m[i + 1] ? convertTime(Number(m[i + 1]), unit, to) : 0), 0));
  return Number.isInteger(total) ? total : undefined;
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  yes: true,
  y: true,
  t: true,
  on: true,
  "1": true,
  affirmative: true,
  positive: true,
  false: false,
  no: false,
  n: false,
  f: false,
  off: false,
  "0": false,
  none: false,
  negative: false,
  // the yes and no of a form in another language: German, Dutch, French, Spanish, Italian, Portuguese
  ja: true,
  j: true,
  oui: true,
  si: true,
  sí: true,
  sì: true,
  sim: true,
  nein: false,
  nee: false,
  non: false,
  não: false,
  nao: false,
  // Turkish
  evet: true,
  hayır: false,
  hayir: false,
};

/** The yes or no a word says, in the languages of evidence ("yes", "ja", "evet", "nee"). */
export const yesNoOf = (word: string): boolean | undefined =>
  Object.hasOwn(BOOLEAN_WORDS, word.trim().toLowerCase()) ? BOOLEAN_WORDS[word.trim().toLowerCase()] : undefined;

/** A string that answers a quantity with nothing. */
const NONE_WORDS = /^\s*(none|nil|zero)\s*$/i;

/** The upper bound of a number type, when literal. */
const maximumOf = (t: Type): number | undefined =>
  t.kind === "number" ? (t.constraint?.maximum ?? t.constraint?.exclusiveMaximum) : undefined;

/** A number type bounded by 1 (`number [0..1]`) holds fractions: "12%" is 0.12 there. */
export const holdsFractions = (t: Type): boolean => {
  const max = maximumOf(t);
  return max !== undefined && max <= 1;
};

export function withinBounds(t: Type, x: number): boolean {
  if (t.kind !== "number" || !t.constraint) return true;
  const c = t.constraint;
  return !(
    (c.minimum !== undefined && x < c.minimum) ||
    (c.maximum !== undefined && x > c.maximum) ||
    (c.exclusiveMinimum !== undefined && x <= c.exclusiveMinimum) ||
    (c.exclusiveMaximum !== undefined && x >= c.exclusiveMaximum)
  );
}

/** Keys that state, beside an amount, the period it is counted in. */
/** Keys of the figure an object wraps: `{"amount": 52000, "currency": "USD"}`. */
const FIGURE_KEYS = ["amount", "value", "number", "total", "amt"];
/** Keys of a figure that say which of two it is: `{"gross": "9,600", "freq": "annual"}`; both beside each other say no one figure. */
const GROSS_OR_NET = ["gross", "net"];

/** The key of the one figure an object wraps, if it has one. */
export function wrappedFigureKey(o: Record<string, unknown>): string | undefined {
  const plain = FIGURE_KEYS.find((k) => Object.hasOwn(o, k));
  if (plain !== undefined) return plain;
  const qualified = GROSS_OR_NET.filter((k) => Object.hasOwn(o, k));
  return qualified.length === 1 ? qualified[0] : undefined;
}

const PERIOD_KEYS = new Set(["period", "per", "frequency", "freq", "interval", "basis", "cadence", "unit", "billing"]);
/** Words of such a key's value, by the period they name ("ANNUAL", "MONTH", "SEAT_MONTH", "p.a."). */
const PERIOD_WORDS: Record<string, Period> = {
  month: "month",
  months: "month",
  monthly: "month",
  mo: "month",
  mth: "month",
  pm: "month",
  year: "year",
  years: "year",
  yearly: "year",
  annual: "year",
  annually: "year",
  annum: "year",
  yr: "year",
  pa: "year",
  week: "week",
  weeks: "week",
  weekly: "week",
  wk: "week",
};

/** The one period an amount object states beside its amount (`period`, `per`, `frequency`), if any. */
export function periodBeside(o: Record<string, unknown>): Period | undefined {
  const named = new Set<Period>();
  for (const [k, v] of Object.entries(o)) {
    if (!PERIOD_KEYS.has(k.toLowerCase()) || typeof v !== "string") continue;
    // "BIWEEKLY", "every 2 weeks", "semi-monthly": no word of them alone says it
    const frequency = frequencyIn(v.replace(/_/g, " "));
    if (frequency) {
      named.add(frequency);
      continue;
    }
    for (const w of v
      .toLowerCase()
      .replace(/\./g, "")
      .split(/[^a-z]+/))
      if (Object.hasOwn(PERIOD_WORDS, w)) named.add(PERIOD_WORDS[w]!);
  }
  return named.size === 1 ? [...named][0] : undefined;
}

/** Keys by which a vendor states the scale of the figure beside it (`{"value": 1.5, "scale": "million"}`). */
const SCALE_KEYS = new Set(["scale", "multiplier", "magnitude", "unit", "units", "denomination", "factor"]);
/** Scale words and what one is worth in whole units. */
const SCALE_WORDS = new Map<string, number>([
  ...["thousand", "thousands", "k", "000", "000s", "thou"].map((w): [string, number] => [w, 1e3]),
  ...["million", "millions", "m", "mm", "mn", "mio"].map((w): [string, number] => [w, 1e6]),
  ...["billion", "billions", "bn", "b"].map((w): [string, number] => [w, 1e9]),
]);
const SCALE_NUMBERS = new Set([1e3, 1e6, 1e9]);
/** A figure written bare, with no unit of its own ("1.5", not "$1.5M"). */
const PLAIN_FIGURE = /^\s*-?\d+(\.\d+)?\s*$/;
/** One group of three digits after a dot and nothing else: "54.600", a decimal only if it is no money. */
const GROUPED_THOUSANDS = /^\s*\d{1,3}\.\d{3}\s*$/;

/**
 * The one scale an amount object states beside its figure, if any: a word (`"scale": "million"`,
 * `"unit": "THOUSANDS"`, `"x1000"`) or a power of a thousand (`"multiplier": 1000`). A unit of
 * time or money (`"unit": "months"`, `"USD"`) is none.
 */
export function scaleBeside(o: Record<string, unknown>): number | undefined {
  const named = new Set<number>();
  for (const [k, v] of Object.entries(o)) {
    if (!SCALE_KEYS.has(k.toLowerCase())) continue;
    if (typeof v === "number" && SCALE_NUMBERS.has(v)) named.add(v);
    if (typeof v !== "string") continue;
    const word = v.trim().toLowerCase().replace(/^x\s*/, "").replace(/[,']/g, "");
    const n = /^\d+$/.test(word) ? Number(word) : SCALE_WORDS.get(word);
    if (n !== undefined && SCALE_NUMBERS.has(n)) named.add(n);
  }
  return named.size === 1 ? [...named][0] : undefined;
}

function toNumber(value: unknown, type: Type, ctx: CoerceContext): Coerced | undefined {
  // driven or earned on how many days of the period? Not said: no figure
  if (ctx.perDay && ctx.period) return undefined;
  let x: number;
  let factor = 1;
  let period = ctx.sourcePeriod;
  let timeUnit = ctx.sourceTimeUnit;
  const duration = typeof value === "string" && ctx.timeUnit ? DURATION.exec(value) : null;
  const iso = typeof value === "string" && ctx.timeUnit ? isoDuration(value, ctx.timeUnit) : undefined;
  if (typeof value === "number") x = value;
  else if (iso !== undefined) {
    // "P4Y" for a count of years, "P36M" too: a machine's duration, its units sure
    x = iso;
    timeUnit = ctx.timeUnit;
    factor = ISO_DURATION_READ;
  } else if (duration && timeUnitOf(duration[2]!)) {
    // "3 years", "36 months" for a count of years
    x = Number(duration[1]);
    timeUnit = timeUnitOf(duration[2]!);
    factor = 0.9;
  } else if (typeof value === "string" && NONE_WORDS.test(value)) {
    // "claims_last_5yrs": "none": a form's answer that there is nothing to count
    x = 0;
    factor = 0.85;
  } else if (typeof value === "string") {
    const a = parseAmount(value);
    if (!a) return undefined;
    x = a.percent && holdsFractions(type) ? roundFloat(a.value / 100) : a.value;
    period = a.period ?? period;
    factor = /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? 0.95 : 0.9;
    // money has two decimals: under a key naming its currency, "54.600" groups thousands, as "USD 45.000" does in a text
    if (ctx.currencyKey && GROUPED_THOUSANDS.test(value)) [x, factor] = [Math.round(a.value * 1000), 0.9];
  } else if (value && typeof value === "object" && !Array.isArray(value)) {
    // {"amount": 52000, "currency": "USD"}: a value wrapped with its unit
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o);
    // or its one amount under a key that says its period ({"annual_gross": "NZ$31,200"}); a key that
    // says none ({"n": 1}, a whole state) is another value's, not a wrapping of this one
    const only = keys.length === 1 && (typeof o[keys[0]!] === "string" || typeof o[keys[0]!] === "number") ? keys[0] : undefined;
    const lonePeriod = only === undefined ? undefined : periodOfText(normaliseName(only));
    // {"amount": 20000, "currency": "CHF", "usdAtOnboardingRate": 22600}: the figure in the input's currency, none when not given
    const converted = ctx.currency === undefined ? undefined : convertedKey(o, ctx.currency);
    if (converted === null) return undefined;
    const inner = converted ?? wrappedFigureKey(o) ?? (lonePeriod ? only : undefined);
    if (!inner) return undefined;
    // {"amount": 540000, "period": "ANNUAL"}, {"amount": "39.00", "per": "SEAT_MONTH"}: the period it states beside it
    const stated = periodBeside(o) ?? (inner === only ? lonePeriod : undefined);
    // {"value": 1.5, "scale": "million"}: the scale it states beside it
    const scale = ctx.percent || ctx.timeUnit ? undefined : scaleBeside(o);
    const c = toNumber(o[inner], type, { ...ctx, ...(stated ? { sourcePeriod: stated } : {}), ...(scale ? { scale } : {}) });
    return c && { value: c.value, factor: c.factor * 0.9 };
  } else return undefined;
  if (period && ctx.period && period !== ctx.period) {
    x = roundFloat(convertPeriod(x, period, ctx.period));
    factor *= 0.8;
  }
  if (timeUnit && ctx.timeUnit && timeUnit !== ctx.timeUnit) {
    // a term of 36 months for "contract years": a duration is converted only when it comes out whole
    const converted = roundFloat(convertTime(x, timeUnit, ctx.timeUnit));
    if (!Number.isInteger(converted)) return undefined;
    x = converted;
    factor *= 0.85;
  }
  // a number under a key in thousands or in cents is counted in whole units (a string says its own unit: "$47,500")
  if (ctx.scale !== undefined && (typeof value === "number" || PLAIN_FIGURE.test(value as string)) && !ctx.percent)
    [x, factor] = [roundFloat(x * ctx.scale), factor * IN_KEY_UNIT * (ctx.scaleNoted ? NOTED_UNIT : 1)];
  if (ctx.percent && !holdsFractions(type)) {
    // basis points for a percent (`escalator_bps: 300` is 3), or a fraction (`coupon_pct: 0.15`
    // is 15 percent more likely than 0.15 percent, but not surely)
    if (ctx.basisPoints) [x, factor] = [roundFloat(x / 100), factor * BASIS_POINTS];
    else if (typeof value === "number" && x > 0 && x < 1) [x, factor] = [roundFloat(x * 100), factor * FRACTION_FOR_PERCENT];
  }
  return Number.isFinite(x) && withinBounds(type, x) ? { value: x, factor } : undefined;
}

/** A key in thousands or cents read in whole units: sure of the unit, as a key's word says it. */
const IN_KEY_UNIT = 0.9;
/** An ISO 8601 duration read in the input's unit: its units are written, as "36 months" are. */
const ISO_DURATION_READ = 0.9;
/** A figure read in the unit a document's note names (`"amounts_unit": "thousands"`): the note may not reach it. */
const NOTED_UNIT = 0.9;
/** A key in basis points read as a percent: sure of the unit, as a key's word says it. */
const BASIS_POINTS = 0.9;
/** A number between 0 and 1 for a percent: most likely a fraction, not surely (0.5 may be half a percent). */
const FRACTION_FOR_PERCENT = 0.6;

function toBoolean(value: unknown, ctx: CoerceContext): Coerced | undefined {
  if (typeof value === "boolean") return { value, factor: 1 };
  if (typeof value === "number" && (value === 0 || value === 1)) return { value: value === 1, factor: 0.85 };
  if (typeof value !== "string") return undefined;
  const b = BOOLEAN_WORDS[value.trim().toLowerCase()];
  if (b !== undefined) return { value: b, factor: 0.95 };
  // a form's box ticked beside yes or no ("[ ] yes  [x] no")
  const box = ticked(value);
  if (box !== undefined) return { value: box, factor: TICKED };
  const explained = EXPLAINED.exec(value);
  // "No - under review": the reason doubts the answer, which then answers nothing
  if (explained && DOUBT.test(explained[2]!)) return undefined;
  return explained
    ? { value: BOOLEAN_WORDS[explained[1]!.toLowerCase()]!, factor: EXPLAINED_ANSWER }
    : answerInWords(value, ctx.questionWords ?? []);
}

/** A box ticked beside yes or no: said outright, on a form a person filled in. */
const TICKED = 0.9;

/** "Yes - Deputy Mayor of Segou", "No (checked 30 July)": a yes or no, then what it is said of. */
const EXPLAINED = /^\s*(yes|no|y|n|true|false)\s*(?:[-–—:;,(]|\s[-–—]\s)\s*(.+)$/i;
/** An explanation that doubts the answer it follows ("Yes - to be confirmed", "No?, under review"). */
const DOUBT =
  /\?|\b(?:pending|unconfirmed|tbc|tbd|maybe|possibly|perhaps|unclear|unsure|review|reviewing|check(?:ing)?\s+needed|not\s+sure|not\s+confirmed|to\s+be\s+confirmed)\b/i;
/** A yes or no with its reason after it: surely said, as long as the reason does not doubt it. */
const EXPLAINED_ANSWER = 0.85;

/** Words that deny what follows them in a short coded answer ("no match", "none found", "clear"). */
const DENIAL_FIRST = new Set([
  ...["no", "none", "nil", "negative", "clear", "cleared", "never", "without", "discounted", "dismissed", "false"],
  // the same "no …", "without …" of an export in Spanish, Portuguese, French, German, Italian, Dutch (accents folded)
  ...["ningun", "ninguna", "ninguno", "sin", "nenhum", "nenhuma", "sem", "aucun", "aucune", "sans"],
  ...["kein", "keine", "ohne", "nessun", "nessuna", "nessuno", "senza", "geen", "zonder"],
]);
/** Words that deny only the word they lead ("not exempt", "non resident"): the answer is false only when that word is the question's. */
const NOT = new Set(["not", "non"]);
/** A short answer is at most this many words: longer strings are prose for the text reader. */
const SHORT_ANSWER = 3;
const AFFIRMED = 0.8;
const DENIED = 0.85;

/**
 * A short coded answer in words: led by a denial ("no match", "none found", "clear") it is false;
 * made only of the question's own words ("relevant hit" for "did the screening return a relevant
 * hit?") it affirms it. Anything else ("N/A - screening failed", "pending") answers nothing.
 */
function answerInWords(value: string, questionWords: string[]): Coerced | undefined {
  // a gloss in brackets after the answer says where it comes from ("none reported (bureau + self-declared)"),
  // unless it doubts it ("none (check pending)")
  const gloss = BRACKETED_GLOSS.exec(value);
  if (gloss && DOUBT.test(gloss[1]!)) return undefined;
  const words = normaliseName(gloss ? value.slice(0, gloss.index) : value)
    .split(" ")
    .filter((w) => w !== "");
  if (words.length === 0 || words.length > SHORT_ANSWER) return undefined;
  if (DENIAL_FIRST.has(words[0]!)) return { value: false, factor: DENIED };
  const stems = contentStems(words.join(" "));
  // "NOT_EXEMPT", "non-exempt", "not relevant": the question's own words denied; "not run" answers nothing
  if (NOT.has(words[0]!)) {
    const rest = contentStems(words.slice(1).join(" "));
    return rest.length > 0 && rest.length === words.length - 1 && rest.every((w) => questionWords.includes(w))
      ? { value: false, factor: DENIED }
      : undefined;
  }
  return (stems.length > 0 && stems.length === words.length && stems.every((w) => questionWords.includes(w))) ||
    words.every((w) => FOUND.has(w))
    ? { value: true, factor: AFFIRMED }
    : undefined;
}

/** A gloss in brackets closing a short answer. */
const BRACKETED_GLOSS = /(?<=\S)\s*\(([^()]*)\)\s*$/;

/** A check's outcome that affirms what it looked for ("CONFIRMED", "positive", "confirmed match"); "potential match" does not. */
const FOUND = new Set(["confirmed", "positive", "match", "hit", "true"]);

function toDate(value: unknown, ctx: CoerceContext): Coerced | undefined {
  if (typeof value !== "string") return undefined;
  const d = parseDateString(value, ctx.reference);
  return d && { value: d.iso, factor: d.exact ? 1 : 0.9 };
}

/** A value's word against an option's: the same stem, a synonym, or an abbreviation of either ("corp", "fin"). */
const wordMatch = (w: string, t: string): number =>
  Math.max(
    stemMatch(w, t),
    sameRoot(w, t) ? SAME_ROOT : 0,
    w.length >= 3 && abbreviates(w, t) ? ABBREVIATION_MATCH : 0,
    w.length >= 3 && englishSynonymsOf(t).some((s) => abbreviates(w, s)) ? ABBREVIATION_MATCH * SYNONYM_MATCH : 0,
  );

/** Two stems of one word the light stemmer cut apart ("salari" of "salaried", "salar" of "salary"): one begins the other, five letters or more. */
const SAME_ROOT = 0.85;
const sameRoot = (a: string, b: string): boolean => a !== b && Math.min(a.length, b.length) >= 5 && (a.startsWith(b) || b.startsWith(a));

/** An option's name said among words that name no other option ("part-time employed", "FT employed"). */
const NAMED_AMONG_WORDS = 0.75;
/** A word only the option's meaning has, among words naming no other option. */
const MEANING_AMONG_WORDS = 0.6;

/** The initials of each alternative of a meaning and of the option's multi-word synonyms: "pb" for "private banking", "ft" for "full-time". */
function initialismsOf(option: string, meaning: string): Set<string> {
  const phrases = [
    ...meaning.split(/,|;|\bor\b|\band\b/),
    ...contentStems(option).flatMap((s) => SYNONYM_GROUPS.filter((g) => g.some((p) => contentStems(p).join(" ") === s)).flat()),
  ];
  const out = new Set<string>();
  for (const p of phrases) {
    const words = normaliseName(p)
      .split(" ")
      .filter((w) => w !== "" && !STOP_WORDS.has(w));
    if (words.length >= 2) out.add(words.map((w) => w[0]).join(""));
  }
  return out;
}

/** Ranked options for a phrase: the option's own name first, then the words of its meaning. */
function rankOptions(phrase: string, values: string[], options: Record<string, string> = {}): { value: string; score: number }[] {
  const norm = normaliseName(phrase);
  const stems = contentStems(phrase);
  const folded = conceptTokens(stems);
  const concepts = folded.length < stems.length ? folded : undefined;
  // the option's name among other words ("part-time employed"), no word of another option's name or meaning among them
  const named = (v: string, names: string[]) =>
    names.length > 0 &&
    names.every((n) => stems.includes(n)) &&
    !values.some(
      (o) => o !== v && [...contentStems(o), ...contentStems(options[o] ?? "")].some((w) => !names.includes(w) && stems.includes(w)),
    );
  const others = (v: string) => values.filter((o) => o !== v).flatMap((o) => [...contentStems(o), ...contentStems(options[o] ?? "")]);
  // a word of the option's meaning no other option has, among words of no other option ("salaried - retail" for "…a wage or salary")
  const meaningAmong = (v: string, meaning: string[]) => {
    const rest = others(v);
    return stems.some((w) => meaning.includes(w) && !rest.includes(w)) && !stems.some((w) => rest.includes(w));
  };
  const ranked = values.map((v) => {
    if (v === phrase) return { value: v, score: 1 };
    if (normaliseName(v) === norm) return { value: v, score: 0.95 };
    const names = contentStems(v);
    // the meaning's words as written too: an abbreviation may keep letters the stem drops (`intl`, "international")
    const meaning = [
      ...contentStems(options[v] ?? ""),
      ...normaliseName(options[v] ?? "")
        .split(" ")
        .filter((w) => w.length > 3),
    ];
    const initialisms = initialismsOf(v, options[v] ?? "");
    const said = (w: string, t: string) => Math.max(wordMatch(w, t), initialisms.has(w) ? ABBREVIATION_MATCH : 0);
    const overlapOf = (words: string[], target: string[]) =>
      target.length === 0 || words.length === 0
        ? 0
        : words.reduce((s, w) => s + Math.max(0, ...target.map((t) => said(w, t))), 0) / words.length;
    const overlap = (target: string[]) => overlapOf(stems, target);
    return {
      value: v,
      score: Math.max(
        0.85 * overlap(names),
        // the option said by a phrase of its synonyms ("pessoa física" for individual)
        concepts ? 0.85 * SYNONYM_MATCH * overlapOf(concepts, names) : 0,
        // a code of the name as written, with letters the stem drops (`RTD`, "retired")
        codeOfWritten(stems, v) ? 0.85 * ABBREVIATION_MATCH : 0,
        0.7 * overlap(meaning),
        named(v, names) ? NAMED_AMONG_WORDS : 0,
        meaningAmong(v, meaning) ? MEANING_AMONG_WORDS : 0,
      ),
    };
  });
  return ranked.sort((a, b) => b.score - a.score);
}

/**
 * A value that is one code of the option's name as written, keeping letters its stem drops
 * (`RTD` for "retired", `UNEMPD`): three consonants at least, so that no short word ("red") is one.
 */
const codeOfWritten = (stems: string[], option: string): boolean =>
  stems.length === 1 &&
  (stems[0]!.match(/[^aeiou]/g) ?? []).length >= 3 &&
  normaliseName(option)
    .split(" ")
    .some((w) => w.length > 3 && abbreviates(stems[0]!, w));

/** A one-letter code for an option ("H" for high): only where no two options share their first letter. */
const LETTER_CODE = 0.8;
function letterCode(value: string, values: string[]): Coerced | undefined {
  const letter = value.trim().toLowerCase();
  if (!/^[a-z]$/.test(letter)) return undefined;
  const initials = values.map((v) => v[0]!.toLowerCase());
  if (new Set(initials).size !== initials.length) return undefined;
  const i = initials.indexOf(letter);
  return i < 0 ? undefined : { value: values[i]!, factor: LETTER_CODE };
}

/** A value that says the choice is not made yet ("TBD - ask account manager", "to be confirmed"): its other words name no option. */
const UNDECIDED = /\b(?:tbd|tbc|to be (?:confirmed|decided|determined|advised)|not (?:yet )?(?:known|decided|assigned))\b/i;
const namesAnOption = (value: string, values: string[]): boolean => {
  const words = new Set(normaliseName(value).split(" "));
  return values.some((v) => words.has(normaliseName(v)));
};

function toOption(value: unknown, values: string[], ctx: CoerceContext): Coerced | undefined {
  if (typeof value !== "string" && typeof value !== "boolean" && typeof value !== "number") return undefined;
  if (typeof value === "string" && UNDECIDED.test(value) && !namesAnOption(value, values)) return undefined;
  const code = typeof value === "string" ? letterCode(value, values) : undefined;
  if (code) return code;
  const best = rankOptions(String(value), values, ctx.options)[0];
  return best && best.score >= 0.4 ? { value: best.value, factor: best.score } : undefined;
}

const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}|@[\w/]+)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}|@[\w/]+)?$/;

/** Key words that say how or in which unit a field is written, not which field: `dis_yn`, `inc_mo`, `age_yrs`. */
const FIELD_FORM_WORDS = new Set(["yn", "flag", "flg", "ind", "cd", "code", "mo", "mos", "mth", "mthly", "yr", "yrs", "usd", "amt"]);
/** Each word a key has beyond the field's (`full_name` for "name") costs this much. */
const EXTRA_KEY_WORD = 0.9;

const fieldWordMatch = (k: string, f: string): number =>
  Math.max(
    stemMatch(k, f),
    abbreviates(k, f) ? ABBREVIATION_MATCH : 0,
    englishSynonymsOf(f).some((s) => abbreviates(k, s)) ? ABBREVIATION_MATCH * SYNONYM_MATCH : 0,
  );

/**
 * How well a key of a nested record names a struct field: exactly, normalised, or word for word,
 * a word abbreviated or said by a synonym (`nm` name, `inc_mo` income, `yearsOld` age, `dis_yn`
 * disabled), periods and codes aside, a qualifier more (`full_name`) at a small cost.
 */
function fieldScore(key: string, field: string): number {
  if (key === field) return 1;
  if (normaliseName(key) === normaliseName(field)) return 0.97;
  // the words of another language that say the period (`einkommen_pro_monat`) name no field
  // nor do a key's words of period or of unit (`inkomen_pm_cent`, `ink_manad`): how the figure is written
  const a = contentStems(foreignPeriodOfKey(key)?.rest ?? key).filter(
    (s) => !PERIOD_STEMS.has(s) && !FIELD_FORM_WORDS.has(s) && periodOfKey(s) === undefined && !isUnitWord(s),
  );
  const b = contentStems(field).filter((s) => !PERIOD_STEMS.has(s));
  if (a.length === 0 || b.length === 0) return 0;
  const each = b.map((f) => Math.max(0, ...a.map((k) => fieldWordMatch(k, f))));
  if (each.some((x) => x === 0)) return 0;
  const extra = a.filter((k) => !b.some((f) => fieldWordMatch(k, f) > 0)).length;
  if (extra > 1) return 0;
  return 0.9 * Math.min(...each) * EXTRA_KEY_WORD ** extra;
}

/**
 * Keys of a date of birth: `dob`, `dateOfBirth`, `birth_date`, `born`; in the languages the
 * readers know, accents folded (`data_nascita`, `fecha_nacimiento`, `Geburtsdatum`).
 */
export const BIRTH_KEY =
  /\b(dob|birth|birthdate|born|nascita|nacimiento|naissance|geburt|geburtsdatum|geboren|geboortedatum|geboorte|nascimento|fodd|fodelsedatum|dogum|urodzenia|lahir)\b/;
/** An age counted from a record's date of birth: as of the day of reading, it may be a year off. */
export const FROM_BIRTH = 0.85;

/**
 * The age in whole years on `reference` of a person born on the date a value writes, only when
 * that date is certain (it reads one way) and before the reference; undefined otherwise.
 */
export function ageOnReference(v: unknown, type: Type, reference: string): number | undefined {
  if (typeof v !== "string") return undefined;
  const d = parseDateString(v, reference);
  if (!d?.exact || d.iso >= reference) return undefined;
  const age = yearsBetween(d.iso, reference);
  return withinBounds(type, age) ? age : undefined;
}

function ageFromBirth(
  entries: [string, unknown][],
  used: Set<string>,
  type: Type,
  reference: string,
): { k: string; age: number } | undefined {
  for (const [k, v] of entries) {
    if (used.has(k) || typeof v !== "string" || !BIRTH_KEY.test(normaliseName(k))) continue;
    const d = parseDateString(v, reference);
    if (!d?.exact || d.iso >= reference) continue;
    const age = ageOnReference(v, type, reference);
    return age === undefined ? undefined : { k, age };
  }
  return undefined;
}

/**
 * The period a record's amount is counted in: named in its key (`pension_per_year`), or stated by
 * a frequency key beside it that shares its other words (`inc_amt` with `inc_freq: "ANNUAL"`).
 */
function fieldSourcePeriod(entries: [string, unknown][], key: string): Period | undefined {
  // in words or a key's short word of period (`inc_yr_c`, `rent_pm`)
  const own = periodOfKey(key);
  if (own) return own;
  const words = normaliseName(key).split(" ");
  const beside = entries.filter(([k]) => {
    const w = normaliseName(k).split(" ");
    return k !== key && PERIOD_KEYS.has(w[w.length - 1]!) && w.slice(0, -1).every((x) => words.includes(x));
  });
  return beside.length === 1 ? periodBeside(Object.fromEntries(beside.map(([, v]) => ["period", v]))) : undefined;
}

/**
 * An age in months or weeks ("8 mths", "10 weeks") is a baby's or a toddler's: its whole years
 * completed, as an age is counted.
 */
const YOUNG_AGE = /^\s*(\d{1,3})\s*(months?|mths?|mos?|weeks?|wks?)(?:\s+old)?\s*$/i;
const BABY_AGE = 0.85;
function babyAge(value: unknown, type: Type): Coerced | undefined {
  const m = typeof value === "string" ? YOUNG_AGE.exec(value) : null;
  if (!m) return undefined;
  const years = Math.floor(Number(m[1]) / (/^w/i.test(m[2]!) ? 52 : 12));
  return withinBounds(type, years) ? { value: years, factor: BABY_AGE } : undefined;
}

/**
 * A record's yes/no field answered by what it is, not by yes or no ({"disability": "ACC long-term
 * incapacity"}, {"allergy": "penicillin"}): the fact is there. Not a word of doubt or of nothing
 * known ("unknown", "pending", "n/a"), which answers nothing, nor a denial, which coerce reads.
 */
const DESCRIBED = 0.6;
const NOT_KNOWN = /\?|\b(?:unknown|not known|not stated|n\/?a|tbc|tbd|pending|unsure|unclear|declined|refused|maybe|possibly|review)\b/i;
function describedFact(value: unknown): Coerced | undefined {
  if (typeof value !== "string" || NOT_KNOWN.test(value)) return undefined;
  const words = normaliseName(value)
    .split(" ")
    .filter((w) => /[a-z]/.test(w));
  if (words.length < 2 || DENIAL_FIRST.has(words[0]!) || NOT.has(words[0]!)) return undefined;
  return { value: true, factor: DESCRIBED };
}

/**
 * Keys of a name's parts, in the order they are written: given, then family; in the languages the
 * readers know too, where a word that alone may name the whole name (`nome`, `nombre`; French
 * `nom`) is a part only beside the other part's key (`cognome`, `apellidos`; `prenom`).
 */
const GIVEN_KEY =
  /^(first|given|fore)( name| nm| nme)?$|^(name|nm|nme) (first|given)$|^(fname|nome|nombre|prenom|vorname|voornaam|primeiro nome)$/;
const FAMILY_KEY =
  /^(last|family|sur)( name| nm| nme)?$|^(name|nm|nme) (last|family|sur)$|^(lname|surname|cognome|apellido|apellidos|nom|nom de famille|nachname|familienname|achternaam|sobrenome|apelido)$/;
/** A name put together from its parts reads a little less surely than one written whole. */
const NAME_IN_PARTS = 0.9;

function nameParts(entries: [string, unknown][], used: Set<string>): { name: string; keys: string[] } | undefined {
  const part = (re: RegExp) =>
    entries.find(([k, v]) => !used.has(k) && typeof v === "string" && v.trim() !== "" && re.test(normaliseName(k)));
  const given = part(GIVEN_KEY);
  const family = part(FAMILY_KEY);
  if (!given || !family) return undefined;
  return { name: `${(given[1] as string).trim()} ${(family[1] as string).trim()}`, keys: [given[0], family[0]] };
}

/** Keys this close to the best that name a field count as naming it as well. */
const NEAR_BEST = 0.15;

/**
 * The key of a record that best names a field: the highest score, unless the field asks a period
 * (a monthly income) and a key nearly as good states that very period (`reddito_mensile_lordo`
 * beside `reddito_2025_annuo`): the amount stated in the period asked is read as it stands.
 */
function bestField(entries: [string, unknown][], used: Set<string>, name: string, period: Period | undefined) {
  const ranked = entries
    .filter(([k]) => !used.has(k))
    .map(([k, v]) => ({ k, v, score: fieldScore(k, name) }))
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best || best.score === 0 || period === undefined || fieldSourcePeriod(entries, best.k) === period) return best;
  return ranked.find((r) => r.score > 0 && r.score >= best.score - NEAR_BEST && fieldSourcePeriod(entries, r.k) === period) ?? best;
}

function toStruct(value: unknown, fields: [string, Type][], ctx: CoerceContext): Coerced | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  const out = namedRecord<unknown>();
  const used = new Set<string>();
  let factor = 1;
  for (const [name, type] of fields) {
    const found = bestField(entries, used, name, ctx.fieldPeriods?.[name]);
    if ((!found || found.score === 0) && name === "age" && type.kind === "number") {
      // a record that gives the person's date of birth, not the age ({"dateOfBirth": "1988-07-19"})
      const birth = ageFromBirth(entries, used, type, ctx.reference);
      if (!birth) return undefined;
      used.add(birth.k);
      out[name] = birth.age;
      factor = Math.min(factor, FROM_BIRTH);
      continue;
    }
    // a record that gives the name in parts ({"first": "Zofia", "last": "Nowak"}, `givenName` and `familyName`)
    const parts = name === "name" && type.kind === "string" ? nameParts(entries, used) : undefined;
    if (parts && (!found || found.score === 0 || parts.keys.includes(found.k))) {
      parts.keys.forEach((k) => used.add(k));
      out[name] = parts.name;
      factor = Math.min(factor, NAME_IN_PARTS);
      continue;
    }
    if (!found || found.score === 0) return undefined;
    const period = ctx.fieldPeriods?.[name];
    const c =
      coerce(
        found.v,
        type,
        period ? { reference: ctx.reference, period, sourcePeriod: fieldSourcePeriod(entries, found.k) } : { reference: ctx.reference },
      ) ??
      (name === "age" && type.kind === "number" ? babyAge(found.v, type) : undefined) ??
      (type.kind === "boolean" ? describedFact(found.v) : undefined);
    if (!c) return undefined;
    used.add(found.k);
    // a field counted in cents or thousands by its key (`Income_monthly_cents`): in whole units
    const unit =
      type.kind === "number" && typeof c.value === "number"
        ? (unitOfFieldKey(found.k) ?? ctx.keyUnits?.get(normaliseName(found.k)))
        : undefined;
    if (unit !== undefined) [c.value, c.factor] = [roundFloat((c.value as number) * unit), c.factor * IN_KEY_UNIT];
    out[name] = c.value;
    // the record is as sure as its least sure field
    factor = Math.min(factor, c.factor * found.score);
  }
  return { value: out, factor };
}

/** A list read without the records that say they left: as sure as the reading of that flag. */
const DEPARTED_DROPPED = 0.9;

export function coerce(value: unknown, type: Type, ctx: CoerceContext): Coerced | undefined {
  if (value === null || value === undefined) return undefined;
  switch (type.kind) {
    case "number":
      return toNumber(value, type, ctx);
    case "boolean":
      return toBoolean(value, ctx);
    case "date":
      return toDate(value, ctx);
    case "choice":
    case "levels":
      return toOption(value, type.values, ctx);
    case "string":
      if (typeof value === "string") return { value, factor: 1 };
      return typeof value === "number" || typeof value === "boolean" ? { value: String(value), factor: 0.8 } : undefined;
    case "time":
      return typeof value === "string" && TIME.test(value.trim()) ? { value: value.trim(), factor: 1 } : undefined;
    case "date and time":
      return typeof value === "string" && DATE_TIME.test(value.trim()) ? { value: value.trim(), factor: 1 } : undefined;
    case "struct":
      return toStruct(value, type.fields, ctx);
    case "list": {
      const items = Array.isArray(value) ? value : [value];
      const out: unknown[] = [];
      let factor = Array.isArray(value) ? 1 : 0.7;
      for (const item of items) {
        // a person who moved out or died, kept in the export for history, is no member
        if (type.element.kind === "struct" && isRecord(item) && departed(item, ctx.reference)) {
          factor = Math.min(factor, DEPARTED_DROPPED);
          continue;
        }
        const c = coerce(item, type.element, ctx);
        if (!c) return undefined;
        out.push(c.value);
        factor = Math.min(factor, c.factor);
      }
      return { value: out, factor };
    }
    case "any":
    case "context":
      return { value, factor: 1 };
    default:
      return typeof value === "string" ? { value, factor: 0.8 } : undefined;
  }
}
