// What the writers of JSON of a fixed shape (a receipt, a billing view, a ledger entry's items, a
// usage) ask before writing a value's text themselves instead of walking it with JSON.stringify:
// whether an object has exactly the member names they write, and whether a string is one JSON
// writes between quotes as it is. Anything else goes to the general writers.

/** A string JSON writes between quotes as it is: nothing to escape, no surrogate to look at. */
// eslint-disable-next-line no-control-regex -- JSON escapes U+0000–U+001F: the test is for them
const NEEDS_LOOK = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Whether `s` is a string JSON.stringify writes as `"${s}"`. */
export const plainString = (s: unknown): s is string => typeof s === "string" && !NEEDS_LOOK.test(s);

/**
 * Whether `value` is a plain object (no class whose toJSON JSON.stringify would call) whose own
 * enumerable members are exactly `names`, in that order.
 */
export function hasMembers(value: unknown, names: readonly string[]): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const keys = Object.keys(value);
  if (keys.length !== names.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== names[i]) return false;
  return true;
}
