// Back-references run on the backtracking matcher. Their meaning is XPath's: on generated patterns
// with back-references that XPath and JavaScript read alike, matches, replace ($N) and split answer
// as a JavaScript RegExp does; a pattern that backtracks exponentially stops at the step limit.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached } from "../../src/compiler/index.js";
import { BudgetExceeded, DEFAULT_EVALUATION_LIMITS, withBudget } from "../../src/runtime/budget.js";
import { MAX_BACKTRACK_PROGRAM } from "../../src/runtime/builtins/regex-backtrack.js";
import { b, withProblems } from "./helpers.js";

/** Does a quantified group match the empty string? Engines differ on empty iterations, XPath says nothing: left out. */
const repeatable = (atom: string, quantifier: string): boolean =>
  !atom.startsWith("(") || quantifier === "" || !new RegExp(`^(?:${atom})$`).test("");
const quantify = (atom: string, quantifier: string) => (repeatable(atom, quantifier) ? atom + quantifier : atom);

/** Capture-free pieces over a, b (captures inside quantifiers are reset per iteration by JavaScript, not by XPath engines). */
const plain = fc.letrec<{ alt: string; seq: string; atom: string }>((tie) => ({
  alt: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("seq"),
    fc.tuple(tie("seq"), tie("seq")).map(([x, y]) => `${x}|${y}`),
  ),
  seq: fc.array(tie("atom"), { minLength: 1, maxLength: 3 }).map((xs) => xs.join("")),
  atom: fc
    .tuple(
      fc.oneof(
        { depthSize: "small" },
        fc.constantFrom("a", "b", "[ab]", "[^a]", "."),
        tie("alt").map((x) => `(?:${x})`),
      ),
      fc.constantFrom("", "", "*", "+", "?", "{1,2}"),
    )
    .map(([a, q]) => quantify(a, q)),
}));

type Piece = { kind: "plain"; p: string } | { kind: "group"; p: string; q: string } | { kind: "ref"; r: number; q: string };
const piece: fc.Arbitrary<Piece> = fc.oneof(
  plain.atom.map((p) => ({ kind: "plain" as const, p })),
  fc.record({ kind: fc.constant("group" as const), p: plain.alt, q: fc.constantFrom("", "", "?", "+", "*") }),
  fc.record({ kind: fc.constant("ref" as const), r: fc.nat(8), q: fc.constantFrom("", "", "{2}") }),
);

/** A pattern of top-level pieces (one or two alternatives); a back-reference names a group closed before it. */
const withBackrefs = fc
  .array(fc.array(piece, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 2 })
  .map((alternatives) => {
    let groups = 0;
    const text = alternatives.map((pieces) =>
      pieces
        .map((x) => {
          if (x.kind === "plain") return x.p;
          if (x.kind === "group") {
            groups++;
            return quantify(`(${x.p})`, x.q);
          }
          return groups === 0 ? "a" : `\\${1 + (x.r % groups)}${x.q}`;
        })
        .join(""),
    );
    return { pattern: text.join("|"), groups };
  })
  .filter(({ pattern }) => pattern.includes("\\"));

const input = fc.stringMatching(/^[abAB]{0,10}$/);
const flags = fc.constantFrom("", "i");

/**
 * Runs a search outside any budget, where it may stop at the default step limit: a generated
 * pattern with nested quantifiers (`((.+){1,2})+`) can backtrack exponentially even on ten
 * characters. Such a run says nothing about the answers; it is counted, and must stay rare.
 */
const STOPPED = Symbol("stopped at the step limit");
let stopped = 0;
function unlessStopped<T>(search: () => T): T | typeof STOPPED {
  try {
    return search();
  } catch (e) {
    if (!(e instanceof BudgetExceeded)) throw e;
    stopped++;
    return STOPPED;
  }
}

describe("the backtracking matcher answers as a JavaScript RegExp on patterns with back-references", () => {
  it("matches", () => {
    stopped = 0;
    fc.assert(
      fc.property(withBackrefs, input, flags, ({ pattern }, s, f) => {
        const got = unlessStopped(() => b("matches", s, pattern, f));
        fc.pre(got !== STOPPED);
        expect(got).toBe(new RegExp(pattern, f).test(s));
      }),
      { numRuns: 500 },
    );
    expect(stopped).toBeLessThan(25);
  });

  it("replace with $N group references, and split, where the pattern cannot match the empty string", () => {
    stopped = 0;
    fc.assert(
      fc.property(withBackrefs, input, flags, fc.array(fc.nat(9), { maxLength: 3 }), ({ pattern, groups }, s, f, refs) => {
        const re = new RegExp(pattern, `${f}g`);
        fc.pre(!new RegExp(pattern, f).test(""));
        const named = refs.map((r) => r % (groups + 1));
        const xpath = `<$0${named.map((g) => `|$${g}`).join("")}>`;
        const js = `<$&${named.map((g) => (g === 0 ? "|$&" : `|$${g}`)).join("")}>`;
        const replaced = unlessStopped(() => b("replace", s, pattern, xpath, f));
        fc.pre(replaced !== STOPPED);
        expect(replaced).toBe(s.replace(re, js));
        if (f === "") {
          const parts: string[] = [];
          let last = 0;
          for (const m of s.matchAll(re)) {
            parts.push(s.slice(last, m.index));
            last = m.index + m[0].length;
          }
          expect(b("split", s, pattern)).toEqual([...parts, s.slice(last)]);
        }
      }),
      { numRuns: 400 },
    );
    expect(stopped).toBeLessThan(20);
  });
});

describe("XPath back-references", () => {
  it.each([
    ["TCK 1111 K2-MatchesFunc-17: with i, a back-reference folds case", "aA", "(a)\\1", "i", true],
    ["without i it does not", "aA", "(a)\\1", "", false],
    ["the digits name the longest existing group", "abcdefghijj", "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", "", true],
    ["a digit past the groups is a literal", "aa0", "^(a)\\10$", "", true],
    ["an astral character is one character", "\u{1F600}\u{1F600}", "^(.)\\1$", "", true],
    ["with m, ^ and $ are at line ends", "x\nab\nab", "^(ab)\n\\1$", "m", true],
    ["without m, $ is the end only", "ab\nab\n", "(ab)\n\\1$", "", false],
    ["with s, . crosses lines", "\n\n", "^(.)\\1$", "s", true],
    ["with x, whitespace goes", "aa", "( a ) \\1", "x", true],
    ["a class and a back-reference", "é-é", "^([\\p{Ll}])-\\1$", "", true],
    ["reluctant quantifiers", "aaaa", "^(a+?)\\1$", "", true],
  ])("%s", (_name, s, p, f, want) => {
    expect(b("matches", s, p, f)).toBe(want);
  });

  it("replace names the groups of the last iteration", () => {
    expect(b("replace", "abab-cdcd", "(\\w)(\\w)\\1\\2", "[$2$1]")).toBe("[ba]-[dc]");
  });

  it.each([
    ["(a)\\2", /the back-reference \\2 names no group closed before it/],
    ["(a\\1)", /the back-reference \\1 names no group closed before it/],
    ["[\\1]", /not a valid escape in a character class/],
    [`${"(a{1000})".repeat(21)}\\1`, new RegExp(`at most ${MAX_BACKTRACK_PROGRAM.toLocaleString("en-US")} instructions`)],
  ])("%s is refused: null with a problem", (p, message) => {
    const { result, problems } = withProblems(() => b("matches", "aa", p));
    expect(result).toBeNull();
    expect(problems[0]).toMatch(message);
  });
});

describe("the step limit", () => {
  const model = (pattern: string) => {
    const r = compileUncached({
      content: { name: "m", inputs: { t: { type: "string", desc: "t?" } }, decisions: { d: `matches(t, "${pattern}")` } },
      questions: {},
    });
    if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
    return r.model;
  };
  const run = (pattern: string, t: string): unknown => {
    try {
      return withBudget(DEFAULT_EVALUATION_LIMITS, () => model(pattern).evaluate({ t }));
    } catch (e) {
      return e instanceof BudgetExceeded ? `stopped at the ${e.kind} limit of ${e.limit}` : e;
    }
  };
  // (a|aa)+ splits n a's in fib(n + 1) ways, every one tried before the ! says no
  const catastrophic = "^(a|aa)+\\\\1$";

  it("a catastrophic pattern with a back-reference stops at the step limit", () => {
    expect(run(catastrophic, `${"a".repeat(60)}!`)).toBe(`stopped at the steps limit of ${DEFAULT_EVALUATION_LIMITS.steps}`);
  });

  it("outside any budget (library, CLI) a search still stops at the default step limit", () => {
    const stopped = (() => {
      try {
        return model(catastrophic).evaluate({ t: `${"a".repeat(60)}!` });
      } catch (e) {
        return e instanceof BudgetExceeded ? `stopped at the ${e.kind} limit of ${e.limit}` : e;
      }
    })();
    expect(stopped).toBe(`stopped at the steps limit of ${DEFAULT_EVALUATION_LIMITS.steps}`);
    expect(model(catastrophic).evaluate({ t: "aaaa" })).toMatchObject({ d: true });
  });

  it("the same pattern on a short input runs to its answer", () => {
    expect(run(catastrophic, `${"a".repeat(8)}!`)).toMatchObject({ d: false });
    expect(run(catastrophic, "aaaa")).toMatchObject({ d: true });
  });
});
