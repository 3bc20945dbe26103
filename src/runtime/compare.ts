// FEEL ordering (`<`, `<=`, `>`, `>=`): numbers, strings (by code point), and the temporal
// kinds the temporal module orders. Anything else, or a mix of kinds, is incomparable (null).
import type { Decimal } from "./decimal.js";
import { describe, isTemporalKind, kindOf } from "./kinds.js";
import { problem } from "./problems.js";
import { temporalCompare } from "./temporal/index.js";
import type { FeelValue, TemporalValue } from "./values.js";

/** Compares strings by Unicode code point, not UTF-16 unit (they differ above U+FFFF). */
export function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** -1/0/1, or null when the values are not ordered against each other. No reporting. */
export function compareValues(a: FeelValue, b: FeelValue): number | null {
  if (a === null || b === null) return null;
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka === "number" && kb === "number") return (a as Decimal).cmp(b as Decimal);
  if (ka === "string" && kb === "string") return compareStrings(a as string, b as string);
  if (isTemporalKind(ka) && isTemporalKind(kb)) return temporalCompare(a as TemporalValue, b as TemporalValue);
  return null;
}

function ordered(test: (c: number) => boolean, op: string) {
  return (a: FeelValue, b: FeelValue): boolean | null => {
    if (a === null || b === null) return null;
    const c = compareValues(a, b);
    if (c === null) return problem(`cannot compare ${describe(a)} ${op} ${describe(b)}`);
    return test(c);
  };
}

export const lt = ordered((c) => c < 0, "<");
export const le = ordered((c) => c <= 0, "<=");
export const gt = ordered((c) => c > 0, ">");
export const ge = ordered((c) => c >= 0, ">=");
