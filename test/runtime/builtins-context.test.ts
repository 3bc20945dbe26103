import { describe, expect, it } from "vitest";
import { b, bn, ctx, n, show, type V } from "./helpers.js";

const check = (cases: [string, () => V, string][]) => it.each(cases)("%s", (_name, run, want) => expect(show(run())).toBe(want));

describe("context functions", () => {
  check([
    ['get value({a: "foo"}, "a")', () => b("get value", ctx({ a: "foo" }), "a"), '"foo"'],
    ["get value(key:, m:)", () => bn("get value", { key: "a", m: ctx({ a: "foo" }) }), '"foo"'],
    ["get value(k:, m:)", () => bn("get value", { k: "a", m: ctx({ a: "foo" }) }), "null"],
    ["get value of a missing key", () => b("get value", ctx({ a: "foo" }), "b"), "null"],
    ['get value("foo", "foo")', () => b("get value", "foo", "foo"), "null"],
    ['get value({a: "foo"}, 123)', () => b("get value", ctx({ a: "foo" }), n(123)), "null"],
    ["get value with three arguments", () => b("get value", ctx({ a: "foo" }), "a", "bar"), "null"],
    ["get entries", () => b("get entries", ctx({ a: "foo", b: "bar" })), '[{key: "a", value: "foo"}, {key: "b", value: "bar"}]'],
    ["get entries({})", () => b("get entries", ctx({})), "[]"],
    ["get entries(m:)", () => bn("get entries", { m: ctx({ a: n(1) }) }), '[{key: "a", value: 1}]'],
    ["get entries(map:)", () => bn("get entries", { map: ctx({ a: n(1) }) }), "null"],
    ["get entries([1,2,3])", () => b("get entries", [n(1), n(2), n(3)]), "null"],
    ['context put({}, "a", 1)', () => b("context put", ctx({}), "a", n(1)), "{a: 1}"],
    ["context put replaces in place", () => b("context put", ctx({ a: n(1), b: n(2), c: n(3) }), "b", n(3)), "{a: 1, b: 3, c: 3}"],
    [
      "context put appends new keys last",
      () => b("get entries", b("context put", ctx({ a: n(1) }), "b", n(2))),
      '[{key: "a", value: 1}, {key: "b", value: 2}]',
    ],
    ['context put({}, "", 1)', () => b("context put", ctx({}), "", n(1)), '{"": 1}'],
    ["context put({}, null, 1)", () => b("context put", ctx({}), null, n(1)), "null"],
    ['context put(null, "a", 1)', () => b("context put", null, "a", n(1)), "null"],
    ['context put({}, "a", null)', () => b("context put", ctx({}), "a", null), "{a: null}"],
    ['context put({}, "a")', () => b("context put", ctx({}), "a"), "null"],
    ["context put({}, 1, 1)", () => b("context put", ctx({}), n(1), n(1)), "null"],
    ["context put(context:, key:, value:)", () => bn("context put", { context: ctx({}), key: "a", value: n(1) }), "{a: 1}"],
    ["context put(context:, ky:, value:)", () => bn("context put", { context: ctx({}), ky: "a", value: n(1) }), "null"],
    ["nested put", () => b("context put", ctx({ x: n(1), y: ctx({ a: n(0) }) }), ["y", "a"], n(2)), "{x: 1, y: {a: 2}}"],
    ["nested put adds a key", () => b("context put", ctx({ x: n(1), y: ctx({ a: n(0) }) }), ["y", "b"], n(2)), "{x: 1, y: {a: 0, b: 2}}"],
    ["nested put with a null key", () => b("context put", ctx({ y: ctx({ a: n(0) }) }), ["y", null], n(2)), "null"],
    ["nested put with no keys", () => b("context put", ctx({ y: ctx({}) }), [], n(2)), "null"],
    ["nested put through a non-context", () => b("context put", ctx({ y: ctx({ a: n(0) }) }), ["y", "a", "b"], n(2)), "null"],
    [
      "context put(keys:)",
      () => bn("context put", { context: ctx({ y: ctx({ a: n(0) }) }), keys: ["y", "a"], value: n(2) }),
      "{y: {a: 2}}",
    ],
    ["context put(key: [list])", () => bn("context put", { context: ctx({ y: ctx({ a: n(0) }) }), key: ["y", "a"], value: n(2) }), "null"],
    ["context merge", () => b("context merge", [ctx({ a: n(1) }), ctx({ b: n(2), a: n(3) })]), "{a: 3, b: 2}"],
    ["context merge of one context", () => b("context merge", ctx({ a: n(1) })), "{a: 1}"],
    ["context merge([1])", () => b("context merge", [n(1)]), "null"],
  ]);
  it("context put copies: the original is unchanged", () => {
    const original = ctx({ a: ctx({ b: n(1) }) });
    const copied = b("context put", original, ["a", "b"], n(2));
    expect(show(original)).toBe("{a: {b: 1}}");
    expect(show(copied)).toBe("{a: {b: 2}}");
  });
});

describe("conversion and boolean functions", () => {
  check([
    ['number("1.000.000,01", ".", ",")', () => b("number", "1.000.000,01", ".", ","), "1000000.01"],
    ['number("1,000,000.01", ",", ".")', () => b("number", "1,000,000.01", ",", "."), "1000000.01"],
    ['number("1 000 000.01", " ", ".")', () => b("number", "1 000 000.01", " ", "."), "1000000.01"],
    ['number("1,000,000.01", " ", ".")', () => b("number", "1,000,000.01", " ", "."), "null"],
    ["number with a bad grouping separator", () => b("number", "1,000,000.01", ":", "."), "null"],
    ["number with a non-string separator", () => b("number", "1,000,000.01", n(123), "."), "null"],
    ['number("1000000.01", null, ".")', () => b("number", "1000000.01", null, "."), "1000000.01"],
    ['number("1,000,000", ",", null)', () => b("number", "1,000,000", ",", null), "1000000"],
    ["equal separators", () => b("number", "1,000,000.00", ",", ","), "null"],
    ["number(null, ...)", () => b("number", null, ".", "."), "null"],
    ["number(123, ...)", () => b("number", n(123), ".", ","), "null"],
    [
      "number(from:, decimal separator:, grouping separator:)",
      () => bn("number", { from: "1.000.000,01", "decimal separator": ",", "grouping separator": "." }),
      "1000000.01",
    ],
    ["number(from:, decimal sep:)", () => bn("number", { from: "1", "decimal sep": "," }), "null"],
    ['number("foo,bar.001", ".", ",")', () => b("number", "foo,bar.001", ".", ","), "null"],
    ['number("1.000.000,01", ".")', () => b("number", "1.000.000,01", "."), "null"],
    ['number("-12.5")', () => b("number", "-12.5"), "-12.5"],
    ["number with four arguments", () => b("number", "1", ".", ",", ","), "null"],
    ["string(1.1)", () => b("string", n("1.1")), '"1.1"'],
    ["string(1e10) in plain notation", () => b("string", n("1e10")), '"10000000000"'],
    ["string(0.000001)", () => b("string", n("0.000001")), '"0.000001"'],
    ["string(null)", () => b("string", null), "null"],
    ["string(true)", () => b("string", true), '"true"'],
    ['string("x")', () => b("string", "x"), '"x"'],
    ["string of a list", () => b("string", [n(1), "a", null]), '"[1, \\"a\\", null]"'],
    ["string of a context", () => b("string", ctx({ a: n(1), "b c": ctx({}) })), '"{a: 1, b c: {}}"'],
    ["context([{key, value}...])", () => b("context", [ctx({ key: "a", value: n(1) }), ctx({ key: "b", value: n(2) })]), "{a: 1, b: 2}"],
    ["context with a duplicate key", () => b("context", [ctx({ key: "a", value: n(1) }), ctx({ key: "a", value: n(2) })]), "null"],
    ["context([]) is empty", () => b("context", []), "{}"],
    ["context of one entry", () => b("context", ctx({ key: "a", value: n(1) })), "{a: 1}"],
    ["context without value", () => b("context", ctx({ key: "a" })), "null"],
    ["context with a null value", () => b("context", ctx({ key: "a", value: null })), "{a: null}"],
    ["context with a null key", () => b("context", ctx({ key: null, value: n(1) })), "null"],
    ["context ignores other entries", () => bn("context", { entries: [ctx({ key: "a", value: n(1), ignored: "foo" })] }), "{a: 1}"],
    ["context(entris:)", () => bn("context", { entris: [] }), "null"],
    ['context("foo")', () => b("context", "foo"), "null"],
    ["not(true)", () => b("not", true), "false"],
    ["not(negand: false)", () => bn("not", { negand: false }), "true"],
    ["not(1)", () => b("not", n(1)), "null"],
    ["is(1, 1.0)", () => b("is", n(1), n("1.0")), "true"],
    ['is(1, "1")', () => b("is", n(1), "1"), "false"],
    ["is(value1:, value2:)", () => bn("is", { value1: "a", value2: "a" }), "true"],
    ["is([1], 1) compares a list with a number", () => b("is", [n(1)], n(1)), "false"],
    ["singleton list for a boolean parameter", () => b("not", [true]), "false"],
    ["singleton list for a string parameter", () => b("upper case", ["bob"]), '"BOB"'],
    ["singleton list for a context parameter", () => b("get value", [ctx({ a: n(1) })], "a"), "1"],
    ["singleton list for number()", () => b("number", ["1,5"], null, ","), "1.5"],
    ["a longer list is no scalar", () => b("upper case", ["a", "b"]), "null"],
  ]);
});
