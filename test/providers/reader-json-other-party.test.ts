// Another party's branch of a JSON export (`coApplicant`, `additionalDrivers`, `guarantor`): its
// facts are not the applicant's, whichever order the branches come in; an input that names that
// party reads them there.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf } from "./helpers.js";

const motor = inputsOf({
  "driver age": { type: "number [16..100]", desc: "How old is the main driver, in years?" },
});
const spouse = inputsOf({
  "spouse age": { type: "number [16..100]", desc: "How old is the applicant's spouse, in years?" },
});

describe("another party's branch", () => {
  it("never gives the applicant's fact, before or after the applicant's own record", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("additionalDrivers", "coApplicant", "second_driver", "guarantor", "spouse"),
        fc.integer({ min: 17, max: 40 }),
        fc.integer({ min: 41, max: 90 }),
        fc.boolean(),
        (branch, theirs, own, otherFirst) => {
          const other = { [branch]: [{ age: theirs }] };
          const mine = { policyholder: { age: own } };
          const state = otherFirst ? { quoteId: "Q-1", ...other, ...mine } : { quoteId: "Q-1", ...mine, ...other };
          expect(readJson(motor, state, "2026-05-01")["driver age"]?.value).not.toBe(theirs);
          expect(readJson(motor, { quoteId: "Q-1", ...other }, "2026-05-01")["driver age"]).toBeUndefined();
        },
      ),
      { numRuns: 30 },
    );
  });

  it("gives it to an input that names that party", () => {
    expect(readJson(spouse, { caseId: "C-1", spouse: { age: 38 } }, "2026-05-01")["spouse age"]?.value).toBe(38);
  });
});
