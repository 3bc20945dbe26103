// A value struck through in Markdown or HTML ("~~10%~~ 15%", "<del>$120</del> $95") is withdrawn
// in favour of what follows it: it is not read, and the text keeps its length.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { withoutStruck } from "../../src/providers/readers/text/struck-out.js";
import { sample } from "./helpers.js";

const pricing = sample("pricing").ir.inputs;

describe("text struck through", () => {
  it("is blanked, the text keeping its length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.stringMatching(/^[^~<>\n]{1,20}$/), fc.string({ maxLength: 30 }), (a, struck, b) => {
        const text = `${a.replace(/[~<]/g, "")}~~${struck}~~${b.replace(/[~<]/g, "")}`;
        const out = withoutStruck(text);
        expect(out.length).toBe(text.length);
        expect(out).not.toContain(`~~${struck}~~`);
      }),
      { numRuns: 100 },
    );
  });
  it("gives the value written after the struck one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(
          (x: string) => `~~${x}~~`,
          (x: string) => `<del>${x}</del>`,
          (x: string) => `<s>${x}</s>`,
        ),
        (old, now, strike) => {
          fc.pre(old !== now);
          const text = `| Item | Value |\n|---|---|\n| Seats | 40 |\n| Coupon | ${strike(`${old}%`)} ${now}% (approved) |\n`;
          expect(readText(pricing, text, "2026-01-01")["coupon percent"]?.value, text).toBe(now);
        },
      ),
      { numRuns: 40 },
    );
  });
  it("leaves a tilde used for 'about' as it is", () => {
    expect(withoutStruck("Seats: ~40, coupon ~10% maybe")).toBe("Seats: ~40, coupon ~10% maybe");
  });
});
