// The verbs by which a person asks for something, in the other languages of evidence (issue 33):
// "ich möchte 16.000 Dollar", "vorrei 7.500 dollari", "saya butuh 6.000 dolar" answer what the
// applicant asks to borrow, as "I want $6,000" does; the income beside them stays the income.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const loan = inputsOf({
  "requested amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
  "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income in dollars?" },
});

/** A request and an income in one language: the request's verb, its currency word, the income's sentence. */
const LANGUAGES: { ask: string[]; currency: string; income: (n: string) => string }[] = [
  { ask: ["ich möchte", "wir brauchen", "ich benötige"], currency: "Dollar", income: (n) => `Mein Jahreseinkommen beträgt ${n} Dollar.` },
  { ask: ["quiero", "necesito", "solicito"], currency: "dólares", income: (n) => `Mis ingresos anuales son ${n} dólares.` },
  { ask: ["quero", "preciso de"], currency: "dólares", income: (n) => `Ganho ${n} dólares por ano.` },
  { ask: ["vorrei", "chiedo"], currency: "dollari", income: (n) => `Il mio reddito annuo è di ${n} dollari.` },
  { ask: ["saya butuh", "saya ingin"], currency: "dolar", income: (n) => `Gaji saya ${n} dolar per tahun.` },
];

const dotted = (n: number): string => n.toLocaleString("de-DE");

describe("a request said with another language's verb of asking", () => {
  it("is the amount asked to borrow, and the income stays the income", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        fc.nat(),
        fc.integer({ min: 3, max: 40 }).map((k) => k * 500),
        fc.integer({ min: 25, max: 120 }).map((k) => k * 1000),
        (language, pick, asked, income) => {
          const verb = language.ask[pick % language.ask.length]!;
          const text = `${verb[0]!.toUpperCase()}${verb.slice(1)} ${dotted(asked)} ${language.currency}. ${language.income(dotted(income))}`;
          const read = readText(loan, text);
          expect(read["requested amount"]?.value, text).toBe(asked);
          expect(read["annual income"]?.value, text).toBe(income);
        },
      ),
      { numRuns: 40 },
    );
  });
});
