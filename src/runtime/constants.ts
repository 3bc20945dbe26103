// Numeric literals hoisted by generated code, and the JSON form of a decision's value on the hot
// path: a number converts in one division (decimal.ts's scaled form), strings and booleans are
// themselves, and anything else takes the general conversion.
import { isDecimal, type Decimal } from "./decimal.js";
import { num, toJson } from "./index.js";

/** A numeric literal. */
export const constNum = (text: string): Decimal => num(text) as Decimal;

/** The JSON form of a value (`toJson` without options), cheapest cases first. */
export function toJsonFast(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v === undefined ? null : v;
  if (isDecimal(v)) {
    const n = v.toNumber();
    if (Number.isFinite(n)) return n || 0; // FEEL has no negative zero
  }
  return toJson(v as never);
}
