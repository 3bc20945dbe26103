// A day counted back from the day of writing in another language ("vorgestern", "anteontem",
// "avant-hier", "ayer", "gisteren") is that day less the days it counts, as "the day before
// yesterday" and "yesterday" are in English; French "hier" is German and Dutch for "here", and
// names no day.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOREIGN_DAYS_BACK } from "../../src/providers/readers/foreign-words.js";
import { findDates } from "../../src/providers/readers/dates.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const claims = sample("claims-triage").ir.inputs;
const WORDS = Object.values(FOREIGN_DAYS_BACK).flat();
const DAY_MS = 86_400_000;
const day = fc.integer({ min: Date.UTC(2020, 0, 3), max: Date.UTC(2030, 11, 28) }).map((t) => new Date(t).toISOString().slice(0, 10));
const back = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

describe("a day counted back in another language", () => {
  it("is the day of writing less the days the word counts", () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...WORDS), fc.boolean(), (reference, [word, days], capital) => {
        const said = capital ? word[0]!.toUpperCase() + word.slice(1) : word;
        const found = findDates(`Nota: ${said}, depois das 18h.`, reference);
        expect(found.map((d) => [d.iso, d.relative])).toEqual([[back(reference, days), true]]);
      }),
      { numRuns: 120 },
    );
  });

  it("is not read inside another word", () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...WORDS), (reference, [word]) => {
        const said = `ref x${word}y and ${word}s`;
        // a phrase's first word may be a word of its own ("kemarin" in "kemarin lusas"), read whole;
        // nothing is read that a letter joins on either side
        const inside = findDates(said, reference).filter((d) => /\p{L}/u.test(said[d.start - 1] ?? "") || /\p{L}/u.test(said[d.end] ?? ""));
        expect(inside).toEqual([]);
        if (!word.includes(" ")) expect(findDates(said, reference)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("gives the date of an incident told with it", () => {
    fc.assert(
      fc.property(
        day,
        fc.constantFrom<[string, number]>(
          ["Der Sturm war vorgestern, ein Ast fiel auf mein Auto.", 2],
          ["Ein Ast fiel gestern bei dem Sturm auf mein Auto.", 1],
          ["A tempestade foi anteontem e caiu um galho no meu carro.", 2],
          ["La tormenta fue anteayer y una rama cayó sobre mi coche.", 2],
          ["L'orage a eu lieu avant-hier, une branche est tombée sur ma voiture.", 2],
        ),
        (reference, [said, days]) => {
          expect(readText(claims, `Today is ${reference}. ${said}`)["incident date"]?.value).toBe(back(reference, days));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reads French 'hier' as no day: it is 'here' in German and Dutch", () => {
    expect(findDates("Ich bin hier seit Montag. Je suis passé hier.", "2026-07-20").filter((d) => d.text.toLowerCase() === "hier")).toEqual(
      [],
    );
  });
});
