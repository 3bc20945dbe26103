// An input declared as a list of structs, read from its raw JSON array without converting it whole
// (codegen/raw-items.ts): its length, one item converted alone, or one declared field of each item.
// Each gives what the same step on the converted list gives: the list converter maps the array
// item by item (runtime/json.ts), so item i of the list is the conversion of item i of the array.
import { field, listIndex } from "./access.js";
import { charge, CONTAINER_SIZE, madeList, tick } from "./budget.js";
import { countOf } from "./builtins/list.js";
import { chargeItems } from "./builtins/metering.js";
import { finite } from "./arithmetic.js";
import { Decimal, isDecimal } from "./decimal.js";
import { POW10, SAFE, scaleOfDouble, upscale } from "./decimal-scaled.js";
import { numberFromJson } from "./json.js";
import type { FeelValue } from "./values.js";

/** The conversion of one item of the list (runtime/json.ts itemConverter, hoisted by generated code). */
type ItemConverter = (json: unknown) => FeelValue;

/**
 * Whether a raw item is a plain object whose fields generated code may read by name: made by
 * JSON.parse or an object literal (prototype Object.prototype or none), so that `o["age"]` is the
 * entry a FEEL context of it holds, not an array's `length` or a class's getter.
 */
function isPlainObject(j: unknown): j is Record<string, unknown> {
  if (typeof j !== "object" || j === null) return false;
  const proto: unknown = Object.getPrototypeOf(j);
  return proto === Object.prototype || proto === null;
}

/**
 * The raw JSON array of an input when it has items and every item is a plain object, or
 * null: not an array, no raw value (the input was given as FEEL values), an empty array (which
 * converts at no cost and lets the FEEL path decide what a filter of no items gives), or an item
 * of another kind. Testers then read fields from each item by name without checking it again.
 */
export function rawArray(raw: unknown): readonly Record<string, unknown>[] | null {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  for (let i = 0; i < raw.length; i++) if (!isPlainObject(raw[i])) return null;
  return raw as Record<string, unknown>[];
}

/**
 * `raw` is an array each of whose items converts as it is to an item of a list of `kind` (a
 * number, string or boolean of that kind, a finite number, or null): converting it gives a list
 * of as many items, whose `count` is the array's length.
 */
export function plainArray(raw: unknown, kind: "number" | "string" | "boolean"): raw is unknown[] {
  if (!Array.isArray(raw)) return false;
  for (let i = 0; i < raw.length; i++) {
    const x: unknown = raw[i];
    if (x !== null && (typeof x !== kind || (kind === "number" && (x as number) - (x as number) !== 0))) return false;
  }
  return true;
}

/** `count(l)` of the list converted from `raw`: as many items as the array, charged as `count` charges them. */
export const rawCount = (raw: readonly unknown[]): Decimal => countOf(raw.length);

/**
 * Item i of the list converted from `raw`: the converted list's item when the list was converted
 * already (`feel`, undefined until then), else item i of the array converted alone.
 */
export const rawItemValue = (raw: readonly unknown[], feel: FeelValue | undefined, i: number, item: ItemConverter): FeelValue =>
  feel !== undefined ? (feel as FeelValue[])[i]! : item(raw[i]);

/**
 * `l[r]` where `r` is the condition's result on the first item of the list converted from `raw`
 * (filterOther): the 0-based position of the item a number picks, -1 when it picks none (out of
 * range, the filter is null), undefined when `r` is no number (the filter is then filterOther's).
 */
export const rawPosition = (raw: readonly unknown[], r: FeelValue): number | undefined =>
  isDecimal(r) ? (listIndex(raw.length, r) ?? -1) : undefined;

/** The kinds of declared field a projection reads raw: a JSON value whose typeof names the kind is converted as the struct converter does. */
export type ProjectedKind = "number" | "boolean" | "string";

/**
 * Field `name` of a raw item (a plain object) as the struct converter reads it, when it holds a
 * JSON value of the declared kind `kind` (a finite number): undefined otherwise, for the caller to
 * read it from the converted item.
 */
export function rawField(o: Record<string, unknown>, name: string, kind: ProjectedKind): FeelValue | undefined {
  const x = Object.hasOwn(o, name) ? o[name] : undefined;
  if (typeof x !== kind) return undefined;
  return typeof x === "number" ? (x - x === 0 ? numberFromJson(x) : undefined) : (x as FeelValue);
}

/** Field `name` of a raw item (a plain object) when it holds a finite JSON number, else undefined: for certified doubles (certReadEntry). */
export function rawDouble(o: Record<string, unknown>, name: string): number | undefined {
  const x = Object.hasOwn(o, name) ? o[name] : undefined;
  return typeof x === "number" && x - x === 0 ? x : undefined;
}

/** A kept item whose field is read once its filter's loop is done (`projected`). */
class Unread {
  constructor(readonly item: FeelValue) {}
}

export const unread = (item: FeelValue): Unread => new Unread(item);

/**
 * `.f` (field `name` at declared position `slot`) of a filter's kept items, gathered by its loop:
 * a field read from a raw item already, or an item to read it from, in order, as `field` reads a
 * list (a step an item).
 */
export function projected(kept: (FeelValue | Unread)[], slot: number, name: string): FeelValue[] {
  tick(kept.length);
  for (let i = 0; i < kept.length; i++) {
    const x = kept[i];
    if (x instanceof Unread) kept[i] = field(x.item, slot, name);
  }
  return kept as FeelValue[];
}

/**
 * `l.f` for the field `name` a struct declares at position `slot`, of kind `kind`, over the list
 * converted from `raw`: each item's field read from its JSON object when it holds a value of that
 * kind (a finite number; every item is a plain object, rawArray), else from the item converted alone (by `item`). `convert` gives the converted list,
 * which is read instead when there is no raw array or the list was converted already (`feel`).
 */
export function rawProject(
  raw: readonly Record<string, unknown>[] | null,
  feel: FeelValue | undefined,
  convert: () => FeelValue,
  item: ItemConverter,
  slot: number,
  name: string,
  kind: ProjectedKind,
): FeelValue {
  if (raw === null || feel !== undefined) return field(convert(), slot, name);
  // a step per item, as `field` charges over the converted list
  tick(raw.length);
  const out: FeelValue[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const o = raw[i]!;
    const x = Object.hasOwn(o, name) ? o[name] : undefined;
    if (typeof x === kind && (typeof x !== "number" || x - x === 0)) out[i] = typeof x === "number" ? numberFromJson(x) : (x as FeelValue);
    else out[i] = field(item(raw[i]), slot, name);
  }
  return out;
}

/**
 * The sum of `n` JSON values read by `at`, as Decimal.sum adds their decimals, when each is a
 * number whose decimal is scaled (m × 10^-k, json.ts readNumber) and each partial sum stays a safe
 * integer at the larger scale: the sum kept unboxed as that integer and scale, the same steps
 * Decimal.sum takes, so the same value at the same scale, one decimal made. Null otherwise.
 */
function scaledSum(n: number, at: (i: number) => unknown): Decimal | null {
  let m = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const x = at(i);
    if (typeof x !== "number") return null;
    const xk = scaleOfDouble(x);
    if (xk < 0) return null;
    const xm = xk === 0 ? x : Math.round(x * POW10[xk]!);
    const kk = k > xk ? k : xk;
    const r = (k === kk ? m : upscale(m, kk - k)) + (xk === kk ? xm : upscale(xm, kk - xk));
    if (!(Math.abs(r) <= SAFE)) return null; // NaN when a side left the safe range
    m = r;
    k = kk;
  }
  return Decimal.scaled(m, k);
}

/** `sum` or `mean` (with `mean`) of `n` numbers summed, as the built-ins finish them. */
const summed = (sum: Decimal, n: number, mean: boolean): FeelValue => (mean ? finite(sum.div(n), "mean") : finite(sum, "sum"));

/** The aggregates rawAggregate works out from the doubles: `min` (-1), `max` (1), `sum`, `mean`. */
export type RawAggregation = -1 | 1 | "sum" | "mean";

/**
 * `min(l.f)` (sign -1) or `max(l.f)` (sign 1) of the finite JSON numbers of a raw array's field:
 * the extreme found among the doubles and only it made a decimal. A JSON number x reads as a
 * decimal that reads back as x, a function of x alone (json.ts readNumber), so the map keeps the
 * order of doubles and makes equal doubles, 0 and -0 among them, one decimal (docs/numbers.md): the
 * least double gives the least decimal. Undefined where an item's field is no finite number.
 */
function extremeOfDoubles(raw: readonly Record<string, unknown>[], name: string, sign: 1 | -1): FeelValue | undefined {
  let best = 0;
  for (let i = 0; i < raw.length; i++) {
    const o = raw[i]!;
    const x = Object.hasOwn(o, name) ? o[name] : undefined;
    if (typeof x !== "number" || x - x !== 0) return undefined;
    if (i === 0 || (x - best) * sign > 0) best = x;
  }
  return numberFromJson(best);
}

/** `sum(l.f)` or `mean(l.f)` (with `mean`) of a raw array's field: scaledSum's, undefined where it declines. */
function sumOfDoubles(raw: readonly Record<string, unknown>[], name: string, mean: boolean): FeelValue | undefined {
  const sum = scaledSum(raw.length, (i) => {
    const o = raw[i]!;
    return Object.hasOwn(o, name) ? o[name] : undefined;
  });
  return sum === null ? undefined : summed(sum, raw.length, mean);
}

/**
 * `min`, `max`, `sum` or `mean` (`how`) of `l.f`, a number field projected raw, worked out from the
 * JSON doubles of the raw array where they decide it (extremeOfDoubles, sumOfDoubles), charged the
 * steps of the projection and of the aggregate over its list; otherwise `aggregate` (the
 * built-in's direct call) of `rawProject`'s list, from the start. `made`: the aggregate of a loop
 * that makes that list (`for x in l return x.f`), whose list counts toward the size as it is made.
 */
export function rawAggregate(
  raw: readonly Record<string, unknown>[] | null,
  feel: FeelValue | undefined,
  convert: () => FeelValue,
  item: ItemConverter,
  slot: number,
  name: string,
  how: RawAggregation,
  aggregate: (list: FeelValue) => FeelValue,
  made = false,
): FeelValue {
  if (raw !== null && feel === undefined) {
    const value = how === "sum" || how === "mean" ? sumOfDoubles(raw, name, how === "mean") : extremeOfDoubles(raw, name, how);
    if (value !== undefined) {
      tick(raw.length);
      if (made) charge(CONTAINER_SIZE + raw.length);
      chargeItems(raw.length);
      return value;
    }
  }
  const list = rawProject(raw, feel, convert, item, slot, name, "number");
  return aggregate(made && Array.isArray(list) ? madeList(list) : list);
}

/**
 * `sum(l[c].f)` (or `mean` with `mean`) of the fields a filter's loop kept (codegen/filter.ts
 * sumFold): the raw JSON double of a kept item's field (rawDouble), or the item to read it from.
 * Every one a double: the sum of scaledSum; otherwise `aggregate` (the built-in's direct call) of
 * the list `projected` makes of them, each double read as its decimal.
 */
export function keptSum(
  kept: (number | Unread)[],
  slot: number,
  name: string,
  mean: boolean,
  aggregate: (list: FeelValue) => FeelValue,
): FeelValue {
  const sum = kept.length === 0 ? null : scaledSum(kept.length, (i) => kept[i]);
  if (sum !== null) {
    tick(kept.length);
    chargeItems(kept.length);
    return summed(sum, kept.length, mean);
  }
  const list: (FeelValue | Unread)[] = kept.map((x) => (typeof x === "number" ? numberFromJson(x) : x));
  return aggregate(projected(list, slot, name));
}
