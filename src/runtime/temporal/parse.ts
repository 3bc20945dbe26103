// The FEEL lexical forms of temporal values (DMN 1.5 10.3.4.1): XML Schema date, time and
// dateTime strings (years of 4–9 digits, no leading zero beyond four, optional minus), a time
// may end in `@` and an IANA zone instead of an offset; durations are xs:dayTimeDuration or
// xs:yearMonthDuration, never a mix. Anything else yields null.
import { Decimal } from "../decimal.js";
import { DaysTimeDuration, FeelDate, FeelDateTime, FeelTime, YearsMonthsDuration } from "../values.js";
import type { TemporalValue } from "../values.js";
import { isValidDate, MAX_YEAR, MIN_YEAR } from "./calendar.js";
import { NS_PER_DAY, dateTimeFromLocal, localNanos } from "./instant.js";
import { MAX_OFFSET_SECONDS, plainDate, plainDateTime, signedOffset } from "./plain-form.js";
import { isValidZone, standardOffset } from "./zones.js";

const DATE = "(-?(?:[1-9]\\d{4,8}|\\d{4}))-(\\d{2})-(\\d{2})";
const TIME = "(\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d+))?";
const SUFFIX = "(?:([Zz])|([+-])(\\d{2}):(\\d{2})(?::(\\d{2}))?|@([^@\\s]+))?";

const DATE_RE = new RegExp(`^${DATE}$`);
const TIME_RE = new RegExp(`^${TIME}${SUFFIX}$`);
const DATE_TIME_RE = new RegExp(`^${DATE}(?:T${TIME}${SUFFIX})?$`);
const YM_RE = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?$/;
const DT_RE = /^(-)?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d*)?|\.\d+)S)?)?$/;

export function parseDate(text: string): FeelDate | null {
  return plainDate(text) ?? generalDate(text);
}

/** Every date form by regular expression (plain-form.ts reads the common one faster, the same way). */
export function generalDate(text: string): FeelDate | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isValidDate(year, month, day) ? new FeelDate(year, month, day) : null;
}

interface TimeParts {
  hour: number;
  minute: number;
  second: number;
  nanos: number;
  /** 24:00:00 — the end of the day, i.e. midnight of the next one */
  endOfDay: boolean;
  offset: number | null;
  zone: string | null;
}

/** Reads the time groups starting at index i of a match; null when out of range. */
function timeParts(m: RegExpExecArray, i: number): TimeParts | null {
  const hour = Number(m[i]);
  const minute = Number(m[i + 1]);
  const second = Number(m[i + 2]);
  const nanos = m[i + 3] ? Number(m[i + 3].slice(0, 9).padEnd(9, "0")) : 0;
  const endOfDay = hour === 24 && minute === 0 && second === 0 && nanos === 0;
  if ((hour > 23 && !endOfDay) || minute > 59 || second > 59) return null;
  const [z, sign, oh, om, os, zone] = m.slice(i + 4, i + 10);
  let offset: number | null = null;
  if (z) offset = 0;
  if (sign) {
    if (Number(om) > 59 || Number(os ?? 0) > 59) return null;
    offset = signedOffset(sign === "-", Number(oh), Number(om), Number(os ?? 0));
    if (Math.abs(offset) > MAX_OFFSET_SECONDS) return null;
  }
  if (zone !== undefined && !isValidZone(zone)) return null;
  return { hour: endOfDay ? 0 : hour, minute, second, nanos, endOfDay, offset, zone: zone ?? null };
}

export function parseTime(text: string): FeelTime | null {
  const m = TIME_RE.exec(text);
  const t = m && timeParts(m, 1);
  if (!t) return null;
  const offset = t.zone !== null ? standardOffset(t.zone) : t.offset;
  return new FeelTime(t.hour, t.minute, t.second, t.nanos, offset, t.zone);
}

/** A date and time string; a bare date string means midnight, local. */
export function parseDateTime(text: string): FeelDateTime | null {
  return plainDateTime(text) ?? generalDateTime(text);
}

/** Every date and time form, through BigInt nanoseconds (plain-form.ts reads the common ones faster, the same way). */
export function generalDateTime(text: string): FeelDateTime | null {
  const m = DATE_TIME_RE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isValidDate(year, month, day)) return null;
  if (m[4] === undefined) return new FeelDateTime(year, month, day, 0, 0, 0, 0, null, null);
  const t = timeParts(m, 4);
  if (!t) return null;
  const ns = localNanos({ year, month, day, ...t }) + (t.endOfDay ? NS_PER_DAY : 0n);
  return dateTimeFromLocal(ns, t.offset, t.zone);
}

export function parseDuration(text: string): DaysTimeDuration | YearsMonthsDuration | null {
  const ym = YM_RE.exec(text);
  if (ym) {
    if (ym[2] === undefined && ym[3] === undefined) return null;
    const months = Number(ym[2] ?? 0) * 12 + Number(ym[3] ?? 0);
    if (!Number.isSafeInteger(months)) return null;
    return new YearsMonthsDuration(ym[1] ? -months || 0 : months);
  }
  const dt = DT_RE.exec(text);
  if (!dt) return null;
  const [, minus, d, h, mi, s] = dt;
  if (d === undefined && h === undefined && mi === undefined && s === undefined) return null;
  if (text.includes("T") && h === undefined && mi === undefined && s === undefined) return null;
  const seconds = new Decimal(d ?? 0)
    .times(86_400)
    .plus(new Decimal(h ?? 0).times(3600))
    .plus(new Decimal(mi ?? 0).times(60))
    .plus(new Decimal(s === undefined ? 0 : s.endsWith(".") ? s.slice(0, -1) : s));
  // past the largest decimal (about 10^6145 seconds) the duration cannot be represented
  if (!seconds.isFinite()) return null;
  return new DaysTimeDuration(minus && !seconds.isZero() ? seconds.neg() : seconds);
}

/** A date's form (of a date, or the start of a date and time) whose year has more digits than FEEL's years. */
const LONG_YEAR_RE = /^-?[1-9]\d{9,}-\d{2}-\d{2}(?:T|$)/;

/**
 * Why a string of a date's or a date and time's form is no value: its year is past FEEL's range
 * (±999,999,999); null for a string of no such form.
 */
export const dateRangeFault = (text: string): string | null =>
  LONG_YEAR_RE.test(text)
    ? `out of range: a year is between ${MIN_YEAR.toLocaleString("en-US")} and ${MAX_YEAR.toLocaleString("en-US")}`
    : null;

/**
 * Why a string of a duration's form is no value: its months are more than the largest safe
 * integer, or its seconds past the largest decimal; null for a string of no such form or a value.
 */
export function durationRangeFault(text: string): string | null {
  const ym = YM_RE.exec(text);
  if (ym && (ym[2] !== undefined || ym[3] !== undefined) && !Number.isSafeInteger(Number(ym[2] ?? 0) * 12 + Number(ym[3] ?? 0)))
    return `out of range: a years and months duration is at most ${Number.MAX_SAFE_INTEGER.toLocaleString("en-US")} months`;
  if (DT_RE.test(text) && text !== "P" && text !== "-P" && !text.endsWith("T"))
    return "out of range: a days and time duration is at most about 10^6145 seconds (the largest decimal)";
  return null;
}

/** The string of an @"..." literal: whichever temporal form it matches. */
export function parseTemporal(text: string): TemporalValue | null {
  if (text.startsWith("P") || text.startsWith("-P")) return parseDuration(text);
  if (DATE_RE.test(text)) return parseDate(text);
  if (/^-?\d+-/.test(text)) return parseDateTime(text);
  return parseTime(text);
}
