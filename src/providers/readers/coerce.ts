// Coercion of a JSON value to an input's type, with the confidence it costs: 1 when the value
// already has the type, less for each liberty taken ("42" → 42, "yes" → true, "3 Jan 2026" → a date,
// a choice met through its meaning). undefined when the value cannot be read as that type.
import type { Type } from "../../ir/types.js";
import { parseDateString } from "./dates.js";
import { convertPeriod, parseAmount, roundFloat, type Period } from "./numbers.js";
import {
  ABBREVIATION_MATCH,
  abbreviates,
  contentStems,
  normaliseName,
  PERIOD_STEMS,
  stemMatch,
  SYNONYM_MATCH,
  synonymsOf,
} from "./words.js";
import { namedRecord } from "../../runtime/json.js";

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
  reference: string;
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
};

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

function toNumber(value: unknown, type: Type, ctx: CoerceContext): Coerced | undefined {
  let x: number;
  let factor = 1;
  let period = ctx.sourcePeriod;
  if (typeof value === "number") x = value;
  else if (typeof value === "string" && NONE_WORDS.test(value)) {
    // "claims_last_5yrs": "none": a form's answer that there is nothing to count
    x = 0;
    factor = 0.85;
  } else if (typeof value === "string") {
    const a = parseAmount(value);
    if (!a) return undefined;
    x = a.percent && holdsFractions(type) ? roundFloat(a.value / 100) : a.value;
    period = a.period ?? period;
    factor = /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? 0.95 : 0.9;
  } else if (value && typeof value === "object" && !Array.isArray(value)) {
    // {"amount": 52000, "currency": "USD"}: a value wrapped with its unit
    const o = value as Record<string, unknown>;
    const inner = ["amount", "value", "number", "total"].find((k) => Object.hasOwn(o, k));
    if (!inner) return undefined;
    const c = toNumber(o[inner], type, ctx);
    return c && { value: c.value, factor: c.factor * 0.9 };
  } else return undefined;
  if (period && ctx.period && period !== ctx.period) {
    x = roundFloat(convertPeriod(x, period, ctx.period));
    factor *= 0.8;
  }
  return Number.isFinite(x) && withinBounds(type, x) ? { value: x, factor } : undefined;
}

function toBoolean(value: unknown): Coerced | undefined {
  if (typeof value === "boolean") return { value, factor: 1 };
  if (typeof value === "number" && (value === 0 || value === 1)) return { value: value === 1, factor: 0.85 };
  if (typeof value !== "string") return undefined;
  const b = BOOLEAN_WORDS[value.trim().toLowerCase()];
  return b === undefined ? undefined : { value: b, factor: 0.95 };
}

function toDate(value: unknown, ctx: CoerceContext): Coerced | undefined {
  if (typeof value !== "string") return undefined;
  const d = parseDateString(value, ctx.reference);
  return d && { value: d.iso, factor: d.exact ? 1 : 0.9 };
}

/** A value's word against an option's: the same stem, a synonym, or an abbreviation of either ("corp", "fin"). */
const wordMatch = (w: string, t: string): number =>
  Math.max(
    stemMatch(w, t),
    w.length >= 3 && abbreviates(w, t) ? ABBREVIATION_MATCH : 0,
    w.length >= 3 && synonymsOf(t).some((s) => abbreviates(w, s)) ? ABBREVIATION_MATCH * SYNONYM_MATCH : 0,
  );

/** An option's name said among words that name no other option ("part-time employed", "FT employed"). */
const NAMED_AMONG_WORDS = 0.75;

/** Ranked options for a phrase: the option's own name first, then the words of its meaning. */
function rankOptions(phrase: string, values: string[], options: Record<string, string> = {}): { value: string; score: number }[] {
  const norm = normaliseName(phrase);
  const stems = contentStems(phrase);
  // the option's name among other words ("part-time employed"), no word of another option's name or meaning among them
  const named = (v: string, names: string[]) =>
    names.length > 0 &&
    names.every((n) => stems.includes(n)) &&
    !values.some(
      (o) => o !== v && [...contentStems(o), ...contentStems(options[o] ?? "")].some((w) => !names.includes(w) && stems.includes(w)),
    );
  const ranked = values.map((v) => {
    if (v === phrase) return { value: v, score: 1 };
    if (normaliseName(v) === norm) return { value: v, score: 0.95 };
    const names = contentStems(v);
    const meaning = contentStems(options[v] ?? "");
    const overlap = (target: string[]) =>
      target.length === 0 || stems.length === 0
        ? 0
        : stems.reduce((s, w) => s + Math.max(0, ...target.map((t) => wordMatch(w, t))), 0) / stems.length;
    return { value: v, score: Math.max(0.85 * overlap(names), 0.7 * overlap(meaning), named(v, names) ? NAMED_AMONG_WORDS : 0) };
  });
  return ranked.sort((a, b) => b.score - a.score);
}

function toOption(value: unknown, values: string[], ctx: CoerceContext): Coerced | undefined {
  if (typeof value !== "string" && typeof value !== "boolean" && typeof value !== "number") return undefined;
  const best = rankOptions(String(value), values, ctx.options)[0];
  return best && best.score >= 0.4 ? { value: best.value, factor: best.score } : undefined;
}

const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}|@[\w/]+)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}|@[\w/]+)?$/;

/** How well a key of a nested record names a struct field: exactly, normalised, or word for word (periods aside: "monthlyIncome" is "income"). */
function fieldScore(key: string, field: string): number {
  if (key === field) return 1;
  if (normaliseName(key) === normaliseName(field)) return 0.97;
  const a = contentStems(key).filter((s) => !PERIOD_STEMS.has(s));
  const b = contentStems(field).filter((s) => !PERIOD_STEMS.has(s));
  if (a.length === 0 || b.length === 0) return 0;
  const covers = (x: string[], y: string[]) => x.every((s) => y.some((t) => stemMatch(s, t) > 0));
  return covers(a, b) && covers(b, a) ? 0.9 : 0;
}

function toStruct(value: unknown, fields: [string, Type][], ctx: CoerceContext): Coerced | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  const out = namedRecord<unknown>();
  let factor = 1;
  for (const [name, type] of fields) {
    const found = entries.map(([k, v]) => ({ v, score: fieldScore(k, name) })).sort((a, b) => b.score - a.score)[0];
    if (!found || found.score === 0) return undefined;
    const c = coerce(found.v, type, { reference: ctx.reference });
    if (!c) return undefined;
    out[name] = c.value;
    factor *= c.factor * found.score;
  }
  return { value: out, factor };
}

export function coerce(value: unknown, type: Type, ctx: CoerceContext): Coerced | undefined {
  if (value === null || value === undefined) return undefined;
  switch (type.kind) {
    case "number":
      return toNumber(value, type, ctx);
    case "boolean":
      return toBoolean(value);
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
