import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { and, between, ge, gt, inRange, isTrue, le, lt, not, or, range } from "../../src/runtime/index.js";
import { compareStrings } from "../../src/runtime/compare.js";
import { n, t, withProblems, type V } from "./helpers.js";

describe("ordering", () => {
  const cases: [string, V, V, boolean | null][] = [
    ["1 < 2", n(1), n(2), true],
    ["2 < 1", n(2), n(1), false],
    ["1 < 1", n(1), n(1), false],
    ['"a" < "b"', "a", "b", true],
    ['"B" < "a"', "B", "a", true],
    ["dates", t("2018-12-01"), t("2018-12-02"), true],
    ["durations", t("P1D"), t("P2D"), true],
    ["ym durations", t("P1Y"), t("P13M"), true],
    ["number vs string", n(1), "2", null],
    ["booleans are not ordered", false, true, null],
    ["null operand", null, n(1), null],
    ["date vs duration", t("2018-12-01"), t("P1D"), null],
  ];
  it.each(cases)("%s", (_n, a, b, want) => expect(lt(a, b)).toBe(want));

  it("le/gt/ge agree with lt", () => {
    expect([le(n(1), n(1)), gt(n(1), n(1)), ge(n(1), n(1))]).toEqual([true, false, true]);
    expect([le(n(2), n(1)), gt(n(2), n(1)), ge(n(0), n(1))]).toEqual([false, true, false]);
  });

  it("orders strings by code point, not UTF-16 unit", () => {
    // U+1F600 is above U+FFFF; as UTF-16 its first unit (D83D) sorts below U+FF5E
    expect(compareStrings("\u{1F600}", "\uFF5E")).toBe(1);
    expect(lt("\uFF5E", "\u{1F600}")).toBe(true);
    expect(compareStrings("ab", "abc")).toBe(-1);
    expect(compareStrings("abc", "abc")).toBe(0);
  });

  it("reports incomparable kinds but not nulls", () => {
    expect(withProblems(() => lt(n(1), "a")).problems).toHaveLength(1);
    expect(withProblems(() => lt(null, n(1))).problems).toHaveLength(0);
  });
});

describe("three-valued logic", () => {
  const T = true,
    F = false,
    N = null;
  const table: [V, V, V, V][] = [
    // a, b, a and b, a or b
    [T, T, T, T],
    [T, F, F, T],
    [T, N, N, T],
    [F, T, F, T],
    [F, F, F, F],
    [F, N, F, N],
    [N, T, N, T],
    [N, F, F, N],
    [N, N, N, N],
    [T, n(123), N, T],
    [F, "true", F, N],
    [n(0), n(0), N, N],
  ];
  it.each(table)("%s and/or %s", (a, b, wantAnd, wantOr) => {
    expect(and(a, b)).toBe(wantAnd);
    expect(or(a, b)).toBe(wantOr);
  });
  it("not and isTrue", () => {
    expect([not(true), not(false), not(null), not(n(0)), not("true")]).toEqual([false, true, null, null, null]);
    expect([isTrue(true), isTrue(false), isTrue(null), isTrue("true")]).toEqual([true, false, false, false]);
  });
});

describe("ranges and between", () => {
  it("between is inclusive on both ends", () => {
    expect([n(0), n(1), n(5), n(10), n(11)].map((v) => between(v, n(1), n(10)))).toEqual([false, true, true, true, false]);
    expect(between("c", "b", "d")).toBe(true);
    expect(between(t("P3D"), t("P2D"), t("P4D"))).toBe(true);
    expect([between(null, n(1), n(10)), between(n(2), null, n(10)), between(n(2), n(1), null)]).toEqual([null, null, null]);
  });

  it("between with a null bound is false when the other bound already fails (found by the differential tests)", () => {
    expect([between(n(0), n(1), null), between(n(11), null, n(10)), between("ǅ", null, "c")]).toEqual([false, false, false]);
  });

  const membership: [string, boolean, V, V, boolean, V, boolean | null][] = [
    ["2 in (2..4)", false, n(2), n(4), false, n(2), false],
    ["3 in (2..4)", false, n(2), n(4), false, n(3), true],
    ["4 in (2..4]", false, n(2), n(4), true, n(4), true],
    ["2 in [2..4)", true, n(2), n(4), false, n(2), true],
    ["4 in [2..4)", true, n(2), n(4), false, n(4), false],
    ["5 in [2..4]", true, n(2), n(4), true, n(5), false],
    ["1 in < 10", false, null, n(10), false, n(1), true],
    ["10 in < 10", false, null, n(10), false, n(10), false],
    ["10 in >= 10", true, n(10), null, false, n(10), true],
    ['"c" in ("b".."d")', false, "b", "d", false, "c", true],
    ["date in range", true, t("2018-12-02"), t("2018-12-04"), true, t("2018-12-03"), true],
    ["string in number range", true, n(1), n(5), true, "a", null],
    ["null in range", true, n(1), n(5), true, null, null],
  ];
  it.each(membership)("%s", (_n, si, s, e, ei, v, want) => {
    expect(inRange(v, range(si, s, e, ei)!)).toBe(want);
  });

  it("a number's membership of a range of numbers is its order with each endpoint", () => {
    // values from a short list, so that a value often meets an endpoint; long decimals among them
    const value = fc.constantFrom("-3", "0", "0.1", "1.5", "2", "2.0000000000000000000000000000001", "1e30").map(n);
    fc.assert(
      fc.property(value, value, value, fc.boolean(), fc.boolean(), (v, s, e, si, ei) => {
        const r = range(si, s, e, ei);
        if (r === null) return;
        expect(inRange(v, r)).toBe(and(si ? ge(v, s) : gt(v, s), ei ? le(v, e) : lt(v, e)));
      }),
      { numRuns: 500 },
    );
  });

  it("a null endpoint written as a value makes membership null", () => {
    expect(inRange(n(5), range(false, null, n(10), true, true))).toBe(null);
    expect(inRange(n(5), range(true, n(1), null, true, true))).toBe(null);
    expect(inRange(n(50), range(true, n(1), null, true, true))).toBe(null);
    expect(inRange(n(5), range(false, null, n(10), true))).toBe(true);
  });

  it("range endpoints must be comparable", () => {
    expect(withProblems(() => range(true, n(1), "b", true)).result).toBe(null);
    expect(range(true, true, false, true)).toBe(null);
    expect(range(true, [n(1)], n(2), true)).toBe(null);
    expect(range(true, t("2018-01-01"), t("2019-01-01"), true)).not.toBe(null);
    expect(inRange(n(1), null)).toBe(null);
  });
});
