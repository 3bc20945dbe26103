// A politically exposed person named by the office held ("the serving mayor of Port Ellis", "a
// sitting MP", "sat in the House of Lords", "a senator", "ambassador to Chile"): the PEP question
// is answered yes, never more surely than by the question's own words, and not when the office is
// denied.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const kyc = inputsOf({
  pep: { type: "boolean", desc: "Is the customer a politically exposed person?" },
});

const OFFICES = [
  "the serving mayor of Port Ellis",
  "a sitting MP",
  "a member of the House of Lords",
  "a senator",
  "the ambassador to Chile",
];
const WHO = ["The client", "Mrs Oyelaran", "Our customer", "The applicant"];

describe("a PEP named by the office held", () => {
  it("answers yes, never more surely than the question's own words", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WHO), fc.constantFrom(...OFFICES), (who, office) => {
        const said = (what: string) => readText(kyc, `New account request. ${who} is ${what}. Wants a savings account.`).pep;
        const pep = said(office);
        expect(pep?.value).toBe(true);
        expect(pep!.confidence).toBeLessThanOrEqual(said("a politically exposed person")!.confidence);
      }),
    );
  });

  it("answers no when the office is denied", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WHO), fc.constantFrom(...OFFICES), (who, office) => {
        expect(readText(kyc, `New account request. ${who} is not ${office}.`).pep?.value).not.toBe(true);
      }),
    );
  });
});
