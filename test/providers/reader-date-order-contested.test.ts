// A numeric date that reads as two days ("10/01/2019": 10 January or 1 October) from a writer
// whose dates in words put the day first ("3rd of March") is not read: the convention (month
// first) and the writer's habit disagree, and the text does not establish the day. When the
// writer's words put the month first, or another numeric date only one order reads, the order is
// settled and the date is read in it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const claims = inputsOf({
  "incident date": { type: "date", desc: "On what date did the incident happen?" },
  "policy start": { type: "date", desc: "On what date did the policy start?" },
});

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const pad = (n: number): string => String(n).padStart(2, "0");
const ordinal = (n: number): string =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/** The loss, written in words, day first in one of three forms. */
const dayFirst = (day: number, month: number, year: number, form: number): string =>
  [
    `${day} ${MONTHS[month - 1]} ${year}`,
    `the ${ordinal(day)} of ${MONTHS[month - 1]} ${year}`,
    `${ordinal(day)} ${MONTHS[month - 1]} ${year}`,
  ][form % 3]!;

/** A day and a month that both read as a month, and differ: "a/b" is two days. */
const twoWays = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2015, max: 2024 }))
  .filter(([a, b]) => a !== b);
const loss = fc.tuple(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 12 }), fc.constant(2026), fc.nat(2));

const letter = (lossWords: string, start: string): string =>
  `Dear Sir or Madam,\n\nOn ${lossWords} my car was struck while parked outside the library. My policy began on ${start}.\n\nYours faithfully,\nR. Lane`;

describe("a numeric date either order reads, from a writer whose words put the day first", () => {
  it("is not read for the policy start, and does not take any other date's place", () => {
    fc.assert(
      fc.property(twoWays, loss, ([a, b, year], [day, month, lossYear, form]) => {
        const read = readText(claims, letter(dayFirst(day, month, lossYear, form), `${pad(a)}/${pad(b)}/${year}`), "2026-12-01");
        expect(read["policy start"]).toBeUndefined();
        expect(read["incident date"]?.value).toBe(`${lossYear}-${pad(month)}-${pad(day)}`);
      }),
      { numRuns: 60 },
    );
  });

  it("is read month first when the writer's words put the month first", () => {
    fc.assert(
      fc.property(twoWays, loss, ([a, b, year], [day, month, lossYear]) => {
        const words = `${MONTHS[month - 1]} ${day}, ${lossYear}`;
        const read = readText(claims, letter(words, `${pad(a)}/${pad(b)}/${year}`), "2026-12-01");
        expect(read["policy start"]?.value).toBe(`${year}-${pad(a)}-${pad(b)}`);
      }),
      { numRuns: 60 },
    );
  });

  it("is read day first when another numeric date can only be read day first", () => {
    fc.assert(
      fc.property(twoWays, loss, fc.integer({ min: 13, max: 28 }), ([a, b, year], [day, month, lossYear, form], late) => {
        const text =
          letter(dayFirst(day, month, lossYear, form), `${pad(a)}/${pad(b)}/${year}`) +
          `\nP.S. The first premium was paid on ${late}/${pad(b)}/${year}.`;
        expect(readText(claims, text, "2026-12-01")["policy start"]?.value).toBe(`${year}-${pad(b)}-${pad(a)}`);
      }),
      { numRuns: 60 },
    );
  });
});
