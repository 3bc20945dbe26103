// What replace and split ask of a pattern once rather than on every call: whether it matches the
// empty string, and a replacement without escapes or groups taken as it stands.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesEmpty, type CompiledRegex } from "../../src/runtime/builtins/regex-match.js";
import { regexBuiltins } from "../../src/runtime/builtins/regex.js";
import { translateReplacement } from "../../src/runtime/builtins/xpath-regex.js";

const [, replace, split] = regexBuiltins.map((d) => d.signatures[0]!.impl);

/** A compiled pattern that answers `empty` for "" and counts how often it is asked. */
function counting(empty: boolean): CompiledRegex & { asked: number } {
  const re = {
    asked: 0,
    groupCount: 0,
    program: 1,
    test: (s: string) => {
      re.asked++;
      return s === "" ? empty : false;
    },
    eachMatch() {},
  };
  return re;
}

describe("a pattern's empty match", () => {
  it("is asked of the compiled pattern once, however many calls ask it", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 50 }), (empty, calls) => {
        const re = counting(empty);
        for (let i = 0; i < calls; i++) expect(matchesEmpty(re)).toBe(empty);
        expect(re.asked).toBe(1);
      }),
    );
  });
});

const plain = fc.string({ unit: fc.constantFrom("a", "b", "-", " ", "é", "x"), maxLength: 8 });

describe("a replacement without escapes or groups", () => {
  it("is the replacement whatever the groups", () => {
    fc.assert(
      fc.property(plain, fc.array(fc.string(), { maxLength: 4 }), (r, groups) => {
        const build = translateReplacement(r, groups.length);
        expect(typeof build).toBe("function");
        expect((build as (m: string[]) => string)(groups)).toBe(r);
      }),
    );
  });

  it("replaces each match as split and join would", () => {
    const delimiter = fc.constantFrom("a", "b+", "[ab]", "-|x");
    fc.assert(
      fc.property(plain, delimiter, plain, (input, pattern, r) => {
        const parts = split(input, pattern) as string[];
        expect(replace(input, pattern, r)).toBe(parts.join(r));
      }),
    );
  });
});
