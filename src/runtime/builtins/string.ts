// String built-ins (DMN 1.5 10.3.4.3). Positions and lengths count Unicode code points. The three
// that take a regular expression are in ./regex.ts. One maker a built-in (def.ts), so that a bundle
// keeps those its model names.
import { problem } from "../problems.js";
import type { FeelValue } from "../values.js";
import { Decimal, isDecimal } from "../decimal.js";
import { asInt, asList, bad, codePointCount, codePoints, hasSurrogates, isStr, scalarDef } from "./args.js";
import { madeGroup, ofKind, T, type BuiltinDef, type BuiltinResult } from "./def.js";
import { built, charge } from "../budget.js";
import { chargeCopied, chargeResult, chargeString, chargeStrings } from "./metering.js";

/**
 * The domain is strict (DMN 1.5 10.3.4.3): start position a non-zero integer in [-L..L] and
 * length in [1..E], E being the number of characters from the start to the end.
 */
function substring(s: FeelValue, start: FeelValue, length?: FeelValue): FeelValue {
  if (!isStr(s)) return bad("substring", "string", s, "a string");
  // positions count code points; without surrogates they are the string's own indexes
  const cs = hasSurrogates(s) ? codePoints(s) : null;
  const size = cs === null ? s.length : cs.length;
  const p = asInt(start);
  if (p === undefined || p === 0 || Math.abs(p) > size)
    return bad("substring", "start position", start, `a non-zero position within ${size} characters`);
  const from = p > 0 ? p - 1 : size + p;
  const n = length === undefined ? size - from : asInt(length);
  if (n === undefined || n < 1 || n > size - from) return bad("substring", "length", length!, `between 1 and ${size - from}`);
  return cs === null ? s.slice(from, from + n) : cs.slice(from, from + n).join("");
}

/** `substring before` on two strings: the part before the first occurrence of m, or "". */
function before(s: string, m: string): string {
  const at = s.indexOf(m);
  return at < 0 ? "" : s.slice(0, at);
}

/** `substring after` on two strings: the part after the first occurrence of m, or "". */
function after(s: string, m: string): string {
  const at = s.indexOf(m);
  return at < 0 ? "" : s.slice(at + m.length);
}

type Row = Omit<BuiltinDef, "kind">;

/** Two string parameters, both required to be strings. */
function strings2(
  name: string,
  result: BuiltinResult,
  description: string,
  params: [string, string],
  f: (a: string, b: string) => FeelValue,
): Row {
  return {
    name,
    result,
    description,
    signatures: [
      {
        params,
        impl: (a, b) => (!isStr(a) ? bad(name, params[0], a, "a string") : !isStr(b) ? bad(name, params[1], b, "a string") : f(a, b)),
      },
    ],
  };
}

function string1(name: string, result: BuiltinResult, description: string, f: (s: string) => FeelValue): Row {
  return {
    name,
    result,
    description,
    signatures: [{ params: ["string"], impl: (s) => (isStr(s) ? f(s) : bad(name, "string", s, "a string")) }],
  };
}

function stringJoin(list: FeelValue, delimiter?: FeelValue): FeelValue {
  const items = asList(list);
  if (!items) return bad("string join", "list", list, "a list of strings");
  if (delimiter !== undefined && delimiter !== null && !isStr(delimiter)) return bad("string join", "delimiter", delimiter, "a string");
  if (!items.every((x) => x === null || isStr(x))) return problem("string join(): the list may hold only strings and nulls");
  const strings = items.filter((x) => x !== null) as string[];
  const between = (delimiter as string | undefined) ?? "";
  // the strings were counted before the call (costs.ts, "copies"); the delimiters count before they are copied
  charge(between.length * Math.max(0, strings.length - 1));
  return strings.join(between);
}

const stringDef = ofKind("string");

/** A row whose single-value parameters take a list of one item for the item (./args.ts). */
const scalarRow = (row: Row): BuiltinDef => stringDef(scalarDef(row));

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

export const builtinSubstring = (): BuiltinDef => ({
  ...scalarRow({
    name: "substring",
    result: T.string,
    description: "The characters from a start position (negative: from the end), all or a given length.",
    signatures: [{ params: ["string", "start position", "length"], required: 2, impl: substring }],
  }),
  direct: {
    2: (general) => (s, p) => (typeof s === "string" && isDecimal(p) ? (chargeString(s), chargeResult(substring(s, p))) : general(s, p)),
    3: (general) => (s, p, n) =>
      typeof s === "string" && isDecimal(p) && isDecimal(n) ? (chargeString(s), chargeResult(substring(s, p, n))) : general(s, p, n),
  },
});
export const builtinStringLength = (): BuiltinDef => ({
  ...scalarRow(
    string1("string length", T.number, "The number of characters (Unicode code points).", (s) => Decimal.scaled(codePointCount(s), 0)),
  ),
  direct: { 1: (general) => (s) => (typeof s === "string" ? (chargeString(s), Decimal.scaled(codePointCount(s), 0)) : general(s)) },
});
export const builtinUpperCase = (): BuiltinDef => ({
  ...scalarRow(string1("upper case", T.string, "The string in upper case.", (s) => s.toUpperCase())),
  direct: {
    1: (general) => {
      const upper = lastOf((s) => s.toUpperCase());
      return (s) => (typeof s === "string" ? (chargeString(s), built(upper(s))) : general(s));
    },
  },
});
export const builtinLowerCase = (): BuiltinDef => ({
  ...scalarRow(string1("lower case", T.string, "The string in lower case.", (s) => s.toLowerCase())),
  direct: {
    1: (general) => {
      const lower = lastOf((s) => s.toLowerCase());
      return (s) => (typeof s === "string" ? (chargeString(s), built(lower(s))) : general(s));
    },
  },
});
export const builtinSubstringBefore = (): BuiltinDef => ({
  ...scalarRow(
    strings2(
      "substring before",
      T.string,
      "The part before the first occurrence of match; empty when there is none.",
      ["string", "match"],
      before,
    ),
  ),
  direct: {
    2: (general) => (s, m) => (typeof s === "string" && typeof m === "string" ? (chargeStrings(s, m), built(before(s, m))) : general(s, m)),
  },
});
export const builtinSubstringAfter = (): BuiltinDef => ({
  ...scalarRow(
    strings2(
      "substring after",
      T.string,
      "The part after the first occurrence of match; empty when there is none.",
      ["string", "match"],
      after,
    ),
  ),
  direct: {
    2: (general) => (s, m) => (typeof s === "string" && typeof m === "string" ? (chargeStrings(s, m), built(after(s, m))) : general(s, m)),
  },
});
export const builtinContains = (): BuiltinDef => ({
  ...scalarRow(strings2("contains", T.boolean, "Whether the string contains match.", ["string", "match"], (s, m) => s.includes(m))),
  direct: {
    2: (general) => (s, m) => (typeof s === "string" && typeof m === "string" ? (chargeStrings(s, m), s.includes(m)) : general(s, m)),
  },
});
export const builtinStartsWith = (): BuiltinDef => ({
  ...scalarRow(strings2("starts with", T.boolean, "Whether the string starts with match.", ["string", "match"], (s, m) => s.startsWith(m))),
  direct: {
    2: (general) => (s, m) => (typeof s === "string" && typeof m === "string" ? (chargeStrings(s, m), s.startsWith(m)) : general(s, m)),
  },
});
export const builtinEndsWith = (): BuiltinDef => ({
  ...scalarRow(strings2("ends with", T.boolean, "Whether the string ends with match.", ["string", "match"], (s, m) => s.endsWith(m))),
  direct: {
    2: (general) => (s, m) => (typeof s === "string" && typeof m === "string" ? (chargeStrings(s, m), s.endsWith(m)) : general(s, m)),
  },
});
export const builtinStringJoin = (): BuiltinDef => ({
  ...stringDef({
    name: "string join",
    result: T.string,
    description: "The strings of a list joined, with an optional delimiter between them; nulls are skipped.",
    signatures: [{ params: ["list", "delimiter"], required: 1, impl: stringJoin }],
  }),
  direct: {
    1: (general) => (l) => (Array.isArray(l) ? (chargeCopied(l), stringJoin(l)) : general(l)),
    2: (general) => (l, d) => (Array.isArray(l) && typeof d === "string" ? (chargeCopied(l, d), stringJoin(l, d)) : general(l, d)),
  },
});

export const stringBuiltins: BuiltinDef[] = /* @__PURE__ */ madeGroup([
  builtinSubstring,
  builtinStringLength,
  builtinUpperCase,
  builtinLowerCase,
  builtinSubstringBefore,
  builtinSubstringAfter,
  builtinContains,
  builtinStartsWith,
  builtinEndsWith,
  builtinStringJoin,
]);
