// Where JSON text stops being JSON: JSON.parse's messages name a position for some faults only
// ("Unexpected token ',', ..."…" is not valid JSON" and "Unexpected end of JSON input" name none),
// so a file that fails to parse is walked once by the grammar (RFC 8259) to the first character
// that cannot continue it. No recursion: a deeply nested text is walked with a stack of its own.

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHex = (c: number): boolean => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const ESCAPES = new Set([...'"\\/bfnrt'].map((c) => c.charCodeAt(0)));
const LITERALS = ["true", "false", "null"];

const enum Open {
  List,
  Object,
}

/** A walk of the grammar over `text`; each step returns false at the first character that cannot continue it (at `i`). */
class Walk {
  i = 0;
  constructor(private readonly text: string) {}

  private at(): number {
    return this.text.charCodeAt(this.i);
  }

  space(): void {
    while (this.i < this.text.length && isSpace(this.at())) this.i++;
  }

  string(): boolean {
    if (this.at() !== 34) return false;
    for (this.i++; this.i < this.text.length;) {
      const c = this.at();
      if (c === 34) {
        this.i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c !== 92) {
        this.i++;
        continue;
      }
      this.i++;
      if (this.at() === 117) {
        for (let k = 0; k < 4; k++) {
          this.i++;
          if (!isHex(this.at())) return false;
        }
        this.i++;
      } else if (ESCAPES.has(this.at())) this.i++;
      else return false;
    }
    return false;
  }

  private digits(): boolean {
    if (!isDigit(this.at())) return false;
    while (isDigit(this.at())) this.i++;
    return true;
  }

  number(): boolean {
    if (this.at() === 45) this.i++;
    if (this.at() === 48) this.i++;
    else if (!this.digits()) return false;
    if (this.at() === 46) {
      this.i++;
      if (!this.digits()) return false;
    }
    if (this.at() === 101 || this.at() === 69) {
      this.i++;
      if (this.at() === 43 || this.at() === 45) this.i++;
      if (!this.digits()) return false;
    }
    return true;
  }

  literal(): boolean {
    const word = LITERALS.find((w) => w.charCodeAt(0) === this.at());
    if (!word) return false;
    for (let k = 0; k < word.length; k++, this.i++) if (this.at() !== word.charCodeAt(k)) return false;
    return true;
  }

  /** An object's key and its colon. */
  key(): boolean {
    this.space();
    if (!this.string()) return false;
    this.space();
    if (this.at() !== 58) return false;
    this.i++;
    return true;
  }
}

/** The offset of the first character at which `text` stops being JSON (its length when it ends too soon), or -1 when it is JSON. */
export function jsonErrorOffset(text: string): number {
  const walk = new Walk(text);
  const open: Open[] = [];
  for (;;) {
    walk.space();
    const c = text.charCodeAt(walk.i);
    if (c === 123 || c === 91) {
      walk.i++;
      walk.space();
      if (text.charCodeAt(walk.i) === (c === 123 ? 125 : 93)) walk.i++;
      else {
        open.push(c === 123 ? Open.Object : Open.List);
        if (c === 123 && !walk.key()) return walk.i;
        continue;
      }
    } else if (!(c === 34 ? walk.string() : c === 45 || isDigit(c) ? walk.number() : walk.literal())) return walk.i;
    // after a value: a comma, or the end of what it closes
    for (;;) {
      walk.space();
      if (open.length === 0) return walk.i < text.length ? walk.i : -1;
      const inside = open[open.length - 1];
      const next = text.charCodeAt(walk.i);
      if (next === 44) {
        walk.i++;
        if (inside === Open.Object && !walk.key()) return walk.i;
        break;
      }
      if (next !== (inside === Open.Object ? 125 : 93)) return walk.i;
      walk.i++;
      open.pop();
    }
  }
}

/** `:line:column` (both from 1; the text's first line is `firstLine`) of an offset in `text`. */
function lineColumn(text: string, offset: number, firstLine: number): string {
  let line = firstLine;
  let start = 0;
  for (let lf = text.indexOf("\n"); lf >= 0 && lf < offset; lf = text.indexOf("\n", lf + 1)) {
    line++;
    start = lf + 1;
  }
  return `:${line}:${offset - start + 1}`;
}

/** Where JSON.parse's error is in `text` (whose first line is `firstLine` of its file), as `:line:column`, or "" when the text is JSON after all. */
export function jsonErrorPlace(text: string, firstLine = 1): string {
  const offset = jsonErrorOffset(text);
  return offset < 0 ? "" : lineColumn(text, offset, firstLine);
}
