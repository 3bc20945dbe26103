// `replace(s, pattern, replacement, flags)` of a literal pattern, replacement and flags, where the
// dialect's regular expressions find the matches the runtime finds (runtime/builtins/regex.ts,
// which runs the pattern's RE2 translation, xpath-regex.ts): DuckDB's regexp_replace is RE2
// itself, so it takes that translation whole; PostgreSQL's is another engine (leftmost-longest
// where RE2 is leftmost-first, case by the database's locale), so it takes a subset written out
// here where the two cannot differ. A pattern the runtime rejects, or one that matches the empty
// string, makes every call null; a replacement naming a group (`$`, `\`) is refused.
import type { Expr } from "../../ir/feel-ast.js";
import { complement, normalise, type Ranges } from "../../runtime/builtins/code-point-sets.js";
import { translateRegex, type Translation } from "../../runtime/builtins/xpath-regex.js";
import type { SqlContext } from "./context.js";
import { stringLiteral, type DialectName } from "./dialects.js";
import { NULL_VALUE, type SqlValue } from "./values.js";

type Translated = Extract<Translation, { ok: true }>;

/** The pattern each dialect's regexp_replace reads as the runtime reads it; undefined where it may not. */
const PATTERNS: Record<DialectName, (pattern: string, flags: string, t: Translated) => string | undefined> = {
  duckdb: (_pattern, _flags, t) => t.re2,
  postgres: (pattern, flags) => (flags === "" || flags === "i" ? postgresPattern(Array.from(pattern), flags === "i") : undefined),
};

export function regexReplace(name: string, args: Expr[], lower: (e: Expr) => SqlValue, cx: SqlContext): SqlValue | undefined {
  const [input, pattern, replacement, flags] = args;
  if (name !== "replace" || args.length < 3 || pattern?.kind !== "string" || replacement?.kind !== "string") return undefined;
  if (/[$\\]/.test(replacement.value) || (flags && flags.kind !== "string")) return undefined;
  const f = flags?.kind === "string" ? flags.value : "";
  const t = translateRegex(pattern.value, f);
  if (!t.ok || t.regex.test("")) return NULL_VALUE;
  const dialectPattern = PATTERNS[cx.dialect.name](pattern.value, f, t);
  if (dialectPattern === undefined) return undefined;
  const s = lower(input!);
  if (s.kind !== "string") return NULL_VALUE;
  const sql = `regexp_replace(${s.sql}, ${stringLiteral(dialectPattern)}, ${stringLiteral(replacement.value)}, 'g')`;
  return { sql, kind: "string", depth: s.depth };
}

/** An atom of the subset: the code points it matches, its text in PostgreSQL, whether it is quantified. */
interface Atom {
  set: Ranges;
  text: string;
  quantified: boolean;
}

const cp = (c: string) => c.codePointAt(0)!;
const LETTER = /^[A-Za-z]$/;
/** ASCII letters whose case orbit in RE2 holds a code point beyond ASCII (K: U+212A KELVIN SIGN, S: U+017F LONG S). */
const WIDE_ORBIT = /^[ksKS]$/;
/** What PostgreSQL or XPath reads as more than itself outside a class. */
const SPECIAL = /^[\\[\](){}|^$.*+?]$/;

/**
 * A subset of XPath patterns as PostgreSQL advanced regular expressions matching what RE2 matches
 * under the runtime's translation: `^` first, `$` last, literal characters, `.` (not \n or \r),
 * classes of characters and ranges (negated or not), each atom once or under `*`, `+`, `?`, where
 * what a quantified atom matches overlaps nothing any later atom matches (then RE2's greedy match
 * and PostgreSQL's longest are the same: the run is the longest the text has). With `i`, only
 * ASCII, no letter whose orbit leaves ASCII, written out as both cases (no locale involved).
 */
function postgresPattern(cs: string[], caseless: boolean): string | undefined {
  let i = 0;
  const start = cs[0] === "^" ? (i++, "^") : "";
  const end = cs.length > i && cs[cs.length - 1] === "$" ? "$" : "";
  const last = cs.length - (end ? 1 : 0);
  const atoms: Atom[] = [];
  while (i < last) {
    const c = cs[i++]!;
    let atom: Omit<Atom, "quantified"> | undefined;
    if (c === ".")
      atom = {
        set: complement([
          [10, 10],
          [13, 13],
        ]),
        text: "[^\\n\\r]",
      };
    else if (c === "[") {
      const close = cs.indexOf("]", i);
      if (close < 0) return undefined;
      atom = postgresClass(cs.slice(i, close), caseless);
      i = close + 1;
    } else if (!SPECIAL.test(c)) atom = literalAtom(c, caseless);
    if (!atom) return undefined;
    const quantifier = cs[i] === "*" || cs[i] === "+" || cs[i] === "?" ? cs[i++]! : "";
    if (i < last && /[*+?{]/.test(cs[i]!)) return undefined;
    atoms.push({ ...atom, text: atom.text + quantifier, quantified: quantifier !== "" });
  }
  const overlaps = (a: Ranges, b: Ranges) => a.some(([lo, hi]) => b.some(([l, h]) => lo <= h && l <= hi));
  if (atoms.some((a, j) => a.quantified && atoms.slice(j + 1).some((b) => overlaps(a.set, b.set)))) return undefined;
  return start + atoms.map((a) => a.text).join("") + end;
}

/** One character: itself, its other case too under `i` (ASCII letters only; any other case refused). */
function literalAtom(c: string, caseless: boolean): Omit<Atom, "quantified"> | undefined {
  const text = /^[A-Za-z0-9]$/.test(c) || cp(c) > 0x7f ? c : `\\${c}`;
  if (!caseless || !(LETTER.test(c) || cp(c) > 0x7f)) return { set: [[cp(c), cp(c)]], text };
  if (!LETTER.test(c) || WIDE_ORBIT.test(c)) return undefined;
  const [l, u] = [c.toLowerCase(), c.toUpperCase()];
  return {
    set: normalise([
      [cp(u), cp(u)],
      [cp(l), cp(l)],
    ]),
    text: `[${l}${u}]`,
  };
}

/** A class's body (between `[` and `]`): characters and ranges, `^` first to negate, none special. */
function postgresClass(body: string[], caseless: boolean): Omit<Atom, "quantified"> | undefined {
  const negated = body[0] === "^";
  const items = negated ? body.slice(1) : body;
  if (items.length === 0 || items.some((c) => /[\\[\]^]/.test(c))) return undefined;
  const ranges: [number, number][] = [];
  for (let j = 0; j < items.length; j++) {
    if (items[j] === "-") return undefined;
    const isRange = items[j + 1] === "-" && j + 2 < items.length;
    const [lo, hi] = [cp(items[j]!), cp(items[isRange ? j + 2 : j]!)];
    if (isRange) j += 2;
    if (hi < lo) return undefined;
    ranges.push([lo, hi]);
  }
  const cased = caseless ? withCases(ranges) : ranges;
  if (!cased) return undefined;
  const text = cased
    .map(([lo, hi]) => (lo === hi ? String.fromCodePoint(lo) : `${String.fromCodePoint(lo)}-${String.fromCodePoint(hi)}`))
    .join("");
  const set = normalise(cased);
  return { set: negated ? complement(set) : set, text: `[${negated ? "^" : ""}${text}]` };
}

const [A, Z, a, z] = ["A", "Z", "a", "z"].map(cp) as [number, number, number, number];

/** Ranges with the other case of their letters added: ASCII only, each range all letters of one case or none, no K or S. */
function withCases(ranges: [number, number][]): [number, number][] | undefined {
  const out: [number, number][] = [];
  for (const [lo, hi] of ranges) {
    out.push([lo, hi]);
    const within = (from: number, to: number) => lo >= from && hi <= to;
    const touches = (from: number, to: number) => lo <= to && hi >= from;
    if (hi > 0x7f || [cp("k"), cp("s"), cp("K"), cp("S")].some((k) => lo <= k && k <= hi)) return undefined;
    if (within(a, z)) out.push([lo - 32, hi - 32]);
    else if (within(A, Z)) out.push([lo + 32, hi + 32]);
    else if (touches(a, z) || touches(A, Z)) return undefined;
  }
  return out;
}
