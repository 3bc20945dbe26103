// A customer's kind said only by the legal form after its name ("Kessler Logistik GmbH",
// "Brightwater Trading B.V.") or by "incorporated": a company. A legal form's letters after a word
// that is no name ("ag" in lower case) say nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const kyc = inputsOf({
  "customer type": {
    type: "individual|business|trust",
    desc: "What kind of customer is onboarding?",
    options: { individual: "a natural person", business: "a company or partnership", trust: "a trust, foundation or similar arrangement" },
  },
});

describe("a legal form names a company", () => {
  it("reads business from the legal form after a name, and nothing without it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Kessler Logistik", "Halden Marine", "Brightwater Trading", "Orchard Foods"),
        fc.constantFrom("GmbH", "Ltd", "B.V.", "LLC", "plc", "Inc."),
        (name, form) => {
          expect(readText(kyc, `New client onboarding: ${name} ${form}, based in Oslo.`)["customer type"]?.value).toBe("business");
          expect(readText(kyc, `New client onboarding: ${name}, based in Oslo.`)["customer type"]).toBeUndefined();
        },
      ),
      { numRuns: 30 },
    );
  });

  it("reads business from 'incorporated'", () => {
    expect(readText(kyc, "New client: Orchard Foods, incorporated in Ireland in 2011.")["customer type"]?.value).toBe("business");
  });
});
