// Table cells (spec 2.5, tables rules 5-6). Input cells are unary tests; output cells are
// expressions. In a string-typed column a bare word is a literal (`gold` is "gold"), a comma
// list is any of, `not(...)` negates; a cell starting with `=` is an expression everywhere.
import type { Expr, StringLit, UnaryTest, UnaryTests } from "../../../ir/feel-ast.js";
import { diagnostic, type Span } from "../../../ir/diagnostics.js";
import { type FeelSite, parseExpr, parseTests, shiftSpans } from "../../1-parse/model-feel.js";
import { type Item, splitTopLevel, trimmed } from "./items.js";

/** A JSON cell as text: numbers and booleans mean their literal text. */
export function cellText(raw: unknown): string | null {
  if (typeof raw === "string") return raw;
  if (typeof raw === "number" || typeof raw === "boolean") return String(raw);
  return null;
}

const FEEL_WORDS = new Set(["null", "true", "false"]);

/** Text a string-typed column reads as a literal: no quotes, brackets, calls or leading operator. */
export function isBareWord(text: string): boolean {
  return text !== "" && !/^[<>=!?@\-[\]()"]/.test(text) && !/["()[\],]/.test(text) && !FEEL_WORDS.has(text);
}

const literal = (value: string, start: number): StringLit => ({ kind: "string", value, span: { start, end: start + value.length } });

/** `= <expr>`: the expression after `=`, spans relative to the cell. */
function expressionAfterEquals(text: string, at: number, site: FeelSite): Expr | null {
  const rest = trimmed(text.slice(at + 1), at + 1);
  const e = parseExpr(rest.text, site);
  return e && shiftSpans(e, rest.start);
}

/** Called with each bare word read as a literal, so the caller can warn when it names something. */
export type BareWordHook = (literal: StringLit) => void;

export function readInputCell(text: string, stringTyped: boolean, site: FeelSite, onBareWord: BareWordHook = () => {}): UnaryTests | null {
  const cell = trimmed(text, 0);
  const span: Span = { start: cell.start, end: cell.start + cell.text.length };
  if (cell.text === "-" || cell.text === "") return { kind: "any", span };
  if (cell.text.startsWith("=")) {
    const value = expressionAfterEquals(text, cell.start, site);
    return value && { kind: "tests", tests: [{ kind: "expr", value, span }], span };
  }
  if (!stringTyped) {
    const tests = parseTests(cell.text, site);
    return tests && shiftSpans(tests, cell.start);
  }
  const negated = /^not\s*\(([\s\S]*)\)$/.exec(cell.text);
  const inner = negated ? trimmed(negated[1]!, cell.start + cell.text.indexOf("(") + 1) : cell;
  const tests: UnaryTest[] = [];
  for (const item of splitTopLevel(inner.text)) {
    const parsed = readStringItem({ text: item.text, start: item.start + inner.start }, site, onBareWord);
    if (!parsed) return null;
    tests.push(...parsed);
  }
  return { kind: negated ? "not" : "tests", tests, span };
}

const COMPARE_WORD = /^(<=|>=|!=|<|>|=)\s*(.+)$/s;
const RANGE_WORDS = /^([[\]()])\s*([^.]+?)\s*\.\.\s*([^.]+?)\s*([[\]()])$/s;

/** One comma-separated item of a string-typed cell. */
function readStringItem(item: Item, site: FeelSite, onBareWord: BareWordHook): UnaryTest[] | null {
  const span: Span = { start: item.start, end: item.start + item.text.length };
  const word = (text: string, start: number): StringLit => {
    const lit = literal(text, start);
    onBareWord(lit);
    return lit;
  };
  const semicolon = item.text.indexOf(";");
  if (semicolon >= 0 && isBareWord(item.text)) {
    const span = { start: semicolon, end: semicolon + 1 };
    site.sink.push(
      diagnostic(
        "feel.not-feel",
        { written: ";", feel: ",", meaning: "a list of items" },
        { address: site.address, span, source: item.text },
      ),
    );
    return null;
  }
  if (isBareWord(item.text)) return [{ kind: "expr", value: word(item.text, item.start), span }];
  const cmp = COMPARE_WORD.exec(item.text);
  if (cmp && isBareWord(cmp[2]!)) {
    const value = word(cmp[2]!, item.start + item.text.length - cmp[2]!.length);
    return [{ kind: "compare", op: cmp[1] as "<", value, span }];
  }
  const range = RANGE_WORDS.exec(item.text);
  if (range && isBareWord(range[2]!) && isBareWord(range[3]!)) {
    const lowAt = item.start + item.text.indexOf(range[2]!, 1);
    const highAt = item.start + item.text.lastIndexOf(range[3]!, item.text.length - 1);
    return [
      {
        kind: "range",
        span,
        range: {
          kind: "range",
          span,
          startIncluded: range[1] === "[",
          start: word(range[2]!, lowAt),
          end: word(range[3]!, highAt),
          endIncluded: range[4] === "]",
        },
      },
    ];
  }
  const parsed = parseTests(item.text, site);
  if (!parsed) return null;
  shiftSpans(parsed, item.start);
  if (parsed.kind !== "tests") {
    site.sink.push(
      diagnostic(
        "feel.syntax",
        { variant: parsed.kind === "any" ? "lone-dash" : "lone-not" },
        { address: site.address, span, source: item.text },
      ),
    );
    return null;
  }
  return parsed.tests;
}

export function readOutputCell(raw: unknown, stringTyped: boolean, site: FeelSite, onBareWord: BareWordHook = () => {}): Expr | null {
  if (raw === null || raw === undefined) return { kind: "null", span: { start: 0, end: 0 } };
  const text = cellText(raw);
  if (text === null) {
    site.sink.push(diagnostic("tables.cell-invalid", { variant: "output" }, { address: site.address }));
    return null;
  }
  const cell = trimmed(text, 0);
  if (cell.text === "-") return { kind: "null", span: { start: cell.start, end: cell.start + 1 } };
  if (cell.text.startsWith("=")) return expressionAfterEquals(text, cell.start, site);
  if (stringTyped && isBareWord(cell.text)) {
    const lit = literal(cell.text, cell.start);
    onBareWord(lit);
    return lit;
  }
  const e = parseExpr(cell.text, site);
  return e && shiftSpans(e, cell.start);
}
