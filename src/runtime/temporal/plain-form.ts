// The lexical forms states almost always hold, read character by character on small integers: a
// four-digit year's date `YYYY-MM-DD`, and a date-time `YYYY-MM-DDThh:mm:ss` that is local or ends
// in `Z` or `±hh:mm`, on plain numbers. These readers answer only where the general reader (parse.ts: regular
// expressions, BigInt nanoseconds) would answer with the fields as written; anything else —
// fractions of a second, other years, 24:00:00, zones, invalid fields — is `undefined`, and the
// general reader decides, so both agree on every string.
import { FeelDate, FeelDateTime } from "../values.js";
import { isValidDate } from "./calendar.js";

/** The largest offset java.time and XML Schema processors accept. */
export const MAX_OFFSET_SECONDS = 18 * 3600;

const [HYPHEN, PLUS, COLON, T, Z, LOWER_Z] = ["-", "+", ":", "T", "Z", "z"].map((c) => c.charCodeAt(0));

/** The digit at i, NaN when it is not one (so any field holding it is NaN and fails every check). */
const digit = (s: string, i: number): number => {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
};

export const twoDigits = (s: string, i: number): number => digit(s, i) * 10 + digit(s, i + 1);

export const fourDigits = (s: string, i: number): number => twoDigits(s, i) * 100 + twoDigits(s, i + 2);

/** Whether s starts like `YYYY-MM-DD` (its digits are checked by reading them). */
export const hasDateShape = (s: string): boolean => s.length >= 10 && s.charCodeAt(4) === HYPHEN && s.charCodeAt(7) === HYPHEN;

/** An offset's seconds east of UTC, as both readers work it out (a `-00:00` stays a negative zero). */
export const signedOffset = (negative: boolean, hours: number, minutes: number, seconds: number): number =>
  (negative ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds);

export function plainDate(s: string): FeelDate | undefined {
  if (s.length !== 10 || !hasDateShape(s)) return undefined;
  const year = fourDigits(s, 0);
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  return isValidDate(year, month, day) ? new FeelDate(year, month, day) : undefined;
}

/** The offset written from index i to the end: null for none, undefined when it is not a plain one. */
function plainOffset(s: string, i: number): number | null | undefined {
  const rest = s.length - i;
  const c = s.charCodeAt(i);
  if (rest === 0) return null;
  if (rest === 1) return c === Z || c === LOWER_Z ? 0 : undefined;
  if (rest !== 6 || (c !== PLUS && c !== HYPHEN) || s.charCodeAt(i + 3) !== COLON) return undefined;
  const minutes = twoDigits(s, i + 4);
  if (!(minutes <= 59)) return undefined;
  const offset = signedOffset(c === HYPHEN, twoDigits(s, i + 1), minutes, 0);
  return Math.abs(offset) <= MAX_OFFSET_SECONDS ? offset : undefined;
}

export function plainDateTime(s: string): FeelDateTime | undefined {
  if (!hasDateShape(s)) return undefined;
  const year = fourDigits(s, 0);
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  if (s.length === 10) return isValidDate(year, month, day) ? new FeelDateTime(year, month, day, 0, 0, 0, 0, null, null) : undefined;
  if (s.length < 19 || s.charCodeAt(10) !== T || s.charCodeAt(13) !== COLON || s.charCodeAt(16) !== COLON) return undefined;
  const hour = twoDigits(s, 11);
  const minute = twoDigits(s, 14);
  const second = twoDigits(s, 17);
  const offset = plainOffset(s, 19);
  if (offset === undefined || !(hour <= 23 && minute <= 59 && second <= 59) || !isValidDate(year, month, day)) return undefined;
  return new FeelDateTime(year, month, day, hour, minute, second, 0, offset, null);
}
