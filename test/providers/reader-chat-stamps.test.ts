// A chat transcript's lines begin with a time stamp ("[09:06] Customer: none"): the answer to the
// question on the line before is read past it, as from a line without one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "monthly debt": { type: "number >= 0", desc: "How many dollars does the applicant pay each month on existing debts?" },
  "prior claims": { type: "number >= 0", desc: "How many insurance claims has the driver made in the last five years?" },
});

const stamp = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.boolean(), fc.boolean())
  .map(([h, m, seconds, brackets]) => {
    const clock = `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}${seconds ? ":05" : ""}`;
    return brackets ? `[${clock}]` : clock;
  });

describe("a chat line's time stamp", () => {
  it("hides no answer 'none' to the question before it", () => {
    fc.assert(
      fc.property(
        stamp,
        stamp,
        fc.constantFrom(["Any existing debts?", "monthly debt"], ["Any claims in the last five years?", "prior claims"]),
        fc.constantFrom("none", "none at all", "nil"),
        fc.constantFrom("Customer", "Visitor"),
        (asked, answered, [question, input], answer, speaker) => {
          const text = `${asked} Agent: ${question}\n${answered} ${speaker}: ${answer}`;
          expect(readText(inputs, text)[input]?.value).toBe(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reads nothing when the answer says it is not known", () => {
    expect(
      readText(inputs, "[10:02] Agent: Any existing debts?\n[10:03] Customer: not sure, I'd have to check")["monthly debt"],
    ).toBeUndefined();
  });
});
