// A computed number as the double a table column's raw tests compare (codegen/fast-tests.ts and
// the index, codegen/table-lookup.ts), for columns whose value is worked out by FEEL code rather
// than read from the JSON state (optimise/specialise.ts).
//
// x = the value's `toNumber()`, the double nearest the decimal V. Each literal L such a test
// compares with is the shortest form of its double d (optimise/exact-number.ts). Rounding to the
// nearest double is monotone, so x < d gives V < L (V ≥ L would give x ≥ d) and x > d gives V > L:
// the tests decide as FEEL does, except when x = d, where V may lie on either side of L or on it.
// That case is settled here: x is answered only when V is exactly the decimal the loader reads
// from x, which is L (docs/numbers.md, "JSON numbers compared as doubles"); otherwise nothing, and
// the tests take the FEEL path, which compares the decimals.
import { isDecimal } from "./decimal.js";
import { numberFromJson } from "./json.js";
import type { FeelValue } from "./values.js";

/** The doubles of the literals a column's tests compare with. */
export const numberSet = (values: readonly number[]): ReadonlySet<number> => new Set(values);

/** The double the column's raw tests may compare for the value v, or undefined when they may not. */
export function columnDouble(v: FeelValue, literals: ReadonlySet<number>): number | undefined {
  if (!isDecimal(v)) return undefined;
  const x = v.toNumber();
  // an integer whose double is a safe integer is that double exactly (a count, a sum of whole outputs)
  if ((Number.isSafeInteger(x) && v.isInteger()) || !literals.has(x)) return x;
  const read = numberFromJson(x);
  return isDecimal(read) && v.eq(read) ? x : undefined;
}

/**
 * A number's nearest double, NaN for anything else: compared with another double it decides the
 * decimals' order wherever the two doubles differ (raw item testers, codegen/raw-items.ts).
 */
export const nearestDouble = (v: FeelValue): number => (isDecimal(v) ? v.toNumber() : NaN);
