// Temporal built-in functions of DMN 1.5 (10.3.4.1 conversions, 10.3.4.8 temporal functions,
// 10.3.4.11 now/today) with the spec's parameter names. Bad arguments give null and a problem.
import { Decimal, isDecimal } from "../decimal.js";
import { problem } from "../problems.js";
import { DaysTimeDuration, FeelDate, FeelDateTime, FeelTime, YearsMonthsDuration } from "../values.js";
import type { FeelValue } from "../values.js";
import { madeGroup, ofKind, T, type BuiltinDef, type BuiltinResult } from "../builtins/def.js";
import { dayOfYear, isValidDate, isoWeekOfYear, isoWeekday, monthsBetween } from "./calendar.js";
import { nowMillis } from "./clock.js";
import { atTime, dateTimeFromLocal, dateTimeFromUtc, localNanos, NS_PER_SECOND, secondsToNanos } from "./instant.js";
import { dateRangeFault, durationRangeFault, parseDate, parseDateTime, parseDuration, parseTime } from "./parse.js";
import { MAX_OFFSET_SECONDS } from "./plain-form.js";
import { describe, isTemporalValue } from "../kinds.js";
import { temporalToString } from "./format.js";

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A value as a problem message shows it: a temporal or a number as FEEL writes it, anything else described (a long string cut, a list or context by its kind). */
const shown = (v: FeelValue | undefined): string =>
  v === null || v === undefined ? "null" : isTemporalValue(v) ? temporalToString(v) : describe(v);

function bad(fn: string, what: string, v: FeelValue | undefined): null {
  return problem(`${fn}: ${what} (got ${shown(v)})`);
}

const isDateLike = (v: FeelValue | undefined): v is FeelDate | FeelDateTime => v instanceof FeelDate || v instanceof FeelDateTime;

/** `from` read by `parse`; a string it does not read is a problem saying why: a value out of range (`rangeFault`) or no form. */
function fromString<T>(
  fn: string,
  parse: (s: string) => T | null,
  from: FeelValue | undefined,
  rangeFault: (s: string) => string | null = () => null,
): T | null {
  if (typeof from !== "string") return bad(fn, "expects a string", from);
  return parse(from) ?? bad(fn, rangeFault(from) ?? "not a valid string form", from);
}

function date(from: FeelValue): FeelValue {
  if (from instanceof FeelDateTime || from instanceof FeelDate) return new FeelDate(from.year, from.month, from.day);
  return fromString("date", parseDate, from, dateRangeFault);
}

const wholeNumber = (v: FeelValue | undefined): number | null =>
  isDecimal(v) && v.isInteger() && v.abs().lte(Number.MAX_SAFE_INTEGER) ? v.toNumber() : null;

function dateOfParts(year: FeelValue, month: FeelValue, day: FeelValue): FeelValue {
  const [y, m, d] = [wholeNumber(year), wholeNumber(month), wholeNumber(day)];
  if (y === null || m === null || d === null || !isValidDate(y, m, d)) {
    return problem(`date: no such date (${shown(year)}, ${shown(month)}, ${shown(day)})`);
  }
  return new FeelDate(y, m, d);
}

function dateAndTime(from: FeelValue): FeelValue {
  if (from instanceof FeelDateTime) return from;
  return fromString("date and time", parseDateTime, from, dateRangeFault);
}

function dateAndTimeOf(date: FeelValue, time: FeelValue): FeelValue {
  if (!isDateLike(date)) return bad("date and time", "date must be a date or date and time", date);
  if (!(time instanceof FeelTime)) return bad("date and time", "time must be a time", time);
  // the fields as they are (a valid date and a time of day), unless a zone must find its offset
  if (time.zone === null) {
    return new FeelDateTime(date.year, date.month, date.day, time.hour, time.minute, time.second, time.nanos, time.offset, null);
  }
  // a zoned time takes the zone's offset on this date, not the one it carried
  return dateTimeFromLocal(localNanos(atTime(date, time)), null, time.zone);
}

function time(from: FeelValue): FeelValue {
  if (from instanceof FeelTime) return from;
  if (from instanceof FeelDateTime) {
    return new FeelTime(from.hour, from.minute, from.second, from.nanos, from.offset, from.zone);
  }
  // a date converts to a date and time at UTC midnight (DMN 1.5 10.3.2.9.4)
  if (from instanceof FeelDate) return new FeelTime(0, 0, 0, 0, 0, null);
  return fromString("time", parseTime, from);
}

function timeOfParts(hour: FeelValue, minute: FeelValue, second: FeelValue, offset: FeelValue = null): FeelValue {
  const [h, m] = [wholeNumber(hour), wholeNumber(minute)];
  const s = isDecimal(second) ? second : null;
  if (h === null || m === null || s === null || h < 0 || h > 23 || m < 0 || m > 59 || s.isNeg() || s.gte(60)) {
    return problem(`time: no such time (${shown(hour)}, ${shown(minute)}, ${shown(second)})`);
  }
  let off: number | null = null;
  if (offset !== null && offset !== undefined) {
    if (!(offset instanceof DaysTimeDuration)) return bad("time", "offset must be a days and time duration", offset);
    if (!offset.seconds.isInteger() || offset.seconds.abs().gt(MAX_OFFSET_SECONDS)) {
      return bad("time", "offset must be whole seconds within ±18 hours", offset);
    }
    off = offset.seconds.toNumber();
  }
  const ns = secondsToNanos(s);
  return new FeelTime(h, m, Number(ns / NS_PER_SECOND), Number(ns % NS_PER_SECOND), off, null);
}

function duration(from: FeelValue): FeelValue {
  if (from instanceof DaysTimeDuration || from instanceof YearsMonthsDuration) return from;
  return fromString("duration", parseDuration, from, durationRangeFault);
}

function yearsAndMonthsDuration(from: FeelValue, to: FeelValue): FeelValue {
  if (!isDateLike(from)) return bad("years and months duration", "from must be a date or date and time", from);
  if (!isDateLike(to)) return bad("years and months duration", "to must be a date or date and time", to);
  // whole months between the calendar dates; like the TCK, the time of day does not count
  return new YearsMonthsDuration(monthsBetween(from, to) || 0);
}

function now(): FeelValue {
  const ms = BigInt(Math.floor(nowMillis())) * 1_000_000n;
  return dateTimeFromUtc(ms, 0, null);
}

function today(): FeelValue {
  const dt = now();
  return dt instanceof FeelDateTime ? new FeelDate(dt.year, dt.month, dt.day) : null;
}

function onDate<T extends FeelValue>(fn: string, f: (y: number, m: number, d: number) => T) {
  return (date: FeelValue): FeelValue =>
    isDateLike(date) ? f(date.year, date.month, date.day) : bad(fn, "expects a date or date and time", date);
}

const one = (
  name: string,
  result: BuiltinResult,
  description: string,
  param: string,
  impl: (v: FeelValue) => FeelValue,
): Omit<BuiltinDef, "kind"> => ({
  name,
  result,
  description,
  signatures: [{ params: [param], impl }],
});

// one maker a built-in (../builtins/def.ts), so that a bundle keeps those its model names
export const builtinDate = (): BuiltinDef =>
  ofKind("conversion")({
    name: "date",
    result: T.date,
    description: "The date a string spells, the date of a date and time, or the date of a year, month and day.",
    signatures: [
      { params: ["from"], impl: date },
      { params: ["year", "month", "day"], impl: dateOfParts },
    ],
  });
export const builtinDateAndTime = (): BuiltinDef =>
  ofKind("conversion")({
    name: "date and time",
    result: T.dateTime,
    description: "The date and time a string spells, or a date (or date and time) at a time.",
    signatures: [
      { params: ["from"], impl: dateAndTime },
      { params: ["date", "time"], impl: dateAndTimeOf },
    ],
  });
export const builtinTime = (): BuiltinDef =>
  ofKind("conversion")({
    name: "time",
    result: T.time,
    description: "The time a string spells, the time of a date and time, or a time of hour, minute, second and optional offset.",
    signatures: [
      { params: ["from"], impl: time },
      { params: ["hour", "minute", "second", "offset"], required: 3, impl: timeOfParts },
    ],
  });
export const builtinDuration = (): BuiltinDef =>
  ofKind("conversion")(
    one("duration", "duration literal", "The duration an ISO 8601 string spells: years and months, or days and time.", "from", duration),
  );
export const builtinYearsAndMonthsDuration = (): BuiltinDef =>
  ofKind("conversion")({
    name: "years and months duration",
    result: T.yearsMonths,
    description: "The whole years and months from one date (or date and time) to another.",
    signatures: [{ params: ["from", "to"], impl: yearsAndMonthsDuration }],
  });
export const builtinNow = (): BuiltinDef =>
  ofKind("temporal")({
    name: "now",
    result: T.dateTime,
    description: "The current date and time, in UTC.",
    impure: true,
    signatures: [{ params: [], impl: now }],
  });
export const builtinToday = (): BuiltinDef =>
  ofKind("temporal")({
    name: "today",
    result: T.date,
    description: "The current date, in UTC.",
    impure: true,
    signatures: [{ params: [], impl: today }],
  });
export const builtinDayOfYear = (): BuiltinDef =>
  ofKind("temporal")(
    one(
      "day of year",
      T.number,
      "The day of the year, from 1.",
      "date",
      onDate("day of year", (y, m, d) => new Decimal(dayOfYear(y, m, d))),
    ),
  );
export const builtinDayOfWeek = (): BuiltinDef =>
  ofKind("temporal")(
    one(
      "day of week",
      T.string,
      'The day of the week in English, "Monday" to "Sunday".',
      "date",
      onDate("day of week", (y, m, d) => WEEKDAYS[isoWeekday(y, m, d) - 1]),
    ),
  );
export const builtinMonthOfYear = (): BuiltinDef =>
  ofKind("temporal")(
    one(
      "month of year",
      T.string,
      'The month in English, "January" to "December".',
      "date",
      onDate("month of year", (_y, m) => MONTHS[m - 1]),
    ),
  );
export const builtinWeekOfYear = (): BuiltinDef =>
  ofKind("temporal")(
    one(
      "week of year",
      T.number,
      "The ISO 8601 week of the year, 1 to 53.",
      "date",
      onDate("week of year", (y, m, d) => new Decimal(isoWeekOfYear(y, m, d))),
    ),
  );

export const temporalBuiltins: BuiltinDef[] = /* @__PURE__ */ madeGroup([
  builtinDate,
  builtinDateAndTime,
  builtinTime,
  builtinDuration,
  builtinYearsAndMonthsDuration,
  builtinNow,
  builtinToday,
  builtinDayOfYear,
  builtinDayOfWeek,
  builtinMonthOfYear,
  builtinWeekOfYear,
]);
