// A count's label that names its span of time in another language ("Vorschäden (letzte 5 J.) :
// keine", "Sinistri negli ultimi 5 anni: nessuno", "Szkody w ostatnich 5 latach: brak") answered
// none is no count of that span's number: the number is the label's years, never the claims.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const motor = modelOf("motor-quote").ir.inputs;

/** Labels with the span's number as `N`, each with its language's word for none. */
const LABELS: [string, string][] = [
  ["Vorschäden (letzte N J.)", "keine"],
  ["Vorschäden (letzte N Jahre)", "keine"],
  ["Vorschäden in den letzten N Jahren", "keine"],
  ["Sinistri negli ultimi N anni", "nessuno"],
  ["Szkody w ostatnich N latach", "brak"],
  ["Schadeclaims laatste N jaar", "geen"],
];

describe("a count's span of time named in another language", () => {
  it("is never read as the count", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LABELS), fc.integer({ min: 2, max: 9 }), fc.integer({ min: 30, max: 70 }), ([label, none], n, age) => {
        const text = `Hauptfahrer/in : Brigitte Sommer\nAlter : ${age}\n${label.replace("N", String(n))} : ${none}\n`;
        const got = readText(motor, text)["prior claims"];
        expect(got?.value).not.toBe(n);
        if (got) expect(got.value).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});
