// The parser's position in the token list, and how it reports a syntax error: the first error
// ends the parse, so it travels as a thrown `ParseFailure` that the public API turns into data.
import { diagnostic, type Diagnostic, type Span } from "../../../ir/diagnostics.js";
import type { Token } from "./lexer.js";
import type { NameScope } from "./names.js";

export interface Cursor {
  readonly text: string;
  readonly tokens: readonly Token[];
  pos: number;
  /** how many operands the parser is inside of (depth.ts bounds it) */
  depth: number;
  /** names declared where the parser is now (grows with context keys, loop variables, parameters) */
  scope: NameScope;
}

export class ParseFailure {
  constructor(readonly diagnostic: Diagnostic) {}
}

export const peek = (c: Cursor, ahead = 0): Token => c.tokens[Math.min(c.pos + ahead, c.tokens.length - 1)]!;

export const advance = (c: Cursor): Token => {
  const t = peek(c);
  if (t.kind !== "eof") c.pos++;
  return t;
};

/** Is the token the punctuation or word `text`? (Never a literal whose text happens to match.) */
export const isToken = (t: Token, text: string): boolean => (t.kind === "punct" || t.kind === "word") && t.text === text;

export const at = (c: Cursor, text: string, ahead = 0): boolean => isToken(peek(c, ahead), text);

export function eat(c: Cursor, text: string): Token | null {
  return at(c, text) ? advance(c) : null;
}

export function expect(c: Cursor, text: string, message: string): Token {
  const t = eat(c, text);
  if (!t) fail(c, `${message}, found ${describe(peek(c))}`);
  return t!;
}

/** End offset of the last token consumed. */
const lastEnd = (c: Cursor): number => (c.pos === 0 ? 0 : c.tokens[c.pos - 1]!.end);

export const spanFrom = (c: Cursor, start: number): Span => ({ start, end: Math.max(start, lastEnd(c)) });

export const describe = (t: Token): string => (t.kind === "eof" ? "the end of the text" : `\`${t.text}\``);

export function fail(c: Cursor, message: string, span: Span = tokenSpan(peek(c))): never {
  throw new ParseFailure(diagnostic("feel.syntax", { variant: "parser", detail: message }, { span, source: c.text }));
}

export const tokenSpan = (t: Token): Span => ({ start: t.start, end: t.end });

/** Runs `body` with extra names in scope, restoring the scope afterwards. */
export function withScope<T>(c: Cursor, scope: NameScope, body: () => T): T {
  const saved = c.scope;
  c.scope = scope;
  try {
    return body();
  } finally {
    c.scope = saved;
  }
}
