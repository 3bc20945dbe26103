// String formats of the input schema, as FEEL reads temporal values: times and date-times may
// be local (no offset) or carry an offset or an IANA zone (`@Europe/Paris`); durations may be
// negative. The names are JSON Schema's, so other consumers still understand the schema.
const DATE = /^(-?\d{4,})-(\d\d)-(\d\d)$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-](0\d|1[0-4]):[0-5]\d|@[A-Za-z][\w+\-/]*)?$/;
const DURATION = /^-?P(?!$)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

/** The two-digit number at s[at], or -1 when either character is not a digit. */
function twoDigits(s: string, at: number): number {
  // no array destructured here or below: the check runs for every date of every state
  const a = s.charCodeAt(at) - 48;
  const b = s.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

const MONTH_DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** s[at, at + 10) is YYYY-MM-DD, a day of the calendar (month lengths, leap years): checked in place. */
function isPlainDate(s: string, at: number): boolean {
  if (s.charCodeAt(at + 4) !== 45 || s.charCodeAt(at + 7) !== 45) return false;
  const high = twoDigits(s, at);
  const low = twoDigits(s, at + 2);
  const month = twoDigits(s, at + 5);
  const day = twoDigits(s, at + 8);
  if (high < 0 || low < 0 || month < 1 || month > 12 || day < 1 || day > MONTH_DAYS[month]!) return false;
  const year = high * 100 + low;
  return month !== 2 || day < 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}

/** s[at, at + 8) is hh:mm:ss: checked in place. */
function isPlainTime(s: string, at: number): boolean {
  if (s.charCodeAt(at + 2) !== 58 || s.charCodeAt(at + 5) !== 58) return false;
  const hours = twoDigits(s, at);
  const minutes = twoDigits(s, at + 3);
  const seconds = twoDigits(s, at + 6);
  return hours >= 0 && hours <= 23 && minutes >= 0 && minutes <= 59 && seconds >= 0 && seconds <= 59;
}

// The commonest shapes (YYYY-MM-DD, hh:mm:ss and the two joined by T, exactly those lengths) are
// checked character by character, with the calendar (month lengths, leap years); the patterns above
// take the rest. A four-digit year is always that length, so the other dates are those of a sign or
// more digits, which are checked for a month and a day in range only.
const isDate = (s: string): boolean => {
  if (s.length === 10) return isPlainDate(s, 0);
  const m = DATE.exec(s);
  return m !== null && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[3]) >= 1 && Number(m[3]) <= 31;
};

const isTime = (s: string): boolean => (s.length === 8 ? isPlainTime(s, 0) : TIME.test(s));

const isDateTime = (s: string): boolean => {
  if (s.length === 19 && s.charCodeAt(10) === 84) return isPlainDate(s, 0) && isPlainTime(s, 11);
  const t = s.indexOf("T");
  return t > 0 && isDate(s.slice(0, t)) && isTime(s.slice(t + 1));
};

export const FEEL_FORMATS: Record<string, (s: string) => boolean> = {
  date: isDate,
  time: isTime,
  "date-time": isDateTime,
  duration: (s) => DURATION.test(s),
};

/** What each format looks like, for error messages. */
export const FORMAT_HINTS: Record<string, string> = {
  date: "a date (YYYY-MM-DD)",
  time: "a time (hh:mm:ss, optionally with an offset or @zone)",
  "date-time": "a date and time (YYYY-MM-DDThh:mm:ss, optionally with an offset or @zone)",
  duration: "a duration (ISO 8601, e.g. P1Y2M or P3DT4H)",
};
