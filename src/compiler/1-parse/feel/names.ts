// Declared names and the longest-match rule. A declared name is stored as the texts of its tokens,
// so `Loan-to-Value` matches `Loan - to - Value` token by token and can never match half a word.
import { BUILTINS } from "../../../runtime/builtins/index.js";
import { BUILTIN_TYPE_NAMES } from "./builtin-names.js";
import { lex, type Token } from "./lexer.js";

/**
 * The names of one level as a trie over their token texts: a lookup walks only the tokens of the
 * longest name it matches, whatever the level holds (a bucket of every name of one first token
 * made `entry 1` … `entry 30000` cost 30,000 comparisons per read).
 */
interface NameNode {
  /** the declared name whose tokens end here */
  name?: string;
  next?: Map<string, NameNode>;
}

/** A chain of declaration levels: built-ins, the caller's names, then names bound in the text. */
export interface NameScope {
  readonly names: NameNode;
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

/** Adds a name to a level; `replace`: a later name of the same tokens wins (a context's later entry). */
function insert(level: NameNode, name: string, replace: boolean): void {
  const parts = tokenTexts(name);
  if (parts.length === 0) return;
  let node = level;
  for (const part of parts) {
    node.next ??= new Map();
    let next = node.next.get(part);
    if (!next) node.next.set(part, (next = {}));
    node = next;
  }
  if (replace || node.name === undefined) node.name = name;
}

/** A level of names; of two with the same tokens, the first is matched. */
export function declare(names: Iterable<string>, parent?: NameScope): NameScope {
  const level: NameNode = {};
  for (const name of names) insert(level, name, false);
  return { names: level, parent };
}

/**
 * Adds a name to a level made by `declare`, shadowing one of the same tokens: a context's entries,
 * each in scope for the ones after it, share one level rather than a chain of one level per entry
 * (which every read of an outer name would walk).
 */
export const declareInto = (scope: NameScope, name: string): void => insert(scope.names, name, true);

// built-in functions by the catalogue's names, so that `index of` and `date and time` are one name
export const BUILTIN_FUNCTIONS: NameScope = declare(BUILTINS.map((d) => d.name));
export const BUILTIN_TYPES: NameScope = declare(BUILTIN_TYPE_NAMES);

/** The longest declared name in `scope` (or its parents) whose tokens start at `tokens[at]`; of equal lengths the innermost. */
export function matchDeclared(scope: NameScope | undefined, tokens: readonly Token[], at: number): NameMatch | null {
  let best: NameMatch | null = null;
  for (let level = scope; level; level = level.parent) {
    let node: NameNode | undefined = level.names;
    for (let i = 0; node?.next && isNamePiece(tokens[at + i]); i++) {
      node = node.next.get(tokens[at + i]!.text);
      if (node?.name !== undefined && (!best || i + 1 > best.count)) best = { name: node.name, count: i + 1 };
    }
  }
  return best;
}

// Literal tokens never belong to a name even when their text looks the same.
const isNamePiece = (t: Token | undefined): boolean => t !== undefined && (t.kind === "word" || t.kind === "punct" || t.kind === "number");
