// Equality and ordering of temporal values (DMN 1.5 Tables 53 and 54).
//
// - Times and date-times compare by their value in whole seconds (the TCK's "value resolution is
//   seconds": 10:30:00.0001 = 10:30:00.0002). Values with an offset or zone compare as instants.
// - Ordering a local value against one with an offset lends the local one the other's offset
//   (Table 54), which amounts to comparing wall clocks. Equality does not: a local time is never
//   equal to one pinned to UTC, as the TCK's (pending) cases intend.
// - A date is not comparable with a date-time here: DMN 1.5 converts dates only where a date and
//   time is the declared target type, which a comparison is not.
// - Durations compare only with durations of the same kind, at full precision.
import type { DaysTimeDuration, FeelDate, FeelDateTime, FeelTime, TemporalValue, YearsMonthsDuration } from "../values.js";
import { daysFromCivil } from "./calendar.js";
import { wallSeconds } from "./safe-seconds.js";

const sign = (n: number | bigint): number => (n > 0 ? 1 : n < 0 ? -1 : 0);

const localSecondsOfDay = (t: FeelTime | FeelDateTime) => t.hour * 3600 + t.minute * 60 + t.second;

/** Whole seconds of the wall clock: a number while safe (safe-seconds.ts), else a BigInt. */
function localSeconds(t: FeelTime | FeelDateTime): number | bigint {
  if (t.kind === "time") return localSecondsOfDay(t);
  return wallSeconds(t) ?? BigInt(daysFromCivil(t.year, t.month, t.day)) * 86_400n + BigInt(localSecondsOfDay(t));
}

/**
 * The sign of a − b in whole seconds: of the wall clocks, or of the instants when both have an
 * offset. On numbers each side less its offset is exact (both below 2^53), and the rounded
 * difference of two doubles has the sign of the exact one.
 */
function clockOrder(a: FeelTime | FeelDateTime, b: FeelTime | FeelDateTime): number {
  const bothPinned = a.offset !== null && b.offset !== null;
  const x = localSeconds(a);
  const y = localSeconds(b);
  const dx = bothPinned ? a.offset! : 0;
  const dy = bothPinned ? b.offset! : 0;
  if (typeof x === "number" && typeof y === "number") return sign(x - dx - (y - dy));
  return sign(BigInt(x) - BigInt(dx) - (BigInt(y) - BigInt(dy)));
}

function equalClock(a: FeelTime | FeelDateTime, b: FeelTime | FeelDateTime): boolean {
  const sameKind = (a.offset !== null && b.offset !== null) || a.offset === b.offset;
  return sameKind && clockOrder(a, b) === 0;
}

function compareDates(a: FeelDate, b: FeelDate): number {
  return sign(a.year - b.year) || sign(a.month - b.month) || sign(a.day - b.day);
}

export function temporalCompare(a: TemporalValue, b: TemporalValue): number | null {
  if (a.kind !== b.kind) return null;
  switch (a.kind) {
    case "date":
      return compareDates(a, b as FeelDate);
    case "time":
    case "date and time":
      return clockOrder(a, b as FeelTime | FeelDateTime);
    case "days and time duration":
      return a.seconds.cmp((b as DaysTimeDuration).seconds);
    case "years and months duration":
      return sign(a.months - (b as YearsMonthsDuration).months);
  }
}

export function temporalEquals(a: TemporalValue, b: TemporalValue): boolean | null {
  if (a.kind !== b.kind) return null;
  if (a.kind === "time" || a.kind === "date and time") return equalClock(a, b as FeelTime | FeelDateTime);
  return temporalCompare(a, b) === 0;
}
