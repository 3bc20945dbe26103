// FEEL equality (DMN 1.5 10.3.2.2): deep for lists and contexts; `null = null` is true and
// null against a non-null value is false; values of different kinds are incomparable (null).
// Comparing lists and contexts is metered: a step per item or entry compared (budget.ts), so that
// comparing two lists that share their parts costs the parts as often as they are compared.
import { tick } from "./budget.js";
import { isDecimal, type Decimal } from "./decimal.js";
import { describe, kindOf } from "./kinds.js";
import { problem } from "./problems.js";
import { temporalEquals } from "./temporal/index.js";
import type { FeelContext, FeelRange, FeelValue, TemporalValue } from "./values.js";

/** Three-valued conjunction of element results: any false wins, then any null. */
function all(results: Iterable<boolean | null>): boolean | null {
  let unknown = false;
  for (const r of results) {
    if (r === false) return false;
    if (r === null) unknown = true;
  }
  return unknown ? null : true;
}

// A list or context is equal to itself: a value holds no NaN, nor anything else unequal to itself.

function listEquals(a: FeelValue[], b: FeelValue[]): boolean | null {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  let unknown = false;
  for (let i = 0; i < a.length; i++) {
    tick();
    const r = valueEquals(a[i]!, b[i]!);
    if (r === false) return false;
    if (r === null) unknown = true;
  }
  return unknown ? null : true;
}

function contextEquals(a: FeelContext, b: FeelContext): boolean | null {
  if (a === b) return true;
  if (a.entries.size !== b.entries.size) return false;
  for (const key of a.entries.keys()) if (!b.entries.has(key)) return false;
  let unknown = false;
  for (const key of a.entries.keys()) {
    tick();
    const r = valueEquals(a.get(key), b.get(key));
    if (r === false) return false;
    if (r === null) unknown = true;
  }
  return unknown ? null : true;
}

function rangeEquals(a: FeelRange, b: FeelRange): boolean | null {
  if (a.startIncluded !== b.startIncluded || a.endIncluded !== b.endIncluded) return false;
  if (a.nullEndpoints !== b.nullEndpoints || a.test !== b.test) return false;
  return all([valueEquals(a.start, b.start), valueEquals(a.end, b.end)]);
}

// Each entry takes its own kind's values and is only called with them, so the table stays loose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const byKind: Record<string, (a: any, b: any) => boolean | null> = {
  boolean: (a: boolean, b: boolean) => a === b,
  string: (a: string, b: string) => a === b,
  number: (a: Decimal, b: Decimal) => a.eq(b),
  list: listEquals,
  context: contextEquals,
  range: rangeEquals,
  function: (a, b) => (a === b ? true : null),
};

/** FEEL `=` without reporting: true, false, or null when the operands are incomparable. */
export function valueEquals(a: FeelValue, b: FeelValue): boolean | null {
  // the common cases first: two strings, two numbers
  if (typeof a === "string" && typeof b === "string") return a === b;
  if (isDecimal(a) && isDecimal(b)) return a.eq(b);
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  const ka = kindOf(a);
  const kb = kindOf(b);
  const same = byKind[ka];
  if (same) return ka === kb ? same(a, b) : null;
  // temporal: the temporal module decides which kinds compare (date vs date and time, ...)
  if (Object.hasOwn(byKind, kb)) return null;
  return temporalEquals(a as TemporalValue, b as TemporalValue);
}

export function eq(a: FeelValue, b: FeelValue): boolean | null {
  const r = valueEquals(a, b);
  if (r === null) problem(`cannot compare ${describe(a)} and ${describe(b)} for equality`);
  return r;
}

export function ne(a: FeelValue, b: FeelValue): boolean | null {
  const r = eq(a, b);
  return r === null ? null : !r;
}

/** `is(a, b)`: same kind and the same value, including the temporal representation. */
export function identical(a: FeelValue, b: FeelValue): boolean {
  if (a === null || b === null) return a === b;
  const ka = kindOf(a);
  if (ka !== kindOf(b)) return false;
  if (Object.hasOwn(byKind, ka)) return valueEquals(a, b) === true;
  const fa = a as unknown as Record<string, unknown>;
  const fb = b as unknown as Record<string, unknown>;
  return Object.keys(fa).every((k) => {
    const x = fa[k];
    const y = fb[k];
    return x instanceof Object && "eq" in x ? (x as Decimal).eq(y as Decimal) : x === y;
  });
}
