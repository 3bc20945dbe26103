// A figure said in words and restated in digits (issue 33), between dashes or after "or" ("twelve
// thousand five hundred dollars - 12,500 -", "quince mil dólares — 15.000 —"), is one figure said
// twice, no range of two figures: it answers. Two different figures so joined stay a range.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const loan = inputsOf({
  "requested amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
});

const SMALL =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const below100 = (x: number): string => (x < 20 ? SMALL[x]! : TENS[Math.floor(x / 10)]! + (x % 10 ? `-${SMALL[x % 10]}` : ""));
/** A multiple of 500 below 100,000 in words: "twelve thousand five hundred". */
const numberToWords = (n: number): string =>
  [Math.floor(n / 1000) > 0 ? `${below100(Math.floor(n / 1000))} thousand` : "", n % 1000 ? `${SMALL[(n % 1000) / 100]} hundred` : ""]
    .filter(Boolean)
    .join(" ");

describe("a figure said in words and restated in digits", () => {
  it("is that figure, between dashes or after 'or'; two figures so joined stay a range", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 90 }).map((k) => k * 500),
        fc.constantFrom(
          (w: string, d: string) => `${w} - ${d} -`,
          (w: string, d: string) => `${w} — ${d} —`,
          (w: string, d: string) => `${w} or ${d}`,
        ),
        (asked, join) => {
          const text = `Caller wants to borrow ${join(`${numberToWords(asked)} dollars`, asked.toLocaleString("en-US"))} for the roof.`;
          expect(readText(loan, text)["requested amount"]?.value, text).toBe(asked);
        },
      ),
      { numRuns: 40 },
    );
    expect(readText(loan, "Caller wants to borrow twelve thousand dollars - 15,000 - for the roof.")["requested amount"]).toBeUndefined();
  });
});
