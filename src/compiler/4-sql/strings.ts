// String built-ins whose SQL is more than one function of the dialect: FEEL's `upper case` is
// JavaScript's toUpperCase (runtime/builtins/string.ts), a mapping of code points that neither
// dialect's `upper` makes (DuckDB: ß → ẞ, PostgreSQL: by the database's locale), so it is written
// out from the runtime's own mapping, and `lower case` too (toLowerCase, with its final sigma);
// `substring`, `substring before` and `substring after` count code points, with FEEL's domain checks.
import type { Expr } from "../../ir/feel-ast.js";
import { unsupported, type SqlContext } from "./context.js";
import { stringLiteral } from "./dialects.js";
import { freshVariable } from "./lists.js";
import { deeper, NULL_VALUE, type SqlValue } from "./values.js";

interface CaseMapping {
  /** code points mapped to one code point: `translate(s, from, to)` */
  from: string;
  to: string;
  /** code points mapped to several: a `replace` each */
  longer: [string, string][];
}

/** What `map` does to each code point on its own, as this runtime has it. */
function caseMapping(map: (s: string) => string): CaseMapping {
  const mapping: CaseMapping = { from: "", to: "", longer: [] };
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const ch = String.fromCodePoint(c);
    const mapped = map(ch);
    if (mapped === ch) continue;
    if ([...mapped].length === 1) {
      mapping.from += ch;
      mapping.to += mapped;
    } else mapping.longer.push([ch, mapped]);
  }
  return mapping;
}

/**
 * The mapping of each code point on its own: translate maps the one-to-one ones (code points in
 * both dialects), then a replace each longer one. Neither step touches what the other wrote: no
 * code point a mapping writes is mapped again (a case mapping of its own output is itself), which
 * the tests check of the runtime's tables.
 */
function mapped(S: string, m: CaseMapping): string {
  let sql = `translate(${S}, ${stringLiteral(m.from)}, ${stringLiteral(m.to)})`;
  for (const [from, to] of m.longer) sql = `replace(${sql}, ${stringLiteral(from)}, ${stringLiteral(to)})`;
  return sql;
}

/**
 * `whole` (the mapping of `S`, or of what `S` becomes) where `S` holds a code point past ASCII, and
 * the mapping's ASCII part alone where it does not (every longer mapping is of a code point past
 * ASCII): DuckDB's translate builds its table at every call, and the whole one costs about 0.2 ms a
 * row (bench/RESULTS-sql.md, stop 56). Where the dialect has no `matches`, the whole mapping.
 */
function asciiFirst(S: string, m: CaseMapping, whole: string, cx: SqlContext): string {
  if (!cx.dialect.matches) return whole;
  // the mapping's code points spread once (spread at each pair, they cost a model's compile most of its time)
  const to = [...m.to];
  const pairs = [...m.from].map((c, i) => [c, to[i]!] as const).filter(([c]) => c.codePointAt(0)! < 0x80);
  const ascii = `translate(${S}, ${stringLiteral(pairs.map(([c]) => c).join(""))}, ${stringLiteral(pairs.map(([, t]) => t).join(""))})`;
  return `CASE WHEN ${cx.dialect.matches(S, "^[\\x{0}-\\x{7f}]*$")} THEN ${ascii} ELSE ${whole} END`;
}

const memo = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/** No code point's upper case depends on its neighbours, so mapping each one maps the string. */
const upperMapping = memo(() => caseMapping((ch) => ch.toUpperCase()));
/** Lower case maps each code point on its own but for capital sigma (finalSigma). */
const lowerMapping = memo(() => caseMapping((ch) => ch.toLowerCase()));

/** `upper case(s)`: each code point's upper case. */
export function upperCase(s: SqlValue, cx: SqlContext): SqlValue {
  const S = cx.layers.bind(s);
  const sql = asciiFirst(S.sql, upperMapping(), mapped(S.sql, upperMapping()), cx);
  return cx.layers.bind({ sql, kind: "string", depth: S.depth });
}

/** The mappings upperCase and lowerCase write, for the tests. */
export const upperCaseMapping = (): Readonly<CaseMapping> => upperMapping();
export const lowerCaseMapping = (): Readonly<CaseMapping> => lowerMapping();

/**
 * The classes of code points around a capital sigma that make it final (ς, not σ) in the
 * runtime's toLowerCase (ICU's Final_Sigma): it is final when a cased letter, then any number of
 * case-ignorable code points, come before it, and no case-ignorable code points then a cased
 * letter after it. A code point that is both is taken as case-ignorable (as ICU does: the tests
 * check each code point against toLowerCase itself). As RE2 / POSIX bracket expressions of
 * code point ranges.
 */
const sigmaClasses = memo(() => {
  const ignorable = /\p{Case_Ignorable}/u;
  const cased = /\p{Cased}/u;
  const ranges = { ignorable: [] as [number, number][], cased: [] as [number, number][] };
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const ch = String.fromCodePoint(c);
    const into = ignorable.test(ch) ? ranges.ignorable : cased.test(ch) ? ranges.cased : undefined;
    if (!into) continue;
    const last = into[into.length - 1];
    if (last && last[1] === c - 1) last[1] = c;
    else into.push([c, c]);
  }
  const hex = (c: number) => `\\x{${c.toString(16)}}`;
  const bracket = (rs: [number, number][]) => `[${rs.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join("")}]`;
  return { ignorable: bracket(ranges.ignorable), cased: bracket(ranges.cased) };
});

/** The code points of the sigma classes, for the tests. */
export const sigmaClassPatterns = (): Readonly<{ ignorable: string; cased: string }> => sigmaClasses();

/**
 * Each capital sigma of `S` (a string that holds one) as the final or the medial small sigma, by
 * the code points around it; every other code point as it is: the string's code points one by
 * one, through the dialect's lists and regular expressions.
 */
function finalSigma(S: string, cx: SqlContext): string {
  const { dialect } = cx;
  const lists = dialect.lists;
  if (!dialect.matches || !lists?.series || !lists.joined) throw unsupported(cx, "the built-in lower case()");
  const { cased, ignorable } = sigmaClasses();
  const v = freshVariable();
  const size = dialect.length(S);
  const at = dialect.substring(S, v, "1");
  const sigma = stringLiteral("Σ");
  const before = dialect.matches(dialect.substring(S, "1", `${v} - 1`), `${cased}${ignorable}*$`);
  const after = dialect.matches(dialect.substring(S, `${v} + 1`, size), `^${ignorable}*${cased}`);
  const each = `CASE WHEN ${at} <> ${sigma} THEN ${at} WHEN ${before} AND NOT ${after} THEN ${stringLiteral("ς")} ELSE ${stringLiteral("σ")} END`;
  return lists.joined(lists.map(lists.series("1", size), v, each));
}

/**
 * `lower case(s)`: the capital sigmas resolved where the string holds one (finalSigma), then each
 * code point's lower case.
 */
export function lowerCase(s: SqlValue, cx: SqlContext): SqlValue {
  const S = cx.layers.bind(s);
  const sigmas = `CASE WHEN ${cx.dialect.contains(S.sql, stringLiteral("Σ"))} THEN ${finalSigma(S.sql, cx)} ELSE ${S.sql} END`;
  const sql = asciiFirst(S.sql, lowerMapping(), mapped(sigmas, lowerMapping()), cx);
  return cx.layers.bind({ sql, kind: "string", depth: S.depth });
}

/**
 * `substring before(s, m)` / `substring after(s, m)` (runtime/builtins/string.ts): the part before
 * or after the first occurrence of `m`, by code points; "" where there is none (an empty `m` is
 * found at the start).
 */
export function substringAround(side: "before" | "after", s: SqlValue, m: SqlValue, cx: SqlContext): SqlValue {
  const { layers, dialect } = cx;
  const [S, M] = [layers.bind(s), layers.bind(m)];
  const at = layers.bind({ sql: dialect.position(S.sql, M.sql), kind: "number", depth: deeper(S, M) });
  const part =
    side === "before"
      ? dialect.substring(S.sql, "1", `${at.sql} - 1`)
      : dialect.substring(S.sql, `${at.sql} + ${dialect.length(M.sql)}`, dialect.length(S.sql));
  return { sql: `CASE WHEN ${at.sql} > 0 THEN ${part} WHEN ${at.sql} = 0 THEN '' END`, kind: "string", depth: deeper(S, M, at) };
}

/**
 * `substring(s, start, length?)` (runtime/builtins/string.ts): positions and lengths count code
 * points; a start or length not a whole number is truncated; null unless the start is a non-zero
 * position within the string (negative: from its end) and the length from 1 to what is left.
 */
export function substring(s: SqlValue, start: SqlValue, length: SqlValue | undefined, cx: SqlContext): SqlValue {
  const { layers, dialect } = cx;
  const S = layers.bind(s);
  const size = layers.bind({ sql: dialect.length(S.sql), kind: "number", depth: S.depth });
  const t = layers.bind({ sql: `trunc(${start.sql})`, kind: "number", depth: start.depth });
  // the 0-based offset of the first code point, and how many are taken
  const from = layers.bind({
    sql: `CASE WHEN ${t.sql} > 0 THEN ${t.sql} - 1 ELSE ${size.sql} + ${t.sql} END`,
    kind: "number",
    depth: deeper(t, size),
  });
  const n = length
    ? layers.bind({ sql: `trunc(${length.sql})`, kind: "number", depth: length.depth })
    : layers.bind({ sql: `${size.sql} - ${from.sql}`, kind: "number", depth: deeper(size, from) });
  const within = `${t.sql} <> 0 AND abs(${t.sql}) <= ${size.sql} AND ${n.sql} >= 1 AND ${n.sql} <= ${size.sql} - ${from.sql}`;
  const part = dialect.substring(S.sql, `${from.sql} + 1`, n.sql);
  return { sql: `CASE WHEN ${within} THEN ${part} END`, kind: "string", depth: deeper(S, size, t, from, n) };
}

/** What means something in an XPath regular expression outside a class (runtime/builtins/xpath-regex.ts). */
const REGEX_META = /[\\[\].(){}^$|*+?]/;

/**
 * The regular-expression built-ins of a literal pattern holding none of REGEX_META and no flags,
 * whose matches are the pattern's text, found on code points as the dialects find UTF-8 text:
 * `matches(s, "p")` is `contains` (an empty pattern matches every string); `replace(s, "p", "r")`
 * of a literal replacement without `$` or `\` (the runtime's groups and escapes) is the dialects'
 * `replace`, each match left to right without overlaps (an empty pattern matches the empty string,
 * which makes the runtime's null). A `s` that is no string gives null. Undefined for any other call.
 */
export function literalPattern(name: string, args: Expr[], lower: (e: Expr) => SqlValue, cx: SqlContext): SqlValue | undefined {
  const [input, pattern, replacement] = args;
  if (pattern?.kind !== "string" || REGEX_META.test(pattern.value)) return undefined;
  if (name === "matches" && args.length === 2) {
    const [s, p] = [lower(input!), lower(pattern)];
    return s.kind === "string" ? { sql: cx.dialect.contains(s.sql, p.sql), kind: "boolean", depth: s.depth } : NULL_VALUE;
  }
  if (name !== "replace" || args.length !== 3 || replacement?.kind !== "string" || /[$\\]/.test(replacement.value)) return undefined;
  const [s, p, r] = [lower(input!), lower(pattern), lower(replacement)];
  if (s.kind !== "string" || pattern.value === "") return NULL_VALUE;
  return { sql: `replace(${s.sql}, ${p.sql}, ${r.sql})`, kind: "string", depth: s.depth };
}

/**
 * `string join(l)`, `string join(l, d)` of a list of strings: its strings joined, null items
 * skipped, `""` for none; a null delimiter is none (runtime builtins/string.ts). Both dialects'
 * `array_to_string` skip nulls but not alike at the edges (DuckDB: null for a list of nulls and
 * a comma for a null delimiter; PostgreSQL: null for a null delimiter), so the join is coalesced
 * to `""`, and the delimiter is a literal (DuckDB's must be a constant) or null, made `""`; a null
 * list null.
 */
export function stringJoin(list: SqlValue, d: SqlValue | undefined, cx: SqlContext): SqlValue {
  const l = cx.layers.bind(list);
  if (l.element?.kind !== "string") throw unsupported(cx, `string join() of a list of ${l.element?.kind ?? "values"}`);
  // DuckDB's separator must be a constant
  if (d && d.kind !== "null" && !/^'(?:[^']|'')*'$/.test(d.sql)) throw unsupported(cx, "string join() with a delimiter that is no literal");
  const between = d && d.kind !== "null" ? d.sql : "''";
  const joined = `COALESCE(array_to_string(${l.sql}, ${between}), '')`;
  return { sql: `CASE WHEN ${l.sql} IS NOT NULL THEN ${joined} END`, kind: "string", depth: deeper(l, ...(d ? [d] : [])) };
}
