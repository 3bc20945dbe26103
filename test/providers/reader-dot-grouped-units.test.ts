// A figure grouped with a dot whose unit is a word of a language that groups thousands so (issue
// 33): "ca. 12.000 Meilen" in a German form of labels, "8.000 miglia" in an Italian note, is twelve or
// eight thousand, however few of the language's function words the text writes; a figure before an
// English unit, or one written with a leading zero, keeps its decimals.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { dotGroupingWordAfter } from "../../src/providers/readers/text/languages.js";
import { inputsOf } from "./helpers.js";

const motor = inputsOf({
  "annual mileage": { type: "number >= 0", desc: "How many miles is the vehicle driven each year?" },
});

/** per language: a line of a form or a note naming the yearly distance before the figure, and the language's miles */
const LINES: Record<string, { label: string; miles: string }> = {
  de: { label: "Jährliche Fahrleistung: ca.", miles: "Meilen" },
  it: { label: "Percorrenza: circa", miles: "miglia l'anno" },
  es: { label: "Kilometraje anual: unas", miles: "millas" },
  pt: { label: "Quilometragem anual: cerca de", miles: "milhas por ano" },
};

describe("a dot-grouped figure before a unit of a language that groups thousands with dots", () => {
  it("is thousands, in a text with too few of the language's function words to tell it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(LINES)), fc.integer({ min: 2, max: 40 }), (language, thousands) => {
        const { label, miles } = LINES[language]!;
        const text = `KFZ / AUTO\nFahrer: R. Lenz\n${label} ${thousands}.000 ${miles}`;
        expect(readText(motor, text)["annual mileage"]?.value, text).toBe(thousands * 1000);
      }),
      { numRuns: 40 },
    );
    // a figure with a leading zero keeps its decimals
    expect(readText(motor, "Jährliche Fahrleistung: 0.500 Meilen")["annual mileage"]?.value).not.toBe(500);
  });

  it("looks only at the word right after the figure, and only at words no other language's table shares", () => {
    expect(dotGroupingWordAfter(" Meilen pro Jahr")).toBe(true);
    expect(dotGroupingWordAfter("\u00a0miglia")).toBe(true);
    expect(dotGroupingWordAfter(" miles a year")).toBe(false);
    expect(dotGroupingWordAfter(" per year, Meilen")).toBe(false);
    expect(dotGroupingWordAfter("")).toBe(false);
  });
});
