// Amounts whose unit a key beside them or a note of the document names, not their own key: a
// payment API's `{"value": "125050", "unit": "cents"}`, a sheet's `"unite_montants": "milliers de
// USD (kUSD)"` over rows of bare figures. What one such unit is worth in whole units; the figures
// are read in whole units, less surely than a key's own word says it (a note may not reach every
// figure). Linear in the document.
import { isRecord } from "./json-walk.js";
import { roundFloat } from "./numbers.js";
import { normaliseName } from "./words.js";

/** Words naming a unit of amounts, by what one is worth in whole units, in the languages the readers know. */
const UNIT_NAMES = new Map<string, number>([
  ...["cents", "cent", "cts", "pence", "minor", "centimes", "centesimi", "centavos", "cêntimos", "centimos", "rappen"].map(
    (w): [string, number] => [w, 0.01],
  ),
  // as the exports of other languages name them once accents are folded (`importe_centimos`, `tutar_kurus`, `kwota_groszy`)
  ...["centavo", "centimo", "kurus", "kurush", "groszy", "grosz", "ore"].map((w): [string, number] => [w, 0.01]),
  ...[
    "thousands",
    "thousand",
    "k",
    "000s",
    "kusd",
    "keur",
    "kgbp",
    "kchf",
    "milliers",
    "millier",
    "tausend",
    "migliaia",
    "duizend",
    "duizenden",
    "miles",
    "milhares",
  ].map((w): [string, number] => [w, 1000]),
]);
/** Whether a word of a key names a unit of amounts (`inkomen_pm_cent`): how the field is written, not which. */
export const isUnitWord = (word: string): boolean => UNIT_NAMES.has(word);

/** Words of a key whose value names the unit of amounts. */
const UNIT_KEYS = new Set([
  "unit",
  "units",
  "unite",
  "unité",
  "unites",
  "unités",
  "einheit",
  "unita",
  "unità",
  "eenheid",
  "unidad",
  "unidade",
  "scale",
  "denomination",
  "amounts in",
  "in",
]);

/** Words saying a note is of amounts: a unit of another thing (`"unit": "days"`) is no unit of money. */
const AMOUNT_WORDS = /(amount|montant|betr[aä]g|import|bedrag|valor|figure|money|sum|usd|eur|gbp|chf)/i;

/** The one unit a string names, if it names exactly one kind ("milliers de USD (kUSD)" is thousands). */
function unitNamed(text: string): number | undefined {
  const found = new Set<number>();
  for (const w of text.toLowerCase().split(/[^a-z0-9à-ÿ]+/)) {
    const u = UNIT_NAMES.get(w);
    if (u !== undefined) found.add(u);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * The unit a record field's key names after its first word (`Income_monthly_cents`, `inc_k`): what
 * one of the field's figures is worth in whole units.
 */
export function unitOfFieldKey(key: string): number | undefined {
  for (const w of normaliseName(key).split(" ").slice(1)) {
    const u = UNIT_NAMES.get(w);
    if (u !== undefined) return u;
  }
  return undefined;
}

const namesUnit = (key: string): boolean =>
  normaliseName(key)
    .split(" ")
    .some((w) => UNIT_KEYS.has(w));

/** The unit a wrapped amount's key beside it names (`{"value": "125050", "unit": "cents"}`), and that key. */
export function unitBeside(o: Record<string, unknown>): { key: string; unit: number } | undefined {
  for (const [k, v] of Object.entries(o))
    if (typeof v === "string" && namesUnit(k)) {
      const unit = unitNamed(v);
      return unit === undefined ? undefined : { key: k, unit };
    }
  return undefined;
}

/** Keys of a wrapped amount's figure. */
const FIGURE_KEYS = ["amount", "value", "total", "number", "amt"];
/** A figure written bare, as a number or in digits only. */
const BARE = /^\s*-?\d+(?:\.\d+)?\s*$/;

/**
 * An amount wrapped with the unit it is counted in (`{"value": "125050", "unit": "cents",
 * "currency": "USD"}`, `{"amount": 54000, "unit": "cents", "per": "seat/year"}`): its figure in
 * whole units, the unit's key dropped, the rest beside it kept.
 */
function inWholeUnits(o: Record<string, unknown>): Record<string, unknown> | undefined {
  const keyed = keyedByUnit(o);
  if (keyed !== undefined) return keyed;
  const figure = FIGURE_KEYS.find((k) => typeof o[k] === "number" || (typeof o[k] === "string" && BARE.test(o[k] as string)));
  const named = figure === undefined ? undefined : unitBeside(o);
  if (named === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (k !== named.key) out[k] = k === figure ? roundFloat(Number(v) * named.unit) : v;
  return out;
}

/** How many minor units make a whole one, by a key beside them (`"minor_per_major": 100`). */
const PER_MAJOR = /^(minor|cents?) (per|in) (major|unit|dollar|euro)$/;
const bareNumber = (v: unknown): number | undefined =>
  typeof v === "number" ? v : typeof v === "string" && BARE.test(v) ? Number(v) : undefined;

/**
 * An amount under the key of its unit alone (`{"minor": 215000, "ccy": "USD", "minor_per_major":
 * 100}`, `{"cents": "4500"}`): the figure in whole units under `amount`, the unit's keys dropped. A
 * ratio beside it gives the unit's worth (`minor_per_major`); one that is not a whole number
 * above 1 says no unit.
 */
function keyedByUnit(o: Record<string, unknown>): Record<string, unknown> | undefined {
  if (Object.hasOwn(o, "amount")) return undefined;
  const keys = Object.keys(o).filter((k) => UNIT_NAMES.has(normaliseName(k)) && bareNumber(o[k]) !== undefined);
  if (keys.length !== 1) return undefined;
  const key = keys[0]!;
  const ratioKey = Object.keys(o).find((k) => PER_MAJOR.test(normaliseName(k)));
  const ratio = ratioKey === undefined ? undefined : bareNumber(o[ratioKey]);
  if (ratioKey !== undefined && (ratio === undefined || !Number.isInteger(ratio) || ratio <= 1)) return undefined;
  const unit = ratio !== undefined ? 1 / ratio : UNIT_NAMES.get(normaliseName(key))!;
  const out: Record<string, unknown> = { amount: roundFloat(bareNumber(o[key])! * unit) };
  for (const [k, v] of Object.entries(o)) if (k !== key && k !== ratioKey) out[k] = v;
  return out;
}

function rewrite(v: unknown): unknown {
  if (Array.isArray(v)) {
    const items = v.map(rewrite);
    return items.every((x, i) => x === v[i]) ? v : items;
  }
  if (!isRecord(v)) return v;
  const entries = Object.entries(v).map(([k, x]): [string, unknown] => [k, rewrite(x)]);
  const same = entries.every(([k, x]) => x === v[k]);
  const o = same ? v : Object.fromEntries(entries);
  return inWholeUnits(o) ?? o;
}

/** The document with its amounts wrapped with a unit read in whole units; a document with none as it is. Linear in it. */
export const withUnitsApplied = (root: unknown): unknown => rewrite(root);

/**
 * The unit a document's note names for its amounts (`"unite_montants": "milliers de USD (kUSD)"`,
 * `"amounts_unit": "thousands"`): a key of a unit, outside any list, whose value names one. Two
 * notes naming different units name none.
 */
export function documentUnit(root: unknown): number | undefined {
  const found = new Set<number>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!isRecord(v)) continue;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === "string" && namesUnit(k) && AMOUNT_WORDS.test(`${k} ${x}`)) {
        const u = unitNamed(x);
        if (u !== undefined) found.add(u);
      } else if (isRecord(x)) stack.push(x);
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Words of a key under which a document explains its other keys: `_legend`, `field_notes`, `data_dictionary`. */
const LEGEND_KEYS = new Set(
  "legend legends glossary dictionary dict definitions notes note fields field columns schema meta metadata data readme".split(" "),
);

/**
 * The units a document's legend gives its keys: a record under a key of a legend (`_legend`,
 * `field_notes`) whose entry for a key describes it in words naming one unit (`"rent_c": "rent in
 * cents (USD)"`, `"turnover": "annual, USD thousands"`): by the key's normalised name, what one of
 * its figures is worth in whole units, as the key's own word would say it. Linear in the document.
 */
export function legendUnits(root: unknown): Map<string, number> {
  const out = new Map<string, number>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    if (!isRecord(v)) continue;
    for (const [k, x] of Object.entries(v)) {
      const legend =
        isRecord(x) &&
        normaliseName(k)
          .split(" ")
          .every((w) => LEGEND_KEYS.has(w));
      if (!legend) {
        if (typeof x === "object" && x !== null) stack.push(x);
        continue;
      }
      for (const [described, text] of Object.entries(x)) {
        const unit = typeof text === "string" ? unitNamed(text) : undefined;
        if (unit !== undefined) out.set(normaliseName(described), unit);
      }
    }
  }
  return out;
}
