// A span of time written beside a percentage's cue ("Uplift: 3-year term at 2%", "annual uplift:
// 5-year deal, 4 percent") is the term, not the percentage: a number joined to a unit of time by a
// hyphen measures time, and no percentage is a span of time, even when the input's own cue names
// that unit ("annual" is "year").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const pricing = sample("pricing");

describe("a percentage beside a hyphenated span of time", () => {
  it("reads the percentage, not the span's number, and the span as the term", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom("Uplift", "Annual uplift", "Yearly increase"),
        fc.constantFrom(
          (n: number) => `${n}-year term`,
          (n: number) => `${n}-year contract`,
          (n: number) => `${n}-year agreement`,
        ),
        fc.constantFrom(
          (p: number) => `at ${p}%`,
          (p: number) => `with ${p} percent`,
        ),
        (years, percent, label, span, rate) => {
          fc.pre(years !== percent);
          const text = `Quote: 40 seats at $25 per seat per month. ${label}: ${span(years)} ${rate(percent)}.`;
          const read = readText(pricing.ir.inputs, text);
          expect(read["annual uplift"]?.value).toBe(percent);
          expect(read["contract years"]?.value).toBe(years);
        },
      ),
      { numRuns: 40 },
    );
  });
});
