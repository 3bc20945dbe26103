// A fact said with a hedge of another language ("creo que no", "vielleicht", "peut-être", "forse",
// "talvez", "misschien") is not established, as with "maybe" or "I think" in English: the same
// statement without the hedge is read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOREIGN_HEDGES } from "../../src/providers/readers/foreign-words.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const kyc = sample("kyc-risk").ir.inputs;
const HEDGES = [...Object.values(FOREIGN_HEDGES).flat(), "peut-être"];

describe("a hedge of another language", () => {
  it("leaves the fact it is said of unread", () => {
    fc.assert(
      fc.property(fc.constantFrom(...HEDGES), fc.constantFrom("yes", "no"), (hedge, answer) => {
        const text = `Call log. Customer type: individual. PEP: the client said "${hedge} ${answer}" - screening not run.`;
        expect(readText(kyc, text, "2026-04-22").pep).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it("the fact said without it is read", () => {
    fc.assert(
      fc.property(fc.constantFrom(true, false), (pep) => {
        const text = `Call log. Customer type: individual. PEP: ${pep ? "yes" : "no"}, screening done.`;
        expect(readText(kyc, text, "2026-04-22").pep?.value).toBe(pep);
      }),
      { numRuns: 4 },
    );
  });
});
