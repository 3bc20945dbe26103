// A value an adjective of an earlier time is said of ("the old rent was 690", "l'ancien loyer",
// "die bisherige Miete") is not the value now: the value now is read when the text gives one, and
// the earlier one alone is never read as sure. "Old" after an age ("45 years old") still says an age.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOREIGN_FORMER } from "../../src/providers/readers/foreign-words.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "monthly rent": { type: "number >= 0", desc: "What is the household's monthly rent in dollars?" },
  age: { type: "number >= 0", desc: "How old is the applicant in years?" },
});

const FORMER = ["old", "former", "previous", ...Object.values(FOREIGN_FORMER).flat()];
const RENT = fc.integer({ min: 300, max: 3000 });

describe("a value of an earlier time", () => {
  it("gives way to the value now", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMER), RENT, RENT, fc.boolean(), (word, before, now, first) => {
        fc.pre(before !== now);
        const earlier = `The ${word} rent was ${before} a month.`;
        const current = `The rent is ${now} a month from January.`;
        const read = readText(inputs, first ? `${earlier} ${current}` : `${current} ${earlier}`, "2026-02-01");
        expect(read["monthly rent"]?.value).toBe(now);
      }),
      { numRuns: 60 },
    );
  });

  it("alone is read, if at all, as unsure", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMER), RENT, (word, before) => {
        const read = readText(inputs, `Lease being renewed. The ${word} rent was ${before} a month.`, "2026-02-01");
        expect(read["monthly rent"]?.confidence ?? 0).toBeLessThanOrEqual(0.79);
      }),
      { numRuns: 60 },
    );
  });

  it("is no age: '45 years old' is read as the age", () => {
    fc.assert(
      fc.property(fc.integer({ min: 18, max: 99 }), fc.constantFrom("years old", "yrs old"), (age, said) => {
        expect(readText(inputs, `The applicant is ${age} ${said}.`, "2026-02-01").age?.value).toBe(age);
      }),
      { numRuns: 60 },
    );
  });
});
