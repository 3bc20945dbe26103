// A figure a named relative or payer owns ("Gloria's rent at that flat: $1,400/mo — Gloria pays
// it") is no figure of the subject's; and a person's initial ("UBOs K. Brenner, S. Brenner")
// ends no sentence, so a label's verdict after the names still answers it; and "not a namesake"
// confirms a finding rather than dismissing it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const eligibility = sample("eligibility");
const kyc = sample("kyc-risk");

const NAMES = ["Gloria", "Marcus", "Tom", "Priya", "Henrik"];
const RELATIONS = ["sister", "brother", "cousin", "friend", "aunt"];

describe("a figure a named other person owns", () => {
  it("is not the subject's: by a relation named beside the name", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.constantFrom(...RELATIONS), fc.integer({ min: 6, max: 19 }), (name, relation, hundreds) => {
        const text = `Applicant stays with her ${relation} ${name} for now. ${name}'s rent for the flat: $${hundreds * 100}/month.`;
        expect(readText(eligibility.ir.inputs, text)["monthly rent"]?.value).toBeUndefined();
      }),
      { numRuns: 25 },
    );
  });

  it("is not the subject's: by the name paying it", () => {
    for (const name of NAMES) {
      const text = `Note: applicant sleeps at a friend's place. ${name}'s rent there is $1,250 a month, ${name} pays it.`;
      expect(readText(eligibility.ir.inputs, text)["monthly rent"]?.value).toBeUndefined();
    }
  });

  it("stays the subject's when the name is no one else's", () => {
    const text = "Applicant: Gloria Mendes, 44. Gloria's rent is $1,250 a month.";
    expect(readText(eligibility.ir.inputs, text)["monthly rent"]?.value).toBe(1250);
  });
});

describe("a person's initial", () => {
  it("ends no sentence: the verdict after the names answers the label", () => {
    fc.assert(
      fc.property(fc.constantFrom("K", "S", "R", "J"), fc.constantFrom(...NAMES), (initial, name) => {
        const text = `PEP check on ${initial}. ${name}: no match`;
        expect(readText(kyc.ir.inputs, text).pep?.value).toBe(false);
      }),
      { numRuns: 20 },
    );
  });
});

describe("a dismissal itself denied", () => {
  it("dismisses nothing: 'confirmed, not a namesake' confirms the finding", () => {
    for (const office of ["deputy minister of finance", "mayor of the city", "member of parliament"]) {
      const text = `> PEP: POSITIVE - the beneficial owner, Mr. Marlowe, served as ${office} until 2024 (confirmed, not a namesake).`;
      expect(readText(kyc.ir.inputs, text).pep?.value).toBe(true);
    }
  });
});
