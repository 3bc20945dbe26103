import { describe, expect, it } from "vitest";
import { filter, gt, iter, member, range, testValue, eq } from "../../src/runtime/index.js";
import { ctx, n, ns, show, t, withProblems, type V } from "./helpers.js";

describe("member (paths)", () => {
  it("reads context entries, missing ones are null", () => {
    expect(member(ctx({ a: "foo" }), "a")).toBe("foo");
    expect(member(ctx({ a: "foo" }), "b")).toBe(null);
    expect(member(null, "a")).toBe(null);
  });
  it("maps over lists", () => {
    expect(show(member([ctx({ x: n(1), y: n(2) }), ctx({ x: n(2), y: n(3) })], "y"))).toBe("[2, 3]");
    expect(show(member([ctx({ x: n(1) }), ctx({ y: n(2) })], "y"))).toBe("[null, 2]");
  });
  it("reads range properties", () => {
    const r = range(false, n(1), n(10), true)!;
    expect([member(r, "start included"), show(member(r, "start")), show(member(r, "end")), member(r, "end included")]).toEqual([
      false,
      "1",
      "10",
      true,
    ]);
    const open = range(false, null, n(10), false)!;
    expect(member(open, "start")).toBe(null);
    expect(withProblems(() => member(r, "middle")).problems).toHaveLength(1);
  });
  it("reads temporal properties", () => {
    expect(show(member(t("2018-12-10"), "year"))).toBe("2018");
    expect(show(member(t("P1Y2M"), "months"))).toBe("2");
    expect(show(member(t("P1D"), "days"))).toBe("1");
    expect(withProblems(() => member(t("P1Y"), "days")).result).toBe(null);
  });
  it("other values have no members", () => {
    expect(withProblems(() => member(n(1), "a"))).toEqual({ result: null, problems: [expect.stringMatching(/no property/)] });
  });
});

describe("filter", () => {
  const list = ns(1, 2, 3);
  const index = (i: V) => () => i;
  it.each([
    [0, "null"],
    [4, "null"],
    [1, "1"],
    [3, "3"],
    [-1, "3"],
    [-3, "1"],
    [-4, "null"],
  ])("[1,2,3][%s] = %s", (i, want) => expect(show(filter(list, index(n(i))))).toBe(want));

  it("booleans keep items", () => {
    expect(show(filter(list, () => true))).toBe("[1, 2, 3]");
    expect(show(filter(list, () => false))).toBe("[]");
    expect(show(filter(list, (item) => gt(item, n(1))))).toBe("[2, 3]");
    expect(show(filter([ctx({ x: n(1) }), ctx({ x: null })], (item) => gt(member(item, "x"), n(0))))).toBe("[{x: 1}]");
  });

  it("a non-list is a singleton", () => {
    expect(filter(true, index(n(1)))).toBe(true);
    expect(show(filter(n(100), () => true))).toBe("[100]");
    expect(show(filter("foo", () => false))).toBe("[]");
    expect(filter("foo", index(n(0)))).toBe(null);
    expect(filter(null, () => true)).toBe(null);
  });

  it("a non-boolean condition makes the filter null", () => {
    const r = withProblems(() => filter(ns(1, 2, 3, 4, 5), () => "not a boolean"));
    expect(r.result).toBe(null);
    expect(r.problems).toHaveLength(1);
    expect(filter(ns(1, 2, 3, 4, 5), (item) => (gt(item, n(3)) ? "x" : true))).toBe(null);
  });

  it("empty lists: an index is out of range, a condition keeps nothing", () => {
    expect(filter([], index(n(1)))).toBe(null);
    expect(show(filter([], (item) => eq(item, n(1))))).toBe("[]");
  });
});

describe("iteration sources", () => {
  it("iter", () => {
    expect(iter(ns(1, 2))).toHaveLength(2);
    expect(iter("a")).toEqual(["a"]);
    expect(iter(null)).toEqual([]);
  });
});

describe("testValue (plain-expression unary tests)", () => {
  const cases: [string, V, V, boolean | null][] = [
    ["1 in 1", n(1), n(1), true],
    ["1 in 2", n(1), n(2), false],
    ["1 in [2,3,1]", n(1), ns(2, 3, 1), true],
    ["1 in [2,3,4]", n(1), ns(2, 3, 4), false],
    ["true in [false, 2, 3]", true, [false, n(2), n(3)], false],
    ["1 in [[2..4], [1..3]]", n(1), [range(true, n(2), n(4), true), range(true, n(1), n(3), true)], true],
    ["5 in [[2..4], [1..3]]", n(5), [range(true, n(2), n(4), true), range(true, n(1), n(3), true)], false],
    ["a list input equal to the list", ns(1, 2), ns(1, 2), true],
    ["a list input as a member", ns(1, 2), [ns(1, 2), ns(3)], true],
    ["3 in (2..4)", n(3), range(false, n(2), n(4), false), true],
    ['"a" in "a"', "a", "a", true],
    ["null in null", null, null, true],
    ["1 in null", n(1), null, false],
    ['1 in "1"', n(1), "1", null],
  ];
  it.each(cases)("%s", (_n, input, value, want) => expect(testValue(input, value)).toBe(want));
});
