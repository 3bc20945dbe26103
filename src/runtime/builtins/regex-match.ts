// What matches, replace and split need of a compiled regular expression, whichever engine runs
// it: RE2 (linear time) for every pattern it can run, a budgeted backtracking matcher for the
// patterns with back-references (regex-backtrack.ts).
import type { RE2JS } from "re2js";

/**
 * The most instructions a pattern may compile to, counted repetitions copied out (`a{1000}` is a
 * thousand): RE2 compiles a pattern in one call that nothing interrupts, some microseconds an
 * instruction, and its own bound (1.4 million) let an 11 KB pattern from a state hold the process
 * for seconds and half a gigabyte.
 */
export const MAX_REGEX_PROGRAM = 5_000;

export interface CompiledRegex {
  groupCount: number;
  /** the instructions the pattern compiled to (as xpath-regex.ts counts them) */
  program: number;
  /** Whether the pattern matches somewhere in s. */
  test(s: string): boolean;
  /** Each match, left to right, none overlapping, handed to `visit` as it is found. */
  eachMatch(s: string, visit: MatchVisitor): void;
}

/** What eachMatch hands each match: its UTF-16 offsets in the input and every group (group 0 the whole match; "" when a group took no part). */
type MatchVisitor = (start: number, end: number, groups: readonly string[]) => void;

// whether a compiled pattern matches the empty string (replace and split refuse such a pattern),
// asked of it once rather than on every call: the cache hands the same compiled pattern back
const emptyMatches = new WeakMap<CompiledRegex, boolean>();
export function matchesEmpty(re: CompiledRegex): boolean {
  let m = emptyMatches.get(re);
  if (m === undefined) emptyMatches.set(re, (m = re.test("")));
  return m;
}

export function re2Regex(re: RE2JS, program: number): CompiledRegex {
  return {
    groupCount: re.groupCount(),
    program,
    test: (s) => re.test(s),
    eachMatch(s, visit) {
      const m = re.matcher(s);
      const count = m.groupCount();
      while (m.find()) {
        const groups: string[] = [];
        for (let g = 0; g <= count; g++) groups.push(m.group(g) ?? "");
        visit(m.start(), m.end(), groups);
      }
    },
  };
}
