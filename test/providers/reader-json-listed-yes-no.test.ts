// A yes/no that each record of a list answers (`owners[i].pep`): one yes among them answers yes,
// every record saying no answers no, less surely than one record's own answer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf } from "./helpers.js";

const kyc = inputsOf({ pep: { type: "boolean", desc: "Is the customer, or a beneficial owner, a politically exposed person?" } });

const FLAGS: [string | boolean, boolean][] = [
  ["Y", true],
  ["Yes", true],
  [true, true],
  ["N", false],
  ["No", false],
  [false, false],
];

describe("a yes/no over listed records", () => {
  it("is yes when any record says yes, and no when every record says no", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...FLAGS), { minLength: 2, maxLength: 6 }),
        fc.constantFrom("owners", "beneficial_owners", "ubos", "directors"),
        fc.constantFrom("pep", "PEP", "pep_flag", "is_pep"),
        (flags, list, key) => {
          const state = {
            client: { name: "Norrvik AB" },
            [list]: flags.map(([flag], i) => ({ name: `Owner ${i + 1}`, share: 10 + i, [key]: flag })),
          };
          const read = readJson(kyc, state, "2026-05-01").pep;
          expect(read?.value).toBe(flags.some(([, yes]) => yes));
          expect(read!.confidence).toBeLessThan(0.9);
        },
      ),
    );
  });
});
