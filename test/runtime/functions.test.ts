import { describe, expect, it } from "vitest";
import { NUMBER } from "../../src/ir/types.js";
import { builtin, call, callNamed, fn, FeelFunction } from "../../src/runtime/index.js";
import { n, show, withProblems } from "./helpers.js";

describe("user functions", () => {
  const add = fn("add", ["a", "b"], (a, b) => (a as any).plus(b));
  it("positional and named calls", () => {
    expect(show(call(add, [n(1), n(2)]))).toBe("3");
    expect(
      show(
        callNamed(add, [
          ["b", n(2)],
          ["a", n(1)],
        ]),
      ),
    ).toBe("3");
  });
  it("wrong arity and unknown names are null with a problem", () => {
    expect(withProblems(() => call(add, [n(1)])).problems).toHaveLength(1);
    expect(call(add, [n(1), n(2), n(3)])).toBe(null);
    expect(
      withProblems(() =>
        callNamed(add, [
          ["a", n(1)],
          ["c", n(2)],
        ]),
      ).result,
    ).toBe(null);
  });
  it("a missing named argument is null", () => {
    const f = fn("f", ["a", "b"], (a, b) => (b === null ? "no b" : "b"));
    expect(callNamed(f, [["a", n(1)]])).toBe("no b");
  });
  it("declared parameter types convert or reject arguments", () => {
    const f = fn("f", ["x"], (x) => x, [NUMBER]);
    expect(show(call(f, [n(10)]))).toBe("10");
    expect(show(call(f, [[n(10)]]))).toBe("10");
    expect(withProblems(() => call(f, ["foo"])).result).toBe(null);
    expect(call(f, [null])).toBe(null);
  });
  it("calling a non-function is null with a problem", () => {
    for (const v of [null, "abs", n(123), true]) expect(withProblems(() => call(v, [])).problems).toHaveLength(1);
  });
});

describe("built-in resolution", () => {
  it("the catalogue has every DMN 1.5 function, temporal ones included", () => {
    const names = [
      "number",
      "string",
      "context",
      "not",
      "is",
      "substring",
      "string length",
      "upper case",
      "lower case",
      "substring before",
      "substring after",
      "replace",
      "contains",
      "starts with",
      "ends with",
      "matches",
      "split",
      "string join",
      "list contains",
      "count",
      "min",
      "max",
      "sum",
      "mean",
      "median",
      "stddev",
      "mode",
      "product",
      "all",
      "any",
      "sublist",
      "append",
      "concatenate",
      "insert before",
      "remove",
      "reverse",
      "index of",
      "union",
      "distinct values",
      "flatten",
      "sort",
      "list replace",
      "decimal",
      "floor",
      "ceiling",
      "round up",
      "round down",
      "round half up",
      "round half down",
      "abs",
      "modulo",
      "sqrt",
      "log",
      "exp",
      "odd",
      "even",
      "get value",
      "get entries",
      "context put",
      "context merge",
      "before",
      "after",
      "meets",
      "met by",
      "overlaps",
      "overlaps before",
      "overlaps after",
      "finishes",
      "finished by",
      "includes",
      "during",
      "starts",
      "started by",
      "coincides",
      "range",
      "date",
      "time",
      "date and time",
      "duration",
      "years and months duration",
      "now",
      "today",
      "day of year",
      "day of week",
      "month of year",
      "week of year",
    ];
    for (const name of names) expect(builtin(name), name).toBeInstanceOf(FeelFunction);
    expect(builtin("no such function")).toBe(null);
  });
  it("optional parameters", () => {
    expect(show(call(builtin("floor"), [n("1.56")]))).toBe("1");
    expect(show(call(builtin("floor"), [n("1.56"), n(1)]))).toBe("1.5");
    expect(call(builtin("floor"), [])).toBe(null);
    expect(call(builtin("floor"), [n("1.5"), n(1), n(2)])).toBe(null);
  });
  it("named arguments map by name and reject unknown names", () => {
    expect(
      show(
        callNamed(builtin("floor"), [
          ["scale", n(1)],
          ["n", n("1.56")],
        ]),
      ),
    ).toBe("1.5");
    expect(
      callNamed(builtin("floor"), [
        ["n", n("1.5")],
        ["scal", n(1)],
      ]),
    ).toBe(null);
    expect(
      callNamed(builtin("floor"), [
        ["n", n("1.5")],
        ["scale", n(1)],
        ["stuff", n(2)],
      ]),
    ).toBe(null);
    expect(callNamed(builtin("abs"), [["number", n(-1)]])).toBe(null);
    expect(
      callNamed(builtin("floor"), [
        ["n", n(1)],
        ["n", n(2)],
      ]),
    ).toBe(null);
  });
  it("variadic and list forms", () => {
    expect(show(call(builtin("max"), [n(1), n(3), n(2)]))).toBe("3");
    expect(show(call(builtin("max"), [[n(1), n(3), n(2)]]))).toBe("3");
    expect(show(callNamed(builtin("max"), [["list", [n(1), n(3)]]]))).toBe("3");
    expect(call(builtin("max"), [])).toBe(null);
  });
  it("a built-in is a value that can be passed around", () => {
    const abs = builtin("abs")!;
    expect(show(abs.invoke([n(-2)]))).toBe("2");
    expect(abs.options.signatures).toEqual([["n"]]);
  });
});
