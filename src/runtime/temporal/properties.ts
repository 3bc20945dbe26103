// Properties of temporal values (DMN 1.5 Tables 65 and 66). Duration components carry the
// duration's sign (-PT1H30M has hours -1 and minutes -30). A duration property of the other
// duration kind is null, as the spec says; a name no temporal kind has is undefined.
import { Decimal } from "../decimal.js";
import { DaysTimeDuration } from "../values.js";
import type { FeelDate, FeelDateTime, FeelTime, FeelValue, TemporalValue, YearsMonthsDuration } from "../values.js";
import { isoWeekday } from "./calendar.js";
import { type DaysTimeParts, daysTimeParts, hoursOf, minutesOf, secondsOf } from "./days-time-parts.js";

const n = (v: number) => new Decimal(v);

type Getter<T> = (v: T) => FeelValue;

const dateProps: Record<string, Getter<FeelDate | FeelDateTime>> = {
  year: (d) => n(d.year),
  month: (d) => n(d.month),
  day: (d) => n(d.day),
  weekday: (d) => n(isoWeekday(d.year, d.month, d.day)),
};

const timeProps: Record<string, Getter<FeelTime | FeelDateTime>> = {
  hour: (t) => n(t.hour),
  minute: (t) => n(t.minute),
  second: (t) => n(t.second).plus(n(t.nanos).div(1e9)),
  "time offset": (t) => (t.offset === null ? null : new DaysTimeDuration(n(t.offset))),
  timezone: (t) => t.zone,
};

const DAYS_TIME = ["days", "hours", "minutes", "seconds"] as const;

const DAYS_TIME_PARTS: Record<(typeof DAYS_TIME)[number], (p: DaysTimeParts) => Decimal> = {
  days: (p) => new Decimal(p.days),
  hours: (p) => n(hoursOf(p)),
  minutes: (p) => n(minutesOf(p)),
  seconds: secondsOf,
};

function daysTimePart(d: DaysTimeDuration, unit: (typeof DAYS_TIME)[number]): Decimal {
  const p = daysTimeParts(d.seconds);
  const part = DAYS_TIME_PARTS[unit](p);
  return p.negative && !part.isZero() ? part.neg() : part;
}

function yearsMonthsPart(d: YearsMonthsDuration, unit: "years" | "months"): Decimal {
  const abs = Math.abs(d.months);
  const part = unit === "years" ? Math.floor(abs / 12) : abs % 12;
  return n(d.months < 0 && part !== 0 ? -part : part);
}

const YEARS_MONTHS = ["years", "months"] as const;

function durationProperty(v: DaysTimeDuration | YearsMonthsDuration, name: string): FeelValue | undefined {
  const dtUnit = DAYS_TIME.find((u) => u === name);
  const ymUnit = YEARS_MONTHS.find((u) => u === name);
  if (dtUnit) return v.kind === "days and time duration" ? daysTimePart(v, dtUnit) : null;
  if (ymUnit) return v.kind === "years and months duration" ? yearsMonthsPart(v, ymUnit) : null;
  return undefined;
}

/** Own entries only: a name like "constructor" must not reach Object.prototype. */
const own = <T>(table: Record<string, T>, name: string): T | undefined => (Object.hasOwn(table, name) ? table[name] : undefined);

export function temporalProperty(v: TemporalValue, name: string): FeelValue | undefined {
  switch (v.kind) {
    case "date":
      return own(dateProps, name)?.(v);
    case "time":
      return own(timeProps, name)?.(v);
    case "date and time":
      return (own(dateProps, name) ?? own(timeProps, name))?.(v);
    default:
      return durationProperty(v, name);
  }
}
