// A text in Japanese, Chinese, Korean, Thai, Hebrew or Arabic read through the English words the
// readers' cues know: each word of the table (script-words.ts) is replaced by its English, wherever
// it stands in a run of CJK or Thai letters, and with its glued prefixes or particles in the other
// scripts; numbers as these languages write them ("3万2千", "1만 3천 8백", "九折", "٤٥٠", "２７５")
// by their digits; their dates ("2026年3月5日", "2026년 4월 21일", "5 มีนาคม 2569") as the date readers
// read them. One pass of one combined pattern over the text after a pass of one character for
// one: linear. What is read through it is read through a translation, and capped by the reader.
import {
  CJK_COUNTERS,
  CJK_DIGITS,
  LARGE_UNITS,
  SCRIPT_BOUNDS,
  SCRIPT_DENIALS,
  SCRIPT_MONTHS,
  SCRIPT_NUMERALS,
  SCRIPT_PAST_YEARS,
  SCRIPT_ZEROS,
  SMALL_UNITS,
} from "../script-grammar.js";
import { SCRIPT_WORDS } from "../script-words.js";
import { roundFloat } from "../numbers.js";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternation = (words: Iterable<string>): string =>
  [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|");

/** Each word of the tables, months among them, to the English it is read as (Armenian's capitals as its small letters). */
const ENGLISH_OF = new Map<string, string>();
const englishOfWord = (w: string): string | undefined => ENGLISH_OF.get(w.toLowerCase());
const wordsOf: Record<string, string[]> = {};
for (const [language, table] of Object.entries(SCRIPT_WORDS))
  for (const [english, words] of Object.entries(table))
    for (const w of words) {
      ENGLISH_OF.set(w.toLowerCase(), english);
      (wordsOf[language] ??= []).push(w);
    }
for (const [language, months] of Object.entries(SCRIPT_MONTHS))
  months.forEach((names, i) =>
    names.forEach((w) => {
      ENGLISH_OF.set(w.toLowerCase(), MONTHS[i]!);
      (wordsOf[language] ??= []).push(w);
    }),
  );
const THAI_MONTHS = alternation(SCRIPT_MONTHS.th!.flat());

/** The words of each script's languages as one alternative of the pattern, bounded as the script bounds a word. */
const LETTER = String.raw`[\p{L}\p{M}]`;
const wordSources = Object.entries(SCRIPT_BOUNDS).map(([language, b]) => {
  const words = alternation(wordsOf[language] ?? []);
  if (b.glued) return `(?:${words})`;
  const before = b.before ? `(?:${alternation(b.before)})?` : "";
  const after = b.after ? `(?:${alternation(b.after)})?` : "";
  return `(?<!${LETTER})${before}(?<w_${language}>${words})${after}(?!${LETTER})`;
});

/** A word of the table denied after it, with the particles between ("請求はありません", "사고는 없습니다"). */
const denialSources = Object.entries(SCRIPT_DENIALS).map(([language, d]) => {
  const bound = SCRIPT_BOUNDS[language]?.glued ? "" : `(?<!${LETTER})`;
  return `${bound}(?<d_${language}>${alternation(wordsOf[language] ?? [])})(?:${alternation(d.particles)})?\\s*(?:${alternation(d.denials)})`;
});

/** A number in Korean or Thai words before what it counts ("삼만 오천 달러", "สามหมื่นห้าพันดอลลาร์"). */
const numeralSources = Object.entries(SCRIPT_NUMERALS).map(([language, n]) => {
  const bound = SCRIPT_BOUNDS[language]?.glued ? "" : `(?<!${LETTER})`;
  const [digit, unit] = [alternation(Object.keys(n.digits)), alternation(Object.keys(n.units))];
  // a number whole, never its tail: not after a word of a range, nor after a digit or unit of its own
  return `${bound}(?<!(?:${alternation(n.ranges)})\\s?|${digit}|${unit})(?<n_${language}>(?:(?:${digit})?(?:${unit}) ?)+(?:${digit})?)(?= ?(?:${alternation(n.counters)}))`;
});

const DIGIT = Object.keys(CJK_DIGITS).join("");
const LARGE = Object.keys(LARGE_UNITS).join("");
const UNIT = `${Object.keys(SMALL_UNITS).join("")}${LARGE}`;
const COUNTER = alternation(CJK_COUNTERS);
/** A Korean unit glued to the word after it is no unit, but for a counter or a currency ("5만원", "1백석"). */
const NOT_A_WORD = `(?!(?!${COUNTER})[가-힣])`;

const PATTERN = [
  // years counted back from now: 過去5年間, 지난 5년간 (no count of years of their own)
  `(?<![가-힣])(?<past>(?:${alternation(SCRIPT_PAST_YEARS.before)})\\s*(?<pn>\\d+|[${DIGIT}${UNIT}]+)\\s*(?:${alternation(SCRIPT_PAST_YEARS.after)}))`,
  // a date, the year first: 2026年3月5日, 2026년 4월 21일, 2026年3月5号 (the particle of time after it,
  // "에", "に", says "on" before it)
  String.raw`(?<ymd>(?<y>\d{4})\s*[年년]\s*(?<m>\d{1,2})\s*[月월]\s*(?<d>\d{1,2})\s*[日일号號])(?<on>에|に)?`,
  // a date with no year, of the message's year: 3月5日, 4월 21일 (an era's year is read by the date readers)
  String.raw`(?<md>(?<![年년]\s*)(?<m2>\d{1,2})\s*[月월]\s*(?<d2>\d{1,2})\s*[日일号號])(?<on2>에|に)?`,
  String.raw`(?<era>(?:令和|平成|昭和)\s*(?:\d{1,2}|元)\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日)`,
  // a Thai month and its year of the Buddhist era (2569 is 2026)
  String.raw`(?<thm>${THAI_MONTHS})(?<be>\s*(?:พ\.ศ\.\s*)?\d{4}(?!\d))?`,
  // Chinese's share to pay: 九折 is 90 %, ten off; 八五折 85 %
  `(?<zhe>打?(?<z1>[${DIGIT}\\d])(?<z2>[${DIGIT}\\d])?折(?!扣))`,
  // a number with units of ten, a hundred, a thousand, ten thousand: 3万2千, 1만 3천 8백 50, 1250万8751, 1.2億
  // (begun at a run's first digit, and a unit's digits never right after digits, so that a long run of
  // digits with no unit is refused in time linear in its length)
  `(?<num>(?<!\\d)\\d+(?:\\.\\d+)?(?: ?(?:(?<!\\d)\\d+|[${DIGIT}]+)?[${UNIT}])+(?:(?<=[${UNIT}]) ?\\d+(?![\\d.,]))?${NOT_A_WORD})`,
  // in numerals alone, before what it counts: 两年, 十五人, 三千円
  `(?<cjk>[${DIGIT}${UNIT}]+(?=${COUNTER}))`,
  ...numeralSources,
  ...denialSources,
  ...wordSources,
].join("|");

/** How a language's numerals are read: its digit words, its units, the least unit that closes a group, and its pieces one at a time. */
interface Numerals {
  digits: Record<string, number>;
  units: Record<string, number>;
  closes: number;
  piece: RegExp;
}
const CJK: Numerals = { digits: CJK_DIGITS, units: { ...SMALL_UNITS, ...LARGE_UNITS }, closes: 1e4, piece: /\d+(?:\.\d+)?|\S/gu };
const WORDS: Record<string, Numerals> = Object.fromEntries(
  Object.entries(SCRIPT_NUMERALS).map(([language, n]) => [
    language,
    { ...n, piece: new RegExp(`${alternation([...Object.keys(n.digits), ...Object.keys(n.units)])}|\\S`, "gu") },
  ]),
);

/** The value of a number in numerals and units; digits may stand for a numeral ("3万2千"). */
function cjkNumber(written: string, numerals: Numerals = CJK): number | undefined {
  const { digits: DIGITS, units, closes } = numerals;
  let total = 0;
  let group = 0;
  let digits: number | undefined;
  let closed = Infinity;
  for (const m of written.matchAll(numerals.piece)) {
    const c = m[0];
    if (/^\d/.test(c)) digits = Number(c);
    else if (Object.hasOwn(DIGITS, c)) digits = (digits ?? 0) * 10 + DIGITS[c]!;
    else if (Object.hasOwn(units, c) && units[c]! < closes) {
      group += (digits ?? 1) * units[c]!;
      digits = undefined;
    } else if (Object.hasOwn(units, c)) {
      const scale = units[c]!;
      if (scale >= closed) return undefined;
      total += (group + (digits ?? 0) || 1) * scale;
      group = 0;
      digits = undefined;
      closed = scale;
    } else return undefined;
  }
  return roundFloat(total + group + (digits ?? 0));
}

/** Digits of other scripts as ASCII's (one character for one), and full-width punctuation as ASCII's, with a blank after a stop. */
const DIGITS = new RegExp(`[${SCRIPT_ZEROS.map((zero) => `${zero}-${String.fromCharCode(zero.charCodeAt(0) + 9)}`).join("")}]`, "gu");
const asciiDigit = (c: string): string => {
  const code = c.charCodeAt(0);
  const zero = SCRIPT_ZEROS.find((z) => code >= z.charCodeAt(0) && code <= z.charCodeAt(0) + 9)!;
  return String(code - zero.charCodeAt(0));
};
const PUNCTUATION: Record<string, string> = {
  "：": ": ",
  "、": ", ",
  "，": ", ",
  "。": ". ",
  "！": "! ",
  "？": "? ",
  "（": " (",
  "）": ") ",
  "％": "%",
  "・": " ",
  "「": " ",
  "」": " ",
  "『": " ",
  "』": " ",
  "،": ", ",
  "؟": "? ",
  "٪": "%",
  "٫": ".",
  "٬": ",",
  "\u05be": " ",
  "։": ". ",
  "।": ". ",
  "۔": ". ",
};
/** The combined pattern, and full-width punctuation after it. */
const GLOSSED = new RegExp(`${PATTERN}|(?<p>[${Object.keys(PUNCTUATION).join("")}])`, "giu");

/** Whether a text writes any character glossing reads. */
const SCRIPTS = /[\u0530-\u06ff\u0904-\u10ff\u1780-\u18af\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/;

/** A replaced stretch: where it is in the glossed text and where it was in the written one. */
interface Stretch {
  at: number;
  end: number;
  from: number;
  to: number;
}

export interface Glossed {
  text: string;
  /** whether a word, number or date of these languages was read through the tables */
  read: boolean;
  /** an offset of the glossed text as one of the written text: a stretch replaced maps to its start or end */
  original(offset: number, side: "start" | "end"): number;
}

/** The English a match is read as, or undefined to keep it. */
function englishOf(g: Record<string, string | undefined>, matched: string): string | undefined {
  if (g.ymd) return `${g.on ? "on " : ""}${g.y}-${g.m!.padStart(2, "0")}-${g.d!.padStart(2, "0")}`;
  if (g.md) return `${g.on2 ? "on " : ""}${MONTHS[Number(g.m2) - 1] ?? g.md} ${g.d2}`;
  if (g.era) return g.era;
  if (g.thm) {
    const year = g.be ? Number(g.be.replace(/\D/g, "")) : undefined;
    return `${englishOfWord(g.thm)}${year === undefined ? "" : ` ${year >= 2400 ? year - 543 : year}`}`;
  }
  if (g.zhe) {
    const pay = [g.z1, g.z2].filter((d) => d !== undefined).map((d) => (/\d/.test(d!) ? d : String(CJK_DIGITS[d!])));
    const share = Number(pay.join("")) * (pay.length === 1 ? 10 : 1);
    return share > 0 && share < 100 ? `${100 - share}% discount` : undefined;
  }
  if (g.past) {
    const years = cjkNumber(g.pn!);
    return years === undefined ? undefined : `in the last ${years} years`;
  }
  const inWords = Object.entries(g).find(([k, v]) => k.startsWith("n_") && v !== undefined);
  if (inWords) {
    const value = cjkNumber(inWords[1]!, WORDS[inWords[0].slice(2)]);
    return value === undefined ? undefined : String(value);
  }
  const denied = Object.entries(g).find(([k, v]) => k.startsWith("d_") && v !== undefined)?.[1];
  if (denied !== undefined) return `no ${englishOfWord(denied)}`;
  if (g.num ?? g.cjk) {
    const value = cjkNumber(g.num ?? g.cjk!);
    return value === undefined ? undefined : String(value);
  }
  const word = Object.entries(g).find(([k, v]) => k.startsWith("w_") && v !== undefined)?.[1] ?? matched;
  return englishOfWord(word);
}

/** `text` read through the tables of these languages' words, numbers and dates. */
export function glossed(written: string): Glossed {
  if (!SCRIPTS.test(written)) return { text: written, read: false, original: (offset) => offset };
  const text = written.replace(DIGITS, asciiDigit);
  const stretches: Stretch[] = [];
  // the glossed text in pieces, its length and its last character kept aside: reading a character
  // of a string built by appending would flatten it each time (quadratic)
  const out: string[] = [];
  let length = 0;
  let lastChar = " ";
  const write = (piece: string) => {
    if (piece === "") return;
    out.push(piece);
    length += piece.length;
    lastChar = piece[piece.length - 1]!;
  };
  let last = 0;
  // a word read is set apart by a blank on either side, unless one stands there; a stop or a
  // comma right after it stays there ("3 ოქტომბერს," is "3 October,", a date)
  const replace = (from: number, to: number, by: string, apart = false) => {
    write(text.slice(last, from));
    if (apart && /\S/.test(lastChar) && !(by.startsWith("-") && /\d/.test(lastChar))) write(" ");
    const at = length;
    write(by + (apart && /\S/.test(text[to] ?? " ") && !/[.,;:!?]/.test(text[to]!) ? " " : ""));
    stretches.push({ at, end: length, from, to });
    last = to;
  };
  let read = false;
  for (const m of text.matchAll(GLOSSED)) {
    const from = m.index;
    const to = from + m[0].length;
    if (m.groups!.p !== undefined) {
      replace(from, to, PUNCTUATION[m[0]]!);
      continue;
    }
    const english = englishOf(m.groups!, m[0]);
    if (english === undefined) continue;
    read = true;
    replace(from, to, english, true);
  }
  write(text.slice(last));
  const original = (offset: number, side: "start" | "end"): number => {
    let lo = 0;
    let hi = stretches.length - 1;
    let found: Stretch | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (stretches[mid]!.at <= offset) {
        found = stretches[mid];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (!found) return offset;
    if (offset < found.end || (offset === found.end && side === "end")) return side === "start" ? found.from : found.to;
    return offset - found.end + found.to;
  };
  return { text: out.join(""), read, original };
}
