// `lower case`, `substring before` and `substring after` lowered: random models of those
// built-ins, composed with each other and with `upper case`, `string length`, `contains` and
// `ends with`, over random strings rich in what makes them hard — capital sigmas between cased,
// case-ignorable and other code points (final or not), letters whose lower case is longer (İ),
// astral letters, combining marks, empty strings, nulls, a match at the start, the end, twice or
// nowhere — each compared with evaluate() row by row, in both dialects (the final sigma reads the
// code points around it through each dialect's regular expressions; PostgreSQL's own `lower`, which
// follows the database's locale, is never used).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel } from "../../../src/compiler/index.js";
import { lowerCaseMapping, sigmaClassPatterns } from "../../../src/compiler/4-sql/strings.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectAgreesInEach, statesFor } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL strings");

const INPUTS = {
  s: { type: "string", desc: "s?", blank: true },
  t: { type: "string", desc: "t?", blank: true },
};

/** A string operand: an input, a literal (empty, a sigma, a space), or a string made of them. */
const operand = fc.constantFrom("s", "t", '""', '"Σ"', '" "', '"a"', "s + t", "upper case(t)", "lower case(s)", '"ΑΣ"');

/** Templates over two string operands. */
const FORMS: ((a: string, b: string) => string)[] = [
  (a) => `lower case(${a})`,
  (a, b) => `lower case(${a} + ${b})`,
  (a, b) => `substring before(${a}, ${b})`,
  (a, b) => `substring after(${a}, ${b})`,
  (a, b) => `string length(substring after(${a}, ${b}))`,
  (a, b) => `substring before(lower case(${a}), ${b})`,
  (a, b) => `lower case(substring after(${a}, ${b}))`,
  (a) => `string length(lower case(${a}))`,
  (a) => `lower case(upper case(${a}))`,
  (a, b) => `upper case(substring before(${a}, " ")) + " " + substring after(${b}, " ")`,
  (a, b) => `ends with(lower case(${a}), ${b})`,
  (a, b) => `contains(lower case(${a}), lower case(${b}))`,
  (a, b) => `count(["σ", "ς", "i̇", ${b}][contains(lower case(${a}), item)])`,
  (a, b) => `for w in [${a}, ${b}] return substring after(lower case(w), "σ")`,
  (a, b) => `substring before(${a}, ${b}) + substring after(${a}, ${b})`,
  (a, b) => `lower case(${a}) = ${b}`,
];

const stringModel: fc.Arbitrary<ModelInput> = fc
  .array(fc.tuple(fc.constantFrom(...FORMS), operand, operand), { minLength: 1, maxLength: 3 })
  .map((ds) => ({
    content: { name: "strings", inputs: INPUTS, decisions: Object.fromEntries(ds.map(([f, a, b], i) => [`d${i}`, f(a, b)])) },
  }));

/** A few code points of each class the final sigma reads, from the classes themselves. */
function classSamples(): { cased: string[]; ignorable: string[] } {
  const { cased, ignorable } = sigmaClassPatterns();
  const firsts = (p: string) => [...p.matchAll(/\\x\{([0-9a-f]+)\}/g)].map((m) => String.fromCodePoint(parseInt(m[1]!, 16)));
  const pick = (xs: string[]) => xs.filter((_, i) => i % Math.ceil(xs.length / 12) === 0);
  return { cased: pick(firsts(cased)), ignorable: pick(firsts(ignorable)) };
}

/**
 * Code points the strings are made of: capital and small sigmas; cased letters (Α, a, astral 𐐀,
 * ǅ); case-ignorable ones (an apostrophe, a colon, a combining acute, a soft hyphen, a modifier
 * letter that is cased too: ʰ); others (a space, a digit, an emoji); letters whose lower or
 * upper case is longer or special (İ, ß, ŉ); and samples of the classes.
 */
const CODE_POINTS = (() => {
  const { cased, ignorable } = classSamples();
  return [
    "Σ",
    "Σ",
    "Σ",
    "σ",
    "ς",
    "Α",
    "a",
    "𐐀",
    "ǅ",
    "'",
    ":",
    "\u0301",
    "\u00ad",
    "ʰ",
    " ",
    " ",
    "1",
    "😀",
    "İ",
    "ß",
    "ŉ",
    "ẞ",
    ...cased,
    ...ignorable,
  ];
})();

const text = fc.array(fc.constantFrom(...CODE_POINTS), { maxLength: 7 }).map((cs) => cs.join(""));

/** Random states: strings of those code points, short matches (empty, a space, a sigma), nulls. */
const stringStates = (count: number, seed: number): Row[] =>
  fc.sample(
    fc.record({
      s: fc.oneof({ arbitrary: text, weight: 8 }, { arbitrary: fc.constant(null), weight: 1 }),
      t: fc.oneof(
        { arbitrary: text, weight: 3 },
        { arbitrary: fc.constantFrom("", " ", "Σ", "σ", "a", "'", "i̇", "ΑΣ"), weight: 3 },
        { arbitrary: fc.constant(null), weight: 1 },
      ),
    }),
    { numRuns: count, seed },
  );

describe("lower case, substring before and substring after in SQL", () => {
  it("every random model of them compiles in each dialect and agrees with evaluate()", { timeout: 600_000 }, async () => {
    const models = fc.sample(stringModel, { numRuns: 40, seed: 20261201 });
    const scored = new Map<string, number>();
    for (const [i, m] of models.entries()) {
      const check = checkModel(m);
      expect(check.valid, JSON.stringify(m.content)).toBe(true);
      const states = [...stringStates(150, i + 1), ...statesFor(check.input, 30, i + 1)];
      await expectAgreesInEach(m, states, engines, scored, true);
    }
    // not vacuous: most rows are scored in every dialect
    for (const engine of engines) expect(scored.get(engine.dialect)).toBeGreaterThan(40 * 150);
  });

  it("the final sigma's classes are the runtime's: each code point before or after a capital sigma, as toLowerCase takes it", () => {
    const { cased, ignorable } = sigmaClassPatterns();
    const js = (p: string) => new RegExp(`^${p.replaceAll("\\x{", "\\u{")}$`, "u");
    const [C, I] = [js(cased), js(ignorable)];
    const final = (s: string) => s.toLowerCase().includes("ς");
    for (let c = 0; c <= 0x10ffff; c++) {
      if ((c >= 0xd800 && c <= 0xdfff) || c === 0x3a3 || c === 0x3c2) continue;
      const ch = String.fromCodePoint(c);
      const cls = C.test(ch) ? "cased" : I.test(ch) ? "ignorable" : "other";
      // before: a cased one makes it final alone, an ignorable one after a cased letter does too
      const before = [final(ch + "Σ"), final("x" + ch + "Σ")];
      // after: a cased one makes it medial, an ignorable one with a cased letter after it does too
      const after = [final("xΣ" + ch), final("xΣ" + ch + "x")];
      const expected = { cased: [true, true, false, false], ignorable: [false, true, true, false], other: [false, false, true, true] }[cls];
      if ([...before, ...after].join() !== expected.join())
        expect([c.toString(16), cls, before, after]).toEqual([c.toString(16), cls, expected.slice(0, 2), expected.slice(2)]);
    }
  });

  it("lower case: each code point but the capital sigma maps on its own, and no code point a mapping writes is mapped again", () => {
    const m = lowerCaseMapping();
    const mapped = new Set([...m.from, ...m.longer.map(([from]) => from)]);
    const written = [...m.to, ...m.longer.flatMap(([, to]) => [...to])];
    expect(written.filter((c) => mapped.has(c))).toEqual([]);
    expect([...m.from].every((c, i) => c.toLowerCase() === [...m.to][i])).toBe(true);
    expect(m.longer.map(([from]) => from)).toEqual(["İ"]);
    // a string's lower case is its code points' (the sigma aside), on random strings of every class
    for (const s of fc.sample(text, { numRuns: 2000, seed: 5 }))
      if (!s.includes("Σ")) expect([...s].map((c) => c.toLowerCase()).join("")).toBe(s.toLowerCase());
  });
});
