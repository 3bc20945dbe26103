import { describe, expect, it } from "vitest";
import { b, bn, n, show, withProblems, type V } from "./helpers.js";

const check = (cases: [string, () => V, string][]) => it.each(cases)("%s", (_name, run, want) => expect(show(run())).toBe(want));

describe("string functions", () => {
  check([
    ['substring("foobar", 3)', () => b("substring", "foobar", n(3)), '"obar"'],
    ['substring("foobar", 3, 3)', () => b("substring", "foobar", n(3), n(3)), '"oba"'],
    ['substring("foobar", -2, 1)', () => b("substring", "foobar", n(-2), n(1)), '"a"'],
    ['substring("foobar", -6, 6)', () => b("substring", "foobar", n(-6), n(6)), '"foobar"'],
    ['substring("foobar", 3, 3.8)', () => b("substring", "foobar", n(3), n("3.8")), '"oba"'],
    ["substring counts code points", () => b("substring", "\u{1F40E}foo", n(2)), '"foo"'],
    ["substring(string: , start position: )", () => bn("substring", { string: "foobar", "start position": n(3) }), '"obar"'],
    ['substring("f", 0)', () => b("substring", "f", n(0)), "null"],
    ["substring beyond the end", () => b("substring", "abc", n(4)), "null"],
    ["substring before the start", () => b("substring", "abc", n(-4)), "null"],
    ['substring("abc", -3)', () => b("substring", "abc", n(-3)), '"abc"'],
    ["substring length past the end", () => b("substring", "abc", n(2), n(3)), "null"],
    ["substring length 0", () => b("substring", "abc", n(2), n(0)), "null"],
    ['substring("abc", 2, 2)', () => b("substring", "abc", n(2), n(2)), '"bc"'],
    ['string length("")', () => b("string length", ""), "0"],
    ["string length counts code points", () => b("string length", "\u{1F40E}\u{1F600}"), "2"],
    ['string length(string: "xyz123")', () => bn("string length", { string: "xyz123" }), "6"],
    ['upper case("aBc4")', () => b("upper case", "aBc4"), '"ABC4"'],
    ['lower case("aBc4")', () => b("lower case", "aBc4"), '"abc4"'],
    ["lower case(123)", () => b("lower case", n(123)), "null"],
    ['substring before("foobar", "bar")', () => b("substring before", "foobar", "bar"), '"foo"'],
    ['substring before("foobar", "x")', () => b("substring before", "foobar", "x"), '""'],
    ['substring before("abc", "")', () => b("substring before", "abc", ""), '""'],
    ['substring after("foobar", "ob")', () => b("substring after", "foobar", "ob"), '"ar"'],
    ['substring after("abc", "")', () => b("substring after", "abc", ""), '"abc"'],
    ['substring after("", "a")', () => b("substring after", "", "a"), '""'],
    ['contains("abc", "")', () => b("contains", "abc", ""), "true"],
    ['contains("", "ab")', () => b("contains", "", "ab"), "false"],
    ['contains(null, "bar")', () => b("contains", null, "bar"), "null"],
    ["contains(string: , match: )", () => bn("contains", { string: "foobar", match: "b" }), "true"],
    ['starts with("foobar", "fo")', () => b("starts with", "foobar", "fo"), "true"],
    ['ends with("foobar", "r")', () => b("ends with", "foobar", "r"), "true"],
    ['string join(["a","b","c"])', () => b("string join", ["a", "b", "c"]), '"abc"'],
    ["string join with delimiter", () => b("string join", ["a", "b", "c"], " and "), '"a and b and c"'],
    ["string join skips nulls", () => b("string join", ["a", null, "c"], "X"), '"aXc"'],
    ["string join(null delimiter)", () => b("string join", ["a", "b"], null), '"ab"'],
    ["string join([])", () => b("string join", []), '""'],
    ["string join of numbers", () => b("string join", [n(1), n(2)], "X"), "null"],
    ['string join("a", "X") singleton', () => b("string join", "a", "X"), '"a"'],
    ["string join(delimiter:, list:)", () => bn("string join", { delimiter: "X", list: ["a", "c"] }), '"aXc"'],
    ["string join(list:, delimitr:)", () => bn("string join", { list: ["a"], delimitr: "X" }), "null"],
    ['split("John Doe", "\\s")', () => b("split", "John Doe", "\\s"), '["John", "Doe"]'],
    ["split keeps empty pieces", () => b("split", "a;b;c;;", ";"), '["a", "b", "c", "", ""]'],
    ["split(delimiter:, string:)", () => bn("split", { delimiter: ",", string: "foo,bar" }), '["foo", "bar"]'],
    ["split with groups does not leak captures", () => b("split", "a1b2c", "([0-9])"), '["a", "b", "c"]'],
    ["split on an empty match is an error", () => b("split", "abc", "x*"), "null"],
    ['split("foo", null)', () => b("split", "foo", null), "null"],
  ]);
});

describe("matches (XPath regular expressions)", () => {
  const cases: [string, string, string | null | undefined, boolean | null][] = [
    ["abracadabra", "bra", null, true],
    ["abracadabra", "bra", "p", null],
    ["abracadabra", "^a.*a$", undefined, true],
    ["\nabcd\ndefg\n", "^$", "m", true],
    ["abcd\n\ndefg\n ", "^$", "m", true],
    ["abcd\ndefg", "^defg", undefined, false],
    ["Mary\rJones", "Mary.Jones", undefined, false],
    ["Mary\u2028Jones", "Mary.Jones", undefined, true],
    ["Mary\nJones", "Mary.Jones", "s", true],
    ["abc", "ABC", "i", true],
    ["\u212A", "k", "i", true],
    ["x", "[A-Z-[OI]]", "i", true],
    ["O", "[A-Z-[OI]]", "i", false],
    ["i", "[A-Z-[OI]]", "i", false],
    ["q", "[^Q]", "i", false],
    ["hello world", "hello\\ sworld", "x", true],
    ["hello world", " hello[ ]world", "x", true],
    ["hello world", "he ll o[ ]worl d", "x", true],
    ["hello world", "\\p{ I s B a s i c L a t i n }+", "x", true],
    ["hello world", "\\p{ IsBasicLatin}+", undefined, null],
    ["hello world", "\\p{IsBasicLatin}+", undefined, true],
    ["h", "(.)\\3", undefined, null],
    ["input", "\\3", undefined, null],
    ["abcd", "(asd)[\\1]", undefined, null],
    ["abcd", "1[asd\\0]", undefined, null],
    // back-references run on the budgeted backtracking matcher
    ["aA", "(a)\\1", "i", true],
    ["a", "a[^b]", undefined, false],
    ["a ", "a[^b]", undefined, true],
    ["a.b", "a.b", "q", true],
    ["axb", "a.b", "q", false],
    ["A.B", "a.b", "qi", true],
    ["a1", "\\w\\d", undefined, true],
    ["a-", "\\w\\W", undefined, true],
    ["_x:y", "^\\i\\c*$", undefined, true],
    ["1x", "^\\i", undefined, false],
    ["é", "\\p{Ll}", undefined, true],
    ["a{b", "a\\{b", undefined, true],
    ["a-b", "a\\-b", undefined, true],
    ["aaa", "a{2,3}", undefined, true],
    ["a", "a{3,2}", undefined, null],
    ["ab", "(?:a)b", undefined, true],
    ["ab", "(?=a)", undefined, null],
    ["a]", "a]", undefined, null],
    ["-", "[-a]", undefined, true],
    ["b", "[a-c-[b]]", undefined, false],
    ["\u{1F600}", "^.$", undefined, true],
  ];
  it.each(cases)("matches(%j, %j, %j) = %s", (input, pattern, flags, want) => {
    const v = flags === undefined ? b("matches", input, pattern) : b("matches", input, pattern, flags);
    expect(v).toBe(want);
  });
  it("argument errors", () => {
    expect(b("matches", null, "p")).toBe(null);
    expect(b("matches", "input", null)).toBe(null);
    expect(b("matches", "input", [])).toBe(null);
    expect(b("matches", "input")).toBe(null);
    expect(b("matches", "input", "pattern", "", [])).toBe(null);
    expect(b("matches", "input", "pattern", " ")).toBe(null);
    expect(withProblems(() => b("matches", "x", "(")).problems[0]).toMatch(/invalid regular expression/);
    expect(withProblems(() => b("matches", "aa", "(a)\\2")).problems[0]).toMatch(/names no group/);
  });
});

describe("replace", () => {
  check([
    ['replace("abcd", "b", "x")', () => b("replace", "abcd", "b", "x"), '"axcd"'],
    ["groups", () => b("replace", "abcd", "(ab)|(a)", "[1=$1][2=$2]"), '"[1=ab][2=]cd"'],
    ["escaped $ and \\", () => b("replace", "a", "a", "\\$\\\\"), '"$\\\\"'],
    ["$10 with one group is $1 then 0", () => b("replace", "ab", "(a)", "$10"), '"a0b"'],
    ["all matches", () => b("replace", "banana", "a", "o"), '"bonono"'],
    ["flags", () => b("replace", "ABC", "b", "x", "i"), '"AxC"'],
    ["x flag", () => b("replace", "abc", "b c", "X", "x"), '"aX"'],
    ["q makes the replacement literal", () => b("replace", "a.b", ".", "$1\\", "q"), '"a$1\\\\b"'],
    ["a lone $ is an error", () => b("replace", "abc", "b", "$"), "null"],
    ["a bad backslash is an error", () => b("replace", "abc", "b", "\\n"), "null"],
    ["an empty-matching pattern is an error", () => b("replace", "abc", "x*", "y"), "null"],
    ["replace(input:, pattern:, replacement:)", () => bn("replace", { input: "abc", pattern: "c", replacement: "C" }), '"abC"'],
  ]);
});
