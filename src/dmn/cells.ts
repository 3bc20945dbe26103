// Decision table cells: DMN cells are FEEL as written. The portable format reads a bare word in a
// string-typed column as a literal (spec 2.5 rule 5), so a cell that is nothing but a name is
// prefixed with `=` to keep it an expression, and a name standing as a test inside an input
// entry (`not(Complex.aString)`, `"a", Other.name`, `< Limit.max`) is put in parentheses, which
// FEEL reads the same and the portable format reads as an expression. Literals, operators and
// calls need no change.
import { isBareWord } from "../compiler/2-analyse/tables/cells.js";
import { splitTopLevel } from "../compiler/2-analyse/tables/items.js";

const LITERAL = /^(?:true|false|null|-?\d+(?:\.\d*)?|-?\.\d+|"(?:[^"\\]|\\.)*")$/;
/** A name or a dotted path of names: words, spaces, dots and the other name characters. */
const BARE_NAME = /^[^\s"'<>=![\]{}(),+*/\-\d.@?][^"<>=![\]{}(),+*/]*$/;

/**
 * Text the portable format would read as a word rather than as FEEL: a name, and anything else it
 * takes for a bare word (`'Hello'`, `a+b`, `150mph`), which FEEL reads as an expression or rejects.
 */
function isBareName(text: string): boolean {
  const t = text.trim();
  if (LITERAL.test(t)) return false;
  return BARE_NAME.test(t) || isBareWord(t);
}

/** A comparison or a range whose operand(s) a name may be: `< x`, `[a..b]`. */
const COMPARED = /^(<=|>=|!=|<|>|=)(\s*)([\s\S]+)$/;
const RANGE = /^([[\]()])(\s*)([\s\S]+?)(\s*\.\.\s*)([\s\S]+?)(\s*)([[\]()])$/;

const named = (operand: string): string => (isBareName(operand) ? `(${operand.trim()})` : operand);

/** One test of an input entry with each name it tests against in parentheses. */
function testItem(item: string): string {
  if (isBareName(item)) return `(${item})`;
  const cmp = COMPARED.exec(item);
  if (cmp) return `${cmp[1]}${cmp[2]}${named(cmp[3]!)}`;
  const range = RANGE.exec(item);
  if (range) return `${range[1]}${range[2]}${named(range[3]!)}${range[4]}${named(range[5]!)}${range[6]}${range[7]}`;
  return item;
}

/** An input entry's tests, `not(...)` kept around them, each name tested against in parentheses. */
function inputTests(text: string): string {
  const negated = /^not\s*\(([\s\S]*)\)$/.exec(text);
  const inner = negated ? negated[1]! : text;
  let out = "";
  let at = 0;
  for (const item of splitTopLevel(inner)) {
    out += inner.slice(at, item.start) + testItem(item.text);
    at = item.start + item.text.length;
  }
  out += inner.slice(at);
  return negated ? `not(${out})` : out;
}

/** An input or output cell as portable text: empty → `-`, a bare name → `=name`, names tested against in an input entry parenthesised. */
export function cellText(raw: string | undefined, input = false): string {
  const t = (raw ?? "").trim();
  if (t === "" || t === "-") return "-";
  if (isBareName(t)) return `=${t}`;
  return input ? inputTests(t) : t;
}
