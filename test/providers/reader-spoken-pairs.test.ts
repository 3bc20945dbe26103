// Figures said in pairs of digits, as people read out scores and prices on a call: "seven sixty",
// "three-forty a month", "one twenty per seat", "seven-oh-eight", "Seven-twenty-one". The first
// word is a digit, the rest the last two digits; a time of day said so is no figure.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { numberWord, parseAmount } from "../../src/providers/readers/numbers.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { tokenize } from "../../src/providers/readers/text/tokens.js";

const lending = modelOf("lending").ir.inputs;
const DIGITS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** The last two digits of a figure (1..99) as said after its first digit, with the joiner between words. */
function lastTwo(n: number, join: string): string {
  if (n < 10) return `oh${join}${DIGITS[n]}`;
  if (n < 20) return TEENS[n - 10]!;
  return n % 10 === 0 ? TENS[n / 10]! : `${TENS[Math.floor(n / 10)]}${join}${DIGITS[n % 10]}`;
}
const said = (head: number, rest: number, join: string) => `${DIGITS[head]}${join}${lastTwo(rest, join)}`;
const figures = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 99 }), fc.constantFrom(" ", "-"));

describe("a figure said in pairs", () => {
  it("is the figure its digits say, written with spaces or hyphens", () => {
    fc.assert(
      fc.property(figures, ([head, rest, join]) => {
        const tokens = tokenize(`my score is ${said(head, rest, join)}, checked today`);
        expect(tokens.filter((t) => t.kind === "amount").map((t) => t.amount!.value)).toEqual([head * 100 + rest]);
      }),
      { numRuns: 200, seed: 3310 },
    );
  });

  it("is read for the input it is said of", () => {
    fc.assert(
      fc.property(figures, fc.integer({ min: 1, max: 9 }), fc.integer({ min: 10, max: 99 }), ([head, rest, join], d1, d2) => {
        const score = 300 + ((head * 100 + rest) % 550);
        const text = `hi, my credit score is ${said(Math.floor(score / 100), score % 100 || 10, join)}, and I pay ${said(d1, d2, join)} a month on the car`;
        const got = readText(lending, text);
        expect(got["credit score"]?.value).toBe(Math.floor(score / 100) * 100 + (score % 100 || 10));
        expect(got["monthly debt"]?.value).toBe(d1 * 100 + d2);
      }),
      { numRuns: 60, seed: 3311 },
    );
  });

  it("keeps tens and a digit one number, and a hyphenated pair one figure", () => {
    expect(numberWord("forty-two")).toBe(42);
    expect(numberWord("three-forty")).toBe(340);
    expect(numberWord("seven-oh-eight")).toBe(708);
    expect(numberWord("seven-twenty-one")).toBe(721);
    expect(parseAmount("two-ten")?.value).toBe(210);
  });

  it("leaves numbers that go on, and times of day, alone", () => {
    const values = (text: string) => tokenize(text).flatMap((t) => (t.kind === "amount" ? [t.amount!.value] : []));
    expect(values("two hundred a month")).toEqual([200]);
    expect(values("eight thousand five hundred")).toEqual([8500]);
    expect(values("call me at seven thirty")).not.toContain(730);
    expect(values("the meeting is seven fifteen pm")).not.toContain(715);
  });
});
