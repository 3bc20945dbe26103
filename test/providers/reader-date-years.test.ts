// The year of a date written without one (issue 33): "the first of May last year" counts from the
// reference, across a year boundary too; a date beside one written with its year takes the year
// that puts it nearest that one; spans ("last week") and days counted from an event ("the day
// after") are no dates.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findDates } from "../../src/providers/readers/dates.js";
import { settleYears } from "../../src/providers/readers/text/date-years.js";

const MONTHS = "January February March April May June July August September October November December".split(" ");
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const day = fc.record({ month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) });
const reference = fc.record({
  year: fc.integer({ min: 2000, max: 2090 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
});
const settled = (text: string, ref: string, clock = false) => settleYears(text, findDates(text, ref), ref, clock);

describe("years of dates written without one", () => {
  it("'last year', 'this year', 'next year' count from the reference", () => {
    fc.assert(
      fc.property(day, reference, fc.constantFrom(["last", -1], ["this", 0], ["next", 1]), (d, r, [word, offset]) => {
        const text = `The policy started on ${d.day} ${MONTHS[d.month - 1]} ${word} year.`;
        const dates = settled(text, iso(r.year, r.month, r.day));
        expect(dates.map((m) => m.iso)).toEqual([iso(r.year + (offset as number), d.month, d.day)]);
      }),
      { numRuns: 60 },
    );
  });

  it("a date beside one written with its year takes the year nearest it", () => {
    fc.assert(
      fc.property(reference, fc.integer({ min: -150, max: 150 }), (r, shift) => {
        const written = new Date(Date.UTC(r.year, r.month - 1, r.day));
        const other = new Date(written.getTime() + shift * 86_400_000);
        const text = `A storm on ${r.day} ${MONTHS[r.month - 1]} ${r.year} damaged the roof; I am reporting it on ${other.getUTCDate()} ${MONTHS[other.getUTCMonth()]}.`;
        // read on any day of a text that states none: the written date decides, not the clock
        const dates = settled(text, "2060-06-15", true);
        expect(dates.map((m) => m.iso)).toEqual([iso(r.year, r.month, r.day), other.toISOString().slice(0, 10)]);
      }),
      { numRuns: 60 },
    );
  });

  it("answers no day for a span or a day counted from an event", () => {
    expect(settled("It happened some day last week, I reported it the day after.", "2026-06-11")).toEqual([]);
  });
});
