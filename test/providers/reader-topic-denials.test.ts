// A fact named as its sentence's topic and denied at the sentence's end by a clause that leaves it
// unsaid ("Regarding PEP status, to the best of our knowledge the client is not one.") reads as
// denied, however many words stand between; a denial that contrasts another person with someone
// said to hold the office ("the director is a minister and her husband is not") denies nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const inputs = sample("kyc-risk").ir.inputs.filter((i) => i.name === "pep");
const frame = fc.constantFrom(
  "Regarding PEP status,",
  "As for PEP screening,",
  "PEP check:",
  "PEP status -",
  "Concerning PEP status,",
  "On PEP:",
);
const filler = fc.constantFrom(
  "to the best of our knowledge",
  "based on her declaration and our own enquiries",
  "having reviewed the file with the customer at length,",
  "after going through the register with the client",
);
const denial = fc.constantFrom(
  "the client is not one.",
  "we can confirm she is not.",
  "the customer is not.",
  "none of them qualify.",
  "the owners are not either.",
);
const holder = fc.constantFrom("the director is a minister", "the customer sits on the city council", "her father was a mayor");

describe("a topic denied at its sentence's end", () => {
  it("reads the fact as denied, below 0.9, past any number of words between", () => {
    fc.assert(
      fc.property(frame, filler, denial, (f, between, d) => {
        const read = readText(inputs, `Note for the file. ${f} ${between} ${d}`.replace(/\s+/g, " "), "2026-07-02").pep;
        expect(read?.value).toBe(false);
        expect(read!.confidence).toBeLessThan(0.9);
      }),
      { numRuns: 80 },
    );
  });

  it("denies nothing where the sentence first says someone holds the office", () => {
    fc.assert(
      fc.property(
        frame,
        holder,
        fc.constantFrom(", and her brother is not.", " but his wife is not.", "; the client is not."),
        (f, h, d) => {
          expect(readText(inputs, `Note for the file. ${f} ${h}${d}`, "2026-07-02").pep?.value).not.toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});
