import { describe, expect, it } from "vitest";
import type { Expr } from "../../../../src/ir/feel-ast.js";
import { BUILTINS } from "../../../../src/runtime/builtins/index.js";
import { parseExpression } from "../../../../src/compiler/1-parse/feel/index.js";
import { at, expr, sexpr, tests, testsSexpr } from "./helpers.js";

/** Every Name node of a tree, in source order. */
function names(e: unknown, out: string[] = []): string[] {
  if (Array.isArray(e)) e.forEach((x) => names(x, out));
  else if (e && typeof e === "object") {
    if ((e as Expr).kind === "name") out.push((e as { name: string }).name);
    for (const v of Object.values(e)) names(v, out);
  }
  return out;
}

describe("multi-word names", () => {
  it("joins adjacent words that are not keywords", () => {
    expect(sexpr(expr("Monthly Salary * 12"))).toBe("(* {Monthly Salary} 12)");
    expect(sexpr(expr('Employees[Dept Name = "x"].name'))).toBe('(. (filter Employees (= {Dept Name} "x")) name)');
    expect(sexpr(expr("applicant.monthly income + 1"))).toBe("(+ (. applicant monthly income) 1)");
  });

  it("collapses runs of whitespace inside a name", () => {
    expect(sexpr(expr("Monthly \n  Salary"))).toBe("{Monthly Salary}");
  });

  it("stops joining at keywords", () => {
    expect(sexpr(expr("a b and c d"))).toBe("(and {a b} {c d})");
    expect(sexpr(expr("if Is Big then Big Value else Small Value"))).toBe("(if {Is Big} {Big Value} {Small Value})");
    expect(sexpr(expr("for each item in my list return each item"))).toBe("(for each item in {my list} {each item})");
  });

  it("joins across `of`, which only ever follows `instance`", () => {
    expect(sexpr(expr("Households[number of children > 2]"))).toBe("(filter Households (> {number of children} 2))");
  });

  it("joins words around an apostrophe", () => {
    expect(sexpr(expr("Applicant's Age > 18"))).toBe("(> {Applicant's Age} 18)");
  });

  it("reads Unicode letters, `?` and `_` in names", () => {
    expect(sexpr(expr("Größe + Ärger"))).toBe("(+ Größe Ärger)");
    expect(sexpr(expr("日本語 + 1"))).toBe("(+ 日本語 1)");
    expect(sexpr(expr('{🐎: "bar"}.🐎'))).toBe('(. {🐎: "bar"} 🐎)');
    expect(sexpr(expr("is_valid? = true"))).toBe("(= is_valid? true)");
  });
});

describe("declared names", () => {
  it("matches names containing keywords and special characters", () => {
    const declared = [
      "Is Affordable?",
      "Loan-to-Value",
      "Applicant's Age",
      "Risk and Reward",
      "Pay/Rate",
      "Bonus+Pay",
      "Rate*Factor",
      "v1.2",
    ];
    expect(sexpr(expr("Loan-to-Value * 2", declared))).toBe("(* Loan-to-Value 2)");
    expect(sexpr(expr("Is Affordable? and x", declared))).toBe("(and {Is Affordable?} x)");
    expect(sexpr(expr("Risk and Reward + 1", declared))).toBe("(+ {Risk and Reward} 1)");
    expect(sexpr(expr("Pay/Rate - Bonus+Pay", declared))).toBe("(- Pay/Rate Bonus+Pay)");
    expect(sexpr(expr("Rate*Factor ** 2", declared))).toBe("(** Rate*Factor 2)");
    expect(sexpr(expr("v1.2 + 1", declared))).toBe("(+ v1.2 1)");
  });

  it("without the declaration the same text is an operation", () => {
    expect(sexpr(expr("Loan-to-Value * 2"))).toBe("(- (- Loan to) (* Value 2))");
    expect(sexpr(expr("Risk and Reward"))).toBe("(and Risk Reward)");
  });

  it("prefers the longest declared name", () => {
    expect(names(expr("Loan Amount Total + Loan Amount", ["Loan", "Loan Amount", "Loan Amount Total"]))).toEqual([
      "Loan Amount Total",
      "Loan Amount",
    ]);
  });

  it("never matches half a word", () => {
    expect(names(expr("Ages + Age", ["Age"]))).toEqual(["Ages", "Age"]);
    expect(sexpr(expr("Loan-to-Values", ["Loan-to-Value"]))).toBe("(- (- Loan to) Values)");
  });

  it("lets a longer run of words win over a shorter declared prefix", () => {
    expect(names(expr("Age Group = 1", ["Age"]))).toEqual(["Age Group"]);
  });

  it("knows the multi-word built-in functions", () => {
    for (const f of [
      "date and time",
      "years and months duration",
      "string length",
      "index of",
      "day of week",
      "met by",
      "round half up",
      "get value",
      "context put",
    ]) {
      expect(sexpr(expr(`${f}(x)`))).toBe(`(call {${f}} x)`);
    }
    expect(sexpr(expr('date and time("2020-01-01T00:00:00") and true'))).toBe('(and (call {date and time} "2020-01-01T00:00:00") true)');
  });

  it("reads every built-in function name as one callee", () => {
    for (const { name: f } of BUILTINS) {
      const e = expr(`${f}(1, 2)`);
      expect(e.kind === "call" && e.callee.kind === "name" && e.callee.name).toBe(f);
    }
  });

  it("resolves declared names inside unary tests", () => {
    expect(testsSexpr(tests("> Risk and Reward, Loan-to-Value", ["Risk and Reward", "Loan-to-Value"]))).toBe(
      "<>{Risk and Reward}, expr:Loan-to-Value>",
    );
  });

  it("does not let a declared keyword hide the keyword", () => {
    expect(sexpr(expr("if true then null else 1", ["if", "true", "null"]))).toBe("(if true null 1)");
  });

  it("reports the declared spelling and the whole source span", () => {
    const text = "1 + Loan  -  to-Value";
    const e = expr(text, ["Loan-to-Value"]);
    expect(e.kind === "arith" && e.right.kind === "name" && e.right.name).toBe("Loan-to-Value");
    expect(e.kind === "arith" && at(text, e.right.span)).toBe("Loan  -  to-Value");
  });

  it("accepts any iterable of names", () => {
    expect(parseExpression("Is Big? or x", { names: new Set(["Is Big?"]) }).value).not.toBeNull();
  });
});

describe("names bound in the expression", () => {
  it("puts context keys in scope for the later entries", () => {
    expect(sexpr(expr("{Loan-to-Value: 0.8, r: Loan-to-Value * 2}"))).toBe("{Loan-to-Value: 0.8, r: (* Loan-to-Value 2)}");
    expect(sexpr(expr('{"risk and reward": 1, y: risk and reward}'))).toBe("{risk and reward: 1, y: {risk and reward}}");
  });

  it("forgets context keys after the context", () => {
    expect(sexpr(expr("{a-b: 1}.a-b + a-b"))).toBe("(- (+ (- (. {a-b: 1} a) b) a) b)");
  });

  it("scopes loop variables to the later iterations and the body", () => {
    expect(sexpr(expr("for a-b in xs, c in a-b return a-b + c"))).toBe("(for a-b in xs c in a-b (+ a-b c))");
    expect(sexpr(expr("some a or b in xs satisfies a or b"))).toBe("(some a or b in xs {a or b})");
    expect(sexpr(expr("(for a-b in xs return a-b) + a-b"))).toBe("(- (+ (for a-b in xs a-b) a) b)");
  });

  it("scopes function parameters to the body", () => {
    expect(sexpr(expr("function(first-name, age) first-name + age"))).toBe("(function (first-name age) (+ first-name age))");
    expect(sexpr(expr("function(a and b) not(a and b)"))).toBe("(function (a and b) (call not {a and b}))");
  });

  it("lets a context entry use its own key (recursive functions)", () => {
    expect(sexpr(expr("{fact-of: function(n) if n = 0 then 1 else n * fact-of(n - 1)}"))).toBe(
      "{fact-of: (function (n) (if (= n 0) 1 (* n (call fact-of (- n 1)))))}",
    );
  });
});
