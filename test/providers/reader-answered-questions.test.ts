// A figure on the line answering a question answers that question first: loans named in answer to
// the debts question are the debts, not the loan asked for; and every sentence of the answering
// line answers it, so a correction later on the line ("Twenty thousand. Actually - make it
// eighteen thousand") is the loan asked for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf, withReference } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const lending = modelOf("lending").ir.inputs;
const WORDS = ["twelve", "fifteen", "eighteen", "twenty", "twenty-five", "thirty", "forty"];
const VALUES: Record<string, number> = { twelve: 12, fifteen: 15, eighteen: 18, twenty: 20, "twenty-five": 25, thirty: 30, forty: 40 };
const KINDS = ["Car", "Auto", "Student"];

describe("a call's answers", () => {
  it("belong to the question before them, the whole answering line", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.integer({ min: 100, max: 900 }),
        fc.integer({ min: 50, max: 400 }),
        fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).filter(([a, b]) => a !== b),
        (kind, a, b, [first, meant]) => {
          const text = withReference(
            [
              "Call notes",
              "Officer: What do you pay each month on existing debts?",
              `Applicant: ${kind} loan is ${a}, student loan ${b}.`,
              "Officer: And how much would you like to borrow?",
              `Applicant: ${first[0]!.toUpperCase()}${first.slice(1)} thousand. Actually - make it ${meant} thousand.`,
              "Officer: Noted. Your FICO is 733.",
            ].join("\n"),
            "2026-06-10",
          );
          const read = readText(lending, text);
          expect(read["loan amount"]?.value).toBe(VALUES[meant]! * 1000);
          expect(read["monthly debt"]?.value).toBe(a + b);
        },
      ),
      { numRuns: 50 },
    );
  });
});
