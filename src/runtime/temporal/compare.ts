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

/** Whole seconds comparable across both values (both numbers, or both BigInts), and whether both are local or both pinned. */
function secondsPair(a: FeelTime | FeelDateTime, b: FeelTime | FeelDateTime): [number, number, boolean] | [bigint, bigint, boolean] {
  const bothPinned = a.offset !== null && b.offset !== null;
  const [x, y] = [localSeconds(a), localSeconds(b)];
  const [dx, dy] = bothPinned ? [a.offset!, b.offset!] : [0, 0];
  if (typeof x === "number" && typeof y === "number") return [x - dx, y - dy, bothPinned || a.offset === b.offset];
  return [BigInt(x) - BigInt(dx), BigInt(y) - BigInt(dy), bothPinned || a.offset === b.offset];
}

function compareClock(a: FeelTime | FeelDateTime, b: FeelTime | FeelDateTime): number {
  const [x, y] = secondsPair(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function equalClock(a: FeelTime | FeelDateTime, b: FeelTime | FeelDateTime): boolean {
  const [x, y, sameKind] = secondsPair(a, b);
  return sameKind && x === y;
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
      return compareClock(a, b as FeelTime | FeelDateTime);
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
