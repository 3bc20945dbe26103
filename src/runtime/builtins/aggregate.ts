// Aggregate built-ins over a list or varargs (DMN 1.5 10.3.4.4): min, max, sum, product, mean,
// median, stddev, mode, all, any.
import { compareValues } from "../compare.js";
import { Decimal } from "../decimal.js";
import { valueEquals } from "../equality.js";
import { describe } from "../kinds.js";
import { problem } from "../problems.js";
import type { FeelValue } from "../values.js";
import { asList, bad, isNum } from "./args.js";
import { group, T, type BuiltinDef, type BuiltinResult } from "./def.js";

/** `f(list)` or `f(c1, c2, ...)`: the aggregate functions accept both. */
function listOrVarargs(
  name: string,
  result: BuiltinResult,
  description: string,
  f: (items: FeelValue[]) => FeelValue,
): Omit<BuiltinDef, "kind"> {
  const onList = (list: FeelValue) => {
    const items = asList(list);
    return items ? f(items) : bad(name, "list", list, "a list");
  };
  return {
    name,
    result,
    description,
    signatures: [
      { params: ["list"], impl: onList },
      { params: ["c"], variadic: true, required: 2, impl: (items) => f(items as FeelValue[]) },
    ],
  };
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

const sumOf = (ns: Decimal[]) => ns.reduce((a, b) => a.plus(b), new Decimal(0));

function numeric(name: string, f: (ns: Decimal[]) => FeelValue) {
  return (items: FeelValue[]): FeelValue => {
    const ns = numbers(name, items);
    return ns === null ? null : f(ns);
  };
}

const mean = (ns: Decimal[]) => (ns.length ? sumOf(ns).div(ns.length) : null);

function median(ns: Decimal[]): FeelValue {
  if (!ns.length) return null;
  const sorted = [...ns].sort((a, b) => a.cmp(b));
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : sorted[mid - 1]!.plus(sorted[mid]!).div(2);
}

/** The sample standard deviation (n - 1 in the denominator). */
function stddev(ns: Decimal[]): FeelValue {
  if (ns.length < 2) return null;
  const m = mean(ns)!;
  const squares = sumOf(ns.map((x) => x.minus(m).pow(2)));
  return squares.div(ns.length - 1).sqrt();
}

/** The most frequent values, ascending. */
function mode(items: FeelValue[]): FeelValue {
  const counts: { value: FeelValue; n: number }[] = [];
  for (const x of items) {
    const seen = counts.find((c) => valueEquals(c.value, x) === true);
    if (seen) seen.n++;
    else counts.push({ value: x, n: 1 });
  }
  const top = Math.max(0, ...counts.map((c) => c.n));
  const modes = counts.filter((c) => c.n === top).map((c) => c.value);
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

export const aggregateBuiltins: BuiltinDef[] = group("list", [
  listOrVarargs("min", "item", "The least item; null for an empty list.", extreme("min", -1)),
  listOrVarargs("max", "item", "The greatest item; null for an empty list.", extreme("max", 1)),
  listOrVarargs(
    "sum",
    T.number,
    "The sum of the numbers; null for an empty list.",
    numeric("sum", (ns) => (ns.length ? sumOf(ns) : null)),
  ),
  listOrVarargs(
    "product",
    T.number,
    "The product of the numbers; null for an empty list.",
    numeric("product", (ns) => (ns.length ? ns.reduce((a, b) => a.times(b)) : null)),
  ),
  listOrVarargs("mean", T.number, "The arithmetic mean of the numbers; null for an empty list.", numeric("mean", mean)),
  listOrVarargs(
    "median",
    T.number,
    "The middle number in order (the mean of the middle two for an even count).",
    numeric("median", median),
  ),
  listOrVarargs("stddev", T.number, "The sample standard deviation of the numbers; null for fewer than two.", numeric("stddev", stddev)),
  listOrVarargs("mode", "items", "The most frequent items, ascending.", mode),
  listOrVarargs("all", T.boolean, "true when every item is true, false when any is false, else null.", all),
  listOrVarargs("any", T.boolean, "true when any item is true, false when every item is false, else null.", any),
]);
