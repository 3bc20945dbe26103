// The commonest built-in calls, for the arguments they are usually given (strings, lists), done in
// place: no wrapper per concern (metering, singleton lists, argument checks), each one a function
// of its own so that V8 can inline it into the generated code that calls it. Every other argument
// goes to the catalogue's implementation, so nulls, singleton lists and problems are as before;
// the budget is charged as metering.ts charges the catalogue's calls.
import { Decimal, isDecimal } from "../decimal.js";
import type { FeelValue } from "../values.js";
import { codePointCount } from "./args.js";
import { built, tick } from "../budget.js";
import { chargeItems, chargeList, chargeString, chargeStrings } from "./metering.js";
import { after, before } from "./string.js";
import { extremeNumber, sum } from "./aggregate.js";

type Impl = (...args: FeelValue[]) => FeelValue;

/** A non-empty list of numbers only: min and max scan it as the catalogue does, comparing numbers directly. */
const numbersOnly = (list: FeelValue): list is Decimal[] => Array.isArray(list) && list.length > 0 && list.every(isDecimal);

const extremeOf =
  (sign: 1 | -1) =>
  (general: Impl): Impl =>
  (list) =>
    numbersOnly(list) ? (chargeList(list), extremeNumber(list, sign)) : general(list);

/**
 * `f` remembering its last argument and result: a model often cases the same string again and
 * again (`lower case(x)` in each step of a loop over words, or in two decisions). Each call is
 * charged all the same.
 */
function lastOf(f: (s: string) => string): (s: string) => string {
  let input: string | undefined;
  let output = "";
  return (s) => (s === input ? output : ((input = s), (output = f(s))));
}

/** count() of a list of `n` items, charged as the catalogue's call is (codegen/filter.ts counts a filter's kept items without the list). */
export const countOf = (n: number): Decimal => (chargeItems(n), Decimal.scaled(n, 0));

/** By built-in name and argument count: the direct call, given the catalogue's (metered) implementation for the rest. */
const DIRECT: Record<string, Record<number, (general: Impl) => Impl>> = {
  "string length": {
    1: (general) => (s) => (typeof s === "string" ? (chargeString(s), Decimal.scaled(codePointCount(s), 0)) : general(s)),
  },
  "upper case": {
    1: (general) => {
      const upper = lastOf((s) => s.toUpperCase());
      return (s) => (typeof s === "string" ? (chargeString(s), built(upper(s))) : general(s));
    },
  },
  "lower case": {
    1: (general) => {
      const lower = lastOf((s) => s.toLowerCase());
      return (s) => (typeof s === "string" ? (chargeString(s), built(lower(s))) : general(s));
    },
  },
  contains: {
    2: (general) => (s, m) => (typeof s === "string" && typeof m === "string" ? (chargeStrings(s, m), s.includes(m)) : general(s, m)),
  },
  "starts with": {
    2: (general) => (s, m) => (typeof s === "string" && typeof m === "string" ? (chargeStrings(s, m), s.startsWith(m)) : general(s, m)),
  },
  "ends with": {
    2: (general) => (s, m) => (typeof s === "string" && typeof m === "string" ? (chargeStrings(s, m), s.endsWith(m)) : general(s, m)),
  },
  "substring before": {
    2: (general) => (s, m) => (typeof s === "string" && typeof m === "string" ? (chargeStrings(s, m), built(before(s, m))) : general(s, m)),
  },
  "substring after": {
    2: (general) => (s, m) => (typeof s === "string" && typeof m === "string" ? (chargeStrings(s, m), built(after(s, m))) : general(s, m)),
  },
  sum: {
    1: (general) => (list) => (Array.isArray(list) ? (chargeList(list), sum(list)) : general(list)),
  },
  min: { 1: extremeOf(-1) },
  max: { 1: extremeOf(1) },
  count: {
    1: (general) => (list) => (Array.isArray(list) ? countOf(list.length) : general(list)),
  },
};

/**
 * `min(a, b, ...)`, `max(a, b, ...)` of numbers given as separate arguments: the greatest or least
 * as the catalogue picks it, charged its one step (a number argument walks nothing), with no array
 * made for the rest; anything else goes to the catalogue's call with the rest as one list.
 */
const extremeOfArguments =
  (sign: 1 | -1) =>
  (general: Impl): Impl =>
  (...args) => {
    for (let i = 0; i < args.length; i++) if (!isDecimal(args[i])) return general(args);
    tick(1);
    return extremeNumber(args as Decimal[], sign);
  };

/** By built-in name: the direct call of a variadic built-in given only the rest, with the catalogue's implementation taking the rest as a list. */
const DIRECT_REST: Record<string, (general: Impl) => Impl> = {
  min: extremeOfArguments(-1),
  max: extremeOfArguments(1),
};

/** The direct form of a call of variadic built-in `name` with only rest arguments, or the general call of `general` on them as one list. */
export function directRestCall(name: string, general: Impl): Impl {
  const make = Object.hasOwn(DIRECT_REST, name) ? DIRECT_REST[name] : undefined;
  return make ? make(general) : (...args) => general(args);
}

/** The direct form of a call of built-in `name` with `count` arguments, or the implementation as it is. */
export function directCall(name: string, count: number, general: Impl): Impl {
  const make = Object.hasOwn(DIRECT, name) ? DIRECT[name]![count] : undefined;
  return make ? make(general) : general;
}
