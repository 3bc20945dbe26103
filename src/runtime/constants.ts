// Numeric literals hoisted by generated code remember their JSON form, so returning a literal
// output (the common case for tables) costs no decimal-to-number conversion per evaluation.
import { isDecimal, type Decimal } from "./decimal.js";
import { num, toJson } from "./index.js";

const jsonOf = new WeakMap<object, unknown>();

/** A numeric literal, registered with its JSON number. */
export function constNum(text: string): Decimal {
  const d = num(text);
  if (isDecimal(d)) jsonOf.set(d, toJson(d));
  return d;
}

/** The JSON form of a value, using the remembered form of a literal where there is one. */
export function toJsonFast(v: unknown): unknown {
  if (typeof v === "object" && v !== null) {
    const known = jsonOf.get(v);
    if (known !== undefined) return known;
  }
  return toJson(v as never);
}
