// A yes/no input whose name is one concept ("adverse media", "tax exempt") told with its words
// apart and in either order ("Media search: nothing adverse", "exempt from state sales tax"): the
// statement is where the later word stands, affirmed or denied there; the words must stand close.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const kyc = sample("kyc-risk").ir.inputs.filter((i) => i.name === "adverse media");
const pricing = sample("pricing").ir.inputs.filter((i) => i.name === "tax exempt");

const CHECKS = ["search", "review", "screening", "check", "scan"];
const DONE = ["", " completed", " done today", " came back"];
const DENIALS = ["nothing", "no", "not a single"];
const FINDINGS = ["", " coverage", " findings", " reports"];

describe("a name said as one concept, its words apart", () => {
  it("reads adverse media denied or affirmed where the later word stands", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHECKS),
        fc.constantFrom(...DONE),
        fc.constantFrom(...DENIALS),
        fc.constantFrom(...FINDINGS),
        (check, done, denial, finding) => {
          const denied = readText(kyc, `Media ${check}${done}: ${denial} adverse${finding}.`)["adverse media"];
          expect(denied?.value).toBe(false);
          expect(denied!.confidence).toBeLessThanOrEqual(0.9);
          const found = readText(kyc, `Media ${check}${done}: two adverse articles about a fraud conviction.`)["adverse media"];
          expect(found?.value).toBe(true);
        },
      ),
    );
  });

  it("reads a tax exemption with its words reversed", () => {
    fc.assert(
      fc.property(fc.constantFrom("", "state ", "sales ", "state sales "), (kind) => {
        expect(readText(pricing, `The customer is exempt from ${kind}tax.`)["tax exempt"]?.value).toBe(true);
        expect(readText(pricing, `Tax status: a for-profit firm, so not exempt.`)["tax exempt"]?.value).toBe(false);
      }),
    );
  });

  it("reads nothing from the words standing far apart or one of them alone", () => {
    expect(readText(kyc, "Media search completed.")["adverse media"]).toBeUndefined();
    expect(
      readText(kyc, "Media enquiries go to the press office on the third floor beside the canteen; adverse weather closed it.")[
        "adverse media"
      ],
    ).toBeUndefined();
  });
});
