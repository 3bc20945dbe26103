// Aggregate built-ins over a list or varargs (DMN 1.5 10.3.4.4): min, max, sum, product, mean,
// median, stddev, mode, all, any. One maker a built-in (def.ts), so that a bundle keeps those its
// model names.
import { finite } from "../arithmetic.js";
import { compareValues } from "../compare.js";
import { Decimal } from "../decimal.js";
import { integerSqrt } from "../decimal-digits.js";
import { groupEqual } from "../value-keys.js";
import { describe } from "../kinds.js";
import { problem } from "../problems.js";
import type { FeelValue } from "../values.js";
import { asList, bad, isNum } from "./args.js";
import { madeGroup, ofKind, T, type BuiltinDef, type BuiltinResult, type Direct, type RestDirect } from "./def.js";
import { chargeList } from "./metering.js";
import { tick } from "../budget.js";

/** The aggregates are of the catalogue's list group. */
const aggregateDef = ofKind("list");

/** `f(list)` or `f(c1, c2, ...)`: the aggregate functions accept both. */
function listOrVarargs(name: string, result: BuiltinResult, description: string, f: (items: FeelValue[]) => FeelValue): BuiltinDef {
  const onList = (list: FeelValue) => {
    const items = asList(list);
    return items ? f(items) : bad(name, "list", list, "a list");
  };
  return aggregateDef({
    name,
    result,
    description,
    signatures: [
      { params: ["list"], impl: onList },
      { params: ["c"], variadic: true, required: 2, impl: (items) => f(items as FeelValue[]) },
    ],
  });
}

function numbers(name: string, items: FeelValue[]): Decimal[] | null {
  const bad = items.find((x) => !isNum(x));
  return bad === undefined ? (items as Decimal[]) : problem(`${name}(): ${describe(bad)} is not a number`);
}

function extreme(name: string, sign: 1 | -1) {
  return (items: FeelValue[]): FeelValue => {
    if (items.length === 0) return null;
    let best: FeelValue = items[0]!;
    for (const x of items.slice(1)) {
      const c = compareValues(x, best);
      if (c === null) return problem(`${name}(): cannot compare ${describe(x)} and ${describe(best)}`);
      if (c * sign > 0) best = x;
    }
    return compareValues(best, best) === null ? problem(`${name}(): ${describe(best)} is not comparable`) : best;
  };
}

/** The first least (sign -1) or greatest (sign 1) of numbers, as `extreme` picks it. */
function extremeNumber(items: readonly Decimal[], sign: 1 | -1): Decimal {
  let best = items[0]!;
  for (let i = 1; i < items.length; i++) if (items[i]!.cmp(best) * sign > 0) best = items[i]!;
  return best;
}

const sumOf = (ns: Decimal[]) => Decimal.sum(ns);

function numeric(name: string, f: (ns: Decimal[]) => FeelValue) {
  return (items: FeelValue[]): FeelValue => {
    const ns = numbers(name, items);
    if (ns === null) return null;
    const r = f(ns);
    // a sum or product of huge numbers can pass the largest decimal: null, never Infinity
    return r instanceof Decimal ? finite(r, `${name}()`) : r;
  };
}

/** sum() of a list's items (its calls charge by the list: runtime/hit-direct.ts sumAt charges so too). */
export const sum = /* @__PURE__ */ numeric("sum", (ns) => (ns.length ? finite(sumOf(ns), "sum") : null));

const mean = (ns: Decimal[]) => (ns.length ? finite(sumOf(ns).div(ns.length), "mean") : null);

function median(ns: Decimal[]): FeelValue {
  if (!ns.length) return null;
  const sorted = [...ns].sort((a, b) => a.cmp(b));
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : finite(sorted[mid - 1]!.plus(sorted[mid]!).div(2), "median");
}

/** A finite number as c × 10^-k, c a BigInt, k ≥ 0. */
function scaledInteger(x: Decimal): [bigint, number] {
  const text = x.toFixed();
  const point = text.indexOf(".");
  return point < 0 ? [BigInt(text), 0] : [BigInt(text.slice(0, point) + text.slice(point + 1)), text.length - point - 1];
}

const digitCount = (n: bigint): number => n.toString().length;

/**
 * The sample standard deviation (n - 1 in the denominator), rounded once: with the numbers as
 * c_i × 10^-k the variance is (nΣc² − (Σc)²) / (n(n−1)) × 10^-2k exactly, whose square root is
 * taken in integers to at least 36 digits, with a last digit 1 when it is not exact so that
 * rounding to 34 digits never mistakes it for a tie.
 */
function stddev(ns: Decimal[]): FeelValue {
  if (ns.length < 2) return null;
  if (!ns.every((x) => x.isFinite())) return problem("stddev(): a number is not finite");
  const parts = ns.map(scaledInteger);
  const k = Math.max(...parts.map(([, scale]) => scale));
  const cs = parts.map(([c, scale]) => c * 10n ** BigInt(k - scale));
  const n = BigInt(ns.length);
  const sum = cs.reduce((a, c) => a + c, 0n);
  const numerator = n * cs.reduce((a, c) => a + c * c, 0n) - sum * sum;
  const denominator = n * (n - 1n);
  if (numerator === 0n) return new Decimal(0);
  const s = Math.max(0, Math.ceil((72 - (digitCount(numerator) - digitCount(denominator))) / 2)) + 1;
  const widened = numerator * 10n ** BigInt(2 * s);
  const m = widened / denominator;
  const root = integerSqrt(m);
  const exact = widened % denominator === 0n && root * root === m;
  const digits = exact ? root : root * 10n + 1n;
  // reading keeps every digit; an operation rounds to 34 (plus(0): the double build has no toSignificantDigits)
  return new Decimal(`${digits}e-${s + k + (exact ? 0 : 1)}`).plus(0);
}

/** The most frequent values, ascending. */
function mode(items: FeelValue[]): FeelValue {
  const counts = groupEqual(items);
  let top = 0;
  for (const c of counts) top = Math.max(top, c.count);
  const modes = counts.filter((c) => c.count === top).map((c) => c.value);
  return sortNatural("mode", modes);
}

export function sortNatural(name: string, items: FeelValue[]): FeelValue {
  let incomparable: FeelValue | undefined;
  const sorted = [...items].sort((a, b) => {
    const c = compareValues(a, b);
    if (c === null) incomparable = a;
    return c ?? 0;
  });
  return incomparable === undefined ? sorted : problem(`${name}(): cannot order ${describe(incomparable)}`);
}

function all(items: FeelValue[]): FeelValue {
  if (items.some((x) => x === false)) return false;
  return items.every((x) => x === true) ? true : null;
}

function any(items: FeelValue[]): FeelValue {
  if (items.some((x) => x === true)) return true;
  return items.every((x) => x === false) ? false : null;
}

/**
 * min and max of a list: the first least (sign -1) or greatest (sign 1) number found in the one
 * scan that checks each item is a number, charged as the catalogue charges the list; an empty list
 * or any item but a number goes to the catalogue's call.
 */
const extremeOf =
  (sign: 1 | -1): Direct =>
  (general) =>
  (list) => {
    if (!Array.isArray(list) || list.length === 0) return general(list);
    let best = list[0]!;
    if (!isNum(best)) return general(list);
    for (let i = 1; i < list.length; i++) {
      const x = list[i]!;
      if (!isNum(x)) return general(list);
      if (x.cmp(best) * sign > 0) best = x;
    }
    chargeList(list);
    return best;
  };

/** The first least (sign -1) or greatest (sign 1) of two numbers, as `extremeNumber` picks it. */
const better = (a: Decimal, b: Decimal, sign: 1 | -1): Decimal => (b.cmp(a) * sign > 0 ? b : a);

/**
 * `min(a, b, ...)`, `max(a, b, ...)` of numbers given as separate arguments: the greatest or least
 * as the catalogue picks it, charged its one step (a number argument walks nothing); two and three
 * arguments (the commonest calls) with no array made, more with none made for the numbers. Anything
 * else goes to the catalogue's call with the rest as one list.
 */
const extremeOfArguments =
  (sign: 1 | -1): RestDirect =>
  (general, count) => {
    if (count === 2) return (a, b) => (isNum(a!) && isNum(b!) ? (tick(1), better(a, b, sign)) : general([a!, b!]));
    if (count === 3)
      return (a, b, c) => (isNum(a!) && isNum(b!) && isNum(c!) ? (tick(1), better(better(a, b, sign), c, sign)) : general([a!, b!, c!]));
    return (...args) => {
      for (let i = 0; i < args.length; i++) if (!isNum(args[i]!)) return general(args);
      tick(1);
      return extremeNumber(args as Decimal[], sign);
    };
  };

/**
 * sum() of a list: the numbers summed after the one scan that checks them, charged as the
 * catalogue charges the list; anything but a list of numbers goes the catalogue's way.
 */
const sumOfList: Direct = (general) => (list) => {
  if (!Array.isArray(list)) return general(list);
  chargeList(list);
  for (let i = 0; i < list.length; i++) if (!isNum(list[i]!)) return sum(list);
  return list.length === 0 ? null : finite(sumOf(list as Decimal[]), "sum");
};

export const builtinMin = (): BuiltinDef => ({
  ...listOrVarargs("min", "item", "The least item; null for an empty list.", extreme("min", -1)),
  direct: { 1: extremeOf(-1) },
  directRest: extremeOfArguments(-1),
});
export const builtinMax = (): BuiltinDef => ({
  ...listOrVarargs("max", "item", "The greatest item; null for an empty list.", extreme("max", 1)),
  direct: { 1: extremeOf(1) },
  directRest: extremeOfArguments(1),
});
export const builtinSum = (): BuiltinDef => ({
  ...listOrVarargs("sum", T.number, "The sum of the numbers; null for an empty list.", sum),
  direct: { 1: sumOfList },
});
export const builtinProduct = (): BuiltinDef =>
  listOrVarargs(
    "product",
    T.number,
    "The product of the numbers; null for an empty list.",
    numeric("product", (ns) =>
      ns.length
        ? finite(
            ns.reduce((a, b) => a.times(b)),
            "product",
          )
        : null,
    ),
  );
export const builtinMean = (): BuiltinDef =>
  listOrVarargs("mean", T.number, "The arithmetic mean of the numbers; null for an empty list.", numeric("mean", mean));
export const builtinMedian = (): BuiltinDef =>
  listOrVarargs(
    "median",
    T.number,
    "The middle number in order (the mean of the middle two for an even count).",
    numeric("median", median),
  );
export const builtinStddev = (): BuiltinDef =>
  listOrVarargs("stddev", T.number, "The sample standard deviation of the numbers; null for fewer than two.", numeric("stddev", stddev));
export const builtinMode = (): BuiltinDef => listOrVarargs("mode", "items", "The most frequent items, ascending.", mode);
export const builtinAll = (): BuiltinDef =>
  listOrVarargs("all", T.boolean, "true when every item is true, false when any is false, else null.", all);
export const builtinAny = (): BuiltinDef =>
  listOrVarargs("any", T.boolean, "true when any item is true, false when every item is false, else null.", any);

export const aggregateBuiltins: BuiltinDef[] = /* @__PURE__ */ madeGroup([
  builtinMin,
  builtinMax,
  builtinSum,
  builtinProduct,
  builtinMean,
  builtinMedian,
  builtinStddev,
  builtinMode,
  builtinAll,
  builtinAny,
]);
