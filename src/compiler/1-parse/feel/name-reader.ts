// Reading names: a declared name (longest match) or a run of words joined into one multi-word name.
import type { Span } from "../../../ir/diagnostics.js";
import { advance, peek, type Cursor } from "./cursor.js";
import { isKeyword, joinsName } from "./keywords.js";
import type { Token } from "./lexer.js";
import { matchDeclared, type NameMatch, type NameScope } from "./names.js";

export interface NameRead {
  name: string;
  span: Span;
}

/** Characters FEEL allows inside a name besides letters and digits (DMN 1.5, rule 30). */
const NAME_SYMBOLS: ReadonlySet<string> = new Set([".", "/", "-", "'", "+", "*"]);

const normalise = (text: string): string => text.replace(/\s+/g, " ").trim();

const sliceName = (c: Cursor, first: number, count: number): NameRead => {
  const start = c.tokens[first]!.start;
  const end = c.tokens[first + count - 1]!.end;
  return { name: normalise(c.text.slice(start, end)), span: { start, end } };
};

/** How many tokens from `at` form an undeclared name: words, joined across `'` (`Applicant's`). */
function joinedLength(tokens: readonly Token[], at: number): number {
  const first = tokens[at]!;
  if (first.kind !== "word" || isKeyword(first.text)) return 0;
  let n = 1;
  for (;;) {
    const t = tokens[at + n]!;
    if (t.kind === "word" && joinsName(t.text)) n++;
    else if (t.kind === "punct" && t.text === "'" && tokens[at + n + 1]!.kind === "word") n += 2;
    else return n;
  }
}

function longestDeclared(c: Cursor, scopes: readonly NameScope[]): NameMatch | null {
  let best: NameMatch | null = null;
  for (const scope of scopes) {
    const m = matchDeclared(scope, c.tokens, c.pos);
    if (m && (!best || m.count > best.count)) best = m;
  }
  return best;
}

/**
 * The name at the cursor, consumed, or null when none starts here. The longest of the declared
 * match and the joined words wins; `scopes` default to the cursor's.
 */
export function readName(c: Cursor, scopes: readonly NameScope[] = [c.scope]): NameRead | null {
  const declared = longestDeclared(c, scopes);
  // a declared name that is a lone keyword (`null`) must not hide the keyword
  const usable = declared && (declared.count > 1 || !isKeyword(peek(c).text)) ? declared : null;
  const joined = joinedLength(c.tokens, c.pos);
  if (!usable && joined === 0) return null;
  const first = c.pos;
  if (usable && usable.count >= joined) {
    const read = sliceName(c, first, usable.count);
    c.pos += usable.count;
    return { name: usable.name, span: read.span };
  }
  c.pos += joined;
  return sliceName(c, first, joined);
}

export const isBindingPiece = (t: Token): boolean =>
  t.kind === "word" || t.kind === "number" || (t.kind === "punct" && NAME_SYMBOLS.has(t.text));

/**
 * A name being bound (context key, parameter, loop variable): everything up to one of `stops`,
 * which may include keywords and name symbols (`Loan-to-Value`, `date of birth`).
 */
export function readBindingName(c: Cursor, stops: readonly string[]): NameRead | null {
  const first = c.pos;
  if (peek(c).kind !== "word") return null;
  let n = 0;
  for (;;) {
    const t = peek(c, n);
    if (t.kind === "eof" || stops.includes(t.text) || !isBindingPiece(t)) break;
    n++;
  }
  if (n === 0) return null;
  const read = sliceName(c, first, n);
  for (let i = 0; i < n; i++) advance(c);
  return read;
}
