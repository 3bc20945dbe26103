// Whole seconds on plain numbers: the fast path of temporal arithmetic and comparison. A
// date-time's wall clock in whole seconds since 1970 is a safe integer for about ±285 million
// years, far beyond the years people use (1..9999 need 12 digits); beyond that, and for fractions
// of a second, the callers fall back to BigInt nanoseconds (instant.ts), which cover FEEL's whole
// range. Every function here answers null where the number would not be exact.
import type { Decimal } from "../decimal.js";
import { type Civil, civilFromDays, daysFromCivil } from "./calendar.js";

export const SECONDS_PER_DAY = 86_400;

/**
 * Operands are kept within ±2^52, so that the sum of two, or one less an offset, is computed exactly
 * (every integer of magnitude up to 2^53 is a double); a sum is kept only when it is a safe integer.
 */
const OPERAND_LIMIT = 2 ** 52;
const operand = (n: number): number | null => (Number.isInteger(n) && Math.abs(n) <= OPERAND_LIMIT ? n : null);

/** Seconds since 1970-01-01T00:00:00 of a wall clock (a date at midnight when no time is given). */
export function wallSeconds(f: Civil & { hour?: number; minute?: number; second?: number }): number | null {
  const days = daysFromCivil(f.year, f.month, f.day);
  return operand(days * SECONDS_PER_DAY + (f.hour ?? 0) * 3600 + (f.minute ?? 0) * 60 + (f.second ?? 0));
}

/** A duration's seconds when they are a whole, safe number. */
export function wholeSeconds(seconds: Decimal): number | null {
  if (!seconds.isInteger()) return null;
  return operand(seconds.toNumber());
}

/** The sum, when it is still exact. */
export const safeSum = (a: number, b: number): number | null => (Number.isSafeInteger(a + b) ? a + b : null);

/** The clock of a count of whole seconds into a day (0 to 86,399). */
export const clockOfDay = (rest: number): { hour: number; minute: number; second: number } => ({
  hour: Math.floor(rest / 3600),
  minute: Math.floor(rest / 60) % 60,
  second: rest % 60,
});

/**
 * The calendar day and the seconds into it of a safe count of seconds since 1970. The floored
 * quotient is exact: below 2^53 seconds there are fewer than 2^37 days, where a double's spacing
 * (at most 2^-16) is finer than twice the distance (1/86,400) from any true quotient to the next
 * whole day, so rounding never reaches it.
 */
export function dayAndSeconds(total: number): Civil & { hour: number; minute: number; second: number } {
  const days = Math.floor(total / SECONDS_PER_DAY);
  const rest = total - days * SECONDS_PER_DAY;
  const c = civilFromDays(days);
  const t = clockOfDay(rest);
  return { year: c.year, month: c.month, day: c.day, hour: t.hour, minute: t.minute, second: t.second };
}
