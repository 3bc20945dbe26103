// A whole group's amount per period ("household income": the combined monthly income) summed
// over records that each state their own share under a key of their own: one member's
// `salary_annual` beside another's `income_monthly`, a member's `inc: {"m": 2800}`, or a list of
// income sources each naming its period (`gross_monthly`, `pension_monthly`). Each share is
// converted to the input's period before it is added; a share whose period is not stated stops
// the sum, as does a list with two fields naming the amount in one record.
import type { InputIR } from "../../ir/ir.js";
import { coerce, type CoerceContext } from "./coerce.js";
import { departed } from "./departed.js";
import { pathScore, type InputWords } from "./json-keys.js";
import { isRecord, type JsonNode } from "./json-walk.js";
import { roundFloat, type Period } from "./numbers.js";
import { contentStems, normaliseName, periodOfKey, stem } from "./words.js";

/** How well a key must name the summed field (`income`, `salary_annual`, `inkomen`). */
const FIELD_SCORE = 0.6;
/** A sum over records each read by its own key: less sure than one total, and never above 0.6. */
const MEMBER_SUM_FACTOR = 0.55;

/** Words of an amount in a listed record's key, under a list that names the field (`income_sources[].gross_monthly`). */
const AMOUNT_STEMS = new Set(["amount", "amt", "gross", "net", "value", "sum", "bedrag", "betrag", "montant", "importe"].map(stem));
/** Keys of the period a record's amount is stated for, beside it (`{"bedrag": 3100, "periode": "M"}`). */
const PERIOD_KEY = /^(period|periode|periodo|frequency|freq|per|basis|interval)$/;
/** One-letter period codes of an amount's key or of a period field (`{"m": 2800}`, `"periode": "M"`). */
const LETTER_PERIODS: Record<string, Period> = { m: "month", y: "year", a: "year", w: "week" };

const isFigure = (v: unknown): boolean => typeof v === "number" || (typeof v === "string" && /\d/.test(v) && /^[^a-z]*$/i.test(v.trim()));

/** The period a code stands for: in its own words ("monthly", "per maand"), as a letter, or by the document's legend of it. */
function periodOfCode(code: unknown, legends: Record<string, unknown>[]): Period | undefined {
  if (typeof code !== "string") return undefined;
  const said = periodOfKey(code);
  if (said) return said;
  for (const legend of legends) {
    const meaning = legend[code];
    if (typeof meaning === "string" && periodOfKey(meaning)) return periodOfKey(meaning);
  }
  return LETTER_PERIODS[code.trim().toLowerCase()];
}

/** An amount and the keys and period it is stated under, inside one record's field. */
interface Share {
  keys: string[];
  value: unknown;
  period: Period | undefined;
}

/**
 * The one figure of a field's value: the value itself, or the one figure of a record (`{"m": 2800}`,
 * `{"bedrag_cent": 310000, "periode": "M"}`); none when a period stated beside it is none known
 * (`"basis": "per project"`).
 */
export function shareOf(key: string, value: unknown, legends: Record<string, unknown>[]): Share | undefined {
  if (!isRecord(value)) return { keys: [key], value, period: periodOfKey(key) };
  const figures = Object.entries(value).filter(([, v]) => isFigure(v));
  if (figures.length !== 1) return undefined;
  const [inner, v] = figures[0]!;
  const beside = Object.entries(value).find(([k]) => PERIOD_KEY.test(normaliseName(k)));
  const stated = beside && periodOfCode(beside[1], legends);
  if (beside && !stated) return undefined;
  return { keys: [key, inner], value: v, period: periodOfKey(`${key} ${inner}`) ?? LETTER_PERIODS[inner.toLowerCase()] ?? stated };
}

/** Records of the document that explain codes (`periode_legenda: {"M": "per maand"}`). */
export const legendsOf = (nodes: JsonNode[]): Record<string, unknown>[] =>
  nodes
    .filter((n) => isRecord(n.value) && contentStems(n.keys.join(" ")).some((s) => LEGEND_STEMS.has(s)))
    .map((n) => n.value as Record<string, unknown>);
const LEGEND_STEMS = new Set(["legend", "legenda", "leyenda", "codes", "key", "glossary"].map(stem));

/**
 * The sum over one list of records of each record's share of the field the input names, each
 * converted to the input's period: only when exactly one list has two or more records stating a
 * share, every share's period is known, and no record states two.
 */
export function memberSum(
  input: InputIR,
  fieldWords: InputWords,
  nodes: JsonNode[],
  ctxOf: (keys: string[]) => CoerceContext,
  reference: string,
): { value: number; factor: number; pointer: string; raw: unknown } | undefined {
  const legends = legendsOf(nodes);
  const names = (k: string) => pathScore(fieldWords, [k]) >= FIELD_SCORE;
  const found: { value: number; factor: number; pointer: string; raw: unknown }[] = [];
  for (const list of nodes) {
    if (list.item || list.past || !Array.isArray(list.value) || list.value.length < 2 || !list.value.every(isRecord)) continue;
    const listKey = list.keys[list.keys.length - 1] ?? "";
    const listNames = names(listKey);
    let total = 0;
    let factor = 1;
    let shares = 0;
    let broken = false;
    for (const record of list.value as Record<string, unknown>[]) {
      if (departed(record, reference)) continue;
      const fields = Object.entries(record).filter(
        ([k, v]) =>
          names(k) ||
          (listNames && (isFigure(v) || isRecord(v)) && (periodOfKey(k) !== undefined || contentStems(k).some((s) => AMOUNT_STEMS.has(s)))),
      );
      if (fields.length > 1) broken = true;
      if (fields.length !== 1 || fields[0]![1] === null) continue;
      const share = shareOf(fields[0]![0], fields[0]![1], legends);
      const period = share?.period ?? periodOfKey(listKey);
      const ctx = share && ctxOf([listKey, ...share.keys]);
      if (!share || !ctx || (ctx.period !== undefined && period === undefined)) {
        broken = true;
        break;
      }
      const c = coerce(share.value, input.type, { ...ctx, sourcePeriod: period });
      if (!c || typeof c.value !== "number") {
        broken = true;
        break;
      }
      total += c.value;
      factor = Math.min(factor, c.factor);
      shares++;
    }
    if (!broken && shares >= 2)
      found.push({ value: roundFloat(total), factor: MEMBER_SUM_FACTOR * factor, pointer: list.pointer, raw: list.value });
  }
  return found.length === 1 ? found[0] : undefined;
}
