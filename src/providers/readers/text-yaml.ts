// The block subset of YAML an export or a case note is written in: mappings of `key: value`,
// nested by indentation, lists of `- item` (an item may be a mapping begun on its dash's line),
// `|` and `>` blocks of text, comments after `#`, quoted strings, `null`/`~`, `true`/`false`,
// plain numbers, and the empty flow collections `[]` and `{}` (a flow list of plain scalars too).
// Anything outside the subset (anchors, tags, flow mappings with content, a line that is no key,
// item or block text) makes the text no such document. Each line is looked at once.

type Yaml = null | boolean | number | string | Yaml[] | { [key: string]: Yaml };

interface Line {
  indent: number;
  /** the line after its indentation, its comment cut off */
  text: string;
  /** the line as written, for block text */
  raw: string;
}

/** A mapping's key, then `:` and a space or the line's end. */
const KEY_LINE = /^("[^"]*"|'[^']*'|[^\s"'#\-?:&*!|>%@`[\]{},][^:#]{0,79}?)\s*:(?:\s+(.*))?$/;
/** A block of text's marker: `|` or `>`, kept or stripped. */
const BLOCK = /^[|>][+-]?$/;
/** The most words of a key, and of a plain value: more is a note's sentence, not a document's field. */
const MAX_KEY_WORDS = 4;
const MAX_WORDS = 12;
const words = (s: string): number => s.split(/\s+/).filter(Boolean).length;
const NUMBER = /^[-+]?(?:\d+|\d*\.\d+)(?:[eE][-+]?\d+)?$/;

/** A line's text with any comment cut off: a `#` after a space, outside a quoted string. */
function withoutComment(s: string): string {
  const quote = s[0] === '"' || s[0] === "'" ? s.indexOf(s[0], 1) : -1;
  const from = quote > 0 ? quote : 0;
  const at = s.slice(from).search(/(?:^|\s)#/);
  return (at < 0 ? s : s.slice(0, from + at)).trimEnd();
}

function scalar(s: string): Yaml | undefined {
  if (s === "" || s === "~" || s === "null" || s === "Null" || s === "NULL") return null;
  if (/^(true|True|TRUE)$/.test(s)) return true;
  if (/^(false|False|FALSE)$/.test(s)) return false;
  if (NUMBER.test(s)) return Number(s);
  if (s.startsWith('"') || s.startsWith("'")) return s.length > 1 && s.endsWith(s[0]!) ? s.slice(1, -1) : undefined;
  if (s === "[]") return [];
  if (s === "{}") return {};
  if (s.startsWith("[") && s.endsWith("]")) {
    const items = s
      .slice(1, -1)
      .split(",")
      .map((x) => scalar(x.trim()));
    return items.every((x) => x !== undefined && (x === null || typeof x !== "object")) ? (items as Yaml[]) : undefined;
  }
  // anchors, aliases, tags, flow mappings and directives are outside the subset, and so is a
  // sentence: a document's plain values are short
  return /^[&*!{%@`]/.test(s) || words(s) > MAX_WORDS ? undefined : s;
}

class NotYaml extends Error {}

class Parser {
  private i = 0;
  constructor(private readonly lines: Line[]) {}

  document(): Yaml {
    const v = this.block(0);
    if (this.i < this.lines.length) throw new NotYaml();
    return v;
  }

  private block(indent: number): Yaml {
    const line = this.lines[this.i]!;
    if (line.indent !== indent) throw new NotYaml();
    return isItem(line.text) ? this.list(indent) : this.mapping(indent);
  }

  private mapping(indent: number): Record<string, Yaml> {
    const out: Record<string, Yaml> = {};
    for (let line = this.lines[this.i]; line !== undefined && line.indent === indent && !isItem(line.text); line = this.lines[this.i]) {
      const m = KEY_LINE.exec(line.text);
      if (m === null) throw new NotYaml();
      const key = /^["']/.test(m[1]!) ? m[1]!.slice(1, -1) : m[1]!.trim();
      if (Object.hasOwn(out, key) || words(key) > MAX_KEY_WORDS) throw new NotYaml();
      this.i++;
      out[key] = this.valueAfter(indent, m[2] ?? "", true);
    }
    return out;
  }

  private list(indent: number): Yaml[] {
    const out: Yaml[] = [];
    for (let line = this.lines[this.i]; line !== undefined && line.indent === indent && isItem(line.text); line = this.lines[this.i]) {
      const rest = line.text.slice(1).trimStart();
      if (KEY_LINE.test(rest) && !BLOCK.test(rest)) {
        // a mapping begun on the dash's line: its keys stand where its first key does
        const at = indent + line.text.length - rest.length;
        this.lines[this.i] = { indent: at, text: rest, raw: line.raw };
        out.push(this.mapping(at));
      } else {
        this.i++;
        out.push(this.valueAfter(indent, rest, false));
      }
    }
    return out;
  }

  /** The value after a key or a dash: on its line, a block of text, or the block indented below it. */
  private valueAfter(indent: number, rest: string, keyed: boolean): Yaml {
    if (BLOCK.test(rest)) return this.text(indent, rest[0] === ">");
    const next = this.lines[this.i];
    if (rest !== "") {
      const v = scalar(rest);
      if (v === undefined || (next !== undefined && next.indent > indent)) throw new NotYaml();
      return v;
    }
    if (next !== undefined && next.indent > indent) return this.block(next.indent);
    // a list may stand at its key's own indentation
    if (keyed && next !== undefined && next.indent === indent && isItem(next.text)) return this.list(indent);
    return null;
  }

  /** A `|` or `>` block: the lines indented below, as written (`>` folds them into one line). */
  private text(indent: number, folded: boolean): string {
    const body: Line[] = [];
    for (let line = this.lines[this.i]; line !== undefined && line.indent > indent; line = this.lines[++this.i]) body.push(line);
    const margin = Math.min(...body.filter((l) => l.raw.trim() !== "").map((l) => l.raw.length - l.raw.trimStart().length));
    const texts = body.map((l) => l.raw.slice(margin).trimEnd());
    return folded ? texts.join(" ") : `${texts.join("\n")}\n`;
  }
}

/** A non-empty mapping, or a list with one in it: what a run of labels or a bullet list is not. */
const holdsMapping = (v: Yaml): boolean =>
  Array.isArray(v)
    ? v.some((x) => x !== null && typeof x === "object" && !Array.isArray(x))
    : v !== null && typeof v === "object" && Object.keys(v).length > 0;

const isItem = (text: string): boolean => text === "-" || text.startsWith("- ");

/**
 * The mapping a text is, whole, if it is a block YAML document of two keys or more, a mapping or a
 * list of mappings under one of them (a flat run of `Label: value` lines is a form and a heading
 * over bullets is a note, both read as a text); otherwise undefined.
 */
export function yamlDocumentOf(text: string): Record<string, unknown> | undefined {
  const lines: Line[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const body = raw.trimStart();
    if (raw.startsWith("\t")) return undefined;
    if (body === "---" || body === "...") continue;
    const cut = withoutComment(body);
    // blank and comment lines are kept inside a block of text only, which reads them from `raw`
    lines.push({ indent: cut === "" ? Infinity : raw.length - body.length, text: cut, raw });
  }
  const kept = keepBlankInBlocks(lines);
  if (kept.length < 2 || kept[0]!.indent !== 0 || isItem(kept[0]!.text)) return undefined;
  try {
    const doc = new Parser(kept).document() as Record<string, Yaml>;
    return Object.keys(doc).length > 1 && Object.values(doc).some(holdsMapping) ? doc : undefined;
  } catch (e) {
    if (e instanceof NotYaml) return undefined;
    throw e;
  }
}

/** Blank and comment lines dropped, but those inside a block of text kept (at the block's indentation). */
function keepBlankInBlocks(lines: Line[]): Line[] {
  const out: Line[] = [];
  let blockAt: number | undefined;
  for (const line of lines) {
    if (blockAt !== undefined && line.indent <= blockAt) blockAt = undefined;
    if (line.indent === Infinity) {
      if (blockAt !== undefined) out.push({ ...line, indent: blockAt + 1 });
      continue;
    }
    out.push(line);
    const rest = KEY_LINE.exec(line.text)?.[2] ?? (isItem(line.text) ? line.text.slice(1).trim() : "");
    if (blockAt === undefined && BLOCK.test(rest)) blockAt = line.indent;
  }
  return out;
}
