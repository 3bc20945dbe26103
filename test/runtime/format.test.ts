import { describe, expect, it } from "vitest";
import { fn, range, toFeelString } from "../../src/runtime/index.js";
import { ctx, n, t, type V } from "./helpers.js";

describe("toFeelString", () => {
  const cases: [string, V, string][] = [
    ["null", null, "null"],
    ["a string is itself", 'a "b"', 'a "b"'],
    ["numbers in plain notation", n("1.5e-7"), "0.00000015"],
    ["big numbers", n("1.2e40"), "12000000000000000000000000000000000000000"],
    ["negative zero", n("-0"), "0"],
    ["nested strings are quoted", ["a", n(1), [true]], '["a", 1, [true]]'],
    ["contexts", ctx({ a: n(1), "b c": "x", "1x": null }), '{a: 1, b c: "x", "1x": null}'],
    ["closed range", range(true, n(1), n(10), false), "[1..10)"],
    ["open start", range(false, null, n(10), true), "<= 10"],
    ["open end", range(false, n(1), null, false), "> 1"],
    ["null endpoint written as a value", range(false, null, n(10), false, true), "(null..10)"],
    ["string range", range(true, "a", "c", true), '["a".."c"]'],
    ["temporals", [t("2018-12-08"), t("P1DT2H")], "[2018-12-08, P1DT2H]"],
    ["functions", fn("f", ["a", "b"], () => null), "function(a, b)"],
  ];
  it.each(cases)("%s", (_n, v, want) => expect(toFeelString(v)).toBe(want));
});
