// A date string's day number (days since 1970-01-01), for tables that index date columns by
// number: exactly the dates `parseDate` reads, NaN for anything else. The common form, four-digit
// years, is read digit by digit without a regular expression.
import { daysFromCivil, isValidDate } from "./calendar.js";
import { parseDate } from "./parse.js";

const digit = (s: string, i: number): number => {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
};

export function epochDay(raw: unknown): number {
  if (typeof raw !== "string") return NaN;
  if (raw.length === 10 && raw.charCodeAt(4) === 45 && raw.charCodeAt(7) === 45) {
    const year = digit(raw, 0) * 1000 + digit(raw, 1) * 100 + digit(raw, 2) * 10 + digit(raw, 3);
    const month = digit(raw, 5) * 10 + digit(raw, 6);
    const day = digit(raw, 8) * 10 + digit(raw, 9);
    return isValidDate(year, month, day) ? daysFromCivil(year, month, day) : NaN;
  }
  const d = parseDate(raw);
  return d === null ? NaN : daysFromCivil(d.year, d.month, d.day);
}
