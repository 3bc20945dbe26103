// A figure whose own sentence says it waits on an approval ("the 10% coupon — needs his manager's
// sign-off first", "awaiting VP approval", "subject to approval", "if approved") is a proposal,
// not a term: never read above 0.9 (in practice unread). An approval given states it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const pricing = modelOf("pricing").ir.inputs;

const WAITS = [
  "needs his manager's sign-off first",
  "needs VP approval",
  "awaiting VP approval",
  "pending approval from finance",
  "subject to approval",
  "still waiting on the go-ahead",
  "only if approved",
];
const OPENINGS = [
  "Coupon: Tom wants to apply the {p}% strategic-account coupon",
  "Rep asked for a {p}% coupon",
  "Discount of {p}% proposed",
];

describe("a figure waiting on an approval", () => {
  it("is never read above 0.9", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPENINGS),
        fc.constantFrom(" — ", ", ", "; "),
        fc.constantFrom(...WAITS),
        fc.integer({ min: 3, max: 25 }),
        (opening, joint, wait, p) => {
          const text = `List price $35/seat/month. Term: 2 years.\n- ${opening.replace("{p}", String(p))}${joint}${wait}.`;
          const got = readText(pricing, text, "2026-06-03")["coupon percent"];
          expect(got === undefined || got.confidence < 0.9, text).toBe(true);
        },
      ),
    );
  });

  it("is read once the approval is given", () => {
    const got = readText(pricing, "- Coupon: the VP approved the 10% strategic-account coupon.", "2026-06-03")["coupon percent"];
    expect(got?.value).toBe(10);
  });
});
