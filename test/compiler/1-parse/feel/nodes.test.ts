import { describe, expect, it } from "vitest";
import { expr, sexpr, strip } from "./helpers.js";

describe("literals", () => {
  it.each([
    ["1", "1"],
    ["1.5", "1.5"],
    [".5", ".5"],
    ["0.10", "0.10"],
    ["1.23e4", "1.23e4"],
    ["1.23e-4", "1.23e-4"],
  ])("keeps the text of the number %s", (text, value) => {
    expect(strip(expr(text))).toEqual({ kind: "number", value });
  });

  it("reads booleans, null, strings and temporal literals", () => {
    expect(strip(expr("true"))).toEqual({ kind: "boolean", value: true });
    expect(strip(expr("false"))).toEqual({ kind: "boolean", value: false });
    expect(strip(expr("null"))).toEqual({ kind: "null" });
    expect(strip(expr('"hello"'))).toEqual({ kind: "string", value: "hello" });
    expect(strip(expr('@"2020-01-01"'))).toEqual({ kind: "temporal", value: "2020-01-01" });
    expect(strip(expr('@"10:00:00@Europe/Paris"'))).toEqual({ kind: "temporal", value: "10:00:00@Europe/Paris" });
  });

  it("skips comments", () => {
    expect(sexpr(expr("1 + // one\n 2 /* two\n lines */ * 3"))).toBe("(+ 1 (* 2 3))");
  });
});

describe("each expression node kind", () => {
  it.each([
    ["x", "x"],
    ["?", "?"],
    ["a.b", "(. a b)"],
    ["xs[item > 1]", "(filter xs (> item 1))"],
    ['f(1, "a")', '(call f 1 "a")'],
    ["f()", "(call f)"],
    ["f(a: 1, b: 2)", "(call f a: 1 b: 2)"],
    ['string join(list: ["a"], delimiter: ",")', '(call {string join} list: ["a"] delimiter: ",")'],
    ["-x", "(neg x)"],
    ["a + b", "(+ a b)"],
    ["a <= b", "(<= a b)"],
    ["a or b", "(or a b)"],
    ["x between 1 and 2", "(between x 1 2)"],
    ["x in [1..5]", "(in x <(range [1..5])>)"],
    ["x instance of string", "(instance-of x string)"],
    ['if x > 1 then "big" else "small"', '(if (> x 1) "big" "small")'],
    ["for i in xs, j in 1..3 return i + j", "(for i in xs j in 1..3 (+ i j))"],
    ["some x in xs satisfies x > 2", "(some x in xs (> x 2))"],
    ["every x in xs, y in ys satisfies x < y", "(every x in xs y in ys (< x y))"],
    ["[]", "[]"],
    ["[1, 2, 3]", "[1 2 3]"],
    ["[[1], []]", "[[1] []]"],
    ["{}", "{}"],
    ['{a: 1, "b c": 2, d e: a + 1}', "{a: 1, b c: 2, d e: (+ a 1)}"],
    ["function(a, b: number) a + b", "(function (a b: number) (+ a b))"],
    ["function() 1", "(function () 1)"],
    ["not(true)", "(call not true)"],
  ])("%s", (text, expected) => {
    expect(sexpr(expr(text))).toBe(expected);
  });

  it("marks external functions and keeps their context body", () => {
    const f = expr('function(x, y) external {java: {class: "java.lang.Math", method signature: "max(double, double)"}}');
    expect(sexpr(f)).toBe('(function external (x y) {java: {class: "java.lang.Math", method signature: "max(double, double)"}})');
    expect(f.kind === "function" && f.external).toBe(true);
    expect("external" in expr("function(x) x")).toBe(false);
  });

  it("gives a range iteration a `to` and a plain one none", () => {
    const f = expr("for i in 0..n, x in xs return i");
    expect(f.kind).toBe("for");
    if (f.kind !== "for") return;
    expect(strip(f.iterations)).toEqual([
      { name: "i", source: { kind: "number", value: "0" }, to: { kind: "name", name: "n" } },
      { name: "x", source: { kind: "name", name: "xs" } },
    ]);
  });
});

describe("ranges", () => {
  it.each([
    ["[1..10]", "(range [1..10])"],
    ["(1..10)", "(range (1..10))"],
    ["]1..10[", "(range (1..10))"],
    ["[1..10)", "(range [1..10))"],
    ["[1..10[", "(range [1..10))"],
    ["(1..10]", "(range (1..10])"],
    ["]1..10]", "(range (1..10])"],
    ["[a + 1..b * 2]", "(range [(+ a 1)..(* b 2)])"],
    ['[@"2020-01-01"..@"2020-12-31"]', '(range [@"2020-01-01"..@"2020-12-31"])'],
    ["< 10", "(range (..10))"],
    ["<= x", "(range (..x])"],
    ["> 5", "(range (5..))"],
    ['>= @"2020-01-01"', '(range [@"2020-01-01"..))'],
    ["(=10)", "(range= [10..10])"],
    ["(!=10)", "(range!= (10..10))"],
  ])("%s", (text, expected) => {
    expect(sexpr(expr(text))).toBe(expected);
  });

  it("lets an excluded `[` end be followed by a path or more expression", () => {
    expect(sexpr(expr("[1..10[.start included"))).toBe("(. (range [1..10)) start included)");
    expect(sexpr(expr("[1..10) = [1..10["))).toBe("(= (range [1..10)) (range [1..10)))");
    expect(sexpr(expr("x in [1..10[ and y"))).toBe("(and (in x <(range [1..10))>) y)");
    expect(sexpr(expr("[xs[1]..xs[2]]"))).toBe("(range [(filter xs 1)..(filter xs 2)])");
  });

  it("keeps open ranges as values inside lists", () => {
    expect(sexpr(expr("[< 10, > 20]"))).toBe("[(range (..10)) (range (20..))]");
  });
});

describe("in", () => {
  it.each([
    ["x in (1, 2)", "(in x <expr:1, expr:2>)"],
    ["x in [1..5]", "(in x <(range [1..5])>)"],
    ["x in (1..5)", "(in x <(range (1..5))>)"],
    ["x in < 10", "(in x <<10>)"],
    ["x in (< 5, > 10)", "(in x <<5, >10>)"],
    ["x in (1, < 5, >= 10)", "(in x <expr:1, <5, >=10>)"],
    ["x in =10", "(in x <=10>)"],
    ["x in (!=10)", "(in x <!=10>)"],
    ["x in [1, 2, 3]", "(in x <expr:[1 2 3]>)"],
    ["x in y", "(in x <expr:y>)"],
    ["x in (y)", "(in x <expr:y>)"],
    ["x in ([1..2], [4..5])", "(in x <(range [1..2]), (range [4..5])>)"],
  ])("%s", (text, expected) => {
    expect(sexpr(expr(text))).toBe(expected);
  });
});

describe("instance of", () => {
  it.each([
    ["x instance of number", "number"],
    ["x instance of date and time", "date and time"],
    ["x instance of days and time duration", "days and time duration"],
    ["x instance of years and months duration", "years and months duration"],
    ["x instance of list<number>", "list<number>"],
    ["x instance of range<date>", "range<date>"],
    ["x instance of context<a: number, b: string>", "context<a: number, b: string>"],
    ["x instance of function<number, string> -> boolean", "function<number, string> -> boolean"],
    ["x instance of Any", "Any"],
    ["x instance of Null", "Null"],
    ["x instance of tns.tPerson", "tns.tPerson"],
  ])("%s", (text, expected) => {
    expect(sexpr(expr(text))).toBe(`(instance-of x ${expected})`);
  });
});
