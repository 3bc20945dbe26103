// The FEEL lexer (moo). It knows nothing about names: a multi-word or declared name is a run of
// `word` and symbol tokens that the parser joins, so `Loan-to-Value` lexes as five tokens.
import moo from "moo";
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import { Decimal } from "../../../runtime/decimal.js";
import { loneSurrogateAt } from "../../../runtime/well-formed.js";
import { notFeelCharacter } from "./not-feel.js";
import { decodeStringBody } from "./string-escapes.js";

type TokenKind = "number" | "string" | "temporal" | "word" | "punct" | "eof";

export interface Token {
  kind: TokenKind;
  /** the source text of the token */
  text: string;
  start: number;
  end: number;
  /** decoded value of a string or temporal literal */
  value?: string;
}

// DMN 1.5 rules 27-28 (the XML name characters, plus `?`)
const NAME_START = String.raw`?A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD`;
const NAME_PART = String.raw`${NAME_START}0-9\u00B7\u0300-\u036F\u203F-\u2040`;
// U+10000 to U+EFFFF as UTF-16 surrogate pairs; moo checks its rules without the `u` flag
const ASTRAL = String.raw`[\uD800-\uDB7F][\uDC00-\uDFFF]`;

// Order matters: moo tries the rules in this order at each position.
const rules = moo.compile({
  space: { match: /[\s\u200B\uFEFF]+/, lineBreaks: true },
  lineComment: /\/\/[^\n]*/,
  blockComment: { match: /\/\*[^]*?\*\//, lineBreaks: true },
  openComment: { match: /\/\*[^]*/, lineBreaks: true },
  temporal: { match: /@"(?:[^"\\]|\\[^])*"/, lineBreaks: true },
  string: { match: /"(?:[^"\\]|\\[^])*"/, lineBreaks: true },
  openString: { match: /@?"(?:[^"\\]|\\[^])*/, lineBreaks: true },
  // `..` before numbers so that `1..5` is three tokens and `..5` is not `.5`
  dots: "..",
  // the exponent is not in the DMN grammar, but models and the TCK write `1.23e4`
  number: /(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/,
  punct: ["**", "->", "<=", ">=", "!=", "*", "/", "+", "-", "<", ">", "=", "(", ")", "[", "]", "{", "}", ",", ":", ".", "'"],
  // U+0300–U+036F in NAME_PART is a range of combining marks, not a mark on the character before it
  // eslint-disable-next-line no-misleading-character-class
  word: new RegExp(`(?:[${NAME_START}]|${ASTRAL})(?:[${NAME_PART}]|${ASTRAL})*`),
  other: { match: /[^]/, lineBreaks: true },
});

export interface LexResult {
  /** the tokens without spaces and comments, ending with an `eof` token */
  tokens: Token[];
  error?: Diagnostic;
}

export function lex(text: string): LexResult {
  const tokens: Token[] = [];
  rules.reset(text);
  for (const t of rules) {
    const start = t.offset;
    const end = start + t.text.length;
    const span = { start, end };
    switch (t.type) {
      case "space":
      case "lineComment":
      case "blockComment":
        continue;
      case "openComment":
        return fail(tokens, diagnostic("feel.unterminated-comment", {}, { span, source: text }));
      case "openString":
        return fail(tokens, diagnostic("feel.unterminated-string", {}, { span, source: text }));
      case "other":
        return fail(
          tokens,
          notFeelCharacter(text, start) ?? diagnostic("feel.syntax", { variant: "character", char: t.text }, { span, source: text }),
        );
      case "string":
      case "temporal": {
        const value = decodeStringBody(t.text.slice(t.type === "string" ? 1 : 2, -1));
        if (loneSurrogateAt(value) >= 0) return fail(tokens, diagnostic("feel.lone-surrogate", {}, { span, source: text }));
        tokens.push({ kind: t.type, text: t.text, start, end, value });
        continue;
      }
      case "number":
        if (!new Decimal(t.text).isFinite()) return fail(tokens, diagnostic("feel.number-range", { text: t.text }, { span, source: text }));
        tokens.push({ kind: "number", text: t.text, start, end });
        continue;
      case "dots":
        tokens.push({ kind: "punct", text: t.text, start, end });
        continue;
      default:
        tokens.push({ kind: t.type as TokenKind, text: t.text, start, end });
    }
  }
  tokens.push({ kind: "eof", text: "", start: text.length, end: text.length });
  return { tokens };
}

function fail(tokens: Token[], diagnostic: Diagnostic): LexResult {
  const at = diagnostic.span?.start ?? 0;
  tokens.push({ kind: "eof", text: "", start: at, end: at });
  return { tokens, error: diagnostic };
}
