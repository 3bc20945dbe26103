// List built-ins (DMN 1.5, 10.3.4.4). Positions are 1-based, negative from the end.
import { finite } from "./arithmetic.js";
import { compare, equal } from "./compare.js";
import { int, list, listArg, n, type RefBuiltin } from "./builtin-def.js";
import { Num, isList, num, type RValue } from "./values.js";

const Wide = Num.clone({ precision: 120 });

const oneList = (params: string[], f: (xs: RValue[], ...rest: RValue[]) => RValue): RefBuiltin => ({
  signatures: [params],
  impl: ([xs, ...rest]) => {
    const items = list(xs);
    return items === null ? null : f(items, ...rest);
  },
});

/** a function over the numbers of a list, given as one list or as several arguments */
const numeric = (f: (ns: Num[]) => RValue): RefBuiltin => ({
  signatures: [["list"], ["...c"]],
  impl: (args) => {
    const items = listArg(args);
    if (items === null || items.some((i) => n(i) === null)) return null;
    return f(items as Num[]);
  },
});

/** the smallest or largest item of one kind, compared with FEEL's order */
const extreme = (sign: number): RefBuiltin => ({
  signatures: [["list"], ["...c"]],
  impl: (args) => {
    const items = listArg(args);
    if (items === null || items.length === 0) return null;
    let best: RValue = items[0]!;
    for (const x of items.slice(1)) {
      const c = compare(x, best);
      if (c === null) return null;
      if (c * sign > 0) best = x;
    }
    return compare(best, best) === null ? null : best;
  },
});

const logical = (all: boolean): RefBuiltin => ({
  signatures: [["list"], ["...b"]],
  impl: (args) => {
    const items = listArg(args);
    if (items === null || items.some((i) => i !== null && typeof i !== "boolean")) return null;
    if (items.includes(!all)) return !all;
    return items.includes(null) ? null : all;
  },
});

/** index of a 1-based or negative position, or null outside the list */
const position = (length: number, p: RValue): number | null => {
  const i = int(p);
  if (i === null || i === 0 || Math.abs(i) > length) return null;
  return i > 0 ? i - 1 : length + i;
};

const containsValue = (xs: RValue[], x: RValue): boolean => xs.some((y) => equal(x, y) === true);
const distinct = (xs: RValue[]): RValue[] => xs.reduce<RValue[]>((acc, x) => (containsValue(acc, x) ? acc : [...acc, x]), []);
const flat = (xs: RValue[]): RValue[] => xs.flatMap((x) => (isList(x) ? flat(x) : [x]));

function sorted(items: RValue[], precedes: RValue | undefined): RValue {
  if (items.length <= 1) return items;
  if (precedes === undefined) {
    if (items.some((x) => compare(x, items[0]!) === null)) return null;
    return [...items].sort((a, b) => compare(a, b)!);
  }
  if (precedes === null || typeof precedes !== "object" || !("t" in precedes) || precedes.t !== "function") return null;
  // a precedes function that answers anything but a boolean leaves the list unsorted: null
  let failed = false;
  const out = [...items].sort((a, b) => {
    const [ab, ba] = [precedes.call([a, b]), precedes.call([b, a])];
    if (typeof ab !== "boolean" || typeof ba !== "boolean") failed = true;
    return ab === true ? -1 : ba === true ? 1 : 0;
  });
  return failed ? null : out;
}

const sum = (ns: Num[]) => ns.reduce((a, b) => a.plus(b), new Num(0));

export const listBuiltins: Record<string, RefBuiltin> = {
  count: oneList(["list"], (xs) => num(xs.length)),
  // results past decimal128's range are null, as arithmetic's are
  sum: numeric((ns) => (ns.length === 0 ? null : finite(sum(ns)))),
  product: numeric((ns) => (ns.length === 0 ? null : finite(ns.reduce((a, b) => a.times(b), new Num(1))))),
  mean: numeric((ns) => (ns.length === 0 ? null : finite(sum(ns).div(ns.length)))),
  median: numeric((ns) => {
    if (ns.length === 0) return null;
    const xs = [...ns].sort((a, b) => a.cmp(b));
    const mid = Math.floor(xs.length / 2);
    return xs.length % 2 === 1 ? xs[mid]! : finite(xs[mid - 1]!.plus(xs[mid]!).div(2));
  }),
  // computed at 120 digits and rounded once, so that the steps' roundings do not add up
  stddev: numeric((ns) => {
    if (ns.length < 2) return null;
    const wide = ns.map((x) => new Wide(x));
    const m = wide.reduce((a, b) => a.plus(b), new Wide(0)).div(ns.length);
    const v = wide.reduce((a, x) => a.plus(x.minus(m).pow(2)), new Wide(0)).div(ns.length - 1);
    return new Num(v.sqrt()).toSignificantDigits(34, Num.ROUND_HALF_EVEN);
  }),
  min: extreme(-1),
  max: extreme(1),
  all: logical(true),
  any: logical(false),
  append: { signatures: [["list", "...item"]], impl: ([xs, ...items]) => (list(xs) === null ? null : [...list(xs)!, ...items]) },
  concatenate: {
    signatures: [["...list"]],
    impl: (args) => (args.every((a) => list(a) !== null) ? args.flatMap((a) => list(a)!) : null),
  },
  union: {
    signatures: [["...list"]],
    impl: (args) => (args.every((a) => list(a) !== null) ? distinct(args.flatMap((a) => list(a)!)) : null),
  },
  "distinct values": oneList(["list"], distinct),
  flatten: oneList(["list"], flat),
  reverse: oneList(["list"], (xs) => [...xs].reverse()),
  "list contains": oneList(["list", "element"], (xs, x) => containsValue(xs, x!)),
  "index of": oneList(["list", "match"], (xs, x) => xs.flatMap((y, i) => (equal(x!, y) === true ? [num(i + 1)] : []))),
  remove: oneList(["list", "position"], (xs, p) => {
    const i = position(xs.length, p!);
    return i === null ? null : xs.filter((_, j) => j !== i);
  }),
  "insert before": oneList(["list", "position", "newItem"], (xs, p, x) => {
    const i = position(xs.length, p!);
    return i === null ? null : [...xs.slice(0, i), x!, ...xs.slice(i)];
  }),
  sublist: {
    signatures: [
      ["list", "start position"],
      ["list", "start position", "length"],
    ],
    impl: ([xs, start, length]) => {
      const items = list(xs);
      const i = items === null ? null : position(items.length, start!);
      if (items === null || i === null) return null;
      // a length runs from 1 to the number of items from the start to the end (DMN 1.5, 10.3.4.4)
      const l = length === undefined ? items.length - i : int(length);
      return l === null || l < 1 || i + l > items.length ? null : items.slice(i, i + l);
    },
  },
  // the most frequent items, ascending; an empty list has none
  mode: {
    signatures: [["list"], ["...c"]],
    impl: (args) => {
      const items = listArg(args);
      if (items === null) return null;
      const counts: [RValue, number][] = [];
      for (const x of items) {
        const seen = counts.find(([y]) => equal(x, y) === true);
        if (seen) seen[1]++;
        else counts.push([x, 1]);
      }
      const most = Math.max(0, ...counts.map(([, k]) => k));
      return sorted(
        counts.filter(([, k]) => k === most).map(([x]) => x),
        undefined,
      );
    },
  },
  // by position, or every item for which match(item, newItem) is true
  "list replace": {
    signatures: [
      ["list", "position", "newItem"],
      ["list", "match", "newItem"],
    ],
    impl: ([xs, at, x]) => {
      const items = list(xs);
      if (items === null || at === null || at === undefined) return null;
      if (typeof at === "object" && "t" in at && at.t === "function") {
        const hits = items.map((item) => at.call([item, x!]));
        return hits.every((h) => typeof h === "boolean") ? items.map((item, i) => (hits[i] ? x! : item)) : null;
      }
      const i = position(items.length, at);
      return i === null ? null : items.map((item, j) => (j === i ? x! : item));
    },
  },
  sort: { signatures: [["list"], ["list", "precedes"]], impl: ([xs, f]) => (list(xs) === null ? null : sorted(list(xs)!, f)) },
};
