// List built-ins (DMN 1.5 10.3.4.4) that build or search lists. A non-list where a list is
// expected counts as a singleton. One maker a built-in (def.ts), so that a bundle keeps those its
// model names.
import { listIndex } from "../access.js";
import { Decimal } from "../decimal.js";
import { valueEquals } from "../equality.js";
import { groupEqual } from "../value-keys.js";
import { call } from "../functions.js";
import { describe } from "../kinds.js";
import { problem } from "../problems.js";
import { FeelFunction, type FeelValue } from "../values.js";
import { asList, bad, isNum, isStr } from "./args.js";
import { sortNatural } from "./aggregate.js";
import { madeGroup, ofKind, T, type BuiltinDef, type BuiltinResult, type Signature } from "./def.js";
import { chargeHashed, chargeItems, chargeResult } from "./metering.js";

const contains = (list: FeelValue[], x: FeelValue) => list.some((y) => valueEquals(x, y) === true);

/** A list parameter, with its error when it is missing. */
function withList(name: string, list: FeelValue, f: (items: FeelValue[]) => FeelValue): FeelValue {
  const items = asList(list);
  return items ? f(items) : bad(name, "list", list, "a list");
}

function position(name: string, length: number, p: FeelValue): number | null {
  if (!isNum(p)) return bad(name, "position", p, "a number");
  const at = listIndex(length, p);
  return at === null ? problem(`${name}(): position ${p} is outside the list`) : at;
}

function sublist(list: FeelValue, start: FeelValue, length?: FeelValue): FeelValue {
  return withList("sublist", list, (items) => {
    const from = position("sublist", items.length, start);
    if (from === null) return null;
    if (length === undefined) return items.slice(from);
    const n = isNum(length) ? length.trunc().toNumber() : NaN;
    // length in [1..E], E the number of items from the start to the end (DMN 1.5 10.3.4.4)
    if (!(n >= 1 && from + n <= items.length)) return bad("sublist", "length", length, `between 1 and ${items.length - from}`);
    return items.slice(from, from + n);
  });
}

function insertBefore(list: FeelValue, p: FeelValue, item: FeelValue): FeelValue {
  return withList("insert before", list, (items) => {
    const at = position("insert before", items.length, p);
    return at === null ? null : [...items.slice(0, at), item, ...items.slice(at)];
  });
}

function remove(list: FeelValue, p: FeelValue): FeelValue {
  return withList("remove", list, (items) => {
    const at = position("remove", items.length, p);
    return at === null ? null : [...items.slice(0, at), ...items.slice(at + 1)];
  });
}

/** The items of the list and of its nested lists, depth first, in one walk (no list made per nested list). */
function flatten(list: FeelValue[]): FeelValue[] {
  const out: FeelValue[] = [];
  const stack: FeelValue[] = [];
  for (let i = list.length - 1; i >= 0; i--) stack.push(list[i]!);
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (!Array.isArray(x)) out.push(x);
    else for (let i = x.length - 1; i >= 0; i--) stack.push(x[i]!);
  }
  return out;
}

/** The items, each once, in order of first appearance: equal items found by hashing (../value-keys.ts). */
const distinct = (items: FeelValue[]): FeelValue[] => groupEqual(items).map((g) => g.value);

function lists(name: string, args: FeelValue[]): FeelValue[][] | null {
  const out: FeelValue[][] = [];
  for (const a of args) {
    const l = asList(a);
    if (!l) return bad(name, "list", a, "a list");
    out.push(l);
  }
  return out;
}

function concatenate(args: FeelValue[]): FeelValue {
  const ls = lists("concatenate", args);
  if (!ls) return null;
  // a loop rather than flat() or concat(...ls): the same one level, several times faster in V8
  const out: FeelValue[] = [];
  for (const l of ls) for (const x of l) out.push(x);
  return out;
}

/** Sorts with a `precedes(a, b)` function; without one, in natural order. */
function sort(list: FeelValue, precedes?: FeelValue): FeelValue {
  return withList("sort", list, (items) => {
    if (precedes === undefined || precedes === null) return sortNatural("sort", items);
    if (!(precedes instanceof FeelFunction)) return bad("sort", "precedes", precedes, "a function");
    let failed: FeelValue | undefined;
    const before = (a: FeelValue, b: FeelValue) => {
      const r = call(precedes, [a, b]);
      if (typeof r !== "boolean" && failed === undefined) failed = r;
      return r === true;
    };
    const sorted = mergeSort(items, (a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    return failed === undefined ? sorted : problem(`sort(): precedes gave ${describe(failed)}, not a boolean`);
  });
}

/** A stable merge sort: Array.prototype.sort may call the comparator in ways a FEEL lambda cannot afford. */
function mergeSort<T>(xs: T[], cmp: (a: T, b: T) => number): T[] {
  if (xs.length < 2) return [...xs];
  const mid = xs.length >> 1;
  const a = mergeSort(xs.slice(0, mid), cmp);
  const b = mergeSort(xs.slice(mid), cmp);
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(cmp(b[j]!, a[i]!) < 0 ? b[j++]! : a[i++]!);
  return out.concat(a.slice(i), b.slice(j));
}

function replaceAt(list: FeelValue, p: FeelValue, item: FeelValue): FeelValue {
  return withList("list replace", list, (items) => {
    const at = position("list replace", items.length, p);
    return at === null ? null : items.map((x, i) => (i === at ? item : x));
  });
}

function replaceMatching(list: FeelValue, match: FeelValue, item: FeelValue): FeelValue {
  return withList("list replace", list, (items) => {
    if (!(match instanceof FeelFunction)) return bad("list replace", "match", match, "a function");
    if (!match.options.variadic && match.params.length !== 2) return problem("list replace(): match must take (item, newItem)");
    const out: FeelValue[] = [];
    for (const x of items) {
      const r = call(match, [x, item]);
      if (typeof r !== "boolean") return problem(`list replace(): match gave ${describe(r)}, not a boolean`);
      out.push(r ? item : x);
    }
    return out;
  });
}

function listReplace(list: FeelValue, positionOrMatch: FeelValue, item: FeelValue): FeelValue {
  return positionOrMatch instanceof FeelFunction ? replaceMatching(list, positionOrMatch, item) : replaceAt(list, positionOrMatch, item);
}

const listDef = ofKind("list");

const one = (
  name: string,
  result: BuiltinResult,
  description: string,
  params: string[],
  impl: Signature["impl"],
  required?: number,
): BuiltinDef =>
  listDef({
    name,
    result,
    description,
    signatures: [{ params, impl, ...(required === undefined ? {} : { required }) }],
  });

/** count() of a list of `n` items, charged as the catalogue's call is (codegen/filter.ts counts a filter's kept items without the list). */
export const countOf = (n: number): Decimal => (chargeItems(n), Decimal.scaled(n, 0));

export const builtinListContains = (): BuiltinDef =>
  one("list contains", T.boolean, "Whether the list contains the element.", ["list", "element"], (list, e) =>
    withList("list contains", list, (items) => contains(items, e)),
  );
export const builtinCount = (): BuiltinDef => ({
  ...one("count", T.number, "The number of items in the list.", ["list"], (list) =>
    withList("count", list, (items) => new Decimal(items.length)),
  ),
  direct: { 1: (general) => (list) => (Array.isArray(list) ? countOf(list.length) : general(list)) },
});
export const builtinSublist = (): BuiltinDef =>
  one(
    "sublist",
    "first list",
    "The items from a start position (negative: from the end), all or a given length.",
    ["list", "start position", "length"],
    sublist,
    2,
  );
export const builtinAppend = (): BuiltinDef =>
  listDef({
    name: "append",
    result: "appended list",
    description: "The list with the items added at its end.",
    signatures: [
      {
        params: ["list", "item"],
        variadic: true,
        impl: (list, rest) => withList("append", list, (items) => [...items, ...(rest as FeelValue[])]),
      },
    ],
  });
export const builtinConcatenate = (): BuiltinDef =>
  listDef({
    name: "concatenate",
    result: "joined lists",
    description: "The lists one after another.",
    signatures: [{ params: ["list"], variadic: true, impl: (args) => concatenate(args as FeelValue[]) }],
  });
export const builtinInsertBefore = (): BuiltinDef =>
  one(
    "insert before",
    "list with new item",
    "The list with the new item inserted at a position.",
    ["list", "position", "newItem"],
    insertBefore,
  );
export const builtinRemove = (): BuiltinDef =>
  one("remove", "first list", "The list without the item at a position.", ["list", "position"], remove);
export const builtinReverse = (): BuiltinDef =>
  one("reverse", "first list", "The items in reverse order.", ["list"], (list) =>
    withList("reverse", list, (items) => [...items].reverse()),
  );
export const builtinIndexOf = (): BuiltinDef =>
  one("index of", T.listOf(T.number), "The positions (from 1) of the items equal to match.", ["list", "match"], (list, m) =>
    withList("index of", list, (items) => items.flatMap((x, i) => (valueEquals(x, m) === true ? [new Decimal(i + 1)] : []))),
  );
export const builtinUnion = (): BuiltinDef =>
  listDef({
    name: "union",
    result: "joined lists",
    description: "The items of all the lists, each once, in order of first appearance.",
    signatures: [
      {
        params: ["list"],
        variadic: true,
        impl: (args) => {
          const ls = lists("union", args as FeelValue[]);
          return ls && distinct(ls.flat());
        },
      },
    ],
  });
export const builtinDistinctValues = (): BuiltinDef => ({
  ...one("distinct values", "first list", "The items, each once, in order of first appearance.", ["list"], (list) =>
    withList("distinct values", list, distinct),
  ),
  direct: { 1: (general) => (list) => (Array.isArray(list) && list.every(isStr) ? distinctStrings(list as string[]) : general(list)) },
});

/** distinct values() of a list of strings: one string each, in order, told apart by a set (equal strings are the same code points). */
function distinctStrings(list: string[]): string[] {
  chargeHashed(list);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of list)
    if (!seen.has(s)) {
      seen.add(s);
      out.push(s);
    }
  return chargeResult(out);
}
export const builtinFlatten = (): BuiltinDef =>
  one("flatten", T.listOf(T.any), "The items of the list and of its nested lists, in one flat list.", ["list"], (list) =>
    withList("flatten", list, flatten),
  );
export const builtinSort = (): BuiltinDef =>
  one("sort", "first list", "The items in natural order, or ordered by a precedes(a, b) function.", ["list", "precedes"], sort, 1);
export const builtinListReplace = (): BuiltinDef =>
  listDef({
    name: "list replace",
    result: "list with new item",
    description: "The list with the item at a position, or every item a match(item, newItem) function accepts, replaced.",
    signatures: [
      { params: ["list", "position", "newItem"], positionalOnly: true, impl: listReplace },
      { params: ["list", "position", "newItem"], impl: replaceAt },
      { params: ["list", "match", "newItem"], impl: replaceMatching },
    ],
  });

export const listBuiltins: BuiltinDef[] = /* @__PURE__ */ madeGroup([
  builtinListContains,
  builtinCount,
  builtinSublist,
  builtinAppend,
  builtinConcatenate,
  builtinInsertBefore,
  builtinRemove,
  builtinReverse,
  builtinIndexOf,
  builtinUnion,
  builtinDistinctValues,
  builtinFlatten,
  builtinSort,
  builtinListReplace,
]);
