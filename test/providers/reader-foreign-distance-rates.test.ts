// A distance per month told in another language (issue 33): "1000 mil miesięcznie", "800 miglia al
// mese", "600 Meilen im Monat" of a yearly mileage is twelve times the figure, a little less surely;
// the same figure per year is taken as it is.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const motor = inputsOf({
  "annual mileage": { type: "number >= 0", desc: "How many miles is the vehicle driven each year?" },
});

/** per language: the sentence around the figure, its miles and "a month" */
const SAID: Record<string, { before: string; miles: string; month: string }> = {
  pl: { before: "Mam samochód od roku i to ja jestem kierowcą. Przejeżdżam około", miles: "mil", month: "miesięcznie, głównie do pracy." },
  it: { before: "Percorro circa", miles: "miglia", month: "al mese, soprattutto per lavoro." },
  de: { before: "Ich fahre etwa", miles: "Meilen", month: "im Monat, meistens zur Arbeit." },
  id: { before: "Saya pakai mobil sekitar", miles: "mil", month: "per bulan untuk ke kantor." },
};

describe("a distance per month in another language's words", () => {
  it("is converted to the year the input asks, never above 0.85", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(SAID)), fc.integer({ min: 2, max: 12 }), (language, hundreds) => {
        const { before, miles, month } = SAID[language]!;
        const text = `${before} ${hundreds * 100} ${miles} ${month}`;
        const read = readText(motor, text)["annual mileage"];
        expect(read?.value, text).toBe(hundreds * 100 * 12);
        expect(read!.confidence, text).toBeLessThanOrEqual(0.85);
      }),
      { numRuns: 40 },
    );
  });
});
