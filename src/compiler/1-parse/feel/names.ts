// Declared names and the longest-match rule. A declared name is stored as the texts of its tokens,
// so `Loan-to-Value` matches `Loan - to - Value` token by token and can never match half a word.
import { BUILTINS } from "../../../runtime/builtins/index.js";
import { BUILTIN_TYPE_NAMES } from "./builtin-names.js";
import { lex, type Token } from "./lexer.js";

interface DeclaredName {
  name: string;
  parts: readonly string[];
}

/** A chain of declaration levels: built-ins, the caller's names, then names bound in the text. */
export interface NameScope {
  readonly byFirst: ReadonlyMap<string, readonly DeclaredName[]>;
  readonly parent?: NameScope;
}

export interface NameMatch {
  name: string;
  /** how many tokens the name spans */
  count: number;
}

const tokenTexts = (name: string): string[] =>
  lex(name)
    .tokens.filter((t) => t.kind !== "eof")
    .map((t) => t.text);

export function declare(names: Iterable<string>, parent?: NameScope): NameScope {
  const byFirst = new Map<string, DeclaredName[]>();
  for (const name of names) {
    const parts = tokenTexts(name);
    if (parts.length === 0) continue;
    const bucket = byFirst.get(parts[0]!) ?? [];
    bucket.push({ name, parts });
    byFirst.set(parts[0]!, bucket);
  }
  return { byFirst, parent };
}

// built-in functions by the catalogue's names, so that `index of` and `date and time` are one name
export const BUILTIN_FUNCTIONS: NameScope = declare(BUILTINS.map((d) => d.name));
export const BUILTIN_TYPES: NameScope = declare(BUILTIN_TYPE_NAMES);

/** The longest declared name in `scope` (or its parents) whose tokens start at `tokens[at]`. */
export function matchDeclared(scope: NameScope | undefined, tokens: readonly Token[], at: number): NameMatch | null {
  let best: NameMatch | null = null;
  for (let level = scope; level; level = level.parent) {
    for (const candidate of level.byFirst.get(tokens[at]!.text) ?? []) {
      const { parts } = candidate;
      if (best && parts.length <= best.count) continue;
      if (parts.every((part, i) => isNamePiece(tokens[at + i]) && tokens[at + i]!.text === part)) {
        best = { name: candidate.name, count: parts.length };
      }
    }
  }
  return best;
}

// Literal tokens never belong to a name even when their text looks the same.
const isNamePiece = (t: Token | undefined): boolean => t !== undefined && (t.kind === "word" || t.kind === "punct" || t.kind === "number");
