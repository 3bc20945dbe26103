// Proleptic Gregorian calendar arithmetic on plain integers, valid for FEEL's whole year range
// (±999,999,999). Days are counted from 1970-01-01; all divisions floor so negative years work.
import { FeelDate, type FeelValue } from "../values.js";

export const MIN_YEAR = -999_999_999;
export const MAX_YEAR = 999_999_999;

/** 400 Gregorian years hold exactly this many days (and whole weeks). */
export const DAYS_PER_ERA = 146_097;

const floorDiv = (a: number, b: number): number => Math.floor(a / b);

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1];
}

export function isValidDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Days since 1970-01-01 (negative before). Eras of 400 years starting on March 1st. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = floorDiv(y, 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12; // March = 0
  const doy = floorDiv(153 * mp + 2, 5) + day - 1;
  const doe = yoe * 365 + floorDiv(yoe, 4) - floorDiv(yoe, 100) + doy;
  return era * DAYS_PER_ERA + doe - 719_468;
}

export interface Civil {
  year: number;
  month: number;
  day: number;
}

export function civilFromDays(days: number): Civil {
  const z = days + 719_468;
  const era = floorDiv(z, DAYS_PER_ERA);
  const doe = z - era * DAYS_PER_ERA;
  const yoe = floorDiv(doe - floorDiv(doe, 1460) + floorDiv(doe, 36524) - floorDiv(doe, DAYS_PER_ERA - 1), 365);
  const doy = doe - (365 * yoe + floorDiv(yoe, 4) - floorDiv(yoe, 100));
  const mp = floorDiv(5 * doy + 2, 153);
  const day = doy - floorDiv(153 * mp + 2, 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday: 1 = Monday … 7 = Sunday. 1970-01-01 was a Thursday. */
export function isoWeekday(year: number, month: number, day: number): number {
  const d = daysFromCivil(year, month, day);
  return ((((d + 3) % 7) + 7) % 7) + 1;
}

export function dayOfYear(year: number, month: number, day: number): number {
  return daysFromCivil(year, month, day) - daysFromCivil(year, 1, 1) + 1;
}

/** ISO 8601 week number: week 1 is the week holding the year's first Thursday. */
export function isoWeekOfYear(year: number, month: number, day: number): number {
  const days = daysFromCivil(year, month, day);
  const thursday = days - isoWeekday(year, month, day) + 4;
  const weekYear = civilFromDays(thursday).year;
  return floorDiv(thursday - daysFromCivil(weekYear, 1, 1), 7) + 1;
}

/** Adds months to a date, clamping the day to the end of a shorter month (Jan 31 + 1M = Feb 28/29). */
export function addMonths(year: number, month: number, day: number, months: number): Civil {
  const index = year * 12 + (month - 1) + months;
  const y = floorDiv(index, 12);
  const m = index - y * 12 + 1;
  return { year: y, month: m, day: Math.min(day, daysInMonth(y, m)) };
}

/** Whole months from one date to another, ignoring any remaining days (like ISO period between). */
export function monthsBetween(from: Civil, to: Civil): number {
  let months = to.year * 12 + to.month - (from.year * 12 + from.month);
  const days = to.day - from.day;
  if (months > 0 && days < 0) months--;
  else if (months < 0 && days > 0) months++;
  return months;
}

/** The dates from one to another, both included, a day at a time (backwards when `to` comes first): `for d in d1..d2`. */
export function* dateRange(from: FeelDate, to: FeelDate): Generator<FeelValue> {
  const [first, last] = [daysFromCivil(from.year, from.month, from.day), daysFromCivil(to.year, to.month, to.day)];
  const step = first <= last ? 1 : -1;
  for (let d = first; step > 0 ? d <= last : d >= last; d += step) {
    const c = civilFromDays(d);
    yield new FeelDate(c.year, c.month, c.day);
  }
}
