// A bare number right before an input's cue word in the plural counts those things ("her two
// pensions", "2 salaries"): it is no sum of money, and the sum stated after it is read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const income = inputsOf({
  "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income in dollars?" },
});

describe("a number that counts the cue word after it", () => {
  it("is no amount of money; the sum stated after it is", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.boolean(),
        fc.constantFrom("pensions", "salaries", "wages"),
        fc.integer({ min: 12, max: 150 }).map((k) => k * 1000),
        (n, inWords, cue, sum) => {
          const count = inWords ? WORDS[n]! : String(n);
          const got = readText(income, `Her ${count} ${cue} come to ${sum.toLocaleString("en-US")} a year gross.`)["annual income"];
          expect(got?.value).toBe(sum);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("still reads a sum written with its scale or currency", () => {
    expect(readText(income, "Income: 45 thousand dollars a year.")["annual income"]?.value).toBe(45000);
    expect(readText(income, "Her pensions come to $18 thousand a year.")["annual income"]?.value).toBe(18000);
  });
});
