// How often a sum is paid when that is neither a month nor a year: every two weeks (26 times a
// year: "paid biweekly", "$2,150 a fortnight", "alle zwei Wochen", "om de twee weken") and twice a
// month (24 times: "semi-monthly", "twice a month"). A table of data per language, whole phrases;
// "quincenal" and "quinzenal" are left out, since they say a fortnight in one country and half a
// month in another.
import type { Period } from "./numbers.js";

/** Periods that are paid more often than monthly and less than weekly. */
type Frequency = Extract<Period, "fortnight" | "semimonth">;

/** A payday named by its weekday: "paid every other Friday" is paid every two weeks. */
const EVERY_OTHER_WEEKDAY = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].flatMap((day) => [
  `every other ${day}`,
  `every second ${day}`,
]);

/** language → frequency → the phrases that say it, lower case. */
export const FREQUENCY_PHRASES: Record<string, Partial<Record<Frequency, string[]>>> = {
  en: {
    fortnight: [
      "every two weeks",
      "every 2 weeks",
      "every second week",
      "every other week",
      "once every two weeks",
      "biweekly",
      "bi-weekly",
      "bi weekly",
      "fortnightly",
      "a fortnight",
      "per fortnight",
      "each fortnight",
      "every fortnight",
      ...EVERY_OTHER_WEEKDAY,
    ],
    semimonth: ["semi-monthly", "semimonthly", "semi monthly", "twice a month", "twice monthly", "twice per month"],
  },
  es: { fortnight: ["cada dos semanas", "cada 2 semanas"], semimonth: ["dos veces al mes"] },
  fr: {
    fortnight: ["toutes les deux semaines", "toutes les 2 semaines", "tous les quinze jours", "tous les 15 jours", "par quinzaine"],
    semimonth: ["deux fois par mois"],
  },
  de: {
    fortnight: ["alle zwei wochen", "alle 2 wochen", "zweiwöchentlich", "vierzehntägig", "14-tägig", "alle vierzehn tage", "alle 14 tage"],
    semimonth: ["zweimal im monat", "zweimal monatlich", "halbmonatlich"],
  },
  it: { fortnight: ["ogni due settimane", "ogni 2 settimane"], semimonth: ["due volte al mese"] },
  pt: {
    fortnight: ["a cada duas semanas", "cada duas semanas", "a cada 2 semanas"],
    semimonth: ["duas vezes por mês", "duas vezes ao mês"],
  },
  nl: {
    fortnight: ["om de twee weken", "om de 2 weken", "tweewekelijks", "per twee weken", "elke twee weken"],
    semimonth: ["twee keer per maand"],
  },
  pl: { fortnight: ["co dwa tygodnie", "co 2 tygodnie"], semimonth: ["dwa razy w miesiącu"] },
  sv: { fortnight: ["varannan vecka", "var fjortonde dag"], semimonth: ["två gånger i månaden"] },
  ro: { fortnight: ["la două săptămâni", "la fiecare două săptămâni", "la 2 săptămâni"], semimonth: ["de două ori pe lună"] },
  el: { fortnight: ["κάθε δύο εβδομάδες", "κάθε 2 εβδομάδες", "ανά δεκαπενθήμερο"] },
};

const PHRASES: [string, Frequency][] = Object.values(FREQUENCY_PHRASES)
  .flatMap((byFrequency) =>
    Object.entries(byFrequency).flatMap(([f, phrases]) => phrases.map((p): [string, Frequency] => [p, f as Frequency])),
  )
  .sort((a, b) => b[0].length - a[0].length);
const FREQUENCY_OF = new Map(PHRASES.map(([p, f]) => [p, f]));
const escaped = (p: string): string => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "[ \\t]+");
const ALTERNATIVES = PHRASES.map(([p]) => escaped(p)).join("|");

/** A phrase right after an amount, past a word for gross or net: "$2,150 gross every two weeks". */
const AFTER = new RegExp(
  String.raw`^[ \t]*(?:(?:gross|net|before tax|after tax|brutto|netto|bruto|neto|brut|lordi|netti)[ \t]+)?(${ALTERNATIVES})(?![\p{L}\p{N}])`,
  "iu",
);
/** A phrase anywhere, whole words. */
const ANYWHERE = new RegExp(String.raw`(?<![\p{L}\p{N}])(${ALTERNATIVES})(?![\p{L}\p{N}])`, "iu");

const frequencyOf = (phrase: string): Frequency | undefined => FREQUENCY_OF.get(phrase.toLowerCase().replace(/[ \t]+/g, " "));

/** The frequency written right after an amount, and how many characters it takes. */
export function frequencyAfter(rest: string): { period: Frequency; length: number } | undefined {
  const m = AFTER.exec(rest);
  const period = m ? frequencyOf(m[1]!) : undefined;
  return period && { period, length: m![0].length };
}

const EVERYWHERE = new RegExp(ANYWHERE.source, "giu");

/** The last frequency a text states, and where it ends ("I get paid every two weeks, it's …"). */
export function lastFrequencyIn(text: string): { period: Frequency; end: number } | undefined {
  let last: { period: Frequency; end: number } | undefined;
  for (const m of text.matchAll(EVERYWHERE)) {
    const period = frequencyOf(m[1]!);
    if (period) last = { period, end: m.index + m[0].length };
  }
  return last;
}

/** The first frequency a text states, if any ("I get paid every two weeks"). */
export function frequencyIn(text: string): Frequency | undefined {
  const m = ANYWHERE.exec(text);
  return m ? frequencyOf(m[1]!) : undefined;
}

/** Every frequency a text states ("paid biweekly" … "every two weeks": one). */
export const frequenciesIn = (text: string): Set<Frequency> =>
  new Set([...text.matchAll(EVERYWHERE)].flatMap((m) => frequencyOf(m[1]!) ?? []));
