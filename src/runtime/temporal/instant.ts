// Exact time-line arithmetic: a date-time's wall clock (or its UTC instant) as a BigInt count
// of nanoseconds since 1970-01-01T00:00:00, and the conversions to and from FEEL values.
import { Decimal } from "../decimal.js";
import { type FeelDate, FeelDateTime, FeelTime } from "../values.js";
import { MAX_YEAR, MIN_YEAR, civilFromDays, daysFromCivil } from "./calendar.js";
import { offsetAtInstant, resolveLocal } from "./zones.js";

export const NS_PER_SECOND = 1_000_000_000n;
export const NS_PER_DAY = 86_400n * NS_PER_SECOND;

const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};
const floorMod = (a: bigint, b: bigint): bigint => a - floorDiv(a, b) * b;

export interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  nanos: number;
}

export function nanosOfDay(t: { hour: number; minute: number; second: number; nanos: number }): bigint {
  return BigInt(t.hour * 3600 + t.minute * 60 + t.second) * NS_PER_SECOND + BigInt(t.nanos);
}

/** A day's date with a clock's time, written out in full (a spread is a slow path in V8). */
export const atTime = (
  d: { year: number; month: number; day: number },
  t: { hour: number; minute: number; second: number; nanos: number },
): Fields => ({
  year: d.year,
  month: d.month,
  day: d.day,
  hour: t.hour,
  minute: t.minute,
  second: t.second,
  nanos: t.nanos,
});

/** Wall-clock nanoseconds of a date-time (its offset ignored). */
export function localNanos(f: Fields): bigint {
  return BigInt(daysFromCivil(f.year, f.month, f.day)) * NS_PER_DAY + nanosOfDay(f);
}

export function dateNanos(d: FeelDate): bigint {
  return BigInt(daysFromCivil(d.year, d.month, d.day)) * NS_PER_DAY;
}

export function fieldsOf(ns: bigint): Fields {
  const days = floorDiv(ns, NS_PER_DAY);
  const rest = ns - days * NS_PER_DAY;
  const secs = Number(rest / NS_PER_SECOND);
  const { year, month, day } = civilFromDays(Number(days));
  // a literal with every field (a spread followed by more fields is a slow path in V8, ~2 µs)
  return {
    year,
    month,
    day,
    hour: Math.floor(secs / 3600),
    minute: Math.floor(secs / 60) % 60,
    second: secs % 60,
    nanos: Number(rest % NS_PER_SECOND),
  };
}

const inRange = (year: number) => year >= MIN_YEAR && year <= MAX_YEAR;

/** A date-time from wall-clock nanoseconds; a zoned one gets the zone's offset there. Null out of range. */
export function dateTimeFromLocal(ns: bigint, offset: number | null, zone: string | null): FeelDateTime | null {
  let local = ns;
  let off = offset;
  if (zone !== null) {
    const days = Number(floorDiv(ns, NS_PER_DAY));
    const secs = Number(floorMod(ns, NS_PER_DAY) / NS_PER_SECOND);
    const r = resolveLocal(zone, days, secs);
    off = r.offset;
    local = ns + BigInt(r.shift) * NS_PER_SECOND;
  }
  const f = fieldsOf(local);
  if (!inRange(f.year)) return null;
  return new FeelDateTime(f.year, f.month, f.day, f.hour, f.minute, f.second, f.nanos, off, zone);
}

/** A date-time at a UTC instant, shown in the given offset or zone. */
export function dateTimeFromUtc(utc: bigint, offset: number, zone: string | null): FeelDateTime | null {
  let off = offset;
  if (zone !== null) {
    const days = Number(floorDiv(utc, NS_PER_DAY));
    const secs = Number(floorMod(utc, NS_PER_DAY) / NS_PER_SECOND);
    off = offsetAtInstant(zone, days, secs);
  }
  const f = fieldsOf(utc + BigInt(off) * NS_PER_SECOND);
  if (!inRange(f.year)) return null;
  return new FeelDateTime(f.year, f.month, f.day, f.hour, f.minute, f.second, f.nanos, off, zone);
}

/** UTC nanoseconds of a date-time that has an offset. */
export function utcNanos(dt: FeelDateTime): bigint {
  return localNanos(dt) - BigInt(dt.offset ?? 0) * NS_PER_SECOND;
}

/** A time of day from nanoseconds, wrapped around midnight. */
export function timeFromNanos(ns: bigint, offset: number | null, zone: string | null): FeelTime {
  const f = fieldsOf(floorMod(ns, NS_PER_DAY));
  return new FeelTime(f.hour, f.minute, f.second, f.nanos, offset, zone);
}

// Whole seconds (the common case: days, hours) go through a JS number, which is exact while it is
// a safe integer; anything else through text.
export function secondsToNanos(seconds: Decimal): bigint {
  const whole = seconds.toNumber();
  if (Number.isSafeInteger(whole) && seconds.isInteger()) return BigInt(whole) * NS_PER_SECOND;
  // nine places written out: exact however large (seconds × 10^9 could pass the largest decimal)
  return BigInt(seconds.toDecimalPlaces(9, Decimal.ROUND_DOWN).toFixed(9).replace(".", ""));
}

export function nanosToSeconds(ns: bigint): Decimal {
  if (ns % NS_PER_SECOND === 0n) {
    const whole = Number(ns / NS_PER_SECOND);
    if (Number.isSafeInteger(whole)) return new Decimal(whole);
  }
  return new Decimal(ns.toString()).div(1e9);
}
