// String formats of the input schema, as FEEL reads temporal values: times and date-times may
// be local (no offset) or carry an offset or an IANA zone (`@Europe/Paris`); durations may be
// negative. The names are JSON Schema's, so other consumers still understand the schema.
import { fullFormats } from "ajv-formats/dist/formats.js";

const DATE = /^(-?\d{4,})-(\d\d)-(\d\d)$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-](0\d|1[0-4]):[0-5]\d|@[A-Za-z][\w+\-/]*)?$/;
const DURATION = /^-?P(?!$)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

const isDate = (s: string): boolean => {
  const m = DATE.exec(s);
  if (!m) return false;
  // four-digit years go through the calendar check (month lengths, leap years)
  const check = (fullFormats.date as { validate: (s: string) => boolean }).validate;
  return m[1]!.length === 4 ? check(s) : Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[3]) >= 1 && Number(m[3]) <= 31;
};

const isTime = (s: string): boolean => TIME.test(s);

const isDateTime = (s: string): boolean => {
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
