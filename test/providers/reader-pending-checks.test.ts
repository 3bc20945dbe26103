// A fact declared while the check of it is pending (issue 33: a fact only implied is missing, not
// read): "PEP: the customer says she holds no public office. Our screening is still pending" gives
// no PEP answer either way; the same declaration with no pending check, or a pending check of
// another input on the next line, still answers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const kyc = inputsOf({
  pep: { type: "boolean", desc: "Is the customer a politically exposed person?" },
  "adverse media": { type: "boolean", desc: "Did the screening return a relevant hit?" },
});

const LABELS = ["PEP:", "PEP -"];
const DECLARED: [string, boolean][] = [
  ["the customer says she holds no public office", false],
  ["the director told us he has never been a politically exposed person", false],
  ["her brother mentioned she once served as a minister", true],
];
const PENDING = [
  "Our screening of the beneficiaries is still pending",
  "The vendor check is awaiting results",
  "Screening to confirm is pending, do not rely on it",
  "The PEP check is still awaited",
];

describe("facts declared while their check is pending", () => {
  it("answers no PEP when the next sentence on its line says the check is pending", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LABELS), fc.constantFrom(...DECLARED), fc.constantFrom(...PENDING), (label, [said], pending) => {
        expect(readText(kyc, `Onboarding notes\n${label} ${said}. ${pending}.\nEnd of notes.`).pep).toBeUndefined();
      }),
    );
  });

  it("still answers the declaration with no pending check, or with the check on another line or of another input", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LABELS),
        fc.constantFrom(...DECLARED),
        fc.constantFrom(...PENDING),
        (label, [said, value], pending) => {
          expect(readText(kyc, `Onboarding notes\n${label} ${said}.\nEnd of notes.`).pep?.value).toBe(value);
          expect(readText(kyc, `Onboarding notes\n${label} ${said}. Adverse media search pending.`).pep?.value).toBe(value);
          expect(readText(kyc, `Onboarding notes\n${label} ${said}.\n\nFollow-up items:\n${pending}.`).pep?.value).toBe(value);
        },
      ),
    );
  });
});

describe("a fact whose question was not asked", () => {
  const NOT_ASKED = [
    "The PEP questionnaire was not covered on the call",
    "PEP status wasn't discussed with the director",
    "We did not ask about PEP status",
    "The PEP question has not been raised with the client",
    "PEP declaration never mentioned",
  ];

  it("answers no PEP: the denial is of the asking, not of the fact", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NOT_ASKED), (said) => {
        expect(readText(kyc, `Onboarding notes\n${said}. Adverse media: no hits.\nEnd of notes.`).pep).toBeUndefined();
      }),
    );
  });

  it("still denies the fact itself, asked or not", () => {
    for (const said of ["The customer is not a PEP", "Asked on the call: she is not a PEP", "PEP: not a politically exposed person"])
      expect(readText(kyc, `Onboarding notes\n${said}.\nEnd of notes.`).pep?.value).toBe(false);
  });
});
