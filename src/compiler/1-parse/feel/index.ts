// Public API of the FEEL frontend: text in, AST or diagnostics out. Nothing is ever thrown.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { Expr, TypeExpr, UnaryTests } from "../../../ir/feel-ast.js";
import { ParseFailure, type Cursor } from "./cursor.js";
import { deepestOver, tooDeep } from "./depth.js";
import { parseExpr } from "./expressions.js";
import { lex } from "./lexer.js";
import { notFeelPair } from "./not-feel.js";
import { BUILTIN_FUNCTIONS, declare, type NameScope } from "./names.js";
import { parseType } from "./types.js";
import { expectEnd, parseCellTests } from "./unary-tests.js";

export interface ParseOptions {
  /**
   * Names declared in scope (inputs, decisions, functions, lets, params, types), which may
   * contain spaces and other characters. Where several could start at a position, the longest
   * declared name wins. Built-in function names (`string length`, `date and time`, ...) are
   * always known.
   */
  names?: Iterable<string>;
  /**
   * Names declared only in this text's own scope (a function's parameters), over `names`: a
   * parameter `Person.Gender` reads as one name in its function's body and as a path elsewhere.
   */
  localNames?: readonly string[];
}

export interface ParseResult<T> {
  value: T | null;
  diagnostics: Diagnostic[];
}

export function parseExpression(text: string, options: ParseOptions = {}): ParseResult<Expr> {
  return run(text, options, (c) => {
    if (c.tokens.length === 1) emptyText(c, "expression");
    const expr = parseExpr(c);
    expectEnd(c);
    return expr;
  });
}

export function parseUnaryTests(text: string, options: ParseOptions = {}): ParseResult<UnaryTests> {
  return run(text, options, parseCellTests);
}

export function parseTypeExpr(text: string, options: ParseOptions = {}): ParseResult<TypeExpr> {
  return run(text, options, (c) => {
    if (c.tokens.length === 1) emptyText(c, "type");
    const type = parseType(c);
    expectEnd(c);
    return type;
  });
}

function emptyText(c: Cursor, what: "expression" | "type"): never {
  throw new ParseFailure(diagnostic("feel.empty", { variant: what }, { span: { start: 0, end: c.text.length }, source: c.text }));
}

function run<T>(text: string, options: ParseOptions, parse: (c: Cursor) => T): ParseResult<T> {
  const lexed = lex(text);
  const error = lexed.error ?? notFeelPair(text, lexed.tokens);
  if (error) return { value: null, diagnostics: [error] };
  const cursor: Cursor = { text, tokens: lexed.tokens, pos: 0, depth: 0, scope: scopeFor(options.names, options.localNames) };
  try {
    const value = parse(cursor);
    // operator chains (`1 + 1 + ... + 1`) nest without the parser recursing
    const deep = deepestOver(value);
    return deep ? { value: null, diagnostics: [tooDeep(text, deep.span)] } : { value, diagnostics: [] };
  } catch (e) {
    if (e instanceof ParseFailure) return { value: null, diagnostics: [e.diagnostic] };
    if (e instanceof RangeError) return { value: null, diagnostics: [tooDeep(text)] };
    return { value: null, diagnostics: [diagnostic("feel.internal", { error: String(e) }, { source: text })] };
  }
}

// Callers parse many texts of one model with the same names: declare each list of names once.
const MAX_CACHED_SCOPES = 32;
const scopes = new Map<string, NameScope>();

function scopeFor(names: Iterable<string> | undefined, localNames?: readonly string[]): NameScope {
  const shared = sharedScope(names);
  return localNames && localNames.length > 0 ? declare(localNames, shared) : shared;
}

/**
 * The scope of a list of names already seen as that very list (a model's names, the same array for
 * each of its texts): joining 5,000 names for each of 5,000 texts to find it cost 25 million.
 */
const byList = new WeakMap<readonly string[], NameScope>();

function sharedScope(names: Iterable<string> | undefined): NameScope {
  if (!names) return BUILTIN_FUNCTIONS;
  const seen = Array.isArray(names) ? byList.get(names) : undefined;
  if (seen) return seen;
  const scope = scopeOfList([...names]);
  if (Array.isArray(names)) byList.set(names, scope);
  return scope;
}

function scopeOfList(list: string[]): NameScope {
  const key = list.join("\u0000");
  let scope = scopes.get(key);
  if (!scope) {
    scope = declare(list, BUILTIN_FUNCTIONS);
    if (scopes.size >= MAX_CACHED_SCOPES) scopes.delete(scopes.keys().next().value!);
    scopes.set(key, scope);
  }
  return scope;
}
