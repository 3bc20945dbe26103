// String built-ins (DMN 1.5, 10.3.4.3) without regular expressions; positions count characters
// (code points), 1-based, negative from the end.
import { chars, int, list, s, type RefBuiltin } from "./builtin-def.js";
import type { RValue } from "./values.js";
import { num } from "./values.js";

const strings = (params: string[], f: (...xs: string[]) => RValue): RefBuiltin => ({
  signatures: [params],
  impl: (args) => {
    const xs = args.map(s);
    return xs.some((x) => x === null) ? null : f(...(xs as string[]));
  },
});

function substring(x: string, start: number, length: number | undefined): RValue {
  const cs = chars(x);
  // a start outside the string (0, or past either end) has no substring; a length runs from 1 to
  // the characters left, as sublist's does (DMN 1.5, 10.3.4.4; the engine applies that rule here too)
  const from = start > 0 ? start - 1 : cs.length + start;
  if (start === 0 || from < 0 || from >= cs.length) return null;
  if (length !== undefined && (length < 1 || from + length > cs.length)) return null;
  return cs.slice(from, length === undefined ? undefined : from + length).join("");
}

/**
 * XPath regular expressions (10.3.4.3 refers to XQuery 1.0 and XPath 2.0 Functions 7.6) as
 * JavaScript ones: the generators write only the common subset (literals, classes, `.`, `+`, `*`,
 * `^`, `$`) on text without line breaks, where the two agree. Flags: `i` only.
 */
function regex(pattern: string, flags: string | undefined, global = false): RegExp | null {
  if (flags !== undefined && !/^i?$/.test(flags)) return null;
  try {
    return new RegExp(pattern, `u${flags ?? ""}${global ? "g" : ""}`);
  } catch {
    return null;
  }
}

export const stringBuiltins: Record<string, RefBuiltin> = {
  matches: {
    signatures: [
      ["input", "pattern"],
      ["input", "pattern", "flags"],
    ],
    impl: ([x, p, f]) => {
      const [input, pattern] = [s(x), s(p)];
      const re = input === null || pattern === null ? null : regex(pattern, f === undefined ? undefined : (s(f) ?? "?"));
      return re === null ? null : re.test(input!);
    },
  },
  replace: {
    signatures: [
      ["input", "pattern", "replacement"],
      ["input", "pattern", "replacement", "flags"],
    ],
    impl: ([x, p, r, f]) => {
      const [input, pattern, replacement] = [s(x), s(p), s(r)];
      const re =
        input === null || pattern === null || replacement === null
          ? null
          : regex(pattern, f === undefined ? undefined : (s(f) ?? "?"), true);
      // a pattern that matches the empty string is an error in XPath
      if (re === null || new RegExp(re.source, "u").test("")) return null;
      return input!.replace(re, replacement!);
    },
  },
  split: {
    signatures: [["string", "delimiter"]],
    impl: ([x, d]) => {
      const [input, delimiter] = [s(x), s(d)];
      const re = input === null || delimiter === null ? null : regex(delimiter, undefined, true);
      if (re === null || new RegExp(re.source, "u").test("")) return null;
      return input!.split(re);
    },
  },
  "string length": strings(["string"], (x) => num(chars(x).length)),
  "upper case": strings(["string"], (x) => x.toUpperCase()),
  "lower case": strings(["string"], (x) => x.toLowerCase()),
  contains: strings(["string", "match"], (x, m) => x.includes(m)),
  "starts with": strings(["string", "match"], (x, m) => x.startsWith(m)),
  "ends with": strings(["string", "match"], (x, m) => x.endsWith(m)),
  "substring before": strings(["string", "match"], (x, m) => (x.includes(m) ? x.slice(0, x.indexOf(m)) : "")),
  "substring after": strings(["string", "match"], (x, m) => (x.includes(m) ? x.slice(x.indexOf(m) + m.length) : "")),
  substring: {
    signatures: [
      ["string", "start position"],
      ["string", "start position", "length"],
    ],
    impl: ([x, start, length]) => {
      const [str, p, l] = [s(x), int(start), length === undefined ? undefined : int(length)];
      if (str === null || p === null || l === null) return null;
      return substring(str, p, l);
    },
  },
  "string join": {
    signatures: [["list"], ["list", "delimiter"]],
    impl: ([xs, delimiter]) => {
      const items = list(xs);
      const d = delimiter === undefined || delimiter === null ? "" : s(delimiter);
      if (items === null || d === null || items.some((i) => i !== null && typeof i !== "string")) return null;
      return items.filter((i) => i !== null).join(d);
    },
  },
};
