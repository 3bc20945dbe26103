// A date string's day number (days since 1970-01-01), for tables that index date columns by
// number: exactly the dates `parseDate` reads, NaN for anything else. The common form, four-digit
// years, is read digit by digit without a regular expression.
import { FeelDate } from "../values.js";
import { daysFromCivil, isValidDate } from "./calendar.js";
import { parseDate } from "./parse.js";
import { fourDigits, hasDateShape, twoDigits } from "./plain-form.js";

export function epochDay(raw: unknown): number {
  if (typeof raw !== "string") return NaN;
  if (raw.length === 10 && hasDateShape(raw)) {
    const year = fourDigits(raw, 0);
    const month = twoDigits(raw, 5);
    const day = twoDigits(raw, 8);
    return isValidDate(year, month, day) ? daysFromCivil(year, month, day) : NaN;
  }
  const d = parseDate(raw);
  return d === null ? NaN : daysFromCivil(d.year, d.month, d.day);
}

/** A FEEL date's day number, as `epochDay` gives it for the date's text; NaN for any other value (a date and time, null). */
export const dateDay = (v: unknown): number => (v instanceof FeelDate ? daysFromCivil(v.year, v.month, v.day) : NaN);
