import { describe, expect, it } from "vitest";
import { eq, ne, valueEquals, range, FeelFunction, fn } from "../../src/runtime/index.js";
import { identical } from "../../src/runtime/equality.js";
import { ctx, n, ns, show, t, withProblems, type V } from "./helpers.js";

describe("FEEL equality", () => {
  const cases: [string, V, V, boolean | null][] = [
    ["null = null", null, null, true],
    ["true = true", true, true, true],
    ["true = false", true, false, false],
    ["true = null", true, null, false],
    ["false = 0", false, n(0), null],
    ["123 = 123", n(123), n(123), true],
    ["0 = 0.00", n(0), n("0.00"), true],
    ["-0 = 0", n("-0"), n(0), true],
    ["12300 = 1.23e4", n(12300), n("1.23e4"), true],
    ["100 = null", n(100), null, false],
    ['100 = "100"', n(100), "100", null],
    ['"foo" = "Foo"', "foo", "Foo", false],
    ['"foo" = "foo"', "foo", "foo", true],
    ["[1,2,3] = [1,2,3]", ns(1, 2, 3), ns(1, 2, 3), true],
    ["[1,1,1] = [1,1,1,1]", ns(1, 1, 1), ns(1, 1, 1, 1), false],
    ["[1,2,3] = [3,2,1]", ns(1, 2, 3), ns(3, 2, 1), false],
    ["[] = []", [], [], true],
    ["[] = null", [], null, false],
    ["[] = 0", [], n(0), null],
    ["{} = {}", ctx({}), ctx({}), true],
    ["contexts ignore entry order", ctx({ foo: "bar", bar: "baz" }), ctx({ bar: "baz", foo: "bar" }), true],
    ["{foo: bar} = {foo: baz}", ctx({ foo: "bar" }), ctx({ foo: "baz" }), false],
    ["{} = []", ctx({}), [], null],
    ["deep lists", [n(1), [n(3), n(4)]], [n(1), [n(3), n(4)]], true],
    ["deep order matters", [n(1), [n(3), n(4)]], [n(1), [n(4), n(3)]], false],
    ["deep contexts", ctx({ a: ctx({ b: "foo", c: ns(1, 2) }) }), ctx({ a: ctx({ c: ns(1, 2), b: "foo" }) }), true],
    ["extra entry", [ctx({ a: ns(3, 4) })], [ctx({ a: ns(3, 4), b: "foo" })], false],
    ["a false element wins over an incomparable one", [n(1), "a"], [n(2), n(3)], false],
    ["an incomparable element", [n(1), "a"], [n(1), n(3)], null],
  ];
  it.each(cases)("%s", (_name, a, b, want) => {
    expect(valueEquals(a, b)).toBe(want);
    expect(eq(a, b)).toBe(want);
    expect(ne(a, b)).toBe(want === null ? null : !want);
  });

  it("reports a problem only for incomparable values", () => {
    expect(withProblems(() => eq(n(1), "1")).problems).toHaveLength(1);
    expect(withProblems(() => eq(n(1), null)).problems).toHaveLength(0);
    expect(withProblems(() => eq(n(1), n(2))).problems).toHaveLength(0);
  });

  it("compares ranges by endpoints and inclusivity", () => {
    expect(eq(range(true, n(1), n(10), true), range(true, n(1), n(10), true))).toBe(true);
    expect(eq(range(false, n(1), n(10), true), range(true, n(1), n(10), true))).toBe(false);
    expect(eq(range(true, n(1), n(2), true), range(true, n(1), n(3), true))).toBe(false);
    expect(eq(range(false, null, n(10), false), range(false, null, n(10), false))).toBe(true);
  });

  it("tells `< 10` from `(null..10)`", () => {
    const open = range(false, null, n(10), false);
    const literal = range(false, null, n(10), false, true);
    expect(eq(open, literal)).toBe(false);
    expect(eq(literal, range(false, null, n(10), false, true))).toBe(true);
    expect(eq(range(true, n(1), n(3), true, true), range(true, n(1), n(3), true))).toBe(true);
  });

  it("compares temporals through the temporal module", () => {
    expect(eq(t("2018-12-08"), t("2018-12-08"))).toBe(true);
    expect(eq(t("2018-12-07"), t("2018-12-08"))).toBe(false);
    expect(eq(t("P1D"), t("PT24H"))).toBe(true);
    expect(eq(t("P1Y"), t("P12M"))).toBe(true);
    expect(eq(t("2018-12-08"), n(100))).toBe(null);
    expect(eq(n(100), t("P1D"))).toBe(null);
    expect(eq(t("P1Y"), t("P365D"))).toBe(null);
    expect(eq(t("2018-12-08"), null)).toBe(false);
  });

  it("functions are equal only to themselves", () => {
    const f = fn("f", [], () => null);
    expect(eq(f, f)).toBe(true);
    expect(
      valueEquals(
        f,
        fn("f", [], () => null),
      ),
    ).toBe(null);
    expect(f).toBeInstanceOf(FeelFunction);
  });
});

describe("is()", () => {
  it("is structural identity, stricter than =", () => {
    expect(identical(n(1), n("1.0"))).toBe(true);
    expect(identical(n(1), "1")).toBe(false);
    expect(identical(t("2018-12-08"), t("2018-12-08"))).toBe(true);
    expect(identical(t("10:30:00+01:00"), t("10:30:00@Europe/Paris"))).toBe(false);
    expect(identical(t("2018-12-08"), t("2018-12-08T00:00:00"))).toBe(false);
    expect(identical(null, null)).toBe(true);
    expect(show(ns(1, 2))).toBe("[1, 2]");
  });
});
