// Yes/no facts a sentence speaks of without settling (issue 33): a finding said only as possible
// ("a POSSIBLE PEP match", "a potential hit") establishes nothing, and a sentence saying the fact
// is as an earlier statement gave it ("the adverse media result is unchanged", "as before") states
// no value of its own: the earlier statement, quoted below, answers (never above 0.85).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const kyc = inputsOf({
  pep: { type: "boolean", desc: "Is the customer a politically exposed person?" },
  "adverse media": { type: "boolean", desc: "Did the adverse media screening return a relevant hit?" },
});

describe("a finding said only as possible", () => {
  it("answers no PEP either way", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("possible", "POSSIBLE", "potential", "suspected"),
        fc.constantFrom("on the settlor", "for the director, name similarity only"),
        (hedge, whom) => {
          expect(
            readText(kyc, `Screening update: the vendor flagged a ${hedge} PEP match ${whom}.\nAdverse media: no hits.`).pep,
          ).toBeUndefined();
        },
      ),
    );
  });

  it("still reads a match said plainly", () => {
    expect(readText(kyc, "Screening update: the vendor confirmed a PEP match on the settlor.").pep?.value).toBe(true);
  });
});

describe("a fact said to be as before", () => {
  const SAID = ["The adverse media result is unchanged", "Adverse media outcome as before", "Adverse media: no change since last week"];

  it("is answered by the earlier statement quoted below, never above 0.85", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SAID),
        fc.constantFrom<[string, boolean]>(["no hits", false], ["one relevant article", true]),
        (said, [earlier, value]) => {
          const text = `Hi,\n\n${said}. The PEP check came back clear.\n\nThanks\n\nOn 2 Apr 2026, Sam wrote:\n> Adverse media: ${earlier}.`;
          const got = readText(kyc, text)["adverse media"];
          expect(got?.value, said).toBe(value);
          expect(got!.confidence).toBeLessThanOrEqual(0.85);
        },
      ),
    );
  });

  it("answers nothing with no earlier statement to take it from", () => {
    for (const said of SAID) expect(readText(kyc, `${said}. The PEP check came back clear.`)["adverse media"], said).toBeUndefined();
  });
});

describe("a check said not run yet after its label", () => {
  it("answers nothing, whatever the line said of it before", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("the vendor batch for May failed", "the provider's job errored out", "the batch file was rejected"),
        fc.constantFrom("screening has NOT been run yet", "the search hasn't been done yet", "screening not completed yet"),
        (before, after) => {
          const text = `PEP screening: no matches.\nAdverse media: ${before}; ${after}. Re-queue.`;
          const got = readText(kyc, text);
          expect(got["adverse media"], text).toBeUndefined();
          expect(got.pep?.value, text).toBe(false);
        },
      ),
    );
  });

  it("still reads the finding of a check that was run", () => {
    const got = readText(kyc, "Adverse media: screening completed, no hits yet.");
    expect(got["adverse media"]?.value).toBe(false);
  });
});
