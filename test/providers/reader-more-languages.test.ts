// Evidence in Italian, Portuguese and Dutch (issue 33): the label words and months of each
// language's table, and a night between two days, which names no one day of the fact.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const claims = sample("claims-triage").ir.inputs;

/** per language: a month name per month, the words of a theft, of a policy in force from a day */
const CLAIMS: Record<string, { months: string[]; theft: string; start: string }> = {
  it: {
    months: [
      "gennaio",
      "febbraio",
      "marzo",
      "aprile",
      "maggio",
      "giugno",
      "luglio",
      "agosto",
      "settembre",
      "ottobre",
      "novembre",
      "dicembre",
    ],
    theft: "Vi segnalo il furto della mia bicicletta dal garage.",
    start: "La polizza è in vigore dal",
  },
  pt: {
    months: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
    theft: "Venho comunicar o roubo da minha bicicleta da garagem.",
    start: "A apólice está em vigor desde",
  },
};

describe("a claim in Italian or Portuguese", () => {
  it("reads the policy's start by the language's words and month, and the theft, never above 0.85", () => {
    fc.assert(
      fc.property(fc.constantFrom("it", "pt"), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), (language, month, day) => {
        const { months, theft, start } = CLAIMS[language]!;
        const read = readText(claims, `${theft}\n${start} ${day} ${months[month - 1]} 2025.`);
        expect(read["policy start"]?.value).toBe(`2025-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`);
        expect(read["claim type"]?.value).toBe("theft");
        for (const v of Object.values(read)) expect(v.confidence).toBeLessThanOrEqual(0.85);
      }),
    );
  });
});

describe("a night between two days", () => {
  it("names no incident day, in English or Italian, nor does its second day said again", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 26 }), fc.boolean(), (day, italian) => {
        const text = italian
          ? `Il furto della bicicletta è avvenuto nella notte tra il ${day} e il ${day + 1} luglio 2026; me ne sono accorta la mattina del ${day + 1} luglio.`
          : `My bike was stolen during the night between ${day} and ${day + 1} July 2026; I noticed it on the morning of ${day + 1} July.`;
        expect(readText(claims, `Today is 2026-07-30. ${text}`)["incident date"]).toBeUndefined();
      }),
    );
  });
});
