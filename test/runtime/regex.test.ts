// Regular expressions run on RE2 (linear time). Their meaning is XPath's: on the patterns where
// XPath and JavaScript agree (no back-references, no lookaround, no `.` across line ends), the
// answers of matches, replace and split are those of a JavaScript RegExp, on generated patterns
// and inputs; the XPath-only syntax (flags, \p{...}, \d over Unicode, class subtraction) has its
// own cases.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { complement, normalise, propertyRanges, subtract, type Ranges } from "../../src/runtime/builtins/code-point-sets.js";
import { regexCacheHeld } from "../../src/runtime/builtins/regex.js";
import { MAX_REGEX_PROGRAM } from "../../src/runtime/builtins/regex-match.js";
import { checkModel } from "../../src/compiler/index.js";
import { b } from "./helpers.js";

/**
 * Simple patterns over the alphabet a, b: the syntax XPath and JavaScript read alike. A quantified
 * group never matches the empty string: what an empty iteration does (end the loop, or go on to the
 * next alternative) is a backtracking engine's choice where JavaScript and RE2 differ, not XPath's.
 */
const repeatable = (atom: string, quantifier: string): boolean =>
  !atom.startsWith("(") || quantifier === "" || !new RegExp(`^(?:${atom})$`).test("");
const grammar = fc.letrec<{ alt: string; seq: string; atom: string }>((tie) => ({
  alt: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("seq"),
    fc.tuple(tie("seq"), tie("seq")).map(([x, y]) => `${x}|${y}`),
  ),
  seq: fc.array(tie("atom"), { minLength: 1, maxLength: 4 }).map((xs) => xs.join("")),
  atom: fc
    .tuple(
      fc.oneof(
        { depthSize: "small" },
        fc.constantFrom("a", "b", "[ab]", "[^a]", ".", "[a-b]"),
        tie("alt").map((x) => `(${x})`),
        tie("alt").map((x) => `(?:${x})`),
      ),
      fc.constantFrom("", "", "*", "+", "?", "{1,2}", "{2}"),
    )
    .map(([a, q]) => (repeatable(a, q) ? a + q : a)),
}));
const pattern = grammar.alt;

const input = fc.stringMatching(/^[ab]{0,12}$/);

describe("RE2 answers as a JavaScript RegExp does on patterns both read alike", () => {
  it("matches", () => {
    fc.assert(
      fc.property(pattern, input, (p, s) => {
        expect(b("matches", s, p)).toBe(new RegExp(p).test(s));
      }),
      { numRuns: 400 },
    );
  });

  it("replace and split, where the pattern cannot match the empty string", () => {
    fc.assert(
      fc.property(pattern, input, (p, s) => {
        fc.pre(!new RegExp(p).test(""));
        expect(b("replace", s, p, "<$0>")).toBe(s.replace(new RegExp(p, "g"), "<$&>"));
        const parts: string[] = [];
        let last = 0;
        for (const m of s.matchAll(new RegExp(p, "g"))) {
          parts.push(s.slice(last, m.index));
          last = m.index + m[0].length;
        }
        expect(b("split", s, p)).toEqual([...parts, s.slice(last)]);
      }),
      { numRuns: 300 },
    );
  });

  it("answers at once where backtracking takes exponential time", () => {
    // (a|aa)+$ against 40 a's and a '!' takes a backtracking engine minutes
    expect(b("matches", `${"a".repeat(40)}!`, "(a|aa)+$")).toBe(false);
    expect(b("matches", `${"a".repeat(10_000)}!`, "(a*)*b")).toBe(false);
  });
});

describe("the cache of translated patterns", () => {
  it("holds at most a megabyte of patterns however long and many they are (a literal of 50,000 characters, 60 times)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 60 }), (lengths) => {
        lengths.forEach((n, i) => {
          // a literal of n characters, a new pattern each time (one past MAX_REGEX_PROGRAM characters is refused, and held all the same)
          const p = `${i}${"a".repeat(n)}`;
          expect(b("matches", p, p)).toBe(p.length <= MAX_REGEX_PROGRAM ? true : null);
          const held = regexCacheHeld();
          expect(held.chars).toBeLessThanOrEqual(1024 * 1024);
          expect(held.patterns).toBeLessThanOrEqual(256);
        });
      }),
      { numRuns: 5 },
    );
  });
});

describe("XPath syntax on RE2", () => {
  it.each([
    ["\\p{L} is any letter", "Ωé", "^\\p{L}+$", "", true],
    ["\\p{Lu}", "a", "\\p{Lu}", "", false],
    ["\\P{N}", "٣", "\\P{N}", "", false],
    ["\\d is any Unicode decimal digit", "٣", "^\\d$", "", true],
    ["\\s is XML's four spaces, not \\f", "\f", "\\s", "", false],
    ["\\S inside a class", "\t", "[\\Sx]", "", false],
    ["\\w is not punctuation, separator or other", "_", "\\w", "", false],
    ["\\W inside a negated class", "!", "[^\\W]", "", false],
    ["subtraction", "e", "^[a-z-[aeiou]]$", "", false],
    ["subtraction keeps the rest", "f", "^[a-z-[aeiou]]$", "", true],
    ["subtraction of a property", "B", "^[\\p{L}-[\\p{Lu}]]$", "", false],
    ["subtraction of a property keeps the rest", "b", "^[\\p{L}-[\\p{Lu}]]$", "", true],
    ["nested subtraction", "e", "^[a-z-[a-f-[e]]]$", "", true],
    ["a negated class minus", "1", "^[^a-z-[0-5]]$", "", false],
    ["a block", "Ж", "\\p{IsCyrillic}", "", true],
    ["the i flag folds case", "HELLO", "^hello$", "i", true],
    ["the i flag folds the Kelvin sign", "\u212A", "k", "i", true],
    ["the m flag: ^ after a newline", "a\nb", "^b", "m", true],
    ["without m, ^ is the start only", "a\nb", "^b", "", false],
    ["without s, . stops at \\r", "a\rb", "a.b", "", false],
    ["the s flag: . matches a newline", "a\nb", "a.b", "s", true],
    ["the x flag drops whitespace", "ab", "a b", "x", true],
    ["the q flag is literal", "a+b", "a+b", "q", true],
    [". matches a code point, not half of one", "\u{1F600}", "^.$", "", true],
  ])("%s", (_name, s, p, flags, want) => {
    expect(b("matches", s, p, flags)).toBe(want);
  });

  it("positions are of UTF-16 text: replace keeps astral characters whole", () => {
    expect(b("replace", "\u{1F600}a\u{1F600}", "a", "-")).toBe("\u{1F600}-\u{1F600}");
    expect(b("split", "x\u{1F600}y", "\u{1F600}")).toEqual(["x", "y"]);
  });
});

describe("a literal pattern is checked with the model", () => {
  const model = (expr: string) => ({ name: "m", inputs: { t: { type: "string", desc: "t?" } }, decisions: { d: expr } });
  const regexDiagnostics = (expr: string, strict: boolean) =>
    checkModel(model(expr), { strict })
      .stages.flatMap((s) => s.diagnostics)
      .filter((d) => d.code === "types.regex");

  it.each([
    ['matches(t, "(a)\\2")', /names no group/],
    ['replace(t, "[a-", "x")', /invalid regular expression/],
    ['split(t, "a{3,2}")', /max below min/],
    ['matches(t, "a", "z")', /not a regular expression flag/],
    ['matches(input: t, pattern: "(")', /invalid regular expression/],
  ])("%s is an error at the decision (strict), a warning when lenient", (expr, message) => {
    const [strict] = regexDiagnostics(expr, true);
    expect(strict).toMatchObject({ severity: "error", address: "decisions.d" });
    expect(strict!.message).toMatch(message);
    expect(regexDiagnostics(expr, false)[0]?.severity).toBe("warning");
  });

  it("leaves valid and non-literal patterns alone", () => {
    for (const expr of ['matches(t, "^[a-z-[aeiou]]+$", "i")', 'matches(t, "(a)\\1", "i")', "matches(t, t)", 'replace(t, "a", "b", null)'])
      expect(regexDiagnostics(expr, true)).toEqual([]);
  });
});

describe("code-point sets", () => {
  const ranges: fc.Arbitrary<Ranges> = fc.array(
    fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 20 })).map(([lo, w]) => [lo, lo + w] as const),
    { maxLength: 6 },
  );
  const has = (r: Ranges, cp: number) => r.some(([lo, hi]) => lo <= cp && cp <= hi);

  it("subtract and complement agree with membership", () => {
    fc.assert(
      fc.property(ranges, ranges, fc.integer({ min: 0, max: 330 }), (a, c, cp) => {
        expect(has(subtract(a, c), cp)).toBe(has(a, cp) && !has(c, cp));
        expect(has(complement(a), cp)).toBe(!has(a, cp));
        expect(has(normalise(a), cp)).toBe(has(a, cp));
      }),
    );
  });

  it("a property's ranges are the code points JavaScript says have it", () => {
    const lu = propertyRanges("\\p{Lu}");
    for (const cp of [0x41, 0x5a, 0x61, 0x391, 0x3b1, 0x1d400]) expect(has(lu, cp)).toBe(/\p{Lu}/u.test(String.fromCodePoint(cp)));
  });
});
