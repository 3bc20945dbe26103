// The certified loops over an input's list, on double-doubles (codegen/certified-dd-code.ts) or on
// doubles with a bound (codegen/certified-code.ts), reading the raw JSON items where the state holds
// them, as the decimals' raw paths do (runtime/raw-items.ts): a JSON number is read as the decimal
// the loader would make of it (`ddReadInput`, `certReadEntry`), without making it; any other item or
// field is converted alone, as converting the whole list converts it (the list converter maps the
// array item by item, runtime/json.ts), and read as before.
import { ddFold, ddRead, ddReadInput } from "./certified-dd.js";
import { certifiedError, certItem, certMember, certRead, certReadEntry } from "./certified.js";
import { isDecimal } from "./decimal.js";
import { problemsHeard } from "./problems.js";
import type { FeelValue } from "./values.js";

/** The conversion of one item of the list (runtime/json.ts itemConverter, hoisted by generated code). */
type ItemConverter = (json: unknown) => FeelValue;

/**
 * The raw JSON array of a list of numbers, or null: no array (null, another value, or FEEL values
 * given in place of a state: the FEEL value is read), or problems heard (the list is converted at
 * once then, and an item converted again would report its problem twice).
 */
export const ddRawList = (raw: unknown): readonly unknown[] | null => (Array.isArray(raw) && !problemsHeard() ? raw : null);

/** A raw item of a list of numbers: a JSON number read raw, anything else converted as the list converts it, then read by `ddRead`. */
export const ddReadItem = (x: unknown, item: ItemConverter): number => (typeof x === "number" ? ddReadInput(x) : ddRead(item(x)));

/**
 * Field `name` (declared at `slot`) of a raw item of a list of structs (a plain object, runtime
 * `rawArray`): the JSON number it holds read raw, else the field of the item converted alone.
 */
export function ddReadField(o: Record<string, unknown>, name: string, slot: number, item: ItemConverter): number {
  const x = Object.hasOwn(o, name) ? o[name] : undefined;
  return typeof x === "number" ? ddReadInput(x) : ddRead(certMember(item(o), slot, name) ?? null);
}

/** `ddReadItem` for the doubles with a bound: a raw item of a list of numbers, its bound in `certifiedError`. */
export const certReadItem = (x: unknown, item: ItemConverter): number => (typeof x === "number" ? certReadEntry(x) : certRead(item(x)));

/** `ddReadField` for the doubles with a bound: field `name` (at `slot`) of a raw item of a list of structs. */
export function certReadField(o: Record<string, unknown>, name: string, slot: number, item: ItemConverter): number {
  const x = Object.hasOwn(o, name) ? o[name] : undefined;
  return typeof x === "number" ? certReadEntry(x) : certRead(certMember(item(o), slot, name) ?? null);
}

/**
 * `certItem` (`l[p]`, p within `ep`) of an input's list read from its raw JSON array `raw` (null:
 * the FEEL list `l` is read): the index is taken only when the list's first item is a number (as
 * `certItem` requires of the converted list), and the item it picks is read as `certReadItem` reads it.
 */
export function certItemOf(raw: readonly unknown[] | null, l: FeelValue, p: number, ep: number, item: ItemConverter): number {
  if (raw === null) return certItem(l, p, ep);
  const first = raw[0];
  const n = raw.length;
  const at = p >= 1 && p <= n ? p - 1 : p <= -1 && p >= -n ? n + p : -1;
  if (ep !== 0 || at < 0 || !(typeof first === "number" ? first - first === 0 : isDecimal(item(first)))) return (certifiedError[0] = NaN);
  return certReadItem(raw[at], item);
}

/**
 * `sum(l.p)`, `min(l.p)` or `max(l.p)` of a list of structs on double-doubles (`ddFold`), each
 * item's field read where it is: a raw JSON item's (`raw`, runtime `rawArray`) by `ddReadField`,
 * else a FEEL item's entry (`certMember`, `ddRead`), as `ddSum` and `ddExtremeOf` would read the
 * projected list. The projection is not made, so nothing is charged: FEEL charges it only where it
 * walks the path (a branch it takes, or after the double-doubles declined). An empty list, or no
 * list, declines (FEEL's null).
 */
export function ddFieldAggregate(
  raw: readonly Record<string, unknown>[] | null,
  l: FeelValue,
  name: string,
  slot: number,
  item: ItemConverter,
  how: "sum" | "min" | "max",
): number {
  if (raw !== null) return ddFold(raw.length, (k) => ddReadField(raw[k]!, name, slot, item), how);
  const items = Array.isArray(l) ? l : [];
  return ddFold(items.length, (k) => ddRead(certMember(items[k], slot, name) ?? null), how);
}
