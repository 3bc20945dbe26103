// Public API of the FEEL frontend. (Contract; implemented in lexer.ts / parser.ts.)
import type { Diagnostic } from "../diagnostics.js";
import type { Expr, TypeExpr, UnaryTests } from "./ast.js";

export interface ParseOptions {
  /**
   * Names declared in scope (inputs, decisions, functions, lets, params, types), which may
   * contain spaces and other characters. Where several could start at a position, the longest
   * declared name wins. Built-in function names (`string length`, `date and time`, ...) are
   * always known.
   */
  names?: Iterable<string>;
}

export interface ParseResult<T> {
  value: T | null;
  diagnostics: Diagnostic[];
}

export declare function parseExpression(text: string, options?: ParseOptions): ParseResult<Expr>;
export declare function parseUnaryTests(text: string, options?: ParseOptions): ParseResult<UnaryTests>;
export declare function parseTypeExpr(text: string, options?: ParseOptions): ParseResult<TypeExpr>;
