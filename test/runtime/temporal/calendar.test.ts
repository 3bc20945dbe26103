import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMonths,
  civilFromDays,
  dayOfYear,
  daysFromCivil,
  isoWeekOfYear,
  isoWeekday,
  isValidDate,
  monthsBetween,
} from "../../../src/runtime/temporal/calendar.js";

const DAY_MS = 86_400_000;

/** JS Date as the reference calendar within its range (±270,000 years). */
function jsDays(y: number, m: number, d: number): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return Math.floor(date.getTime() / DAY_MS);
}

describe("calendar", () => {
  it("agrees with JS Date on day numbers", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -270_000, max: 270_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (y, m, d) => {
          expect(daysFromCivil(y, m, d)).toBe(jsDays(y, m, d));
        },
      ),
    );
  });

  it("round-trips day numbers across the whole FEEL year range", () => {
    fc.assert(
      fc.property(fc.integer({ min: daysFromCivil(-999_999_999, 1, 1), max: daysFromCivil(999_999_999, 12, 31) }), (days) => {
        const c = civilFromDays(days);
        expect(isValidDate(c.year, c.month, c.day)).toBe(true);
        expect(daysFromCivil(c.year, c.month, c.day)).toBe(days);
      }),
    );
  });

  it("knows the epoch, leap days and the extremes", () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(civilFromDays(-1)).toEqual({ year: 1969, month: 12, day: 31 });
    expect(daysFromCivil(2000, 3, 1) - daysFromCivil(2000, 2, 28)).toBe(2);
    expect(daysFromCivil(1900, 3, 1) - daysFromCivil(1900, 2, 28)).toBe(1);
    expect(civilFromDays(daysFromCivil(999_999_999, 12, 31))).toEqual({ year: 999_999_999, month: 12, day: 31 });
    expect(civilFromDays(daysFromCivil(-999_999_999, 1, 1))).toEqual({ year: -999_999_999, month: 1, day: 1 });
  });

  it("agrees with JS Date on weekdays", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -270_000, max: 270_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (y, m, d) => {
          const js = new Date(jsDays(y, m, d) * DAY_MS).getUTCDay();
          expect(isoWeekday(y, m, d)).toBe(js === 0 ? 7 : js);
        },
      ),
    );
  });

  it("counts days of the year", () => {
    expect(dayOfYear(2019, 9, 17)).toBe(260);
    expect(dayOfYear(2020, 12, 31)).toBe(366);
    expect(dayOfYear(-4, 12, 31)).toBe(366); // year -4 is a leap year
  });

  it("numbers ISO weeks 1 to 53, Thursday deciding the year", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), (y, m, d) => {
        const week = isoWeekOfYear(y, m, d);
        expect(week).toBeGreaterThanOrEqual(1);
        expect(week).toBeLessThanOrEqual(53);
        // the Thursday of the same week lies in week `week` counted from its year's first Thursday
        const days = daysFromCivil(y, m, d);
        const thursday = civilFromDays(days - isoWeekday(y, m, d) + 4);
        expect(Math.ceil(dayOfYear(thursday.year, thursday.month, thursday.day) / 7)).toBe(week);
      }),
    );
  });

  it("adds months with end-of-month clamping", () => {
    expect(addMonths(2021, 1, 31, 1)).toEqual({ year: 2021, month: 2, day: 28 });
    expect(addMonths(2020, 1, 31, 1)).toEqual({ year: 2020, month: 2, day: 29 });
    expect(addMonths(2021, 1, 15, -1)).toEqual({ year: 2020, month: 12, day: 15 });
    expect(addMonths(-2021, 1, 1, -1)).toEqual({ year: -2022, month: 12, day: 1 });
    expect(addMonths(2021, 5, 31, 25)).toEqual({ year: 2023, month: 6, day: 30 });
  });

  it("counts whole months between dates", () => {
    expect(monthsBetween({ year: 2011, month: 12, day: 22 }, { year: 2013, month: 8, day: 24 })).toBe(20);
    expect(monthsBetween({ year: 2013, month: 8, day: 24 }, { year: 2011, month: 12, day: 22 })).toBe(-20);
    expect(monthsBetween({ year: 2020, month: 1, day: 31 }, { year: 2020, month: 2, day: 29 })).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: -3000, max: 3000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: -500, max: 500 }),
        (y, m, d, k) => {
          // a day-of-month that exists everywhere: adding k months then measuring gives k back
          const to = addMonths(y, m, d, k);
          expect(monthsBetween({ year: y, month: m, day: d }, to)).toBe(k);
        },
      ),
    );
  });
});
