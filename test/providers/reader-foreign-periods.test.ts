// An amount's period written after it in another language, past its currency ("5200 USD
// miesięcznie", "2300 dólares al mes", "3200 dollar per månad"), is its period as "a month" is in
// English; a word of pay before a monthly amount keeps it from an input asked per month that is no
// pay ("pensión de 840 dólares al mes" is no rent); and two figures joined as a range in another
// language ("zwischen 250000 und 400000") are a range, no value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const lending = sample("lending");
const eligibility = sample("eligibility");
const kyc = sample("kyc-risk");

/** a label of income, then the amount and what follows it: its currency and "a month" */
const MONTHLY_PAY: Record<string, [string, string]> = {
  es: ["Ingresos", "dólares al mes"],
  fr: ["Revenus", "$ par mois"],
  de: ["Einkommen", "Dollar monatlich"],
  it: ["Reddito", "dollari al mese"],
  pt: ["Rendimento", "dólares por mês"],
  nl: ["Inkomen", "dollar per maand"],
  pl: ["Dochód", "USD miesięcznie"],
  sv: ["Inkomst", "dollar per månad"],
};

/** "a range between … and …" in each language */
const RANGES: Record<string, [string, string]> = {
  es: ["entre", "y"],
  de: ["zwischen", "und"],
  it: ["tra", "e"],
  nl: ["tussen", "en"],
  sv: ["mellan", "och"],
};

describe("another language's period after an amount", () => {
  it("is the amount's period: a month's pay counts to the year", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(MONTHLY_PAY)), fc.integer({ min: 15, max: 95 }), (language, hundreds) => {
        const [label, after] = MONTHLY_PAY[language]!;
        const pay = hundreds * 100;
        expect(readText(lending.ir.inputs, `${label}: ${pay} ${after}`)["annual income"]?.value).toBe(pay * 12);
      }),
      { numRuns: 40 },
    );
  });

  it("leaves a monthly pension to no input asked per month that is no pay", () => {
    for (const pension of [640, 840, 1200]) {
      const text = `Solicitante: Marta Ibáñez, 71 años. Cobra una pensión de ${pension} dólares al mes. Alquiler: todavía no lo sabemos.`;
      expect(readText(eligibility.ir.inputs, text)["monthly rent"]?.value).toBeUndefined();
    }
  });
});

describe("a range in another language", () => {
  it("is no value", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(RANGES)), fc.integer({ min: 2, max: 40 }), (language, tens) => {
        const [before, between] = RANGES[language]!;
        const low = tens * 10_000;
        const text = `Monthly volume: ${before} USD ${low} ${between} ${low + 50_000}.`;
        expect(readText(kyc.ir.inputs, text)["monthly volume"]?.value).toBeUndefined();
      }),
      { numRuns: 30 },
    );
  });
});
