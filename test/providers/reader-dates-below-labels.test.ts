// A form's date broken over lines after its separators ("12 /\n 03 / 2025") is one date, and a
// date written alone on the line below its label ("Date of loss:\n 12/03/2025") is read as that
// label's, the text's length kept; a number ending one line and a separator opening the next
// ("Invoices: 3\n/ 4 / 2025") are two things, no date.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { datesBesideLabels, joinedFigures } from "../../src/providers/readers/text/split-figures.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "incident date": { type: "date", desc: "On what date did the incident happen?" },
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
});
const two = (n: number): string => String(n).padStart(2, "0");
// a day over 12: the date reads one way, day first
const date = fc.record({
  y: fc.integer({ min: 2015, max: 2026 }),
  m: fc.integer({ min: 1, max: 12 }),
  d: fc.integer({ min: 13, max: 28 }),
});
const iso = ({ y, m, d }: { y: number; m: number; d: number }): string => `${y}-${two(m)}-${two(d)}`;
const gap = fc.constantFrom("\n", "\r\n", "\n  ", " \n ");

describe("a form's date below its label, broken over lines", () => {
  it("reads the date, the text's length kept", () => {
    fc.assert(
      fc.property(date, gap, gap, fc.constantFrom("Date of loss:", "Incident date:", "Loss date :"), (when, g1, g2, label) => {
        const text = `Claim form\n${label}${g1}${two(when.d)} /${g2}${two(when.m)} / ${when.y}\nAmount claimed: $500`;
        const joined = datesBesideLabels(joinedFigures(text));
        expect(joined.length).toBe(text.length);
        expect(readText(inputs, text, "2027-12-31")["incident date"]?.value).toBe(iso(when));
      }),
      { numRuns: 60 },
    );
  });

  it("reads a whole date on the line below its label as surely as beside it", () => {
    fc.assert(
      fc.property(date, gap, (when, g) => {
        const below = readText(inputs, `Claim form\nDate of loss:${g}${iso(when)}\nAmount claimed: $500`, "2027-12-31")["incident date"];
        const beside = readText(inputs, `Claim form\nDate of loss: ${iso(when)}\nAmount claimed: $500`, "2027-12-31")["incident date"];
        expect(below?.value).toBe(iso(when));
        expect(below?.confidence).toBe(beside?.confidence);
      }),
      { numRuns: 40 },
    );
  });

  it("joins no number at a line's end to a separator opening the next", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2015, max: 2026 }), (a, b, y) => {
        const text = `Invoices attached: ${a}\n/ ${b} / ${y} receipts`;
        expect(datesBesideLabels(joinedFigures(text))).toBe(text);
      }),
      { numRuns: 30 },
    );
  });
});
