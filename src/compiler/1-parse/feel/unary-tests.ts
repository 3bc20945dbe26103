// Unary tests: decision-table input cells and the right-hand side of `in` (DMN 1.5, rules 14-17).
import { diagnostic } from "../../../ir/diagnostics.js";
import type { Expr, UnaryTest, UnaryTests } from "../../../ir/feel-ast.js";
import { advance, at, eat, expect, fail, ParseFailure, peek, spanFrom, tokenSpan, type Cursor } from "./cursor.js";
import { isCompareOp, parseAdditive, parseExpr } from "./expressions.js";
import { finishRange } from "./primary.js";

/** One positive unary test; `parseValue` decides how far its expression reaches. */
function parsePositiveTest(c: Cursor, parseValue: (c: Cursor) => Expr): UnaryTest {
  const t = peek(c);
  if (isCompareOp(t)) {
    advance(c);
    const value = parseValue(c);
    return { kind: "compare", op: t.text, value, span: spanFrom(c, t.start) };
  }
  const value = parseValue(c);
  return value.kind === "range" ? { kind: "range", range: value, span: value.span } : { kind: "expr", value, span: spanFrom(c, t.start) };
}

function parseTestList(c: Cursor): UnaryTest[] {
  const tests: UnaryTest[] = [];
  do tests.push(parsePositiveTest(c, parseExpr));
  while (eat(c, ","));
  return tests;
}

/** After `in`: `(1, 2)`, `(< 5, > 10)`, `(1..5)`, `[1..5]`, `< 10`, or any operand. */
export function parseInTests(c: Cursor): UnaryTests {
  const start = peek(c).start;
  if (!at(c, "(")) {
    const test = parsePositiveTest(c, parseAdditive);
    return { kind: "tests", tests: [test], span: spanFrom(c, start) };
  }
  advance(c);
  const first = parsePositiveTest(c, parseExpr);
  if (first.kind === "expr" && eat(c, "..")) {
    const range = finishRange(c, start, false, first.value);
    return { kind: "tests", tests: [{ kind: "range", range, span: range.span }], span: range.span };
  }
  const tests = [first];
  while (eat(c, ",")) tests.push(parsePositiveTest(c, parseExpr));
  expect(c, ")", "expected `,` or `)` in the tests after `in`");
  return { kind: "tests", tests, span: spanFrom(c, start) };
}

/** A whole decision-table input cell: `-`, `not(tests)`, or comma-separated tests. */
export function parseCellTests(c: Cursor): UnaryTests {
  const first = peek(c);
  if (first.kind === "eof") {
    throw new ParseFailure(diagnostic("feel.empty", { variant: "tests" }, { span: tokenSpan(first), source: c.text }));
  }
  if (at(c, "-") && peek(c, 1).kind === "eof") {
    advance(c);
    return { kind: "any", span: tokenSpan(first) };
  }
  if (at(c, "not") && at(c, "(", 1)) {
    const negated = tryNegation(c);
    if (negated) return negated;
  }
  const tests = parseTestList(c);
  expectEnd(c);
  return { kind: "tests", tests, span: spanFrom(c, first.start) };
}

/** `not(1, 2)` negates the whole cell; `not(x) = y` is an expression using the built-in `not`. */
function tryNegation(c: Cursor): UnaryTests | null {
  const saved = c.pos;
  const start = advance(c).start;
  advance(c);
  const tests = parseTestList(c);
  expect(c, ")", "expected `,` or `)` to close `not(`");
  if (peek(c).kind === "eof") return { kind: "not", tests, span: spanFrom(c, start) };
  c.pos = saved;
  return null;
}

export function expectEnd(c: Cursor): void {
  const t = peek(c);
  if (t.kind !== "eof") fail(c, `unexpected \`${t.text}\``);
}
