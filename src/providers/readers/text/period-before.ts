// The period a word beside an amount's cue gives the amount: "my monthly salary is 6,500",
// "salaire mensuel : 2 400", "mein monatliches Gehalt beträgt 3.100". The period word stands next
// to the cue word (before it in English and German, after it in the Romance languages), the
// amount after both in the same sentence, no other amount between. A table of data per language.
import { synonymsOf } from "../words.js";
import type { Period } from "../numbers.js";
import type { Cue } from "./cues.js";
import type { TextIndex } from "./text-index.js";

/** language → period → the adjectives that say it of a noun (inflected forms written out). */
export const PERIOD_ADJECTIVES: Record<string, Partial<Record<Period, string[]>>> = {
  en: { month: ["monthly"], year: ["annual", "yearly"], week: ["weekly"] },
  es: { month: ["mensual", "mensuales"], year: ["anual", "anuales"], week: ["semanal", "semanales"] },
  fr: { month: ["mensuel", "mensuelle", "mensuels", "mensuelles"], year: ["annuel", "annuelle", "annuels", "annuelles"] },
  de: {
    month: ["monatlich", "monatliche", "monatliches", "monatlicher", "monatlichen"],
    year: ["jährlich", "jährliche", "jährliches", "jährlicher", "jährlichen"],
    week: ["wöchentlich", "wöchentliche", "wöchentliches", "wöchentlichen"],
  },
  it: { month: ["mensile", "mensili"], year: ["annuo", "annua", "annui", "annuale", "annuali"], week: ["settimanale"] },
  pt: { month: ["mensal", "mensais"], year: ["anual", "anuais"], week: ["semanal"] },
  nl: { month: ["maandelijks", "maandelijkse"], year: ["jaarlijks", "jaarlijkse"], week: ["wekelijks", "wekelijkse"] },
  pl: { month: ["miesięczny", "miesięczna", "miesięczne", "miesięcznie"], year: ["roczny", "roczna", "roczne", "rocznie"] },
  sv: { month: ["månatlig", "månatliga"], year: ["årlig", "årliga"] },
  tr: { month: ["aylık", "ayda"], year: ["yıllık", "yılda"], week: ["haftalık"] },
  id: { month: ["bulanan"], year: ["tahunan"], week: ["mingguan"] },
  ja: { month: ["maitsuki", "getsugaku"], year: ["nenkan", "maitoshi"] },
};

const PERIOD_OF = new Map<string, Period>();
for (const periods of Object.values(PERIOD_ADJECTIVES))
  for (const [period, words] of Object.entries(periods) as [Period, string[]][]) for (const w of words) PERIOD_OF.set(w, period);

/** How far before the amount its cue word may stand, and how far from the cue its period word. */
const CUE_REACH = 6;
const ADJECTIVE_REACH = 2;

/** Per cue list: the stems that say it, synonyms included. */
const STEMS = new WeakMap<Cue[], Set<string>>();
function stemsOf(cues: Cue[]): Set<string> {
  let s = STEMS.get(cues);
  if (!s) STEMS.set(cues, (s = new Set(cues.flatMap((c) => [c.stem, ...synonymsOf(c.stem)]))));
  return s;
}

/** The period an adjective beside the amount's cue word gives the amount at token i, if any. */
export function periodBefore(index: TextIndex, cues: Cue[], i: number): Period | undefined {
  const { tokens } = index;
  const sentence = tokens[i]!.sentence;
  const stems = stemsOf(cues);
  const from = Math.max(index.sentenceFirst[sentence]!, i - CUE_REACH);
  for (let k = i - 1; k >= from; k--) {
    index.meter.steps++;
    const t = tokens[k]!;
    if (t.kind === "amount") return undefined;
    if (t.kind !== "word" || (!stems.has(t.stem) && !(t.concept !== undefined && stems.has(t.concept)))) continue;
    for (let d = -ADJECTIVE_REACH; d <= ADJECTIVE_REACH; d++) {
      const w = tokens[k + d];
      if (d === 0 || !w || w.sentence !== sentence || w.kind !== "word" || k + d >= i) continue;
      const period = PERIOD_OF.get(w.lower);
      if (period) return period;
    }
    return undefined;
  }
  return undefined;
}
