// `sum(sublist(l, 1, n))`, the running total FEEL writes as `for i in 1..count(l) return
// sum(sublist(l, 1, i))`: each call adds the first n items again, n² additions for the whole
// list. FEEL's sum adds in order from zero, so the sum of the first n items is the (n - 1)th sum
// plus the nth item, the same rounded steps: the sums of the prefixes of the list last asked for
// are kept and extended, and each call costs one addition. Anything unusual (not a list, a
// position or length out of range, an item that is not a number) is left to the two built-ins,
// which say what is wrong; the budget is charged what they would charge. The whole `for` of running
// totals is one pass over the list (`runningTotals`), the same additions in the same order.
import { finite } from "./arithmetic.js";
import { charge, fits, tick } from "./budget.js";
import { Decimal, isDecimal } from "./decimal.js";
import type { FeelValue } from "./values.js";

type Builtin = (...args: FeelValue[]) => FeelValue;

/**
 * The list whose prefix sums are kept (FEEL lists are never changed), and those sums: sums[n] adds
 * its first n items, for n up to `known`. The array is overwritten, never shortened, so that its
 * storage is reused from one list to the next.
 */
let list: readonly FeelValue[] | null = null;
const sums: Decimal[] = [new Decimal(0)];
let known = 0;
const ZERO = new Decimal(0);

/** The sum of the first `length` items of `items`, from the kept sums, extended as far as needed; null when an item is not a number. */
function prefixSum(items: readonly FeelValue[], length: number): Decimal | null {
  if (items !== list) {
    list = items;
    known = 0;
  }
  for (; known < length; known++) {
    const item = items[known];
    if (!isDecimal(item)) return null;
    sums[known + 1] = sums[known]!.plus(item);
  }
  return sums[length]!;
}

/** `sum(sublist(l, 1, n))` with `sublist` and `sum` the built-ins as generated code calls them. */
export function sumOfPrefix(l: FeelValue, start: FeelValue, length: FeelValue, sublist: Builtin, sum: Builtin): FeelValue {
  const n = Array.isArray(l) && isDecimal(length) ? length.toNumber() : 0;
  const total = n >= 1 && n <= (l as FeelValue[]).length && (length as Decimal).isInteger() ? prefixSum(l as FeelValue[], n) : null;
  if (total === null) return sum(sublist(l, start, length));
  // what the metered built-ins charge: sublist a step and the list's items, the n items it builds;
  // sum a step and the n items it adds
  tick(1 + (l as FeelValue[]).length);
  charge(n);
  tick(1 + n);
  return finite(total, "sum()");
}

/**
 * `for i in 1..count(l) return sum(sublist(l, 1, i))` for a non-empty list of numbers: each total
 * the one before plus the next item, the step `sum` rounds, as `sum` returns it (a negative zero
 * as zero). Undefined for anything else (not a list, an empty list, whose range 1..0 runs
 * downwards, an item that is not a number, a sum that is not finite), which generated code leaves
 * to the loop as written, so the nulls and problems are the built-ins' own. Charged what that loop
 * charges: `count` a step and the list's items, then for each i the loop's step, `sublist`'s step
 * and items and the i items it builds, and `sum`'s step and i items; at once when it all fits,
 * otherwise in the loop's order, to stop at the limit the loop stops at.
 */
export function runningTotals(l: FeelValue): FeelValue[] | undefined {
  if (!Array.isArray(l) || l.length === 0) return undefined;
  const n = l.length;
  const totals: FeelValue[] = [];
  let total = ZERO;
  for (let i = 0; i < n; i++) {
    const item = l[i];
    if (!isDecimal(item)) return undefined;
    total = total.plus(item);
    if (!total.isFinite()) return undefined;
    totals.push(finite(total, "sum()"));
  }
  // the i items of each sublist, and the steps of count, of each pass, sublist and sum
  const size = (n * (n + 1)) / 2;
  const steps = 1 + n + n * (n + 2) + n + size;
  if (fits(steps, size)) {
    tick(steps);
    charge(size);
    return totals;
  }
  tick(1 + n);
  for (let i = 1; i <= n; i++) {
    tick(2 + n);
    charge(i);
    tick(1 + i);
  }
  return totals;
}
