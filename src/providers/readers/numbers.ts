// Amounts as people write them: "$52,000", "52k", "USD 1.2m", "1,234.50", "12%", "twelve", with an
// optional period ("a month", "per year", "p.a."). Used on JSON strings (the whole string) and on
// text (every mention).
import { saidAsTime, spokenPair, type PairPart } from "./spoken-pairs.js";
import { FOREIGN_CURRENCIES, FOREIGN_CURRENCY_PARTITIVES, FOREIGN_NUMBERS, FOREIGN_WORDS } from "./foreign-words.js";
import { folded } from "./words.js";
import { frequencyAfter } from "./pay-frequencies.js";

/** How often an amount is paid: weekly, every two weeks, twice a month, monthly, yearly. */
export type Period = "week" | "fortnight" | "semimonth" | "month" | "quarter" | "year";

export interface Amount {
  value: number;
  currency?: string;
  /** the currency is a word of another language after the figure ("31.000 dollari") */
  currencyAfter?: boolean;
  percent: boolean;
  /** written with k/m/bn or thousand/million/billion */
  scaled: boolean;
  /** written in words ("twelve") */
  words: boolean;
  period?: Period;
}

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  grand: 1e3,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  million: 1e6,
  bn: 1e9,
  billion: 1e9,
  // German, Dutch and Scandinavian abbreviations: "1,2 Mio", "3 Mrd", "4 mln"
  mio: 1e6,
  mln: 1e6,
  mrd: 1e9,
  // South Asian scales: "1.8 lakh" (a hundred thousand), "2 crore" (ten million)
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lacs: 1e5,
  crore: 1e7,
  crores: 1e7,
  // Japanese counts in ten thousands and hundred millions: "350万" is 3,500,000, "1.2億" 120,000,000
  千: 1e3,
  万: 1e4,
  億: 1e8,
};

const CURRENCIES: Record<string, string> = {
  $: "USD",
  us$: "USD",
  usd: "USD",
  dollar: "USD",
  dollars: "USD",
  "€": "EUR",
  eur: "EUR",
  euro: "EUR",
  euros: "EUR",
  "£": "GBP",
  gbp: "GBP",
  pound: "GBP",
  pounds: "GBP",
  chf: "CHF",
  pln: "PLN",
  cad: "CAD",
  aud: "AUD",
  jpy: "JPY",
  円: "JPY",
  // the currencies of the languages glossed (text/glossed.ts): yuan, won, baht
  元: "CNY",
  人民币: "CNY",
  人民幣: "CNY",
  cny: "CNY",
  rmb: "CNY",
  원: "KRW",
  "₩": "KRW",
  krw: "KRW",
  บาท: "THB",
  "฿": "THB",
  thb: "THB",
  sek: "SEK",
  nok: "NOK",
  dkk: "DKK",
};

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  a_dozen: 12,
  dozen: 12,
};

/**
 * A period written after an amount, on the same line: "a month", "per year", "/mo", "monthly",
 * "p.a.", "/ qtr", also after the thing counted: "per seat per month", "/seat/yr", "a user annually".
 */
const PERIOD_AFTER =
  /^[ \t]*(?:(?:per|a|an|each|\/)[ \t]*(?:seat|user|licen[cs]e|unit|head|person|member)s?[ \t]*)?(?:(?:a|an|per|each|every|\/)[ \t]*(month|mo|quarter|qtr|year|yr|annum|week|wk)\b|(monthly|quarterly|annually|yearly|weekly|p\.?[ \t]?a\.?|pm)(?![a-z]))/i;

const PERIOD_WORDS: Record<string, Period> = {
  month: "month",
  mo: "month",
  monthly: "month",
  pm: "month",
  quarter: "quarter",
  qtr: "quarter",
  quarterly: "quarter",
  year: "year",
  yr: "year",
  annum: "year",
  annually: "year",
  yearly: "year",
  week: "week",
  wk: "week",
  weekly: "week",
};

/** The period written after an amount; in another language's words too unless `english` (a rate: "7 % par an" is no sum per year). */
export function periodAfter(rest: string, english = false): { period: Period; length: number } | undefined {
  const frequency = frequencyAfter(rest) ?? frequencyPastCurrency(rest);
  if (frequency) return frequency;
  const m = PERIOD_AFTER.exec(rest);
  if (!m) return english ? undefined : foreignPeriodAfter(rest);
  const word = (m[1] ?? m[2] ?? "").toLowerCase().replace(/[\s.]/g, "");
  const period = word === "pa" ? "year" : PERIOD_WORDS[word];
  return period ? { period, length: m[0].length } : undefined;
}

/** Each phrase of another language for "monthly" and "annual" ("miesięcznie", "al mes", "per år"), lower case → its period. */
const FOREIGN_PERIODS = new Map<string, Period>(
  Object.values(FOREIGN_WORDS).flatMap((words) => [
    ...(words.monthly ?? []).map((w): [string, Period] => [w.toLowerCase(), "month"]),
    ...(words.annual ?? []).map((w): [string, Period] => [w.toLowerCase(), "year"]),
  ]),
);
/** What a figure's gross or net is called after it, in the languages of the table ("brutto", "bruto", "lordi", "net"). */
const GROSS_OR_NET = ["brutto", "netto", "bruto", "neto", "brut", "net", "lordi", "netti"];
const alternatives = (words: Iterable<string>): string => [...words].sort((a, b) => b.length - a.length).join("|");
/** The word a language may put between a figure and its currency ("12.000 de dolari"), optional. */
const PARTITIVE = `(?:(?:${FOREIGN_CURRENCY_PARTITIVES.join("|")})[ \\t\u00a0])?`;
/**
 * A period written after an amount in another language, past the currency named after it and a
 * word for gross or net: "5 200 USD miesięcznie", "2.300 dólares al mes", "3 200 dollar i
 * månaden", "2 300 $ par mois", "4.100 € brutto monatlich". Only the table's phrases, whole words.
 */
const FOREIGN_PERIOD_AFTER = new RegExp(
  String.raw`^[ \t]*(?:(?:[$€£]|${PARTITIVE}(?:${alternatives(Object.values(FOREIGN_CURRENCIES).flat())}))[ \t]*)?(?:(?:${GROSS_OR_NET.join("|")})[ \t]+)?(${alternatives(FOREIGN_PERIODS.keys())})(?![\p{L}])`,
  "iu",
);

function foreignPeriodAfter(rest: string): { period: Period; length: number } | undefined {
  const m = FOREIGN_PERIOD_AFTER.exec(rest);
  const period = m && FOREIGN_PERIODS.get(m[1]!.toLowerCase());
  return period ? { period, length: m[0].length } : undefined;
}

const PER_YEAR: Record<Period, number> = { week: 52, fortnight: 26, semimonth: 24, month: 12, quarter: 4, year: 1 };

/** A currency named after a figure in another language ("2.300 dólares", "48.000 dollari", "1.200 Euro", "500 zł"). */
const FOREIGN_CURRENCY_AFTER = new RegExp(
  `^[ \\t\u00a0]?${PARTITIVE}(${alternatives(Object.values(FOREIGN_CURRENCIES).flat())})(?![\\p{L}])`,
  "iu",
);
const FOREIGN_CURRENCY_OF = new Map(
  Object.entries(FOREIGN_CURRENCIES).flatMap(([code, words]) => words.map((w) => [w.toLowerCase(), code] as const)),
);

/** The currency the text after a figure names in another language ("dollari" → USD), if any. */
export function foreignCurrencyAfter(rest: string): string | undefined {
  const m = FOREIGN_CURRENCY_AFTER.exec(rest.slice(0, 16));
  return m ? FOREIGN_CURRENCY_OF.get(m[1]!.toLowerCase()) : undefined;
}

/** How often a sum is paid, said past the currency named after it in another language ("2.000 Dollar alle zwei Wochen"). */
function frequencyPastCurrency(rest: string): { period: Period; length: number } | undefined {
  const currency = FOREIGN_CURRENCY_AFTER.exec(rest.slice(0, 16));
  const frequency = currency ? frequencyAfter(rest.slice(currency[0].length)) : undefined;
  return frequency && { period: frequency.period, length: currency![0].length + frequency.length };
}

/** Converts an amount per `from` into an amount per `to`. */
export const convertPeriod = (value: number, from: Period, to: Period): number => (value * PER_YEAR[from]) / PER_YEAR[to];

/**
 * One amount in text. Groups: currency before, digits, multiplier, percent, currency after.
 * Digits with thousands separators are taken whole, in US or European grouping ("1,234.56",
 * "1.234,56", or a space: "54 300", "1 420.00", or the Swiss apostrophe: "1'080.50"; a lone
 * "1.234" is a decimal), or in South Asian grouping ("2,50,000", "1,20,00,000": pairs of digits
 * above the last three). A scale letter in capitals is glued to its digits ("1.2M", "900K"),
 * so that "34 M" (a sex, a size) stays 34, and none before another letter of any script ("9 000 míľ" is miles); finance's "MM" and "BN" may stand apart ("$3 MM"). A bare 4-digit year stays a number (the readers mask
 * dates before they look at amounts).
 */
export const AMOUNT_SOURCE = String.raw`(?<cur1>US\$|USD|EUR|GBP|CHF|PLN|CAD|AUD|JPY|SEK|NOK|DKK|CNY|RMB|KRW|THB|\$|€|£|₩|฿)?\s?(?<num>[-−]?(?:\d{1,3}(?:\.\d{3})+,\d{1,2}(?!\d)|\d{1,3}(?:\.\d{3}){2,}(?![\d.,]\d)|\d{1,2}(?:,\d{2})+,\d{3}(?![\d,]\d)(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:['’]\d{3})+(?:\.\d+)?|\d{1,3}(?:[ \u00a0\u202f]\d{3})+[.,]\d{1,2}(?![\d.,]\d)|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d.,]\d|[ \u00a0\u202f]?\d)|\d+(?:\.\d+)?|\.\d+))(?<mult>(?:K|MM|MN|M|BN)(?!\p{L})|[ \t](?:MM|BN)(?![A-Za-z])|\s?(?:k|mm|mn|m|bn|thousand|million|billion|grand|[Mm]io|[Mm]ln|[Mm]rd|lakhs?|lacs?|crores?)(?!\p{L})|\s?[千万億])?(?:\s?(?<pct>%|percent(?![a-z])|per\s?cent(?![a-z])|pct(?![a-z])))?(?:\s?(?<cur2>USD|EUR|GBP|CHF|PLN|CAD|AUD|JPY|SEK|NOK|DKK|CNY|RMB|KRW|THB|dollars?|euros?|pounds?|円|元|人民[币幣]|원|บาท)(?![a-z]))?`;

/** European grouping ("1.234,56", "1.234.567"): dots group thousands, a comma marks the decimals. */
const EUROPEAN = /^[-−]?\d{1,3}(?:\.\d{3})+(?:,\d{1,2}|(?:\.\d{3})+)?$/;

/** The digits of a matched number as JavaScript reads them: "1,234.50" and "1.234,50" → "1234.50". */
const plainDigits = (num: string): string =>
  (EUROPEAN.test(num) && (num.includes(",") || num.split(".").length > 2)
    ? num.replace(/\./g, "").replace(",", ".")
    : /[ \u00a0\u202f]\d{3},\d{1,2}$/.test(num)
      ? num.replace(/[ \u00a0\u202f]/g, "").replace(",", ".")
      : num.replace(/[, '’\u00a0\u202f]/g, "")
  ).replace("−", "-");

export function amountFromMatch(m: RegExpExecArray): Amount {
  const g = m.groups ?? {};
  const digits = plainDigits(g.num ?? "");
  const mult = g.mult ? (MULTIPLIERS[g.mult.trim().toLowerCase()] ?? 1) : 1;
  const currencyWord = (g.cur1 ?? g.cur2)?.toLowerCase();
  return {
    value: roundFloat(Number(digits) * mult),
    currency: currencyWord ? CURRENCIES[currencyWord] : undefined,
    percent: g.pct !== undefined,
    scaled: g.mult !== undefined,
    words: false,
  };
}

/** 52000.00000000001 → 52000: multipliers must not leave float noise in values. */
export const roundFloat = (x: number): number => Number(x.toPrecision(15));

/** A number word's value; own keys only, so "constructor" is not one. */
const wordValue = (w: string): number | undefined => (Object.hasOwn(NUMBER_WORDS, w) ? NUMBER_WORDS[w] : undefined);

/** "twenty-five" → 25, "seven" → 7; undefined for other words. */
export function numberWord(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (!lower.includes("-")) return wordValue(lower);
  const parts = lower.split("-").map((p): PairPart | undefined => (p === "oh" ? null : wordValue(p)));
  if (parts.some((v) => v === undefined)) return undefined;
  const values = parts as PairPart[];
  // "forty-two" is tens and a digit; "three-forty", "seven-oh-eight" are figures said in pairs
  const compound = values.length === 2 && (values[0] ?? 0) >= 20 && (values[0] ?? 0) % 10 === 0 && (values[1] ?? 0) < 10;
  const pair = compound ? undefined : spokenPair(values);
  if (pair !== undefined) return pair;
  return values.includes(null) ? undefined : (values as number[]).reduce((a, b) => a + b, 0);
}

const SCALES: Record<string, number> = { thousand: 1e3, grand: 1e3, million: 1e6, billion: 1e9 };

type Part = "start" | "unit" | "teen" | "tens" | "compound" | "hundred" | "scale";

/** Which part of a number a word is, and which parts may come before it ("forty two", not "seven sixty"). */
function partOf(word: string): { part: Part; value: number } | undefined {
  if (word === "hundred") return { part: "hundred", value: 100 };
  if (Object.hasOwn(SCALES, word)) return { part: "scale", value: SCALES[word]! };
  const v = word === "dozen" ? undefined : numberWord(word);
  if (v === undefined) return undefined;
  return { part: word.includes("-") ? "compound" : v < 10 ? "unit" : v < 20 ? "teen" : v % 10 === 0 ? "tens" : "compound", value: v };
}

const MAY_FOLLOW: Record<Part, Part[]> = {
  unit: ["start", "hundred", "scale", "tens"],
  teen: ["start", "hundred", "scale"],
  tens: ["start", "hundred", "scale"],
  compound: ["start", "hundred", "scale"],
  // "thirty-four hundred" as "thirty four hundred": a compound of tens and a unit counts hundreds too
  hundred: ["unit", "teen", "compound"],
  scale: ["unit", "teen", "tens", "compound", "hundred"],
  start: [],
};

/** The next word, and whether a comma stands before it ("forty-two thousand, five hundred"). */
const NEXT_WORD = /(,?)[ \t]+([A-Za-z]+(?:-[A-Za-z]+)*)/y;
const CURRENCY_AFTER = /^[ \t]*(dollars?|usd|euros?|eur|pounds?|gbp)(?![a-z])/i;
const PERCENT_AFTER = /^[ \t]*(?:percent|per[ \t]?cent|pct|%)(?![a-z])/i;

/**
 * A number written in words from `start`, as long as it stays one number: "twelve thousand",
 * "eight thousand five hundred", "one hundred and twenty", "a million", with a currency word
 * after it ("dollars"). undefined unless it starts with a number word (or "a" before a scale).
 * Our own grammar, held by a property test over every number below a billion: compromise
 * 14.17 was tried and multiplies a million by the groups after it ("four million four hundred
 * forty-six thousand …" → 4,000,446,538).
 */
export function numberPhrase(text: string, start: number, first: string): { amount: Amount; end: number } | undefined {
  const words: { word: string; end: number; comma?: boolean }[] = [{ word: first.toLowerCase(), end: start + first.length }];
  for (NEXT_WORD.lastIndex = start + first.length; ;) {
    const m = NEXT_WORD.exec(text);
    if (!m || words.length > 24) break;
    words.push({ word: m[2]!.toLowerCase(), end: NEXT_WORD.lastIndex, comma: m[1] === "," });
  }
  let total = 0;
  let group = 0;
  let last: Part = "start";
  let end = -1;
  let scaled = false;
  let i = 0;
  if (
    (words[0]!.word === "a" || words[0]!.word === "an") &&
    words[1] &&
    ["hundred", "thousand", "million", "billion"].includes(words[1].word)
  ) {
    group = 1;
    last = "unit";
    i = 1;
  }
  // "half a million", "a quarter of a million": a share of one scale
  const share = words[0]!.word === "half" ? 0.5 : words[0]!.word === "quarter" ? 0.25 : 0;
  if (share > 0) {
    const at = words[0]!.word === "quarter" && words[1]?.word === "of" ? 2 : 1;
    if (!/^an?$/.test(words[at]?.word ?? "") || !["hundred", "thousand", "million", "billion"].includes(words[at + 1]?.word ?? ""))
      return undefined;
    group = share;
    last = "unit";
    i = at + 1;
  }
  // "seven sixty", "one twenty", "seven oh eight": a figure said in pairs, unless a number goes on after it
  const pair = i === 0 && share === 0 ? pairAt(text, start, words) : undefined;
  if (pair) return withUnitAfter(text, { value: pair.value, percent: false, scaled: false, words: true }, pair.end);
  for (; i < words.length; i++) {
    const w = words[i]!.word;
    // a comma goes on with the number only after a scale: "forty-two thousand, five hundred"
    if (words[i]!.comma && last !== "scale") break;
    if (w === "and" && (last === "hundred" || last === "scale") && words[i + 1] && partOf(words[i + 1]!.word)?.part !== "scale") continue;
    // "two and a half thousand", "three and a half": a half more of the group so far
    if (w === "and" && words[i + 1]?.word === "a" && words[i + 2]?.word === "half" && group > 0 && last !== "scale") {
      group += 0.5;
      end = words[i + 2]!.end;
      i += 2;
      continue;
    }
    const p = partOf(w);
    if (!p || !MAY_FOLLOW[p.part].includes(last)) break;
    // hundreds of a figure said in pairs ("three-forty hundred") are none
    if (p.part === "hundred" && last === "compound" && group >= 100) break;
    if (p.part === "hundred") group *= 100;
    else if (p.part === "scale") {
      total += group * p.value;
      group = 0;
      scaled = true;
    } else group += p.value;
    last = p.part;
    end = words[i]!.end;
  }
  if (end < 0) return undefined;
  return withUnitAfter(text, { value: total + group, percent: false, scaled, words: true }, end);
}

/** The figure said in pairs by the first words (two or three, no comma between), if no number word goes on after them and no time is said. */
function pairAt(
  text: string,
  start: number,
  words: { word: string; end: number; comma?: boolean }[],
): { value: number; end: number } | undefined {
  for (const n of [3, 2]) {
    const said = words.slice(0, n);
    if (said.length < n || said.slice(1).some((w) => w.comma)) continue;
    const parts = said.map((w): PairPart | undefined => (w.word === "oh" ? null : numberWord(w.word)));
    if (parts.some((v) => v === undefined)) continue;
    const value = spokenPair(parts as PairPart[]);
    const after = words[n];
    if (value === undefined || (after && !after.comma && partOf(after.word))) continue;
    const end = said[n - 1]!.end;
    return saidAsTime(text, start, end) ? undefined : { value, end };
  }
  return undefined;
}

/** The amount with a currency or percent word after it ("dollars", "percent"), and where it ends. */
function withUnitAfter(text: string, amount: Amount, at: number): { amount: Amount; end: number } {
  let end = at;
  const currency = CURRENCY_AFTER.exec(text.slice(end, end + 12));
  const percent = PERCENT_AFTER.exec(text.slice(end, end + 12));
  if (currency) {
    amount.currency = CURRENCIES[currency[1]!.toLowerCase()];
    end += currency[0].length;
  } else if (percent) {
    amount.percent = true;
    end += percent[0].length;
  }
  return { amount, end };
}

/** A number word as looked up: accents folded, lower case, Turkish's dotless ı as i ("ALTI" is "altı"). */
const numberKey = (w: string): string => folded(w).toLowerCase().replace(/ı/g, "i");

/** "tre", "drei", "trois" → 3: a number from one to twelve in another language, accents folded. */
const FOREIGN_NUMBER = new Map(
  Object.values(FOREIGN_NUMBERS).flatMap((words) => words.flatMap((w, i) => (w === "" ? [] : [[numberKey(w), i + 1] as const]))),
);

/** The whole string as an amount ("$1,234.50", "52k", "12 %", "4,000 a month"), or undefined. */
export function parseAmount(text: string): Amount | undefined {
  // a dollar named by its country's letters ("NZ$31,200", "C$6,800", "A$", "HK$") is a dollar amount
  const s = text.trim().replace(/^[A-Z]{1,3}\$/, "$");
  const word = numberWord(s) ?? FOREIGN_NUMBER.get(numberKey(s));
  if (word !== undefined) return { value: word, percent: false, scaled: false, words: true };
  const re = new RegExp(`^${AMOUNT_SOURCE}`, "iu");
  const m = re.exec(s);
  if (!m || m[0].trim() === "") return undefined;
  const amount = amountFromMatch(m as RegExpExecArray);
  // money has two decimals: "USD 54.000" groups thousands, as the text reader reads it too
  const g = m.groups ?? {};
  if ((g.cur1 ?? g.cur2) && !g.mult && !g.pct && /^\d{1,3}\.\d{3}$/.test(g.num ?? "")) amount.value = Math.round(amount.value * 1000);
  let rest = s.slice(m[0].length);
  const period = periodAfter(rest);
  if (period) {
    amount.period = period.period;
    rest = rest.slice(period.length);
  }
  return rest.trim() === "" && Number.isFinite(amount.value) ? amount : undefined;
}
