// An option a conversation settles on after naming others holds: "the CRM says bronze … gold now",
// "ok, gold then", "medium instead". The option said to hold must come after every mention of the
// others; a "then" that does not close its clause ("gold then we talk") settles nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf, withReference } from "../../scripts/eval-reader.js";
import { settles } from "../../src/providers/readers/text/settled-options.js";
import { tokenize } from "../../src/providers/readers/text/tokens.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const pricing = modelOf("pricing").ir.inputs;
const TIERS = ["bronze", "silver", "gold"] as const;
const EARLIER = [(t: string) => `tier? the CRM still says ${t}`, (t: string) => `they're marked ${t} in the CRM`];
const SETTLED = [
  (t: string) => `so they're ${t} now`,
  (t: string) => `ok, ${t} then`,
  (t: string) => `use ${t} instead.`,
  (t: string) => `now ${t}, per RevOps`,
];
const twoTiers = fc.tuple(fc.constantFrom(...TIERS), fc.constantFrom(...TIERS)).filter(([a, b]) => a !== b);

describe("an option settled on after others", () => {
  it("holds over the options named before it", () => {
    fc.assert(
      fc.property(twoTiers, fc.constantFrom(...EARLIER), fc.constantFrom(...SETTLED), ([before, after], said, settled) => {
        const text = withReference(
          `Ana 09:12: renewal draft: 80 seats @ $40 per seat per year, 3 year term\nAna 09:13: ${said(before)}\nBo 09:20: ${settled(after)}`,
          "2026-06-01",
        );
        const read = readText(pricing, text)["customer tier"];
        expect(read?.value).toBe(after);
        expect(read!.confidence).toBeLessThanOrEqual(0.9);
      }),
      { numRuns: 60 },
    );
  });

  it("a 'then' that goes on in its clause, or an option with no word of holding, settles nothing", () => {
    const at = (text: string, word: string) => {
      const tokens = tokenize(text);
      return settles(
        tokens,
        tokens.findIndex((t) => t.lower === word),
      );
    };
    fc.assert(
      fc.property(fc.constantFrom(...TIERS), (tier) => {
        expect(at(`if it's ${tier} then we talk about the coupon`, tier)).toBe(false);
        expect(at(`the CRM says ${tier} for this account`, tier)).toBe(false);
        expect(at(`ok, ${tier} then`, tier)).toBe(true);
        expect(at(`they are ${tier} now`, tier)).toBe(true);
      }),
    );
  });
});
