// Operator precedence, lowest to highest (DMN 1.5, 10.3.1.2): `if`/`for`/`some`/`every`/`function`
// (parsed as primaries whose last part extends as far as possible), `or`, `and`, comparison
// (`= != < <= > >=`, `between`, `in`, `instance of`), `+ -`, `* /`, `**` (left-associative:
// `3 ** 4 ** 5` is `(3 ** 4) ** 5`), unary `-` (`-3 ** 2` is 9), postfix (`.name`, `[filter]`, `(args)`).
import type { Between, Call, Compare, Expr, InstanceOf } from "../../../ir/feel-ast.js";
import { advance, at, describe, eat, expect, fail, ParseFailure, peek, spanFrom, tokenSpan, type Cursor } from "./cursor.js";
import { MAX_EXPRESSION_DEPTH, tooDeep } from "./depth.js";
import type { Token } from "./lexer.js";
import { isBindingPiece, readBindingName, readName } from "./name-reader.js";
import { parsePrimary } from "./primary.js";
import { parseType } from "./types.js";
import { parseInTests } from "./unary-tests.js";

/** A whole expression. */
export function parseExpr(c: Cursor): Expr {
  return parseBinary(c, 1);
}

/** The operand level of comparisons, `between` bounds and `in` tests: `a + b * c`. */
export function parseAdditive(c: Cursor): Expr {
  return parseBinary(c, ADDITIVE);
}

/** Builds the node for an operator whose token was just consumed; `left` started at `start`. */
type Infix = (c: Cursor, op: string, left: Expr, start: number) => Expr;

interface Operator {
  precedence: number;
  build: Infix;
}

const COMPARISON = 3;
const ADDITIVE = 4;

// Left-associative: the right operand binds one level tighter.
const binary = (kind: "logical" | "compare" | "arith", precedence: number): Operator => ({
  precedence,
  build: (c, op, left, start) => {
    const right = parseBinary(c, precedence + 1);
    return { kind, op, left, right, span: spanFrom(c, start) } as Expr;
  },
});

const OPERATORS: ReadonlyMap<string, Operator> = new Map<string, Operator>([
  ["or", binary("logical", 1)],
  ["and", binary("logical", 2)],
  ...["=", "!=", "<", "<=", ">", ">="].map((op): [string, Operator] => [op, binary("compare", COMPARISON)]),
  ["between", { precedence: COMPARISON, build: (c, _, value, start) => parseBetween(c, value, start) }],
  [
    "in",
    { precedence: COMPARISON, build: (c, _, value, start) => ({ kind: "in", value, tests: parseInTests(c), span: spanFrom(c, start) }) },
  ],
  ["instance", { precedence: COMPARISON, build: (c, _, value, start) => parseInstanceOf(c, value, start) }],
  ["+", binary("arith", ADDITIVE)],
  ["-", binary("arith", ADDITIVE)],
  ["*", binary("arith", 5)],
  ["/", binary("arith", 5)],
  ["**", binary("arith", 6)],
]);

const operatorAt = (t: Token): Operator | undefined => (t.kind === "word" || t.kind === "punct" ? OPERATORS.get(t.text) : undefined);

/** Precedence climbing over the operators that bind at least as tightly as `minPrecedence`. */
function parseBinary(c: Cursor, minPrecedence: number): Expr {
  const start = peek(c).start;
  let left = parseUnary(c);
  for (;;) {
    const t = peek(c);
    const operator = operatorAt(t);
    if (!operator || operator.precedence < minPrecedence) return left;
    advance(c);
    left = operator.build(c, t.text, left, start);
  }
}

function parseBetween(c: Cursor, value: Expr, start: number): Between {
  const low = parseAdditive(c);
  expect(c, "and", "expected `and` between the bounds of `between`");
  const high = parseAdditive(c);
  return { kind: "between", value, low, high, span: spanFrom(c, start) };
}

function parseInstanceOf(c: Cursor, value: Expr, start: number): InstanceOf {
  expect(c, "of", "expected `of` after `instance`");
  const of = parseType(c);
  return { kind: "instance-of", value, of, span: spanFrom(c, start) };
}

const COMPARE_OPS: ReadonlySet<string> = new Set(["=", "!=", "<", "<=", ">", ">="]);

export const isCompareOp = (t: Token): t is Token & { text: Compare["op"] } => t.kind === "punct" && COMPARE_OPS.has(t.text);

/** Every operand, however deeply nested in brackets, passes here: the one place the nesting is counted. */
function parseUnary(c: Cursor): Expr {
  if (c.depth >= MAX_EXPRESSION_DEPTH) throw new ParseFailure(tooDeep(c.text, tokenSpan(peek(c))));
  c.depth++;
  try {
    const start = peek(c).start;
    if (eat(c, "-")) {
      const operand = parseUnary(c);
      return { kind: "negate", operand, span: spanFrom(c, start) };
    }
    return parsePostfix(c);
  } finally {
    c.depth--;
  }
}

function parsePostfix(c: Cursor): Expr {
  const start = peek(c).start;
  let base = parsePrimary(c);
  for (;;) {
    if (eat(c, ".")) {
      const member = readName(c);
      if (!member) fail(c, `expected a name after \`.\`, found ${describe(peek(c))}`);
      base = { kind: "path", base, member: member!.name, span: spanFrom(c, start) };
    } else if (at(c, "[") && startsExpression(peek(c, 1))) {
      advance(c);
      const filter = parseExpr(c);
      expect(c, "]", "expected `]` to close the filter");
      base = { kind: "filter", base, filter, span: spanFrom(c, start) };
    } else if (at(c, "(")) {
      base = parseCall(c, base, start);
    } else {
      return base;
    }
  }
}

function parseCall(c: Cursor, callee: Expr, start: number): Call {
  advance(c);
  if (eat(c, ")")) return { kind: "call", callee, args: [], span: spanFrom(c, start) };
  if (startsNamedArgument(c)) {
    const named: NonNullable<Call["named"]> = [];
    do {
      const argStart = peek(c).start;
      const name = readBindingName(c, [":"]);
      if (!name) fail(c, `expected a parameter name in a named invocation, found ${describe(peek(c))}`);
      expect(c, ":", `expected \`:\` after the parameter name \`${name!.name}\``);
      const value = parseExpr(c);
      named.push({ name: name!.name, value, span: spanFrom(c, argStart) });
    } while (eat(c, ","));
    expect(c, ")", "expected `,` or `)` after an argument");
    return { kind: "call", callee, args: [], named, span: spanFrom(c, start) };
  }
  const args: Expr[] = [];
  do args.push(parseExpr(c));
  while (eat(c, ","));
  expect(c, ")", "expected `,` or `)` after an argument");
  return { kind: "call", callee, args, span: spanFrom(c, start) };
}

// Tokens that can never begin an expression. A `[` followed by one of them is not a filter but
// the end of a range whose end is excluded: `[1..10[`, `[1..10[.start`, `x in [1..10[ and y`.
const NON_STARTING_PUNCT: ReadonlySet<string> = new Set([",", ")", "]", "}", ".", "..", ":", "=", "!=", "*", "/", "**", "+", "->", "'"]);
const NON_STARTING_WORDS: ReadonlySet<string> = new Set([
  "then",
  "else",
  "return",
  "satisfies",
  "and",
  "or",
  "in",
  "between",
  "instance",
  "of",
  "external",
]);

function startsExpression(t: Token): boolean {
  if (t.kind === "eof") return false;
  if (t.kind === "punct") return !NON_STARTING_PUNCT.has(t.text);
  return t.kind !== "word" || !NON_STARTING_WORDS.has(t.text);
}

/** `f(a: 1)` and `f(first name: 1)`: name pieces, then `:`. A positional argument never has a `:` at its top level. */
function startsNamedArgument(c: Cursor): boolean {
  if (peek(c).kind !== "word") return false;
  for (let i = 0; ; i++) {
    const t = peek(c, i);
    if (t.kind === "punct" && t.text === ":") return i > 0;
    if (!isBindingPiece(t)) return false;
  }
}
