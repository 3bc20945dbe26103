// "Up to" after a verb of summing ("they add up to", "it comes up to") states the sum; after
// anything else ("may earn up to") it is a limit, which states no value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const income = inputsOf({
  "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income in dollars?" },
});

describe("up to after a verb of summing", () => {
  it("states the sum", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("add up to", "added up to", "come up to", "comes up to"),
        fc.integer({ min: 12, max: 150 }).map((k) => k * 1000),
        (verb, sum) => {
          const got = readText(income, `Her pensions ${verb} ${sum.toLocaleString("en-US")} a year.`)["annual income"];
          expect(got?.value).toBe(sum);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("is still a limit after any other word", () => {
    expect(readText(income, "He may earn up to 58,500 a year.")["annual income"]).toBeUndefined();
  });
});
