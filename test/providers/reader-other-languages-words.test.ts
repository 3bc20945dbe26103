// The labels and cues of evidence written in Spanish, French, German, Polish and Swedish name the facts an input
// asks about (foreign-words.ts, a table joined to the synonym groups), and a key written short in
// an export abbreviates an English word, never one of those.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import type { ReadValue } from "../../src/providers/types.js";
import { readJsonThrough, sample } from "./helpers.js";

const lending = sample("lending");
const claims = sample("claims-triage");

/** label of the annual income, of the monthly debts, the loan asked for, a closing line */
const FORMS: Record<string, [string, string, string, string]> = {
  es: ["Ingresos anuales", "Deudas mensuales", "Préstamo solicitado", "Gracias por su atención, quedo a la espera de su respuesta."],
  fr: ["Revenus annuels", "Dettes par mois", "Montant du prêt", "Merci pour votre retour, je reste à votre disposition."],
  de: ["Jährliches Einkommen", "Monatliche Schulden", "Kreditbetrag", "Vielen Dank für die Prüfung, ich freue mich auf eine Antwort."],
  pl: ["Dochód roczny", "Zobowiązania miesięczne", "Kwota pożyczki", "Dziękuję za rozpatrzenie wniosku, czekam na odpowiedź."],
  sv: ["Årlig inkomst", "Skulder per månad", "Lånebelopp", "Tack för att ni tittar på ansökan, jag ser fram emot ert svar."],
};

describe("a form in another language", () => {
  it("gives each labelled amount to the input it names, never above 0.85", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("es", "fr", "de", "pl", "sv"),
        fc.integer({ min: 20, max: 150 }).map((k) => k * 1000),
        fc.integer({ min: 1, max: 40 }).map((k) => k * 25),
        fc.integer({ min: 2, max: 60 }).map((k) => k * 500),
        fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
        (language, income, debt, loan, order) => {
          const [incomeLabel, debtLabel, loanLabel, closing] = FORMS[language]!;
          const lines = [`${incomeLabel}: ${income}`, `${debtLabel}: ${debt}`, `${loanLabel}: ${loan}`];
          const text = [...order.map((i) => lines[i]), closing].join("\n");
          const read = readText(lending.ir.inputs, text);
          expect([read["annual income"]?.value, read["monthly debt"]?.value, read["loan amount"]?.value]).toEqual([income, debt, loan]);
          for (const v of Object.values(read)) expect(v.confidence).toBeLessThanOrEqual(0.85);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("names the kind of a loss in its own words", () => {
    const kinds: [string, string][] = [
      ["Le pare-brise est fissuré.", "glass"],
      ["Dellen durch Hagel auf dem Dach.", "weather"],
      ["Un robo en el garaje, se llevaron la radio.", "theft"],
      ["Kradzież z garażu, skradziono radio.", "theft"],
      ["Bucklor efter hagel på taket.", "weather"],
      ["Stłuczka na parkingu, zderzenie z innym autem.", "collision"],
    ];
    for (const [said, kind] of kinds) expect(readText(claims.ir.inputs, said)["claim type"]?.value).toBe(kind);
  });
});

const readJson = (state: unknown): Promise<Record<string, ReadValue>> => readJsonThrough(lending, state);

describe("a key written short", () => {
  it("abbreviates no word of another language", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5, max: 90 }).map((k) => k * 1000),
        fc.integer({ min: 100, max: 3000 }),
        async (principal, payments) => {
          const read = await readJson({
            applicant: { name: "A. Test", income: { gross: { monthly: 5000 } } },
            liabilities: { totalMonthlyPayments: payments },
            request: { principal: `${principal}.00`, currency: "USD", termMonths: 60 },
          });
          expect(read["loan amount"]?.value).toBe(principal);
          expect(read["monthly debt"]?.value).not.toBe(principal);
        },
      ),
      { numRuns: 15 },
    );
  });
});
