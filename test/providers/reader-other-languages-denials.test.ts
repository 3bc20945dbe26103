// Denials as notes outside English write them: a screening label answered in shorthand ("AM:
// neg."), a fact denied in Spanish, Portuguese, French or German ("ningún", "sin coincidencia",
// "kein PEP", "keine Treffer"), a label glossed in brackets before its answer, and a Spanish "y"
// ("and") after a label that is no "yes". Dates written with dots and a two-digit year
// ("01.07.26") are day first, as dotted dates are.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findDates } from "../../src/providers/readers/dates.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const kyc = inputsOf({
  pep: { type: "boolean", desc: "Is the customer, or a beneficial owner, a politically exposed person?" },
  "adverse media": { type: "boolean", desc: "Did the adverse media screening return a relevant hit?" },
});
const pad = (n: number): string => String(n).padStart(2, "0");

describe("denials outside English", () => {
  it("reads a label answered 'neg' as false", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("AM", "Adverse media", "Adverse media check"),
        fc.constantFrom(": ", " - ", " = "),
        fc.constantFrom("neg", "neg.", "NEG"),
        (label, sep, neg) => {
          const text = `KYC note.\n${label}${sep}${neg}\n`;
          expect(readText(kyc, text, "2026-01-01")["adverse media"]?.value, text).toBe(false);
        },
      ),
      { numRuns: 30 },
    );
  });
  it("reads a PEP denied in another language as false, never true", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "declara que no es PEP y ningún familiar ocupa cargo público",
          "la cliente no es PEP y tampoco sus familiares",
          "Kundin ist kein PEP, keine Angehörigen in öffentlichen Ämtern",
          "o cliente não é PEP",
          "le client n'est pas PEP, aucun proche concerné",
        ),
        (said) => {
          const text = `PEP: ${said}.`;
          expect(readText(kyc, text, "2026-01-01").pep?.value, text).toBe(false);
        },
      ),
    );
  });
  it("reads a label glossed in brackets and answered by a denial as false", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Negativpresse", "prensa negativa", "presse"),
        fc.constantFrom("keine Treffer", "no hits", "none", "nein"),
        (gloss, denial) => {
          const text = `Adverse media (${gloss}): ${denial}.`;
          expect(readText(kyc, text, "2026-01-01")["adverse media"]?.value, text).toBe(false);
        },
      ),
    );
  });
  it("takes a bare y after a label for yes only when it stands alone", () => {
    expect(readText(kyc, "PEP y.", "2026-01-01").pep?.value).toBe(true);
    expect(readText(kyc, "PEP: no es PEP y ningún familiar lo es.", "2026-01-01").pep?.value).toBe(false);
  });
});

describe("dotted dates with a two-digit year", () => {
  it("reads them day first, in this century", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 40 }), (d, m, y) => {
        const text = `DOL: ${pad(d)}.${pad(m)}.${pad(y)} ~17:30, rear-ended.`;
        expect(findDates(text, "2026-07-06").map((x) => x.iso)).toEqual([`20${pad(y)}-${pad(m)}-${pad(d)}`]);
      }),
      { numRuns: 60 },
    );
  });
  it("leaves a slashed date that reads both ways unsettled beside them", () => {
    const got = findDates("Loss 03.02.26. Follow-up 04/03 with the plumber.", "2026-04-20");
    expect(got.find((x) => x.text.includes("/"))?.orderContested).toBe(true);
  });
  it("is no date inside a version or a longer dotted figure", () => {
    expect(findDates("Build 1.2.26.4 and v3.04.25.1 shipped.", "2026-04-20")).toEqual([]);
  });
});
