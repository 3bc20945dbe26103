// FEEL ordering (`<`, `<=`, `>`, `>=`): numbers, strings (by code point), and the temporal
// kinds the temporal module orders. Anything else, or a mix of kinds, is incomparable (null).
import { isDecimal, type Decimal } from "./decimal.js";
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

/** The general case: null propagates, incomparable kinds are null plus a problem. */
function ordered(a: FeelValue, b: FeelValue, op: string): number | null {
  if (a === null || b === null) return null;
  const c = compareValues(a, b);
  return c === null ? problem(`cannot compare ${describe(a)} ${op} ${describe(b)}`) : c;
}

// Each operator tests for two numbers itself, so every call site stays monomorphic.
export function lt(a: FeelValue, b: FeelValue): boolean | null {
  if (isDecimal(a) && isDecimal(b)) return a.cmp(b) < 0;
  const c = ordered(a, b, "<");
  return c === null ? null : c < 0;
}
export function le(a: FeelValue, b: FeelValue): boolean | null {
  if (isDecimal(a) && isDecimal(b)) return a.cmp(b) <= 0;
  const c = ordered(a, b, "<=");
  return c === null ? null : c <= 0;
}
export function gt(a: FeelValue, b: FeelValue): boolean | null {
  if (isDecimal(a) && isDecimal(b)) return a.cmp(b) > 0;
  const c = ordered(a, b, ">");
  return c === null ? null : c > 0;
}
export function ge(a: FeelValue, b: FeelValue): boolean | null {
  if (isDecimal(a) && isDecimal(b)) return a.cmp(b) >= 0;
  const c = ordered(a, b, ">=");
  return c === null ? null : c >= 0;
}
