// A count of events over a span of years answered "none" after a colon, in the languages of evidence:
// "Vorschäden in 5 Jahren: keine", "Siniestros en 5 años: ninguno". The span's figure is how far back
// the count reaches, never the count, nor any other figure (a mileage); the answer says 0.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { compile } from "./helpers.js";

const motor = compile(
  JSON.parse(readFileSync(new URL("../fixtures/evidence/models/motor-quote.json", import.meta.url), "utf8")) as Record<string, unknown>,
).ir.inputs;

/** A form's age line and its claims line with the span between label and colon, by language. */
const FORMS: [(age: number) => string, (years: number, spaced: boolean) => string][] = [
  [(a) => `Alter: ${a}`, (y, s) => `Vorschäden in ${y} Jahren${s ? " :" : ":"} keine`],
  [(a) => `Edad: ${a}`, (y, s) => `Siniestros en ${y} años${s ? " :" : ":"} ninguno`],
  [(a) => `Âge : ${a}`, (y, s) => `Sinistres en ${y} ans${s ? " :" : ":"} aucun`],
  [(a) => `Leeftijd: ${a}`, (y, s) => `Schades in ${y} jaar${s ? " :" : ":"} geen`],
  [(a) => `Idade: ${a}`, (y, s) => `Sinistros em ${y} anos${s ? " :" : ":"} nenhum`],
];

describe("a count over a span of years answered none", () => {
  it("is 0, and the span's figure answers nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: FORMS.length - 1 }),
        fc.integer({ min: 18, max: 85 }),
        fc.integer({ min: 2, max: 10 }),
        fc.boolean(),
        (which, age, years, spaced) => {
          const [ageLine, claimsLine] = FORMS[which]!;
          const read = readText(motor, `${ageLine(age)}\n${claimsLine(years, spaced)}`);
          expect(read["prior claims"]?.value).toBe(0);
          expect(read["annual mileage"]).toBeUndefined();
          expect(read["driver age"]?.value).toBe(age);
        },
      ),
      { numRuns: 60 },
    );
  });
});
