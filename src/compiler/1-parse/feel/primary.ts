// Primaries: literals, names, `?`, parentheses, lists, ranges, contexts, and the keyword-led forms.
import type { ContextLit, Expr, RangeLit } from "../../../ir/feel-ast.js";
import { parseFor, parseFunctionDef, parseIf, parseQuantified } from "./compound.js";
import { advance, describe, eat, expect, fail, isToken, peek, spanFrom, tokenSpan, withScope, type Cursor } from "./cursor.js";
import { parseAdditive, parseExpr } from "./expressions.js";
import type { Token } from "./lexer.js";
import { readBindingName, readName } from "./name-reader.js";
import { declare, declareInto } from "./names.js";

type PrimaryParser = (c: Cursor) => Expr;

const PUNCT_PRIMARIES: ReadonlyMap<string, PrimaryParser> = new Map<string, PrimaryParser>([
  ["(", (c) => parseParenthesised(c)],
  ["[", (c) => parseBracketed(c)],
  ["]", (c) => parseReversedRange(c)],
  ["{", (c) => parseContext(c)],
  ["<", (c) => parseOpenRange(c)],
  ["<=", (c) => parseOpenRange(c)],
  [">", (c) => parseOpenRange(c)],
  [">=", (c) => parseOpenRange(c)],
  ["=", (c) => parseEqualityRange(c)],
  ["!=", (c) => parseEqualityRange(c)],
]);

const KEYWORD_PRIMARIES: ReadonlyMap<string, PrimaryParser> = new Map<string, PrimaryParser>([
  ["if", (c) => parseIf(c)],
  ["for", (c) => parseFor(c)],
  ["some", (c) => parseQuantified(c)],
  ["every", (c) => parseQuantified(c)],
  ["function", (c) => parseFunctionDef(c)],
  ["true", (c) => ({ kind: "boolean", value: true, span: tokenSpan(advance(c)) })],
  ["false", (c) => ({ kind: "boolean", value: false, span: tokenSpan(advance(c)) })],
  ["null", (c) => ({ kind: "null", span: tokenSpan(advance(c)) })],
  // `not(x)` in an expression is the built-in function
  ["not", (c) => ({ kind: "name", name: "not", span: tokenSpan(advance(c)) })],
]);

export function parsePrimary(c: Cursor): Expr {
  const t = peek(c);
  switch (t.kind) {
    case "number":
      advance(c);
      return { kind: "number", value: t.text, span: tokenSpan(t) };
    case "string":
      advance(c);
      return { kind: "string", value: t.value!, span: tokenSpan(t) };
    case "temporal":
      advance(c);
      return { kind: "temporal", value: t.value!, span: tokenSpan(t) };
    case "word":
      return parseWordPrimary(c, t);
    case "punct": {
      const parse = PUNCT_PRIMARIES.get(t.text);
      if (parse) return parse(c);
    }
  }
  return unexpected(c, t);
}

function unexpected(c: Cursor, t: Token): never {
  return fail(
    c,
    t.kind === "eof" ? "expected an expression, found the end of the text" : `unexpected \`${t.text}\`, expected an expression`,
  );
}

function parseWordPrimary(c: Cursor, t: Token): Expr {
  if (t.text === "?") {
    advance(c);
    return { kind: "input-value", span: tokenSpan(t) };
  }
  const name = readName(c);
  if (name) return { kind: "name", name: name.name, span: name.span };
  const parse = KEYWORD_PRIMARIES.get(t.text);
  return parse ? parse(c) : unexpected(c, t);
}

function parseParenthesised(c: Cursor): Expr {
  const open = advance(c);
  const inner = parseExpr(c);
  if (eat(c, "..")) return finishRange(c, open.start, false, inner);
  expect(c, ")", "expected `)` to close `(`");
  return inner;
}

/** `[` starts a list or a range whose start is included. */
function parseBracketed(c: Cursor): Expr {
  const open = advance(c);
  if (eat(c, "]")) return { kind: "list", items: [], span: spanFrom(c, open.start) };
  const first = parseExpr(c);
  if (eat(c, "..")) return finishRange(c, open.start, true, first);
  const items = [first];
  while (eat(c, ",")) items.push(parseExpr(c));
  expect(c, "]", "expected `,` or `]` in the list");
  return { kind: "list", items, span: spanFrom(c, open.start) };
}

/** `]a..b]`: the start is excluded. */
function parseReversedRange(c: Cursor): Expr {
  const open = advance(c);
  const low = parseExpr(c);
  expect(c, "..", "expected `..` after the start of the range");
  return finishRange(c, open.start, false, low);
}

/** After `..`: the end point and the closing `]` (included), `)` or `[` (excluded). */
export function finishRange(c: Cursor, start: number, startIncluded: boolean, low: Expr): RangeLit {
  const high = parseExpr(c);
  const close = peek(c);
  if (!isToken(close, "]") && !isToken(close, ")") && !isToken(close, "[")) {
    fail(c, `expected \`]\`, \`)\` or \`[\` to close the range, found ${describe(close)}`);
  }
  advance(c);
  return { kind: "range", startIncluded, start: low, end: high, endIncluded: close.text === "]", span: spanFrom(c, start) };
}

/** DMN 1.5 range literals `< 10`, `<= x`, `> 5`, `>= d`: one end open. */
function parseOpenRange(c: Cursor): RangeLit {
  const op = advance(c);
  const bound = parseAdditive(c);
  const span = spanFrom(c, op.start);
  const upper = op.text === "<" || op.text === "<=";
  const included = op.text === "<=" || op.text === ">=";
  return upper
    ? { kind: "range", startIncluded: false, start: null, end: bound, endIncluded: included, span }
    : { kind: "range", startIncluded: included, start: bound, end: null, endIncluded: false, span };
}

/** DMN 1.5 `=e` and `!=e` as values: degenerate ranges that remember their operator. */
function parseEqualityRange(c: Cursor): RangeLit {
  const op = advance(c);
  const bound = parseAdditive(c);
  const included = op.text === "=";
  const test = op.text === "=" ? "=" : "!=";
  return { kind: "range", startIncluded: included, start: bound, end: bound, endIncluded: included, test, span: spanFrom(c, op.start) };
}

/** `{a: 1, "b c": 2, d e: a + 1}`: each key is in scope for the entries after it (and its own, for recursion). */
function parseContext(c: Cursor): ContextLit {
  const open = advance(c);
  const entries: ContextLit["entries"] = [];
  const level = declare([], c.scope);
  return withScope(c, level, () => {
    if (!eat(c, "}")) {
      do {
        const entryStart = peek(c).start;
        const key = readContextKey(c);
        expect(c, ":", `expected \`:\` after the context key \`${key}\``);
        declareInto(level, key);
        const value = parseExpr(c);
        entries.push({ key, value, span: spanFrom(c, entryStart) });
      } while (eat(c, ","));
      expect(c, "}", "expected `,` or `}` in the context");
    }
    return { kind: "context", entries, span: spanFrom(c, open.start) };
  });
}

function readContextKey(c: Cursor): string {
  const t = peek(c);
  if (t.kind === "string") {
    advance(c);
    return t.value!;
  }
  const name = readBindingName(c, [":"]);
  if (!name) fail(c, `expected a context key (a name or a string), found ${describe(t)}`);
  return name!.name;
}
