// Numeric dates whose day and month could be either way round ("01/04/2025"): the text settles
// the order, by saying it ("(dd/mm)", "DD/MM/YYYY") or by another of its dates that reads only one
// way ("23/01/26" only day first, "12/23/2025" only month first); with nothing to settle it they
// stay month first (issue 33).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findDates } from "../../src/providers/readers/dates.js";

const pad = (n: number): string => String(n).padStart(2, "0");
/** A day and a month both at most 12 and different: a date that reads both ways. */
const ambiguous = fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })).filter(([day, month]) => day !== month);
const isos = (text: string): string[] => findDates(text, "2026-06-01").map((d) => d.iso);

describe("the order of a numeric date's day and month", () => {
  it("reads it day first when another date of the text can only be day first", () => {
    fc.assert(
      fc.property(ambiguous, fc.integer({ min: 13, max: 28 }), ([day, month], other) => {
        const text = `Note of ${other}/05/2026. Cover started ${pad(day)}/${pad(month)}/2025.`;
        expect(isos(text)).toEqual([`2026-05-${pad(other)}`, `2025-${pad(month)}-${pad(day)}`]);
      }),
      { numRuns: 25 },
    );
  });
  it("reads it day first when the text says so, and month first when it says that", () => {
    fc.assert(
      fc.property(ambiguous, ([a, b]) => {
        const date = `${pad(a)}/${pad(b)}/2025`;
        expect(isos(`Policy start: ${date} (dd/mm)`)).toEqual([`2025-${pad(b)}-${pad(a)}`]);
        expect(isos(`Dates as DD/MM/YYYY. Policy start: ${date}`)).toEqual([`2025-${pad(b)}-${pad(a)}`]);
        expect(isos(`Policy start: ${date} (mm/dd)`)).toEqual([`2025-${pad(a)}-${pad(b)}`]);
      }),
      { numRuns: 25 },
    );
  });
  it("keeps it month first when another date can only be month first, or nothing settles it", () => {
    fc.assert(
      fc.property(ambiguous, fc.integer({ min: 13, max: 28 }), ([a, b], other) => {
        const date = `${pad(a)}/${pad(b)}/2025`;
        expect(isos(`Effective 12/${other}/2025; loss on ${date}.`)).toEqual([`2025-12-${pad(other)}`, `2025-${pad(a)}-${pad(b)}`]);
        expect(isos(`Loss on ${date}.`)).toEqual([`2025-${pad(a)}-${pad(b)}`]);
      }),
      { numRuns: 25 },
    );
  });
});
