// Paths (`a.b`), filters (`l[...]`) and the sources of `for`/`some`/`every` iterations.
import { madeList, tick } from "./budget.js";
import { Decimal, isDecimal } from "./decimal.js";
import { describe, isTemporalValue } from "./kinds.js";
import { collectProblems, problem } from "./problems.js";
import { dateRange, temporalProperty } from "./temporal/index.js";
import { FeelContext, FeelDate, FeelRange, type FeelValue } from "./values.js";

const RANGE_PROPERTIES: Record<string, (r: FeelRange) => FeelValue> = {
  start: (r) => r.start,
  end: (r) => r.end,
  "start included": (r) => r.startIncluded,
  "end included": (r) => r.endIncluded,
};

export function member(base: FeelValue, name: string): FeelValue {
  if (base === null || base === undefined) return null;
  if (base instanceof FeelContext) return base.get(name);
  // a step per item: a list of lists is walked into, a shared one each time it is reached
  if (Array.isArray(base)) return (tick(base.length), base.map((item) => member(item, name)));
  if (base instanceof FeelRange) {
    const get = RANGE_PROPERTIES[name];
    return get ? get(base) : problem(`a range has no property "${name}"`);
  }
  if (isTemporalValue(base)) {
    const v = temporalProperty(base, name);
    return v === undefined ? problem(`${describe(base)} has no property "${name}"`) : v;
  }
  return problem(`${describe(base)} has no property "${name}"`);
}

/**
 * `member(base, name)` for a field a struct type declares at position `slot` (codegen/expr.ts): the
 * same value, read at that position when the context holds it there.
 */
export function field(base: FeelValue, slot: number, name: string): FeelValue {
  if (base instanceof FeelContext) return base.at(slot, name);
  return Array.isArray(base) ? (tick(base.length), base.map((item) => field(item, slot, name))) : member(base, name);
}

/** A 1-based list position (negative counts from the end) as a 0-based index, or null. */
export function listIndex(length: number, position: Decimal): number | null {
  const p = position.trunc().toNumber();
  if (p >= 1 && p <= length) return p - 1;
  if (p <= -1 && p >= -length) return length + p;
  return null;
}

/**
 * FEEL filter: a number picks the item at that position, booleans keep the items whose predicate
 * is true. Any other predicate result makes the whole filter null.
 */
export function filter(base: FeelValue, pred: (item: FeelValue) => FeelValue): FeelValue {
  const list = filterItems(base);
  if (list.length === 0) return filterNone(base, pred);
  const kept: FeelValue[] = [];
  for (let i = 0; i < list.length; i++) {
    tick();
    const r = pred(list[i]!);
    if (r === true) kept.push(list[i]!);
    else if (r !== false && r !== null) return filterOther(list, i === 0, r);
  }
  return kept;
}

// The parts of `filter` that generated code calls around a loop of its own (codegen/expr.ts), so
// that the condition is inlined into the loop instead of called through one shared function.

/** The items a filter tries: a list's items, a non-list as a singleton, none for null. */
export const filterItems = (base: FeelValue): FeelValue[] =>
  base === null || base === undefined ? [] : Array.isArray(base) ? base : [base];

/** A filter with no items: null for a null base or an index (out of range in an empty list), else the empty list. */
export function filterNone(base: FeelValue, pred: (item: FeelValue) => FeelValue): FeelValue {
  if (base === null || base === undefined) return null;
  // an index into an empty list is out of range; probe quietly to tell index from condition
  const probe = collectProblems(() => pred(null)).result;
  return isDecimal(probe) ? null : [];
}

/** A condition result that is neither boolean nor null: a number from the first item picks an item, anything else makes the filter null. */
export function filterOther(list: readonly FeelValue[], first: boolean, r: FeelValue): FeelValue {
  if (first && isDecimal(r)) {
    const at = listIndex(list.length, r);
    return at === null ? null : list[at]!;
  }
  return problem(`a filter condition gave ${describe(r)}, not a boolean`);
}

/** The items a `for`/`some`/`every` iterates over: a list's items, a non-list as a singleton. */
export function iter(source: FeelValue): FeelValue[] {
  if (source === null || source === undefined) return [];
  return Array.isArray(source) ? source : [source];
}

/**
 * `partial` in a `for` body: a copy of the results so far, so that the value stays as it was read;
 * the copy counts toward the size (reading it in every iteration copies quadratically many items).
 */
export const resultsSoFar = (acc: readonly FeelValue[]): FeelValue[] => madeList(acc.slice());

/**
 * `for i in a..b` (DMN 1.5, 10.3.2.14): the integers from a to b, or the dates from a to b one day
 * apart, ascending or descending. A long range is produced one at a time, so that the loop's budget
 * ticks govern a huge range instead of memory. Other endpoints are null (the iteration is null)
 * with a problem.
 */
export function iterRange(from: FeelValue, to: FeelValue): Iterable<FeelValue> | null {
  if (isDecimal(from) && isDecimal(to) && from.isInteger() && to.isInteger()) return shortRange(from, to) ?? integers(from, to);
  if (from instanceof FeelDate && to instanceof FeelDate) return dateRange(from, to);
  return problem(`an iteration range needs two integers or two dates as endpoints, not ${describe(from)} and ${describe(to)}`);
}

/** Passes of nothing, by their count, for the shortest ranges (a body that reads no value walks one of them). */
const PASSES: (readonly null[])[] = [];
const KEPT_PASSES = 64;

/**
 * `for i in a..b` whose body and later iterations do not read i: as many passes as iterRange gives,
 * null with its problem where it gives null, but a short range of integers made of nothing (no
 * decimal made for each integer no one reads).
 */
export function iterPasses(from: FeelValue, to: FeelValue): Iterable<FeelValue> | null {
  if (isDecimal(from) && isDecimal(to) && from.isInteger() && to.isInteger()) {
    const [first, last] = [from.toNumber(), to.toNumber()];
    const n = Math.abs(last - first) + 1;
    if (Number.isSafeInteger(first) && Number.isSafeInteger(last) && n <= SHORT_RANGE)
      return n <= KEPT_PASSES ? (PASSES[n] ??= new Array<null>(n).fill(null)) : new Array<null>(n).fill(null);
  }
  return iterRange(from, to);
}

/** Ranges up to this many integers are made at once: a loop walks an array faster than it resumes a generator. */
const SHORT_RANGE = 1024;

/** The integers from a to b as an array, for a short range of safe integers; each a Decimal of the value adding one to the previous gives. */
function shortRange(from: Decimal, to: Decimal): FeelValue[] | null {
  const [first, last] = [from.toNumber(), to.toNumber()];
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || Math.abs(last - first) >= SHORT_RANGE) return null;
  const step = first <= last ? 1 : -1;
  const items: FeelValue[] = [from];
  for (let v = first + step; step > 0 ? v <= last : v >= last; v += step) items.push(new Decimal(v));
  return items;
}

/**
 * Produced one at a time, so that a huge range costs budget steps, not memory. While the integers
 * are safe they are counted as numbers, each made a Decimal as the short range makes it (adding one
 * to a Decimal and comparing it with the end cost some 0.5 µs an integer before the code is
 * optimised: the first 50,000 of `for i in 1..500000` took 27 ms); past them, as Decimals.
 */
function* integers(from: Decimal, to: Decimal): Generator<FeelValue> {
  const step = from.lte(to) ? 1 : -1;
  let v = from;
  const [first, last] = [from.toNumber(), to.toNumber()];
  if (Number.isSafeInteger(first)) {
    const end = Number.isSafeInteger(last) ? last : step * Number.MAX_SAFE_INTEGER;
    yield from;
    for (let k = first + step; step > 0 ? k <= end : k >= end; k += step) yield new Decimal(k);
    if (end === last) return;
    v = new Decimal(end).plus(step);
  }
  for (; step > 0 ? v.lte(to) : v.gte(to); v = v.plus(step)) yield v;
}
