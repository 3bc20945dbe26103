import { describe, expect, it } from "vitest";
import { expr, sexpr } from "./helpers.js";

const tree = (text: string, names?: string[]) => sexpr(expr(text, names));

describe("operator precedence", () => {
  it.each([
    ["1 + 2 * 3 ** 2", "(+ 1 (* 2 (** 3 2)))"],
    ["1 * 2 + 3", "(+ (* 1 2) 3)"],
    ["1 - 2 - 3", "(- (- 1 2) 3)"],
    ["8 / 4 / 2", "(/ (/ 8 4) 2)"],
    // DMN 1.5: `**` is left-associative (TCK 0075: 3 ** 4 ** 5 = 3486784401) ...
    ["3 ** 4 ** 5", "(** (** 3 4) 5)"],
    // ... and negation binds tighter than `**` (TCK 0075: -3 ** 2 = 9)
    ["-2 ** 2", "(** (neg 2) 2)"],
    ["5 ** -2", "(** 5 (neg 2))"],
    ["- -1", "(neg (neg 1))"],
    ["a or b and c", "(or a (and b c))"],
    ["a and b or c", "(or (and a b) c)"],
    ["a = 1 and b != 2", "(and (= a 1) (!= b 2))"],
    ["a < b + 1", "(< a (+ b 1))"],
    ["x between 1 and 3 and y", "(and (between x 1 3) y)"],
    ["x between a + 1 and b * 2", "(between x (+ a 1) (* b 2))"],
    ["x in (1, 2) or y", "(or (in x <expr:1, expr:2>) y)"],
    ["x + 1 in < 10", "(in (+ x 1) <<10>)"],
    ["x instance of number and y", "(and (instance-of x number) y)"],
    ["-x.y", "(neg (. x y))"],
    ["-f(1)[2]", "(neg (filter (call f 1) 2))"],
    ["(1 + 2) * 3", "(* (+ 1 2) 3)"],
    ["if a then 1 else 2 + 3", "(if a 1 (+ 2 3))"],
    ["1 + (if a then 1 else 2)", "(+ 1 (if a 1 2))"],
    ["for x in xs return x * 2", "(for x in xs (* x 2))"],
    ["some x in xs satisfies x > 1 and x < 5", "(some x in xs (and (> x 1) (< x 5)))"],
    ["function(a) a + 1", "(function (a) (+ a 1))"],
    ["a = b = c", "(= (= a b) c)"],
    ["a.b.c", "(. (. a b) c)"],
    ["xs[1][2]", "(filter (filter xs 1) 2)"],
    ["f(1)(2)", "(call (call f 1) 2)"],
  ])("%s", (text, expected) => {
    expect(tree(text)).toBe(expected);
  });
});
