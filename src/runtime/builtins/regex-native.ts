// Plain patterns run by JavaScript's own RegExp where its worst case is known to stay near RE2's.
// re2js (a JavaScript port of RE2) takes some 0.5 µs to test a short input; a JavaScript RegExp
// about a third of that. A backtracking engine is safe only where its backtracking is bounded, so
// this takes a small subset of XPath patterns, for which both engines find the same matches:
//
// - branches separated by `|`, each a sequence of items, `^` only at a branch's start and `$`
//   only at its end (no m, s, x or q flag; the i flag allowed);
// - an item is an ASCII character (or a single escape: \n \r \t, an escaped metacharacter), or a
//   class of ASCII characters and ranges, or \s (XML's four spaces), with `?`, `*`, `+` or
//   `{n}`, `{n,}`, `{n,m}`: no groups, no `.`, no negated class, no category, no back-reference;
// - no branch may match the empty string (replace and split refuse such a pattern anyway).
//
// Why the answers agree: both engines choose the leftmost match and, among those, the one a
// backtracking search meets first (RE2 emulates it); without groups, nested quantifiers or empty
// loops the two agree item for item. An ASCII class never matches a surrogate, so the match
// offsets (UTF-16 in both) are the same; under the i flag both fold by Unicode simple case folding
// (the `u` flag), which adds U+017F to s and U+212A to k and nothing else to ASCII.
//
// Why the time is bounded: each call's worst case is worked out from the input's length before
// the RegExp runs (`work` below), and an input whose worst case exceeds a constant times what RE2's
// pass over it costs, or longer than MAX_NATIVE_INPUT, goes to RE2. Without groups a backtracking
// search from one start point can branch only at a variable item whose characters can also begin
// what follows it; an item whose characters cannot (`[a-z]+@`) only gives back characters that
// fail at once. So a start point costs at most (k + 2) · (F + 1)^(v + 1) steps, k the items, v the
// variable items that can branch, F the characters read before the last point at which the
// branch can fail; a branch that starts with `^` has one start point, any other one per character.
import type { CompiledRegex } from "./regex-match.js";

/** Inputs longer than this always go to RE2 (and V8's backtracking stack is never deep). */
const MAX_NATIVE_INPUT = 4096;

/**
 * The worst-case backtracking steps allowed a call, per character and RE2 instruction: V8's
 * compiled RegExp takes a few nanoseconds a step where re2js takes tens a character and
 * instruction, so within this a call costs at most about what RE2 would.
 */
const STEPS_PER_RE2_STEP = 16;

interface Item {
  /** the code points the item matches (closed under case with the i flag) */
  chars: Set<number>;
  /** the JavaScript source of one occurrence */
  source: string;
  min: number;
  max: number;
}

interface Branch {
  anchored: boolean;
  /** how many items */
  k: number;
  /** the characters read before the branch's last point of failure (Infinity: all of them) */
  failing: number;
  /** variable items whose characters can also begin what follows them */
  branching: number;
}

const ASCII_ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09 };
/** The characters a backslash makes literal. */
const ESCAPABLE = new Set([..."\\|.-^?*+{}()[]$"]);
/** The characters that are not themselves outside a class (a `-` is). */
const SPECIAL = new Set([..."\\|.^?*+{}()[]$"]);
const XML_SPACES = [0x09, 0x0a, 0x0d, 0x20];
const MAX_COUNT = 1000;

class NotPlain extends Error {}
const notPlain = (): never => {
  throw new NotPlain();
};

const u = (cp: number) => `\\u{${cp.toString(16)}}`;

/** The case variants Unicode simple case folding gives an ASCII character. */
function withCase(chars: Set<number>): Set<number> {
  const out = new Set(chars);
  for (const c of chars) {
    const s = String.fromCharCode(c);
    out.add(s.toLowerCase().charCodeAt(0)).add(s.toUpperCase().charCodeAt(0));
  }
  if (out.has(0x73)) out.add(0x17f);
  if (out.has(0x6b)) out.add(0x212a);
  return out;
}

class Reader {
  private i = 0;
  constructor(private readonly cs: readonly string[]) {}
  peek(k = 0): string | undefined {
    return this.cs[this.i + k];
  }
  next(): string {
    return this.cs[this.i++] ?? notPlain();
  }
  get done(): boolean {
    return this.i >= this.cs.length;
  }

  /** After `\`, outside or inside a class: one ASCII code point, or \s. */
  escape(): number[] {
    const c = this.next();
    if (Object.hasOwn(ASCII_ESCAPES, c)) return [ASCII_ESCAPES[c]!];
    if (ESCAPABLE.has(c)) return [c.charCodeAt(0)];
    return c === "s" ? XML_SPACES : notPlain();
  }

  /** One ASCII character of a class, or an escape standing for one. */
  single(): number {
    const c = this.next();
    const codes = c === "\\" ? this.escape() : [classAscii(c)];
    return codes.length === 1 ? codes[0]! : notPlain();
  }

  /** After `[`: ASCII characters and ranges, not negated, no subtraction. */
  charClass(): number[] {
    if (this.peek() === "^" || this.peek() === "]") notPlain();
    const out: number[] = [];
    while (this.peek() !== "]") {
      if (this.peek() === "[" || (this.peek() === "-" && this.peek(1) === "[")) notPlain();
      if (this.peek() === "\\" && this.peek(1) === "s") {
        this.i += 2;
        out.push(...XML_SPACES);
        continue;
      }
      if (this.peek() === "-" && (out.length === 0 || this.peek(1) === "]")) {
        this.i++;
        out.push(0x2d);
        continue;
      }
      const from = this.single();
      if (this.peek() === "-" && this.peek(1) !== "]") {
        this.i++;
        const to = this.single();
        for (let c = from; c <= to; c++) out.push(c);
      } else out.push(from);
    }
    this.i++;
    return out;
  }

  /** `?`, `*`, `+`, `{n}`, `{n,}` or `{n,m}` after an item, or exactly once. */
  quantifier(): [number, number] {
    const c = this.peek();
    if (c === "?" || c === "*" || c === "+") {
      this.i++;
      return c === "?" ? [0, 1] : [c === "+" ? 1 : 0, Infinity];
    }
    if (c !== "{") return [1, 1];
    this.i++;
    let body = "";
    while (this.peek() !== "}") body += this.next();
    this.i++;
    const m = /^(\d+)(,(\d*))?$/.exec(body) ?? notPlain();
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    return min > MAX_COUNT || (max !== Infinity && max > MAX_COUNT) ? notPlain() : [min, max];
  }
}

/** Inside a class only `[`, `]` and `\\` are special (and `-`, read apart). */
const classAscii = (c: string): number => {
  const code = c.charCodeAt(0);
  return code < 0x80 && c !== "[" && c !== "]" ? code : notPlain();
};

const ascii = (c: string): number => {
  const code = c.charCodeAt(0);
  return code < 0x80 && !SPECIAL.has(c) ? code : notPlain();
};

/** The items of one branch, read up to `|` or the end. */
function readBranch(r: Reader, caseless: boolean): { anchored: boolean; items: Item[]; ended: boolean } {
  const anchored = r.peek() === "^";
  if (anchored) r.next();
  const items: Item[] = [];
  let ended = false;
  while (!r.done && r.peek() !== "|") {
    if (ended) notPlain();
    const c = r.next();
    if (c === "$") {
      ended = true;
      continue;
    }
    const codes = c === "[" ? r.charClass() : c === "\\" ? r.escape() : [ascii(c)];
    const source = codes.length === 1 ? u(codes[0]!) : `[${codes.map(u).join("")}]`;
    const [min, max] = r.quantifier();
    if ("?*+{".includes(r.peek() ?? "x")) notPlain();
    const chars = new Set(codes);
    items.push({ chars: caseless ? withCase(chars) : chars, source, min, max });
  }
  return { anchored, items, ended };
}

/** What a backtracking search of the branch may cost, as the header says. */
function measure(anchored: boolean, items: readonly Item[], ended: boolean): Branch {
  let branching = 0;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.min === it.max) continue;
    // the characters that can begin what follows: up to and including the first required item
    for (let j = i + 1; j < items.length; j++) {
      const next = items[j]!;
      if ([...it.chars].some((c) => next.chars.has(c))) {
        branching++;
        break;
      }
      if (next.min > 0) break;
    }
  }
  // the last point of failure: `$`, or the last required item (it fails before its min-th character)
  let failing = 0;
  if (ended) failing = items.reduce((n, it) => n + it.max, 0);
  else {
    let last = items.length - 1;
    while (last >= 0 && items[last]!.min === 0) last--;
    for (let i = 0; i < last; i++) failing += items[i]!.max;
    if (last >= 0) failing += items[last]!.min;
  }
  return { anchored, k: items.length, failing, branching };
}

export interface PlainPattern {
  source: string;
  flags: string;
  branches: Branch[];
}

/** The pattern as a JavaScript RegExp and its branches' costs, when it is in the plain subset; else null. */
export function plainPattern(pattern: string, flags: string): PlainPattern | null {
  if (flags !== "" && flags !== "i") return null;
  const r = new Reader(Array.from(pattern));
  const branches: Branch[] = [];
  const sources: string[] = [];
  try {
    for (;;) {
      const { anchored, items, ended } = readBranch(r, flags === "i");
      if (items.every((it) => it.min === 0)) return null;
      branches.push(measure(anchored, items, ended));
      sources.push(`${anchored ? "^" : ""}${items.map((it) => it.source + quantifier(it)).join("")}${ended ? "$" : ""}`);
      if (r.done) break;
      r.next();
    }
  } catch (e) {
    if (e instanceof NotPlain) return null;
    throw e;
  }
  return { source: sources.join("|"), flags: `${flags}u`, branches };
}

const quantifier = (it: Item): string => (it.min === 1 && it.max === 1 ? "" : `{${it.min},${it.max === Infinity ? "" : it.max}}`);

/** The worst-case steps of a search over `n` characters (every start point, then the matches read). */
function work(branches: readonly Branch[], n: number): number {
  let steps = n + 1;
  for (const b of branches) {
    const f = Math.min(n, b.failing) + 1;
    steps += (b.anchored ? 1 : n + 1) * (b.k + 2) * f ** (b.branching + 1) + (n + 1) * (b.k + 2);
  }
  return steps;
}

/**
 * The longest input the RegExp runs: past it, the worst case exceeds STEPS_PER_RE2_STEP times
 * RE2's (its work over n characters divided by n grows with n, so it is found by halving).
 */
export function longestNative(plain: PlainPattern, program: number): number {
  const fits = (n: number) => work(plain.branches, n) <= STEPS_PER_RE2_STEP * (n + 1) * (program + 1);
  let longest = 0;
  for (let step = MAX_NATIVE_INPUT; step >= 1; step >>= 1) if (longest + step <= MAX_NATIVE_INPUT && fits(longest + step)) longest += step;
  return longest;
}

/**
 * A compiled regular expression that runs `plain` as a JavaScript RegExp on the inputs whose worst
 * case fits (see the header), and `re2` on the others. `program` is RE2's, for the charges.
 */
export function nativeRegex(plain: PlainPattern, re2: CompiledRegex): CompiledRegex {
  const once = new RegExp(plain.source, plain.flags);
  const every = new RegExp(plain.source, `${plain.flags}g`);
  const longest = longestNative(plain, re2.program);
  return {
    groupCount: 0,
    program: re2.program,
    test: (s) => (s.length <= longest ? once.test(s) : re2.test(s)),
    eachMatch(s, visit) {
      if (s.length > longest) return re2.eachMatch(s, visit);
      // no branch matches the empty string, so each search starts past the one before; a plain
      // pattern has no groups, so the exec result is [the whole match]
      let from = 0;
      for (;;) {
        every.lastIndex = from;
        const m = every.exec(s);
        if (m === null) return;
        from = m.index + m[0].length;
        visit(m.index, from, m);
      }
    },
  };
}
