// A value repaired as it is written, in another language ("150 Plätze — Korrektur: 175 Plätze",
// "40 licencji, przepraszam, 45"): the repaired value answers, as "40 seats, sorry, 45" does in English.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOREIGN_REPAIRS } from "../../src/providers/readers/foreign-words.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const pricing = sample("pricing");

/** each language's label of the seats ordered and its word for a seat */
const SEATS: Record<string, [string, string]> = {
  es: ["Cantidad", "licencias"],
  fr: ["Quantité", "licences"],
  de: ["Anzahl", "Lizenzen"],
  it: ["Quantità", "licenze"],
  pt: ["Quantidade", "licenças"],
  nl: ["Aantal", "licenties"],
  pl: ["Ilość", "licencji"],
  sv: ["Antal", "licenser"],
};

describe("a value repaired in another language", () => {
  it("answers with the repaired value, never the one it replaces", () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...Object.keys(SEATS))
          .chain((language) => fc.tuple(fc.constant(language), fc.constantFrom(...FOREIGN_REPAIRS[language]!))),
        fc.integer({ min: 2, max: 400 }),
        fc.integer({ min: 1, max: 50 }),
        ([language, repair], first, more) => {
          const [label, seats] = SEATS[language]!;
          const text = `${label}: ${first} ${seats}, ${repair}, ${first + more} ${seats}.`;
          expect(readText(pricing.ir.inputs, text).quantity?.value).toBe(first + more);
        },
      ),
      { numRuns: 60 },
    );
  });
});
