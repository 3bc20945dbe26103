// XPath/XML Schema regular expressions (flags s m i x q) translated to JavaScript RegExps in
// `v` (unicode sets) mode, which gives code-point matching, class subtraction and Unicode-aware
// case folding. Every literal is emitted as a \u{...} escape so no XPath character can take on a
// JavaScript meaning. Invalid patterns yield a message instead of a RegExp.
import { UNICODE_BLOCKS } from "./unicode-blocks.js";

export type Translation = { ok: true; regex: RegExp } | { ok: false; message: string };

class RegexError extends Error {}

const fail = (message: string): never => {
  throw new RegexError(message);
};

const u = (cp: number) => `\\u{${cp.toString(16)}}`;
const literal = (cp: number) => (/[A-Za-z0-9]/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : u(cp));

// XML 1.0 (5th edition) NameStartChar and NameChar, for \i \I \c \C
const NAME_START =
  ":A-Z_a-z\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2FF}\\u{370}-\\u{37D}\\u{37F}-\\u{1FFF}\\u{200C}-\\u{200D}" +
  "\\u{2070}-\\u{218F}\\u{2C00}-\\u{2FEF}\\u{3001}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFFD}\\u{10000}-\\u{EFFFF}";
const NAME_CHAR = `${NAME_START}\\-.0-9\\u{B7}\\u{300}-\\u{36F}\\u{203F}-\\u{2040}`;

/** The multi-character escapes, as classes usable both inside and outside a class. */
const CLASS_ESCAPES: Record<string, string> = {
  s: "[\\u{20}\\t\\n\\r]",
  S: "[^\\u{20}\\t\\n\\r]",
  d: "\\p{Nd}",
  D: "\\P{Nd}",
  w: "[^\\p{P}\\p{Z}\\p{C}]",
  W: "[\\p{P}\\p{Z}\\p{C}]",
  i: `[${NAME_START}]`,
  I: `[^${NAME_START}]`,
  c: `[${NAME_CHAR}]`,
  C: `[^${NAME_CHAR}]`,
};

const SINGLE_ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09 };
const ESCAPABLE = new Set([..."\\|.-^?*+{}()[]$"]);

const CATEGORIES = new Set(
  "L Lu Ll Lt Lm Lo M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po Z Zs Zl Zp S Sm Sc Sk So C Cc Cf Co Cn".split(" "),
);

const isXmlSpace = (c: string) => c === " " || c === "\t" || c === "\n" || c === "\r";

/** The x flag: whitespace goes, except inside character classes. */
function stripWhitespace(chars: string[]): string[] {
  const out: string[] = [];
  let depth = 0;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === "\\") {
      out.push(c);
      if (depth === 0) while (i + 1 < chars.length && isXmlSpace(chars[i + 1]!)) i++;
      if (i + 1 < chars.length) out.push(chars[++i]!);
      continue;
    }
    if (c === "[") depth++;
    else if (c === "]" && depth > 0) depth--;
    if (depth === 0 && isXmlSpace(c)) continue;
    out.push(c);
  }
  return out;
}

class Translator {
  private i = 0;
  private opened = 0;
  private readonly closed = new Set<number>();
  private readonly open: number[] = [];
  constructor(
    private readonly cs: string[],
    private readonly dotAll: boolean,
  ) {}

  private peek(k = 0): string | undefined {
    return this.cs[this.i + k];
  }
  private next(): string {
    const c = this.cs[this.i++];
    return c === undefined ? fail("the pattern ends too early") : c;
  }

  translate(): string {
    let out = "";
    while (this.i < this.cs.length) out += this.atom();
    if (this.open.length) fail("a group is not closed");
    return out;
  }

  private atom(): string {
    const c = this.next();
    switch (c) {
      case "\\":
        return this.escape(false).text;
      case "[":
        return this.charClass();
      case ".":
        return this.dotAll ? "." : "[^\\n\\r]";
      case "(":
        if (this.peek() === "?") {
          if (this.peek(1) !== ":") fail("only (?: groups are allowed");
          this.i += 2;
          this.open.push(0);
          return "(?:";
        }
        this.open.push(++this.opened);
        return "(";
      case ")": {
        if (!this.open.length) fail("unbalanced )");
        const g = this.open.pop()!;
        if (g) this.closed.add(g);
        return ")";
      }
      case "{":
        return this.quantifier();
      case "]":
      case "}":
        return fail(`an unescaped ${c}`);
      case "^":
      case "$":
      case "|":
      case "*":
      case "+":
      case "?":
        return c;
      default:
        return literal(c.codePointAt(0)!);
    }
  }

  private quantifier(): string {
    let body = "";
    while (this.peek() !== undefined && this.peek() !== "}") body += this.next();
    this.next();
    if (!/^\d+(,\d*)?$/.test(body)) fail(`{${body}} is not a quantifier`);
    const [min, max] = body.split(",");
    if (max && Number(max) < Number(min!)) fail(`{${body}} has max below min`);
    return `{${body}}`;
  }

  /** After a backslash. `code` is set when the escape stands for one character (usable in ranges). */
  private escape(inClass: boolean): { text: string; code?: number } {
    const c = this.next();
    if (c in SINGLE_ESCAPES) return { text: u(SINGLE_ESCAPES[c]!), code: SINGLE_ESCAPES[c]! };
    if (ESCAPABLE.has(c)) return { text: u(c.codePointAt(0)!), code: c.codePointAt(0)! };
    if (c in CLASS_ESCAPES) return { text: CLASS_ESCAPES[c]! };
    if (c === "p" || c === "P") return { text: this.property(c === "P") };
    if (/[1-9]/.test(c) && !inClass) return { text: this.backReference(Number(c)) };
    return fail(`\\${c} is not a valid escape${inClass ? " in a character class" : ""}`);
  }

  private backReference(first: number): string {
    let n = first;
    while (this.peek() !== undefined && /\d/.test(this.peek()!) && this.closed.has(n * 10 + Number(this.peek()))) {
      n = n * 10 + Number(this.next());
    }
    if (!this.closed.has(n)) fail(`\\${n} refers to a group that is not closed before it`);
    return `(?:\\${n})`;
  }

  private property(negated: boolean): string {
    if (this.next() !== "{") fail("\\p needs {name}");
    let name = "";
    while (this.peek() !== "}") name += this.next();
    this.next();
    if (CATEGORIES.has(name)) return `\\${negated ? "P" : "p"}{${name}}`;
    if (name.startsWith("Is")) {
      const block =
        UNICODE_BLOCKS[
          name
            .slice(2)
            .replace(/[\s_-]/g, "")
            .toLowerCase()
        ];
      if (block) return `[${negated ? "^" : ""}${u(block[0])}-${u(block[1])}]`;
    }
    return fail(`unknown Unicode property ${name}`);
  }

  /** After `[`: items, optional ranges, optional `-[subtraction]`, then `]`. */
  private charClass(): string {
    const negated = this.peek() === "^";
    if (negated) this.i++;
    let items = "";
    let subtraction = "";
    let first = true;
    for (;;) {
      const c = this.next();
      if (c === "]" && !first) break;
      if (c === "-" && this.peek() === "[" && !first) {
        this.i++;
        subtraction = this.charClass();
        if (this.next() !== "]") fail("a class subtraction must end the class");
        break;
      }
      if (c === "[") fail("an unescaped [ inside a character class");
      const start = c === "\\" ? this.escape(true) : { text: u(c.codePointAt(0)!), code: c.codePointAt(0)! };
      if (c === "-" && !first && this.peek() !== "]") fail("an unescaped - inside a character class");
      if (start.code !== undefined && this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== "[") {
        this.i++;
        const e = this.next();
        const end = e === "\\" ? this.escape(true) : { text: u(e.codePointAt(0)!), code: e.codePointAt(0)! };
        if (end.code === undefined) fail("a range cannot end with a multi-character escape");
        if (end.code! < start.code) fail("a character range is out of order");
        items += `${start.text}-${end.text}`;
      } else {
        items += start.text;
      }
      first = false;
    }
    const base = `[${negated ? "^" : ""}${items}]`;
    return subtraction ? `[${base}--${subtraction}]` : base;
  }
}

const FLAGS = new Set(["s", "m", "i", "x", "q"]);

export function translateRegex(pattern: string, flags = ""): Translation {
  for (const f of flags) if (!FLAGS.has(f)) return { ok: false, message: `"${f}" is not a regular expression flag` };
  const has = (f: string) => flags.includes(f);
  try {
    let source: string;
    let js = "v";
    if (has("q")) {
      source = Array.from(pattern, (c) => u(c.codePointAt(0)!)).join("");
    } else {
      const chars = has("x") ? stripWhitespace(Array.from(pattern)) : Array.from(pattern);
      source = new Translator(chars, has("s")).translate();
      if (has("s")) js += "s";
      if (has("m")) js += "m";
    }
    if (has("i")) js += "i";
    return { ok: true, regex: new RegExp(source, js) };
  } catch (e) {
    const message = e instanceof RegexError || e instanceof SyntaxError ? e.message : String(e);
    return { ok: false, message: `invalid regular expression ${JSON.stringify(pattern)}: ${message}` };
  }
}

/**
 * An XPath replacement string as a function of the match: `$N` is group N (the longest run of
 * digits naming an existing group; a missing group is empty), `\$` and `\\` are literals.
 */
export function translateReplacement(replacement: string, groups: number): ((m: string[]) => string) | string {
  const parts: (string | number)[] = [];
  const cs = Array.from(replacement);
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!;
    if (c === "\\") {
      const n = cs[++i];
      if (n !== "\\" && n !== "$") return `invalid replacement string ${JSON.stringify(replacement)}`;
      parts.push(n);
    } else if (c === "$") {
      if (!/\d/.test(cs[i + 1] ?? "")) return `invalid replacement string ${JSON.stringify(replacement)}`;
      let n = Number(cs[++i]);
      while (/\d/.test(cs[i + 1] ?? "") && n * 10 + Number(cs[i + 1]) <= groups) n = n * 10 + Number(cs[++i]);
      parts.push(n);
    } else {
      parts.push(c);
    }
  }
  return (m) => parts.map((p) => (typeof p === "number" ? (m[p] ?? "") : p)).join("");
}
