// What matches, replace and split need of a compiled regular expression, whichever engine runs
// it: RE2 (linear time) for every pattern it can run, a budgeted backtracking matcher for the
// patterns with back-references (regex-backtrack.ts).
import type { RE2JS } from "re2js";

/** One match: UTF-16 offsets in the input, and every group (group 0 the whole match; "" when a group took no part). */
export interface Match {
  start: number;
  end: number;
  groups: string[];
}

export interface CompiledRegex {
  groupCount: number;
  /** Whether the pattern matches somewhere in s. */
  test(s: string): boolean;
  /** Each match, left to right, none overlapping. */
  matchesIn(s: string): Generator<Match>;
}

export function re2Regex(re: RE2JS): CompiledRegex {
  return {
    groupCount: re.groupCount(),
    test: (s) => re.test(s),
    *matchesIn(s) {
      const m = re.matcher(s);
      const count = m.groupCount();
      while (m.find()) {
        const groups: string[] = [];
        for (let g = 0; g <= count; g++) groups.push(m.group(g) ?? "");
        yield { start: m.start(), end: m.end(), groups };
      }
    },
  };
}
