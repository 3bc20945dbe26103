// Values as keys: a string two values share exactly when FEEL `=` says they are equal, so that
// distinct values, union and mode find equal items by hashing instead of comparing every pair.
// Numbers, strings, booleans, null and lists of them have a key; other values (dates and times,
// contexts, ranges, functions, lists holding one) have none and are compared with `=`, one step
// per comparison. A value with a key never equals one without: somewhere they hold items of
// different kinds, which FEEL does not find equal.
import { tick } from "./budget.js";
import { isDecimal } from "./decimal.js";
import { valueEquals } from "./equality.js";
import type { FeelValue } from "./values.js";

/** The key of `v`, or undefined when it has none. Its work is the value's expanded size. */
export function valueKey(v: FeelValue): string | undefined {
  if (v === null || v === undefined) return "n";
  if (typeof v === "string") return `s${v}`;
  if (typeof v === "boolean") return v ? "t" : "f";
  // a number's plain digits without trailing zeros: 1, 1.0 and 1.00 are one number
  if (isDecimal(v)) return v.isZero() ? "d0" : `d${v.toString()}`;
  if (!Array.isArray(v)) return undefined;
  // each item's key after its length: unambiguous, and as long as the keys (an escaping encoding
  // such as JSON's would double its backslashes at every level of nesting)
  let key = `l${v.length}`;
  for (const x of v) {
    const k = valueKey(x);
    if (k === undefined) return undefined;
    key += `:${k.length}:${k}`;
  }
  return key;
}

/**
 * Groups equal items, in order of first appearance: each group's first item and how many items
 * are equal to it (distinct values, union and mode).
 */
export function groupEqual(items: readonly FeelValue[]): { value: FeelValue; count: number }[] {
  const groups: { value: FeelValue; count: number }[] = [];
  const byKey = new Map<string, { value: FeelValue; count: number }>();
  const unkeyed: { value: FeelValue; count: number }[] = [];
  for (const x of items) {
    const k = valueKey(x);
    let group = k === undefined ? undefined : byKey.get(k);
    if (k === undefined) {
      // compared with each group kept so far that has no key
      tick(unkeyed.length);
      group = unkeyed.find((g) => valueEquals(g.value, x) === true);
    }
    if (group) group.count++;
    else {
      group = { value: x, count: 1 };
      groups.push(group);
      if (k === undefined) unkeyed.push(group);
      else byKey.set(k, group);
    }
  }
  return groups;
}
