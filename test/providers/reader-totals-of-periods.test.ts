// A sum asked for ("the combined monthly income of everyone in the household") from items stated
// in periods of their own ("earns $3,200 a month; Mr. Obi's salary is $38,400 a year"): each item is
// converted to the input's period and added, less surely than one figure; a title's point ("Mr.")
// does not end the list. One figure said again in another period ("$3,200 a month, that's $38,400 a
// year") is no sum.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const household = inputsOf({
  "household income": { type: "number >= 0", desc: "What is the combined monthly income of everyone in the household, in dollars?" },
});
const money = (n: number): string => `$${n.toLocaleString("en-US")}`;

describe("a sum of items in periods of their own", () => {
  it("converts each item to the input's period and adds them", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 90 }).map((k) => k * 100),
        fc.integer({ min: 10, max: 120 }).map((k) => k * 1200),
        fc.constantFrom("Mr. Obi's salary is", "her husband's salary is", "Dr. Lee earns", "his pension is"),
        (monthly, yearly, second) => {
          const text = `Income: Ms. Obi earns ${money(monthly)} a month; ${second} ${money(yearly)} a year.`;
          const got = readText(household, text)["household income"];
          expect(got?.value).toBe(monthly + yearly / 12);
          expect(got!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("is not the sum of one figure said again in another period", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 90 }).map((k) => k * 100),
        fc.constantFrom("that's", "that is", "i.e.", "or", "which is", "so"),
        (monthly, restating) => {
          const text = `Income: she earns ${money(monthly)} a month, ${restating} ${money(monthly * 12)} a year.`;
          expect(readText(household, text)["household income"]?.value).not.toBe(monthly * 2);
        },
      ),
      { numRuns: 40 },
    );
  });
});
