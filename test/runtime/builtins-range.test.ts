import { describe, expect, it } from "vitest";
import { range, type FeelRange } from "../../src/runtime/index.js";
import { b, bn, n, show, t, withProblems, type V } from "./helpers.js";

/** A range from its FEEL text, e.g. "[1..10)" or "(1..5]", numbers only. */
function r(text: string): FeelRange {
  const m = /^([[(\]])(-?\d+)\.\.(-?\d+)([\])[])$/.exec(text)!;
  return range(m[1] === "[", n(m[2]!), n(m[3]!), m[4] === "]")!;
}
const p = (v: string | FeelRange): V => (typeof v === "string" ? (/^[[(\]]/.test(v) ? r(v) : n(v)) : v);

// [function, first, second, expected] from DMN 1.5 10.3.4.11 and TCK 1130-feel-interval
const table: [string, string, string, boolean][] = [
  ["before", "1", "10", true],
  ["before", "10", "1", false],
  ["before", "1", "[1..10]", false],
  ["before", "1", "(1..10]", true],
  ["before", "1", "[5..10]", true],
  ["before", "[1..10]", "10", false],
  ["before", "[1..10)", "10", true],
  ["before", "[1..10]", "15", true],
  ["before", "[1..10]", "[15..20]", true],
  ["before", "[1..10]", "[10..20]", false],
  ["before", "[1..10)", "[10..20]", true],
  ["before", "[1..10]", "(10..20]", true],
  ["after", "10", "5", true],
  ["after", "5", "10", false],
  ["after", "12", "[1..10]", true],
  ["after", "10", "[1..10)", true],
  ["after", "10", "[1..10]", false],
  ["after", "[11..20]", "12", false],
  ["after", "[11..20]", "10", true],
  ["after", "(11..20]", "11", true],
  ["after", "[11..20]", "11", false],
  ["after", "[11..20]", "[1..10]", true],
  ["after", "[1..10]", "[11..20]", false],
  ["after", "[11..20]", "[1..11)", true],
  ["after", "(11..20]", "[1..11]", true],
  ["meets", "[1..5]", "[5..10]", true],
  ["meets", "[1..5)", "[5..10]", false],
  ["meets", "[1..5]", "(5..10]", false],
  ["meets", "[1..5]", "[6..10]", false],
  ["met by", "[5..10]", "[1..5]", true],
  ["met by", "[5..10]", "[1..5)", false],
  ["met by", "(5..10]", "[1..5]", false],
  ["met by", "[6..10]", "[1..5]", false],
  ["overlaps", "[1..5]", "[3..8]", true],
  ["overlaps", "[3..8]", "[1..5]", true],
  ["overlaps", "[1..8]", "[3..5]", true],
  ["overlaps", "[3..5]", "[1..8]", true],
  ["overlaps", "[1..5]", "[6..8]", false],
  ["overlaps", "[6..8]", "[1..5]", false],
  ["overlaps", "[1..5]", "[5..8]", true],
  ["overlaps", "[1..5]", "(5..8]", false],
  ["overlaps", "[1..5)", "[5..8]", false],
  ["overlaps", "[5..8]", "[1..5]", true],
  ["overlaps", "(5..8]", "[1..5]", false],
  ["overlaps", "[5..8]", "[1..5)", false],
  ["overlaps before", "[1..5]", "[3..8]", true],
  ["overlaps before", "[1..5]", "[6..8]", false],
  ["overlaps before", "[1..5]", "[5..8]", true],
  ["overlaps before", "[1..5]", "(5..8]", false],
  ["overlaps before", "[1..5)", "[5..8]", false],
  ["overlaps before", "[1..5)", "(1..5]", true],
  ["overlaps before", "[1..5]", "(1..5]", true],
  ["overlaps before", "[1..5)", "[1..5]", false],
  ["overlaps before", "[1..5]", "[1..5]", false],
  ["overlaps after", "[3..8]", "[1..5]", true],
  ["overlaps after", "[6..8]", "[1..5]", false],
  ["overlaps after", "[5..8]", "[1..5]", true],
  ["overlaps after", "(5..8]", "[1..5]", false],
  ["overlaps after", "[5..8]", "[1..5)", false],
  ["overlaps after", "(1..5]", "[1..5)", true],
  ["overlaps after", "(1..5]", "[1..5]", true],
  ["overlaps after", "[1..5]", "[1..5)", false],
  ["overlaps after", "[1..5]", "[1..5]", false],
  ["finishes", "10", "[1..10]", true],
  ["finishes", "10", "[1..10)", false],
  ["finishes", "[5..10]", "[1..10]", true],
  ["finishes", "[5..10)", "[1..10]", false],
  ["finishes", "[5..10)", "[1..10)", true],
  ["finishes", "[1..10]", "[1..10]", true],
  ["finishes", "(1..10]", "[1..10]", true],
  ["finished by", "[1..10]", "10", true],
  ["finished by", "[1..10)", "10", false],
  ["finished by", "[1..10]", "[5..10]", true],
  ["finished by", "[1..10]", "[5..10)", false],
  ["finished by", "[1..10)", "[5..10)", true],
  ["finished by", "[1..10]", "(1..10]", true],
  ["finished by", "[1..10]", "[1..10]", true],
  ["includes", "[1..10]", "5", true],
  ["includes", "[1..10]", "12", false],
  ["includes", "[1..10]", "1", true],
  ["includes", "[1..10]", "10", true],
  ["includes", "(1..10]", "1", false],
  ["includes", "[1..10)", "10", false],
  ["includes", "[1..10]", "[4..6]", true],
  ["includes", "[1..10]", "[1..5]", true],
  ["includes", "(1..10]", "(1..5]", true],
  ["includes", "[1..10]", "(1..10)", true],
  ["includes", "[1..10)", "[5..10)", true],
  ["includes", "[1..10]", "[1..10)", true],
  ["includes", "[1..10]", "(1..10]", true],
  ["includes", "[1..10]", "[1..10]", true],
  ["includes", "(1..10]", "[1..5]", false],
  ["during", "5", "[1..10]", true],
  ["during", "12", "[1..10]", false],
  ["during", "1", "[1..10]", true],
  ["during", "1", "(1..10]", false],
  ["during", "10", "[1..10)", false],
  ["during", "[4..6]", "[1..10]", true],
  ["during", "(1..10)", "[1..10]", true],
  ["during", "[1..10]", "(1..10]", false],
  ["starts", "1", "[1..10]", true],
  ["starts", "1", "(1..10]", false],
  ["starts", "2", "[1..10]", false],
  ["starts", "[1..5]", "[1..10]", true],
  ["starts", "(1..5]", "(1..10]", true],
  ["starts", "(1..5]", "[1..10]", false],
  ["starts", "[1..5]", "(1..10]", false],
  ["starts", "[1..10]", "[1..10]", true],
  ["starts", "[1..10)", "[1..10]", true],
  ["starts", "(1..10)", "(1..10)", true],
  ["started by", "[1..10]", "1", true],
  ["started by", "(1..10]", "1", false],
  ["started by", "[1..10]", "2", false],
  ["started by", "[1..10]", "[1..5]", true],
  ["started by", "(1..10]", "(1..5]", true],
  ["started by", "[1..10]", "(1..5]", false],
  ["started by", "(1..10]", "[1..5]", false],
  ["started by", "[1..10]", "[1..10)", true],
  ["coincides", "5", "5", true],
  ["coincides", "3", "4", false],
  ["coincides", "[1..5]", "[1..5]", true],
  ["coincides", "(1..5)", "[1..5]", false],
  ["coincides", "[1..5]", "[2..6]", false],
];

describe("range relations", () => {
  it.each(table)("%s(%s, %s) = %s", (fn, a, c, want) => expect(b(fn, p(a), p(c))).toBe(want));

  it("unbounded ranges", () => {
    const below10 = range(false, null, n(10), false)!;
    const from5 = range(true, n(5), null, false)!;
    expect(b("before", below10, n(10))).toBe(true);
    expect(b("after", from5, n(4))).toBe(true);
    expect(b("overlaps", below10, from5)).toBe(true);
    expect(b("includes", below10, n(-1000))).toBe(true);
    expect(b("includes", from5, below10)).toBe(false);
    expect(b("starts", range(false, null, n(3), false), below10)).toBe(true);
  });

  it("temporal points and ranges", () => {
    const dec = range(true, t("2020-12-01"), t("2020-12-31"), true);
    expect(b("includes", dec, t("2020-12-24"))).toBe(true);
    expect(b("before", t("2020-11-30"), dec)).toBe(true);
  });

  it("named parameters follow each form", () => {
    expect(bn("before", { point1: n(1), point2: n(2) })).toBe(true);
    expect(bn("before", { range: r("[1..5]"), point: n(6) })).toBe(true);
    expect(bn("before", { point: n(0), range: r("[1..5]") })).toBe(true);
    expect(bn("meets", { range1: r("[1..5]"), range2: r("[5..8]") })).toBe(true);
    expect(bn("meets", { point1: n(1), point2: n(2) })).toBe(null);
  });

  it("nulls, incomparable endpoints and missing forms are null", () => {
    expect(b("before", null, n(1))).toBe(null);
    expect(withProblems(() => b("before", n(1), "a")).problems).toHaveLength(1);
    expect(b("meets", n(1), n(2))).toBe(null);
    expect(b("includes", n(1), r("[1..2]"))).toBe(null);
    expect(b("includes", range(true, null, n(10), true, true), n(5))).toBe(null);
  });

  it("a null endpoint makes a relation null whichever endpoint it reads first (found by the differential tests)", () => {
    // during(0, [null..0)) was null but during(-1, [1..null)) false: the second never read its null end
    const nullStart = range(true, null, n(0), false, true)!;
    const nullEnd = range(true, n(1), null, false, true)!;
    for (const [name, x, y] of [
      ["during", n(0), nullStart],
      ["during", n(-1), nullEnd],
      ["includes", nullEnd, n(-1)],
      ["after", nullStart, n(5)],
      ["before", n(5), nullEnd],
      ["overlaps", nullStart, r("[5..10]")],
    ] as [string, V, V][]) {
      expect(b(name, x, y), `${name}(${show(x)}, ${show(y)})`).toBe(null);
    }
  });
});

describe("range(from)", () => {
  const ok: [string, string][] = [
    ["[1..3]", "[1..3]"],
    ["(18..21]", "(18..21]"],
    ["]18..21]", "(18..21]"],
    ["[18..21)", "[18..21)"],
    ["[18..21[", "[18..21)"],
    [" [ 1 .. 3 ] ", "[1..3]"],
    ["[-1.5..2]", "[-1.5..2]"],
    ['["a".."c"]', '["a".."c"]'],
    ['[@"1970-01-01"..@"1970-01-02"]', "[1970-01-01..1970-01-02]"],
    ['[date("1970-01-01")..date("1970-01-02")]', "[1970-01-01..1970-01-02]"],
    ['[date and time("1970-01-01T00:00:00")..@"1970-01-02T00:00:00"]', "[1970-01-01T00:00:00..1970-01-02T00:00:00]"],
    ['[time("00:00:00")..@"00:00:00"]', "[00:00:00..00:00:00]"],
    ['[duration("P1D")..@"P2D"]', "[P1D..P2D]"],
    ['[@"P1Y"..@"P2Y"]', "[P1Y..P2Y]"],
  ];
  it.each(ok)("range(%j)", (text, want) => expect(show(b("range", text))).toBe(want));

  const bad = [
    "[..2]",
    "[1..]",
    '[date(string("1970-01-01"))..date("1970-01-02")]',
    '[date(input_001)..date("1970-01-02")]',
    "",
    " ",
    ">=10",
    '[1.."b"]',
    '[@"1970-01-01"..@"1970-01-02T00:00:00"]',
    "[3..1]",
    '["z".."a"]',
    '[@"P2D"..@"P1D"]',
    '[@"02:00:00"..@"01:00:00"]',
    "[null..null]",
    "[1..3] x",
  ];
  it.each(bad)("range(%j) is null", (text) => expect(withProblems(() => b("range", text)).result).toBe(null));

  it("equals the literal range and answers membership", () => {
    expect(b("includes", b("range", "[1..3]"), n(2))).toBe(true);
    expect(show(bn("range", { from: "[1..3]" }))).toBe("[1..3]");
    expect(bn("range", { fron: "[1..3]" })).toBe(null);
    expect(b("range", r("[1..3]"))).toBe(null);
    expect(b("range", "[1..3]", "foo")).toBe(null);
  });
});
