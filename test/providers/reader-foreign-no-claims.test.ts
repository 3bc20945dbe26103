// No claims said in another language (issue 33): the language's "no" before the thing (FOREIGN_NONE:
// "brak", "żadnych", "inga", "žádné", "nicio", "καμία", "keine", "aucun") and its word for claims in
// the number and case a denial takes ("szkód", "Schäden", "sinistre", "daună"): zero claims, never
// the length of the span they are counted over, in digits or in words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const motor = modelOf("motor-quote").ir.inputs;

/** A language's driver, its denials of claims over a span (# the span), and its words for three, five and ten. */
const LANGUAGES: { language: string; driver: (age: number) => string; none: string[]; spans: Record<number, string> }[] = [
  {
    language: "Polish",
    driver: (age) => `Głównym kierowcą jest mój brat, ma ${age} lat.`,
    none: ["Brak szkód od # lat.", "W ciągu ostatnich # lat nie miał żadnych szkód.", "Żadnych szkód przez ostatnie # lat."],
    spans: { 3: "trzech", 5: "pięciu", 10: "dziesięciu" },
  },
  {
    language: "French",
    driver: (age) => `Le conducteur principal a ${age} ans.`,
    none: ["Aucun sinistre au cours des # dernières années.", "Aucun sinistre depuis # ans."],
    spans: { 3: "trois", 5: "cinq", 10: "dix" },
  },
  {
    language: "German",
    driver: (age) => `Der Hauptfahrer ist ${age} Jahre alt.`,
    none: ["Keine Schadensfälle in den letzten # Jahren.", "Seit # Jahren keinerlei Vorschäden."],
    spans: { 3: "drei", 5: "fünf", 10: "zehn" },
  },
  {
    language: "Swedish",
    driver: (age) => `Huvudföraren är min fru, hon är ${age} år.`,
    none: ["Inga skador de senaste # åren."],
    spans: { 3: "tre", 5: "fem", 10: "tio" },
  },
  {
    language: "Czech",
    driver: (age) => `Hlavní řidič je můj otec, kterému je ${age} let.`,
    none: ["Žádné škody za posledních # let."],
    spans: { 5: "pět", 10: "deset" },
  },
  {
    language: "Romanian",
    driver: (age) => `Șoferul principal are ${age} de ani.`,
    none: ["Nicio daună în ultimii # ani.", "Fără daune în ultimii # ani."],
    spans: { 3: "trei", 5: "cinci", 10: "zece" },
  },
  {
    language: "Greek",
    driver: (age) => `Ο κύριος οδηγός είναι ${age} ετών.`,
    none: ["Καμία απαίτηση τα τελευταία # χρόνια."],
    spans: { 3: "τρία", 5: "πέντε", 10: "δέκα" },
  },
];

describe("no claims said in another language", () => {
  it("is zero claims, never the span's length", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: LANGUAGES.length - 1 })
          .chain((l) =>
            fc.tuple(
              fc.constant(LANGUAGES[l]!),
              fc.constantFrom(...LANGUAGES[l]!.none),
              fc.constantFrom(...Object.keys(LANGUAGES[l]!.spans).map(Number)),
            ),
          ),
        fc.boolean(),
        fc.integer({ min: 19, max: 75 }),
        fc.boolean(),
        ([l, none, span], inWords, age, driverFirst) => {
          const denial = none.replace("#", inWords ? l.spans[span]! : String(span));
          const text = driverFirst ? `${l.driver(age)} ${denial}` : `${denial} ${l.driver(age)}`;
          const read = readText(motor, text);
          expect(read["prior claims"]?.value, `${l.language}: ${text}`).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });
});
