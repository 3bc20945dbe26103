// Operators from other languages (C, JavaScript, SQL, spreadsheets) that FEEL reads differently or
// not at all, with their FEEL spelling. `x == 1` parses as `x = (=1)`, a comparison with a range
// that is never true; `&&` does not lex. Both are reported as the mistake they are.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { Token } from "./lexer.js";

interface Spelling {
  feel: string;
  meaning: string;
}

const EQUALS: Spelling = { feel: "=", meaning: "equality" };
const AT_LEAST: Spelling = { feel: ">=", meaning: "at least" };
const AT_MOST: Spelling = { feel: "<=", meaning: "at most" };

/** Two punctuation tokens, written together or with spaces between them (`> =` as one key). */
const PAIRS: ReadonlyMap<string, Spelling> = new Map([
  ["==", EQUALS],
  ["= =", EQUALS],
  ["=>", AT_LEAST],
  ["> =", AT_LEAST],
  ["=<", AT_MOST],
  ["< =", AT_MOST],
  ["<>", { feel: "!=", meaning: "inequality" }],
]);

/** `function<>`, `context<>`: the empty parameter list of a type, not an operator. */
const TYPE_CONSTRUCTORS: ReadonlySet<string> = new Set(["function", "context", "list", "range"]);

/** Characters FEEL does not lex, longest first. */
const CHARACTERS: readonly (Spelling & { written: string })[] = [
  { written: "&&", feel: "and", meaning: "logical and" },
  { written: "||", feel: "or", meaning: "logical or" },
  { written: "&", feel: "and", meaning: "logical and" },
  { written: "|", feel: "or", meaning: "logical or" },
  { written: "!", feel: "not(...)", meaning: "negation" },
  { written: ";", feel: ",", meaning: "a list of items" },
];

const report = (written: string, spelling: Spelling, start: number, source: string): Diagnostic =>
  diagnostic("feel.not-feel", { written, ...spelling }, { span: { start, end: start + written.length }, source });

/** A character the lexer rejected at `start`, when it is another language's operator. */
export function notFeelCharacter(text: string, start: number): Diagnostic | undefined {
  const found = CHARACTERS.find((c) => text.startsWith(c.written, start));
  return found && report(found.written, found, start, text);
}

/** The first pair of adjacent operator tokens that is another language's operator. */
export function notFeelPair(text: string, tokens: readonly Token[]): Diagnostic | undefined {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [a, b] = [tokens[i]!, tokens[i + 1]!];
    if (a.kind !== "punct" || b.kind !== "punct") continue;
    const gap = text.slice(a.end, b.start);
    if (gap.trim() !== "") continue;
    const written = gap === "" ? a.text + b.text : `${a.text} ${b.text}`;
    const spelling = PAIRS.get(written);
    const typeParameters = written === "<>" && i > 0 && TYPE_CONSTRUCTORS.has(tokens[i - 1]!.text);
    if (spelling && !typeParameters) return report(text.slice(a.start, b.end), spelling, a.start, text);
  }
  return undefined;
}
