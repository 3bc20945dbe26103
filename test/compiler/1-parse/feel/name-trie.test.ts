import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lex, type Token } from "../../../../src/compiler/1-parse/feel/lexer.js";
import { declare, declareInto, matchDeclared } from "../../../../src/compiler/1-parse/feel/names.js";

const tokensOf = (text: string): Token[] => lex(text).tokens;

/** The tokens with every read of an item counted. */
function counted(tokens: Token[]): { tokens: Token[]; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(tokens, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { tokens: proxy, reads: () => reads };
}

/** The longest-match rule written out: of the names whose tokens start at `at`, the longest; of equal ones the first. */
function oracle(names: string[], tokens: Token[], at: number): { name: string; count: number } | null {
  let best: { name: string; count: number } | null = null;
  for (const name of names) {
    const parts = tokensOf(name).filter((t) => t.kind !== "eof");
    const fits = parts.every((p, i) => ["word", "punct", "number"].includes(tokens[at + i]?.kind ?? "") && tokens[at + i]!.text === p.text);
    if (parts.length > 0 && fits && (!best || parts.length > best.count)) best = { name, count: parts.length };
  }
  return best;
}

describe("declared names: the longest match", () => {
  it("reads the tokens of the name it matches, not one per name sharing its first word", () => {
    for (const n of [100, 10_000]) {
      const scope = declare(Array.from({ length: n }, (_, i) => `entry ${i}`));
      const { tokens, reads } = counted(tokensOf("entry 42 + 1"));
      expect(matchDeclared(scope, tokens, 0)).toEqual({ name: "entry 42", count: 2 });
      expect(reads()).toBeLessThanOrEqual(4);
    }
  });

  it("finds what the rule written out finds, in one level or a context's growing one", () => {
    const word = fc.constantFrom("a", "b", "c", "-", "1");
    const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(fc.array(name, { maxLength: 12 }), fc.array(word, { minLength: 1, maxLength: 6 }), (names, text) => {
        const tokens = tokensOf(text.join(" "));
        expect(matchDeclared(declare(names), tokens, 0)).toEqual(oracle(names, tokens, 0));
        // a context's entries: a later name of the same tokens shadows an earlier one
        const level = declare([]);
        for (const n of names) declareInto(level, n);
        expect(matchDeclared(level, tokens, 0)).toEqual(oracle([...names].reverse(), tokens, 0));
      }),
    );
  });
});
