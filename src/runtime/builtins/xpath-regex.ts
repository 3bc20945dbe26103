// XPath/XML Schema regular expressions (flags s m i x q) translated to RE2 syntax and run by
// re2js, which matches in time linear in the input whatever the pattern: no pattern a model or a
// state supplies can stall the process. Every literal is written as a \x{...} escape so no XPath
// character can take on an RE2 meaning; code points, case folding and Unicode categories are RE2's.
// What RE2 cannot do — back-references, written `\k{N}` in the translation — goes to a backtracking
// matcher that counts every step against the evaluation budget (regex-backtrack.ts). A plain
// pattern runs as a JavaScript RegExp where its worst case stays near RE2's (regex-native.ts).
// Invalid patterns yield a message instead.
import { RE2JS } from "re2js";
import { BudgetExceeded, SliceSpent } from "../budget.js";
import { complement, normalise, propertyRanges, subtract, type Ranges } from "./code-point-sets.js";
import { backtrackingRegex } from "./regex-backtrack.js";
import { MAX_REGEX_PROGRAM, re2Regex, type CompiledRegex } from "./regex-match.js";
import { nativeRegex, plainPattern } from "./regex-native.js";
import { UNICODE_BLOCKS } from "./unicode-blocks.js";

/**
 * `re2`: the pattern as RE2 reads it, flags written inline (`(?i)`, `(?m)`), where RE2 runs it (no
 * back-references): what another RE2 (a database's) matches exactly as `regex` does.
 */
export type Translation = { ok: true; regex: CompiledRegex; re2?: string } | { ok: false; message: string };

class RegexError extends Error {}

const fail = (message: string): never => {
  throw new RegexError(message);
};

const hex = (cp: number) => `\\x{${cp.toString(16)}}`;
const literal = (cp: number) => (/[A-Za-z0-9]/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : hex(cp));
const rangeItems = (ranges: Ranges): string => ranges.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join("");

/** The body of a class: RE2 class items, and the code points they stand for (computed only for a subtraction). */
interface ClassBody {
  items: string;
  ranges: () => Ranges;
}

const ofRanges = (ranges: Ranges): ClassBody => ({ items: rangeItems(ranges), ranges: () => ranges });
/** A Unicode property: RE2 names it; its ranges come from JavaScript's tables when a subtraction needs them. */
const ofProperty = (re2: string, js: string): ClassBody => ({ items: re2, ranges: () => propertyRanges(js) });
const negatedProperty = (re2: string, js: string): ClassBody => ({ items: re2, ranges: () => complement(propertyRanges(js)) });

// XML 1.0 (5th edition) NameStartChar and NameChar, for \i \I \c \C
const NAME_START: Ranges = normalise([
  [0x3a, 0x3a],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
  [0xc0, 0xd6],
  [0xd8, 0xf6],
  [0xf8, 0x2ff],
  [0x370, 0x37d],
  [0x37f, 0x1fff],
  [0x200c, 0x200d],
  [0x2070, 0x218f],
  [0x2c00, 0x2fef],
  [0x3001, 0xd7ff],
  [0xf900, 0xfdcf],
  [0xfdf0, 0xfffd],
  [0x10000, 0xeffff],
]);
const NAME_CHAR: Ranges = normalise([...NAME_START, [0x2d, 0x2e], [0x30, 0x39], [0xb7, 0xb7], [0x300, 0x36f], [0x203f, 0x2040]]);
const XML_SPACE: Ranges = [
  [0x09, 0x0a],
  [0x0d, 0x0d],
  [0x20, 0x20],
];

/**
 * The multi-character escapes. XML Schema's \w is every character but punctuation, separators and
 * "other" (P, Z, C); the major categories partition Unicode, so that is L, M, N and S.
 */
const CLASS_ESCAPES: Record<string, ClassBody> = {
  s: ofRanges(XML_SPACE),
  S: ofRanges(complement(XML_SPACE)),
  d: ofProperty("\\p{Nd}", "\\p{Nd}"),
  D: negatedProperty("\\P{Nd}", "\\p{Nd}"),
  w: ofProperty("\\p{L}\\p{M}\\p{N}\\p{S}", "\\p{L}\\p{M}\\p{N}\\p{S}"),
  W: ofProperty("\\p{P}\\p{Z}\\p{C}", "\\p{P}\\p{Z}\\p{C}"),
  i: ofRanges(NAME_START),
  I: ofRanges(complement(NAME_START)),
  c: ofRanges(NAME_CHAR),
  C: ofRanges(complement(NAME_CHAR)),
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

/** One item of a class: a single character (usable as a range end) or a class body. */
type Item = { code: number } | { body: ClassBody };

/**
 * The instructions a translated pattern compiles to, counted as RE2 counts them closely enough to
 * bound them: one an atom, one more an operator, two a group, and a counted repetition `{n,m}` its
 * body copied out m times (RE2 writes each copy out, so `a{1000}` is a thousand) and a split for
 * each optional copy. One
 * frame per open group: the alternatives closed so far, the sequence being read, and the size of
 * its last item (what a quantifier copies).
 */
class ProgramSize {
  private readonly frames = [{ alternatives: 0, sequence: 0, last: 0 }];
  private get top() {
    return this.frames[this.frames.length - 1]!;
  }
  item(n = 1): void {
    this.top.sequence += n;
    this.top.last = n;
  }
  /** `*`, `+` or `?`: a split around the item before. */
  operator(): void {
    this.top.sequence += 1;
    this.top.last += 1;
  }
  open(): void {
    this.frames.push({ alternatives: 0, sequence: 0, last: 0 });
  }
  close(): void {
    const f = this.frames.pop()!;
    this.item(f.alternatives + f.sequence + 2);
  }
  alternative(): void {
    this.top.alternatives += this.top.sequence + 1;
    this.top.sequence = 0;
    this.top.last = 0;
  }
  /** `{min}`, `{min,}` or `{min,max}`: the item before copied out, with a split for each copy past min (one for a loop). */
  repeat(min: number, max: number | null): void {
    const copies = max ?? Math.max(min, 1);
    const splits = max === null ? 1 : max - min;
    const { last } = this.top;
    this.top.sequence += last * (copies - 1) + splits;
    this.top.last = last * copies + splits;
  }
  get total(): number {
    return this.frames.reduce((sum, f) => sum + f.alternatives + f.sequence, 0);
  }
}

class Translator {
  private i = 0;
  /** the instructions the translation compiles to */
  readonly size = new ProgramSize();
  /** groups open at this point: their numbers, null for (?: */
  private readonly open: (number | null)[] = [];
  /** capturing groups opened so far */
  private groups = 0;
  private readonly closed = new Set<number>();
  backrefs = false;
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
    if (this.open.length > 0) fail("a group is not closed");
    return out;
  }

  /** The next atom's translation, its instructions counted. */
  private atom(): string {
    const c = this.peek();
    const out = this.translated();
    if (c === "(") this.size.open();
    else if (c === ")") this.size.close();
    else if (c === "|") this.size.alternative();
    else if (c === "*" || c === "+" || c === "?") this.size.operator();
    else if (c !== "{") this.size.item();
    return out;
  }

  private translated(): string {
    const c = this.next();
    switch (c) {
      case "\\":
        return /[1-9]/.test(this.peek() ?? "") ? this.backReference() : this.outside(this.escape(false));
      case "[":
        return this.charClass();
      case ".":
        return this.dotAll ? "(?s:.)" : "[^\\n\\r]";
      case "(":
        if (this.peek() === "?") {
          if (this.peek(1) !== ":") fail("only (?: groups are allowed");
          this.i += 2;
          this.open.push(null);
          return "(?:";
        }
        this.open.push(++this.groups);
        return "(";
      case ")": {
        if (this.open.length === 0) fail("unbalanced )");
        const group = this.open.pop();
        if (group) this.closed.add(group);
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

  private outside(item: Item): string {
    return "code" in item ? hex(item.code) : `[${item.body.items}]`;
  }

  private quantifier(): string {
    let body = "";
    while (this.peek() !== undefined && this.peek() !== "}") body += this.next();
    this.next();
    if (!/^\d+(,\d*)?$/.test(body)) fail(`{${body}} is not a quantifier`);
    const [min, max] = body.split(",");
    if (max && Number(max) < Number(min!)) fail(`{${body}} has max below min`);
    this.size.repeat(Number(min), max === undefined ? Number(min) : max === "" ? null : Number(max));
    return `{${body}}`;
  }

  /** After a backslash. */
  private escape(inClass: boolean): Item {
    const c = this.next();
    if (Object.hasOwn(SINGLE_ESCAPES, c)) return { code: SINGLE_ESCAPES[c]! };
    if (ESCAPABLE.has(c)) return { code: c.codePointAt(0)! };
    if (Object.hasOwn(CLASS_ESCAPES, c)) return { body: CLASS_ESCAPES[c]! };
    if (c === "p" || c === "P") return { body: this.property(c === "P") };
    return fail(`\\${c} is not a valid escape${inClass ? " in a character class" : ""}`);
  }

  /**
   * After `\`, digits: the longest run naming a group opened before it (XPath 3.1 5.6.1), which
   * must be closed by now.
   */
  private backReference(): string {
    let n = Number(this.next());
    while (/\d/.test(this.peek() ?? "") && n * 10 + Number(this.peek()) <= this.groups) n = n * 10 + Number(this.next());
    if (!this.closed.has(n)) fail(`the back-reference \\${n} names no group closed before it`);
    this.backrefs = true;
    return `\\k{${n}}`;
  }

  private property(negated: boolean): ClassBody {
    if (this.next() !== "{") fail("\\p needs {name}");
    let name = "";
    while (this.peek() !== "}") name += this.next();
    this.next();
    if (CATEGORIES.has(name)) return (negated ? negatedProperty : ofProperty)(`\\${negated ? "P" : "p"}{${name}}`, `\\p{${name}}`);
    if (name.startsWith("Is")) {
      const block =
        UNICODE_BLOCKS[
          name
            .slice(2)
            .replace(/[\s_-]/g, "")
            .toLowerCase()
        ];
      if (block) return ofRanges(negated ? complement([block]) : [block]);
    }
    return fail(`unknown Unicode property ${name}`);
  }

  /** After `[`: items, optional ranges, optional `-[subtraction]`, then `]`. */
  private charClass(): string {
    const { negated, body, subtraction } = this.classParts();
    if (!subtraction) return `[${negated ? "^" : ""}${body.items}]`;
    const kept = subtract(this.classRanges(negated, body), subtraction);
    return kept.length === 0 ? "[^\\x{0}-\\x{10ffff}]" : `[${rangeItems(kept)}]`;
  }

  private classRanges(negated: boolean, body: ClassBody): Ranges {
    return negated ? complement(body.ranges()) : body.ranges();
  }

  private classParts(): { negated: boolean; body: ClassBody; subtraction?: Ranges } {
    const negated = this.peek() === "^";
    if (negated) this.i++;
    const items: Item[] = [];
    let subtraction: Ranges | undefined;
    let first = true;
    for (;;) {
      const c = this.next();
      if (c === "]" && !first) break;
      if (c === "-" && this.peek() === "[" && !first) {
        this.i++;
        const inner = this.classParts();
        subtraction = inner.subtraction
          ? subtract(this.classRanges(inner.negated, inner.body), inner.subtraction)
          : this.classRanges(inner.negated, inner.body);
        if (this.next() !== "]") fail("a class subtraction must end the class");
        break;
      }
      if (c === "[") fail("an unescaped [ inside a character class");
      const start: Item = c === "\\" ? this.escape(true) : { code: c.codePointAt(0)! };
      if (c === "-" && !first && this.peek() !== "]") fail("an unescaped - inside a character class");
      if ("code" in start && this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== "[") {
        this.i++;
        const e = this.next();
        const end: Item = e === "\\" ? this.escape(true) : { code: e.codePointAt(0)! };
        if (!("code" in end)) fail("a range cannot end with a multi-character escape");
        const to = (end as { code: number }).code;
        if (to < start.code) fail("a character range is out of order");
        items.push({ body: ofRanges([[start.code, to]]) });
      } else {
        items.push(start);
      }
      first = false;
    }
    const bodies = items.map((it) => ("code" in it ? ofRanges([[it.code, it.code]]) : it.body));
    const body: ClassBody = {
      items: bodies.map((b) => b.items).join(""),
      ranges: () => normalise(bodies.flatMap((b) => b.ranges())),
    };
    return { negated, body, subtraction };
  }
}

const FLAGS = new Set(["s", "m", "i", "x", "q"]);

/** The instructions of a pattern, when within MAX_REGEX_PROGRAM. */
function withinProgram(instructions: number): number {
  if (instructions > MAX_REGEX_PROGRAM)
    fail(`the pattern must compile to at most ${MAX_REGEX_PROGRAM.toLocaleString("en-US")} instructions (counted repetitions copied out)`);
  return instructions;
}

/**
 * Patterns and inputs are compiled once per pattern and flags: tables call matches() per row with
 * the same few. `compiling` is told the instructions of a pattern within MAX_REGEX_PROGRAM before
 * it is compiled (to charge for it: an evaluation limit it throws passes through).
 */
export function translateRegex(pattern: string, flags = "", compiling?: (instructions: number) => void): Translation {
  for (const f of flags) if (!FLAGS.has(f)) return { ok: false, message: `"${f}" is not a regular expression flag` };
  const has = (f: string) => flags.includes(f);
  const inline = (source: string, modes: string) => (modes ? `(?${modes})${source}` : source);
  try {
    if (has("q")) {
      const chars = Array.from(pattern);
      compiling?.(withinProgram(chars.length));
      const literal = chars.map((c) => hex(c.codePointAt(0)!)).join("");
      const regex = re2Regex(RE2JS.compile(literal, has("i") ? RE2JS.CASE_INSENSITIVE : 0), chars.length);
      return { ok: true, regex, re2: inline(literal, has("i") ? "i" : "") };
    }
    const translator = new Translator(has("x") ? stripWhitespace(Array.from(pattern)) : Array.from(pattern), has("s"));
    const source = translator.translate();
    // before RE2 compiles it: compiling is the costly part, and cannot be interrupted
    const program = withinProgram(translator.size.total);
    compiling?.(program);
    const re2Flags = (has("i") ? RE2JS.CASE_INSENSITIVE : 0) | (has("m") ? RE2JS.MULTILINE : 0);
    if (!translator.backrefs) {
      const re2 = re2Regex(RE2JS.compile(source, re2Flags), program);
      const plain = plainPattern(pattern, flags);
      return {
        ok: true,
        regex: plain ? nativeRegex(plain, re2) : re2,
        re2: inline(source, `${has("i") ? "i" : ""}${has("m") ? "m" : ""}`),
      };
    }
    // RE2 checks the syntax (a back-reference stands for an empty group there); the matcher runs it
    RE2JS.compile(source.replace(/\\k\{\d+\}/g, "(?:)"), re2Flags);
    return { ok: true, regex: backtrackingRegex(source, { caseless: has("i"), multiline: has("m") }) };
  } catch (e) {
    if (e instanceof BudgetExceeded || e instanceof SliceSpent) throw e;
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, message: `invalid regular expression ${JSON.stringify(pattern)}: ${message}` };
  }
}

/**
 * An XPath replacement string as a function of the match: `$N` is group N (the longest run of
 * digits naming an existing group; a missing group is empty), `\$` and `\\` are literals.
 */
export function translateReplacement(replacement: string, groups: number): ((m: readonly string[]) => string) | string {
  // no escape and no group: the replacement itself, not rebuilt a character at a time each match
  if (!/[\\$]/.test(replacement)) return () => replacement;
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
