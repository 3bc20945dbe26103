// A check told at length and closed by its outcome after a colon or a spaced dash ("I ran the PEP
// screening on the two directors and the two owners: no matches", "Adverse media: World-Check run
// on the settlor - clear"): the closing denial answers the check, as a label's "no" does, and
// never for another input named between the check and its verdict.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const kyc = inputsOf({
  pep: { type: "boolean", desc: "Is the customer, or any owner or director, a politically exposed person?" },
  "adverse media": { type: "boolean", desc: "Did screening find adverse media about the customer?" },
});

const subject = fc.constantFrom(
  "the two directors and the two owners (each owns 50%)",
  "all four trustees, the settlor and the protector",
  "the client, his wife and the company's officers",
);
const check = fc.constantFrom("I ran the PEP screening on", "PEP check completed for", "We put through the PEP screening tool");
const adverse = fc.constantFrom(
  "Adverse media: World-Check run on",
  "Adverse media search covering",
  "Ran the adverse media databases for",
);
const separator = fc.constantFrom(": ", " - ", " – ");
const denial = fc.constantFrom("no matches", "no hits found", "nothing found", "clear", "negative", "none", "nil");
const tail = fc.constantFrom("", ".");

describe("a check closed by a denial of what it found", () => {
  it("reads the fact false, below the confidence of a label's own answer", () => {
    fc.assert(
      fc.property(check, subject, separator, denial, tail, (c, s, sep, d, end) => {
        const text = `${c} ${s}${sep}${d}${end}`;
        const got = readText(kyc, text).pep;
        expect(got?.value, text).toBe(false);
        expect(got!.confidence, text).toBeLessThan(0.99);
      }),
      { numRuns: 60 },
    );
  });
  it("reads adverse media false the same way", () => {
    fc.assert(
      fc.property(adverse, subject, separator, denial, (a, s, sep, d) => {
        const text = `${a} ${s}${sep}${d}.`;
        expect(readText(kyc, text)["adverse media"]?.value, text).toBe(false);
      }),
      { numRuns: 40 },
    );
  });
  it("is no denial when the check closes with what it found", () => {
    fc.assert(
      fc.property(
        check,
        subject,
        separator,
        fc.constantFrom("one match", "a confirmed hit", "flagged as a former minister"),
        (c, s, sep, f) => {
          const text = `${c} ${s}${sep}${f}.`;
          expect(readText(kyc, text).pep?.value, text).toBe(true);
        },
      ),
      { numRuns: 30 },
    );
  });
  it("does not answer a check when another input is named between it and the verdict", () => {
    const text = "PEP screening done; the adverse media search on the directors - clear.";
    expect(readText(kyc, text).pep?.value).not.toBe(false);
    expect(readText(kyc, text)["adverse media"]?.value).toBe(false);
  });
});
