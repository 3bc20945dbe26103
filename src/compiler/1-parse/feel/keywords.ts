// FEEL reserved words. A keyword never starts an undeclared name, and the words that may follow a
// complete expression (`then`, `and`, `in`, ...) end a multi-word name.

export const KEYWORDS: ReadonlySet<string> = new Set([
  "if",
  "then",
  "else",
  "for",
  "in",
  "return",
  "some",
  "every",
  "satisfies",
  "and",
  "or",
  "not",
  "between",
  "instance",
  "of",
  "function",
  "external",
  "null",
  "true",
  "false",
]);

/**
 * Keywords that may appear inside an undeclared multi-word name (`number of children`): they only
 * follow a specific keyword (`instance of`, `) external`), so they can never follow a name.
 */
const JOINABLE_KEYWORDS: ReadonlySet<string> = new Set(["of", "external"]);

export const isKeyword = (word: string): boolean => KEYWORDS.has(word);

/** May this word continue an undeclared multi-word name? */
export const joinsName = (word: string): boolean => !KEYWORDS.has(word) || JOINABLE_KEYWORDS.has(word);
