// Numeric literals hoisted by generated code carry their JSON form, so returning a literal output
// (the common case for tables) costs no decimal-to-number conversion per evaluation. The form is
// kept under a symbol on the (immutable) constant itself: one property read to find it.
import { isDecimal, type Decimal } from "./decimal.js";
import { num, toJson } from "./index.js";

const JSON_FORM = Symbol("json");

/** A numeric literal, carrying its JSON number. */
export function constNum(text: string): Decimal {
  const d = num(text);
  if (isDecimal(d)) (d as unknown as Record<symbol, unknown>)[JSON_FORM] = toJson(d);
  return d;
}

/** The JSON form of a value, using the carried form of a literal where there is one. */
export function toJsonFast(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v === undefined ? null : v;
  const known = (v as Record<symbol, unknown>)[JSON_FORM];
  return known !== undefined ? known : toJson(v as never);
}
