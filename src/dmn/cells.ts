// Decision table cells: DMN cells are FEEL as written. The portable format reads a bare word in a
// string-typed column as a literal (spec 2.5 rule 5), so a cell that is nothing but a name is
// prefixed with `=` to keep it an expression. Literals, operators and calls need no prefix.

const LITERAL = /^(?:true|false|null|-?\d+(?:\.\d*)?|-?\.\d+|"(?:[^"\\]|\\.)*")$/;
/** A name or a dotted path of names: words, spaces, dots and the other name characters. */
const BARE_NAME = /^[^\s"'<>=![\]{}(),+*/\-\d.@?][^"<>=![\]{}(),+*/]*$/;

function isBareName(text: string): boolean {
  const t = text.trim();
  if (LITERAL.test(t)) return false;
  return BARE_NAME.test(t);
}

/** An input or output cell as portable text: empty → `-`, a bare name → `=name`. */
export function cellText(raw: string | undefined): string {
  const t = (raw ?? "").trim();
  if (t === "" || t === "-") return "-";
  return isBareName(t) ? `=${t}` : t;
}
