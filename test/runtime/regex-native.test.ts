// Plain patterns run as JavaScript RegExps (regex-native.ts): the same matches as RE2 on random
// patterns and inputs (astral code points, lone surrogates, case variants, metacharacters, the
// empty string), the same program size for the charges, and RE2 for the inputs whose worst case
// does not fit.
import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { re2Regex, type CompiledRegex } from "../../src/runtime/builtins/regex-match.js";
import { longestNative, plainPattern } from "../../src/runtime/builtins/regex-native.js";
import { translateRegex } from "../../src/runtime/builtins/xpath-regex.js";

/** Atoms of the plain subset, and others that keep a pattern out of it. */
const PLAIN_ATOMS = [
  "a",
  "b",
  "s",
  "k",
  "K",
  "S",
  "-",
  ",",
  " ",
  "\\.",
  "\\-",
  "\\s",
  "\\n",
  "\\$",
  "[a-c]",
  "[ab\\-]",
  "[A-Z]",
  "[.,;]",
  "[sk]",
  "[-a]",
  "[a-]",
  "[\\s,]",
  "[+*?]",
];
const OTHER_ATOMS = ["é", "[^a]", ".", "\\d", "(a)"];
const PLAIN_QUANTIFIERS = ["", "", "?", "*", "+", "{2}", "{1,3}", "{2,}", "{0,2}"];

const patternOf = (atoms: string[], quantifiers: string[]) => {
  const item = fc.tuple(fc.constantFrom(...atoms), fc.constantFrom(...quantifiers)).map(([a, q]) => a + q);
  const branch = fc
    .tuple(fc.boolean(), fc.array(item, { minLength: 0, maxLength: 4 }), fc.boolean())
    .map(([start, items, end]) => `${start ? "^" : ""}${items.join("")}${end ? "$" : ""}`);
  return fc.array(branch, { minLength: 1, maxLength: 3 }).map((bs) => bs.join("|"));
};
const pattern = fc.oneof(
  { arbitrary: patternOf(PLAIN_ATOMS, PLAIN_QUANTIFIERS), weight: 3 },
  { arbitrary: patternOf([...PLAIN_ATOMS, ...OTHER_ATOMS], [...PLAIN_QUANTIFIERS, "*?"]), weight: 1 },
);
const flags = fc.constantFrom("", "i", "", "i", "m", "q");

const UNITS = [
  "a",
  "b",
  "c",
  "s",
  "S",
  "k",
  "K",
  "\u017f",
  "\u212a",
  "\u0131",
  "\u0130",
  "-",
  ",",
  " ",
  ".",
  ";",
  "\n",
  "\r",
  "\t",
  "A",
  "Z",
  "é",
  "😀",
  "\ud800",
  "\udc00",
  "1",
  "$",
  "+",
];
const short = fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 16 });
/** Longer inputs, so that some pass the longest a pattern runs natively. */
const long = fc.tuple(short, fc.integer({ min: 2, max: 60 })).map(([s, n]) => s.repeat(n));
const input = fc.oneof(short, short, long);

/** The pattern as RE2 alone runs it (the translation's RE2 form, compiled apart from the cache). */
function re2Only(p: string, f: string): CompiledRegex | null {
  const t = translateRegex(p, f);
  if (!t.ok || t.re2 === undefined) return null;
  return re2Regex(RE2JS.compile(t.re2), t.regex.program);
}

function matchList(re: CompiledRegex, s: string): { start: number; end: number; groups: string[] }[] {
  const found: { start: number; end: number; groups: string[] }[] = [];
  re.eachMatch(s, (start, end, groups) => found.push({ start, end, groups: [...groups] }));
  return found;
}

describe("a plain pattern run as a JavaScript RegExp", () => {
  it("tests and finds the matches RE2 finds, on random patterns, flags and inputs", () => {
    let plain = 0;
    let runs = 0;
    fc.assert(
      fc.property(pattern, flags, fc.array(input, { minLength: 1, maxLength: 6 }), (p, f, inputs) => {
        const t = translateRegex(p, f);
        const reference = re2Only(p, f);
        if (!t.ok || reference === null) return;
        runs++;
        if (plainPattern(p, f)) plain++;
        expect(t.regex.program).toBe(reference.program);
        expect(t.regex.groupCount).toBe(reference.groupCount);
        for (const s of ["", ...inputs]) {
          expect(t.regex.test(s), `${p} /${f} ${JSON.stringify(s)}`).toBe(reference.test(s));
          // replace and split refuse a pattern that matches the empty string; RE2 steps past such a match
          if (!reference.test("")) expect(matchList(t.regex, s), `${p} /${f} ${JSON.stringify(s)}`).toEqual(matchList(reference, s));
        }
      }),
      { numRuns: 600 },
    );
    // the property is not vacuous: a good share of the valid patterns are plain
    expect(plain).toBeGreaterThan(runs / 5);
  });

  it("is taken for the plain patterns a model writes, and not for the others", () => {
    for (const [p, f] of [
      [" +", ""],
      ["[,;]", ""],
      ["^[A-Za-z0-9._%+\\-]+@[A-Za-z0-9.\\-]+\\.[A-Za-z]{2,}$", ""],
      ["^[A-Z]{2}[0-9]{2}[A-Z0-9]+$", ""],
      ["consult|trad|crypto|invest", "i"],
      ["KYC-[0-9]{4}", ""],
    ] as const)
      expect(plainPattern(p, f), p).not.toBeNull();
    for (const [p, f] of [
      ["a.b", ""], // `.` differs (U+2028)
      ["[^a]", ""], // a negated class matches surrogates
      ["\\d+", ""], // a Unicode category
      ["(a)b", ""], // a group
      ["a*?", ""], // a reluctant quantifier
      ["é", "i"], // a character past ASCII
      ["a|", ""], // a branch that matches the empty string
      ["a", "m"],
      ["a", "x"],
    ] as const)
      expect(plainPattern(p, f), p).toBeNull();
  });

  it("leaves to RE2 the inputs whose backtracking could outgrow RE2's pass", () => {
    const longest = (p: string) => {
      const t = translateRegex(p, "");
      if (!t.ok) throw new Error(t.message);
      return longestNative(plainPattern(p, "")!, t.regex.program);
    };
    // each character read once, whatever the length
    expect(longest(" +")).toBe(4096);
    expect(longest("^[A-Z]{2}[0-9]{2}[A-Z0-9]+$")).toBe(4096);
    // three loops over the same letters: cubic backtracking, so only short inputs
    expect(longest("^[a-z]+[a-z]+[a-z]+!$")).toBeLessThan(16);
    // unanchored, a loop that fails after it: quadratic
    expect(longest("[a-z]+1")).toBeLessThan(64);
    // such an input, far past the longest, is answered (by RE2) at once
    const t = translateRegex("^[a-z]+[a-z]+[a-z]+!$", "");
    if (!t.ok) throw new Error(t.message);
    const started = performance.now();
    expect(t.regex.test("a".repeat(100_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
