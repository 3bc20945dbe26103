// The JSON text of a charge's line items, as its ledger entry stores it: JSON.stringify(items),
// written from the items' fields, whose names are fixed (kind, description, quantity, unit, rate,
// amount), instead of walked by JSON.stringify quoting every name on every charge (1.0 µs for a
// System One charge's two items, against 0.3 µs here). An item with a member more or less, in
// another order, a string to escape or a number JSON writes as null is written by JSON.stringify.
import { hasMembers, plainString as plain } from "../compiler/fixed-json.js";
import type { LineItem } from "./types.js";

/** The members of a line item, in the order pricing writes them. */
const MEMBERS = ["kind", "description", "quantity", "unit", "rate", "amount"] as const;

/** A number JSON.stringify writes as ECMAScript's Number::toString does: a finite one. */
const finite = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);

/** `{"kind":…,…}` of one item of the fixed shape, or undefined for any other. */
function itemText(item: LineItem): string | undefined {
  if (!hasMembers(item, MEMBERS)) return undefined;
  const { kind, description, quantity, unit, rate, amount } = item;
  if (!plain(kind) || !plain(description) || !plain(unit) || !finite(quantity) || !finite(rate) || !finite(amount)) return undefined;
  return `{"kind":"${kind}","description":"${description}","quantity":${quantity},"unit":"${unit}","rate":${rate},"amount":${amount}}`;
}

/** JSON.stringify(items). */
export function itemsText(items: readonly LineItem[]): string {
  if (!Array.isArray(items) || Object.getPrototypeOf(items) !== Array.prototype) return JSON.stringify(items);
  let out = "[";
  for (let i = 0; i < items.length; i++) {
    const text = Object.hasOwn(items, i) ? itemText(items[i]!) : undefined;
    if (text === undefined) return JSON.stringify(items);
    out += i > 0 ? `,${text}` : text;
  }
  return `${out}]`;
}
