import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_EXPRESSION_DEPTH } from "../../../../src/compiler/1-parse/feel/depth.js";
import { parseExpression, parseUnaryTests } from "../../../../src/compiler/1-parse/feel/index.js";

/** [text, message, the text the error span points at] */
const EXPRESSION_ERRORS: [string, string, string][] = [
  ['if x > 1 "a" else "b"', 'expected `then` after the condition of `if`, found `"a"`', '"a"'],
  ["if x then 1", "expected `else` after the `then` branch of `if`, found the end of the text", ""],
  ["f(1))", "unexpected `)`", ")"],
  [")", "unexpected `)`, expected an expression", ")"],
  ["(1 + 2", "expected `)` to close `(`, found the end of the text", ""],
  ["1 +", "expected an expression, found the end of the text", ""],
  ["1 2", "unexpected `2`", "2"],
  ["[1, 2", "expected `,` or `]` in the list, found the end of the text", ""],
  ["{a: 1, b 2}", "expected `:` after the context key `b 2`, found `}`", "}"],
  ["{a: 1,}", "expected a context key (a name or a string), found `}`", "}"],
  ["for x xs return x", "expected `in` after the variable `x xs` of `for`, found `return`", "return"],
  ["for x in xs x", "expected `return` (or `,` and another iteration) after the iterations of `for`, found the end of the text", ""],
  ["some x in xs x > 1", "expected `satisfies` (or `,` and another iteration) after the iterations of `some`", ""],
  ["x between 1 3", "expected `and` between the bounds of `between`, found `3`", "3"],
  ["x instance number", "expected `of` after `instance`, found `number`", "number"],
  ["function(1) x", "expected a parameter name, found `1`", "1"],
  ["[1..5", "expected `]`, `)` or `[` to close the range, found the end of the text", ""],
  ["]1 2", "expected `..` after the start of the range, found `2`", "2"],
  ["a.", "expected a name after `.`, found the end of the text", ""],
  ["xs[1", "expected `]` to close the filter, found the end of the text", ""],
  ["f(a: 1, 2)", "expected a parameter name in a named invocation, found `2`", "2"],
  ["x in (1, 2", "expected `,` or `)` in the tests after `in`, found the end of the text", ""],
  ["a # b", "unexpected character `#`", "#"],
];

describe("syntax errors in expressions", () => {
  it.each(EXPRESSION_ERRORS)("%s", (text, message, pointsAt) => {
    const r = parseExpression(text);
    expect(r.value).toBeNull();
    expect(r.diagnostics).toHaveLength(1);
    const [d] = r.diagnostics;
    expect(d).toMatchObject({ severity: "error", code: "feel.syntax", source: text });
    expect(d!.message.startsWith(message)).toBe(true);
    expect(text.slice(d!.span!.start, d!.span!.end)).toBe(pointsAt);
    // a zero-width span marks the end of the text
    if (pointsAt === "") expect(d!.span!.start).toBe(text.length);
  });

  it("reports an empty expression", () => {
    expect(parseExpression("  ").diagnostics[0]).toMatchObject({ code: "feel.empty", message: "the expression is empty" });
  });

  it("never throws, even on deep nesting or odd input", () => {
    const deep = "(".repeat(100_000) + "1" + ")".repeat(100_000);
    const r = parseExpression(deep);
    expect(r.value).toBeNull();
    expect(r.diagnostics[0]?.code).toBe("feel.too-deep");
    for (const text of ["\u0000", "\uD800", "@", "@x", "'", "..", "->", "{", "}", "function", "?(", "[", "]", "<", "instance of"]) {
      const result = parseExpression(text);
      expect(result.value).toBeNull();
      expect(result.diagnostics.length).toBe(1);
    }
  });

  it("a string escape that leaves a lone surrogate is an error at the string; a pair is a character", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0xd800, max: 0xdfff }), fc.constantFrom("", "x"), (unit, before) => {
        const text = `"${before}\\u${unit.toString(16)}"`;
        const d = parseExpression(text).diagnostics[0];
        expect(d).toMatchObject({ code: "feel.lone-surrogate", span: { start: 0, end: text.length } });
      }),
      { numRuns: 50 },
    );
    expect(parseExpression('"\\ud83d\\ude00"').value).toMatchObject({ kind: "string", value: "\u{1F600}" });
  });

  it("a number literal beyond the decimal range is an error at the literal; one within it parses", () => {
    fc.assert(
      fc.property(fc.integer({ min: 6146, max: 10_000_000 }), fc.constantFrom("1", "9.99", "12345"), (exponent, mantissa) => {
        const text = `x + ${mantissa}e${exponent}`;
        const d = parseExpression(text, { names: ["x"] }).diagnostics[0];
        expect(d).toMatchObject({ code: "feel.number-range", span: { start: 4, end: text.length } });
      }),
      { numRuns: 50 },
    );
    expect(parseExpression("1e6000").diagnostics).toEqual([]);
    expect(parseExpression("1e-999999").diagnostics).toEqual([]);
  });

  it("parses nesting up to the depth limit", () => {
    const half = MAX_EXPRESSION_DEPTH / 2;
    const text = "(".repeat(half) + "[".repeat(half - 1) + "1" + "]".repeat(half - 1) + ")".repeat(half);
    expect(parseExpression(text).diagnostics).toEqual([]);
  });
});

describe("syntax errors in unary tests", () => {
  it.each([
    ["<", "expected an expression, found the end of the text", ""],
    ["not(1, 2", "expected `,` or `)` to close `not(`, found the end of the text", ""],
    ["1,", "expected an expression, found the end of the text", ""],
    [", 1", "unexpected `,`, expected an expression", ","],
    ["not()", "unexpected `)`, expected an expression", ")"],
    ["[1..5] 6", "unexpected `6`", "6"],
  ])("%s", (text, message, pointsAt) => {
    const r = parseUnaryTests(text);
    expect(r.value).toBeNull();
    const d = r.diagnostics[0]!;
    expect(d.message).toBe(message);
    expect(text.slice(d.span!.start, d.span!.end)).toBe(pointsAt);
  });
});
