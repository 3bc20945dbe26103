// A screening's answer written in Italian, Spanish, Portuguese or Dutch ("PEP check: negativo",
// "Adverse media: positivo", "PEP: nee") is the answer it states, a reason after it or not; the
// Italian "negativo" denies as "negative" does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf, withReference } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const kyc = modelOf("kyc-risk").ir.inputs;
const ANSWERS: [string, boolean][] = [
  ["negativo", false],
  ["negativa", false],
  ["nessuno", false],
  ["nee", false],
  ["geen", false],
  ["positivo", true],
  ["positiva", true],
];
const LABELS: [string, string][] = [
  ["PEP check", "pep"],
  ["PEP", "pep"],
  ["Adverse media", "adverse media"],
];
const REASONS = ["", " - la cliente non e PEP", " - verificato il 12/06"];

describe("a screening's answer in another language", () => {
  it("is the answer it states", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LABELS),
        fc.constantFrom(...ANSWERS),
        fc.constantFrom(...REASONS),
        ([label, input], [word, yes], reason) => {
          // the Italian reason goes with the Italian denials only
          fc.pre(!reason.includes("non e") || word.startsWith("negativ"));
          const read = readText(kyc, withReference(`Onboarding note - private client.\n${label}: ${word}${reason}.`, "2026-06-12"));
          expect(read[input]?.value).toBe(yes);
        },
      ),
      { numRuns: 80 },
    );
  });
});
