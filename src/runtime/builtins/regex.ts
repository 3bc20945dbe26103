// The string built-ins that take an XML Schema regular expression (DMN 1.5 10.3.4.3): matches,
// replace and split. Apart from ./string.ts so that only a model that calls one of them carries the
// regular-expression engine (./xpath-regex.ts, re2js): a bundle keeps the modules its code names.
import { built, payOnce, tick } from "../budget.js";
import { problem } from "../problems.js";
import type { FeelValue } from "../values.js";
import { bad, isStr, scalarDef } from "./args.js";
import { madeGroup, ofKind, T, type BuiltinDef } from "./def.js";
import { chargeResult, chargeScanned } from "./metering.js";
import { matchesEmpty, type CompiledRegex } from "./regex-match.js";
import { translateRegex, translateReplacement, type Translation } from "./xpath-regex.js";

// tables call matches() per row with the same few patterns: translate each once. Bounded by count and
// by the characters of its patterns (a pattern may come from a state: 256 of a megabyte each, request
// after request, would hold their translations too), emptied when either is reached.
const MAX_PATTERNS = 256;
const MAX_PATTERN_CHARS = 1024 * 1024;
// held by flags, then pattern: a call looks its pattern up as it stands, making no key string
const regexCache = new Map<string, Map<string, Translation>>();
let patterns = 0;
let patternChars = 0;

/** The patterns the cache holds and their characters (keys included). */
export const regexCacheHeld = (): { patterns: number; chars: number } => ({ patterns, chars: patternChars });

/** The translation of a pattern, its compiling charged (compilingSteps) before RE2 compiles it or, cached, at once. */
function cachedRegex(pattern: string, flags: string): Translation {
  let t = regexCache.get(flags)?.get(pattern);
  if (t?.ok) payCompiling(pattern, flags, t.regex.program);
  if (!t) {
    t = translateRegex(pattern, flags, (instructions) => payCompiling(pattern, flags, instructions));
    const chars = flags.length + 1 + pattern.length;
    if (chars > MAX_PATTERN_CHARS) return t;
    if (patterns >= MAX_PATTERNS || patternChars + chars > MAX_PATTERN_CHARS) {
      regexCache.clear();
      patterns = 0;
      patternChars = 0;
    }
    let byPattern = regexCache.get(flags);
    if (!byPattern) regexCache.set(flags, (byPattern = new Map()));
    byPattern.set(pattern, t);
    patterns++;
    patternChars += chars;
  }
  return t;
}

/**
 * Instructions of a pattern matched per character for one step: RE2's linear matcher may run every
 * instruction of the program at every character (measured: `[ab]{0,1000}[cd]`, some 2,000
 * instructions, took 2 s over 50,000 characters, 40 ns a character and instruction). The cost
 * rule (`scans`, `rewrites`) charges each character once, and the call: a pattern past this many
 * instructions is charged again for every such many more, and for compiling those past it.
 */
const INSTRUCTIONS_A_STEP = 16;

/**
 * Steps for compiling a pattern, per instruction past INSTRUCTIONS_A_STEP, paid once an evaluation
 * (payOnce) before RE2 compiles it: RE2 compiles 0.4–9 µs an instruction (measured on patterns of
 * 1,000–5,000: `[a-z]{1000}` the cheapest, a Unicode property `\p{L}{1000}` the dearest, a class of
 * hundreds of ranges), a loop's iteration about 0.1 µs, so the event loop's share of the steps
 * (100,000) compiles at most some 1,500 instructions before the evaluation moves to a worker.
 * Uncharged, each of 1,000 distinct patterns of 5,000 instructions in a state cost a step per 16 of
 * its characters; at 32 steps an instruction, a pattern of 2,000 compiled on the event loop at a
 * load of 23 held it 220–270 ms.
 */
const COMPILE_STEPS = 64;

/** Compiling a pattern, paid once an evaluation under the key `flags/pattern`; a pattern of few instructions costs nothing. */
function payCompiling(pattern: string, flags: string, instructions: number): void {
  if (instructions > INSTRUCTIONS_A_STEP) payOnce(`${flags}/${pattern}`, (instructions - INSTRUCTIONS_A_STEP) * COMPILE_STEPS);
}

/** Flags may be absent or null (no flags) or a string of s m i x q. */
function compile(name: string, pattern: FeelValue, flags: FeelValue | undefined): CompiledRegex | null {
  if (!isStr(pattern)) return bad(name, "pattern", pattern, "a string");
  if (flags !== undefined && flags !== null && !isStr(flags)) return bad(name, "flags", flags, "a string");
  const t = cachedRegex(pattern, (flags as string | null | undefined) ?? "");
  return t.ok ? t.regex : problem(`${name}(): ${t.message}`);
}

/** The steps of matching `re` over `input` besides the one a character its cost rule charged. */
function scanning<T extends CompiledRegex>(re: T, input: string): T {
  tick(input.length * (Math.ceil(re.program / INSTRUCTIONS_A_STEP) - 1));
  return re;
}

function matches(input: FeelValue, pattern: FeelValue, flags?: FeelValue): FeelValue {
  const re = compile("matches", pattern, flags);
  if (!re) return null;
  if (!isStr(input)) return bad("matches", "input", input, "a string");
  return scanning(re, input).test(input);
}

function replace(input: FeelValue, pattern: FeelValue, replacement: FeelValue, flags?: FeelValue): FeelValue {
  const re = compile("replace", pattern, flags);
  if (!re) return null;
  if (!isStr(input)) return bad("replace", "input", input, "a string");
  if (!isStr(replacement)) return bad("replace", "replacement", replacement, "a string");
  if (matchesEmpty(re)) return problem(`replace(): the pattern ${JSON.stringify(pattern)} matches the empty string`);
  // with the q flag the replacement is literal too (XPath 3.1 fn:replace)
  const literal = typeof flags === "string" && flags.includes("q");
  const build = literal ? () => replacement : translateReplacement(replacement, re.groupCount);
  if (typeof build === "string") return problem(`replace(): ${build}`);
  let out = "";
  let last = 0;
  scanning(re, input).eachMatch(input, (start, end, groups) => {
    // each replacement counts as it is made: many matches of a long one must not outgrow memory first
    out += input.slice(last, start) + built(build(groups));
    last = end;
  });
  return out + input.slice(last);
}

function split(s: FeelValue, delimiter: FeelValue): FeelValue {
  if (!isStr(s)) return bad("split", "string", s, "a string");
  const re = compile("split", delimiter, undefined);
  if (!re) return null;
  if (matchesEmpty(re)) return problem(`split(): the delimiter ${JSON.stringify(delimiter)} matches the empty string`);
  const out: string[] = [];
  let last = 0;
  scanning(re, s).eachMatch(s, (start, end) => {
    out.push(s.slice(last, start));
    last = end;
  });
  out.push(s.slice(last));
  return out;
}

const regexDef = (row: Omit<BuiltinDef, "kind">): BuiltinDef => ofKind("string")(scalarDef(row));

// the direct forms (def.ts `direct`) of calls given strings, charged as their cost rules charge them
// (`scans` for matches, `rewrites` for replace and split: metering.ts), every other to the general call

// one maker a built-in (def.ts), so that a bundle keeps those its model names
export const builtinMatches = (): BuiltinDef =>
  regexDef({
    name: "matches",
    result: T.boolean,
    description: "Whether the input matches an XML Schema regular expression, with optional flags (s m i x q).",
    signatures: [{ params: ["input", "pattern", "flags"], required: 2, impl: matches }],
    direct: { 2: (general) => (s, p) => (isStr(s) && isStr(p) ? (chargeScanned(1, s, p), matches(s, p)) : general(s, p)) },
  });
export const builtinReplace = (): BuiltinDef =>
  regexDef({
    name: "replace",
    result: T.string,
    description: "The input with every match of the pattern replaced ($1... name the groups), with optional flags.",
    signatures: [{ params: ["input", "pattern", "replacement", "flags"], required: 3, impl: replace }],
    direct: {
      3: (general) => (s, p, r) =>
        isStr(s) && isStr(p) && isStr(r) ? (chargeScanned(4, s, p, r), chargeResult(replace(s, p, r))) : general(s, p, r),
    },
  });
export const builtinSplit = (): BuiltinDef =>
  regexDef({
    name: "split",
    result: T.listOf(T.string),
    description: "The parts of the string between matches of the delimiter pattern.",
    signatures: [{ params: ["string", "delimiter"], impl: split }],
    direct: { 2: (general) => (s, d) => (isStr(s) && isStr(d) ? (chargeScanned(4, s, d), chargeResult(split(s, d))) : general(s, d)) },
  });

export const regexBuiltins: BuiltinDef[] = /* @__PURE__ */ madeGroup([builtinMatches, builtinReplace, builtinSplit]);
