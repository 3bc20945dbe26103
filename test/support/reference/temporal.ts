// Dates, times, date-times and the two duration kinds (DMN 1.5, 10.3.2.3–10.3.2.8), kept simple:
// a date is a proleptic Gregorian (y, m, d) counted in days from 1970-01-01, a time is seconds
// since midnight with an optional fixed offset. Zones by name are not modelled (the generators
// write none).
import { type Num, dt, num, ym, type RDate, type RDateTime, type RTime, type RValue } from "./values.js";

const DAY = 86400;

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number): number => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;

/** days since 1970-01-01, counted through whole 400-year cycles of 146097 days */
export function epochDay(d: RDate): number {
  const shift = Math.floor((d.y - 1970) / 400); // whole cycles, leaving a year in [1970, 2370)
  const y = d.y - shift * 400;
  let days = 0;
  for (let year = 1970; year < y; year++) days += isLeap(year) ? 366 : 365;
  for (let m = 1; m < d.m; m++) days += daysInMonth(y, m);
  return days + d.d - 1 + shift * 146097;
}

export function fromEpochDay(n: number): RDate {
  const cycles = Math.floor(n / 146097);
  let rest = n - cycles * 146097;
  let y = 1970;
  while (rest >= (isLeap(y) ? 366 : 365)) rest -= isLeap(y++) ? 366 : 365;
  let m = 1;
  while (rest >= daysInMonth(y, m)) rest -= daysInMonth(y, m++);
  return { t: "date", y: y + cycles * 400, m, d: rest + 1 };
}

const validDate = (y: number, m: number, d: number): boolean => m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
export const makeDate = (y: number, m: number, d: number): RDate | null => (validDate(y, m, d) ? { t: "date", y, m, d } : null);

const DATE = /^(-?\d{4,9})-(\d\d)-(\d\d)$/;
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(Z|[+-]\d\d:\d\d)?$/;
const DURATION = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export function parseDate(s: string): RDate | null {
  const m = DATE.exec(s);
  return m ? makeDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function parseOffset(z: string | undefined): number | null | undefined {
  if (z === undefined) return null;
  if (z === "Z") return 0;
  const h = Number(z.slice(1, 3));
  const min = Number(z.slice(4, 6));
  if (h > 14 || min > 59) return undefined;
  return (z[0] === "-" ? -1 : 1) * (h * 3600 + min * 60);
}

export function parseTime(s: string): RTime | null {
  const m = TIME.exec(s);
  if (!m) return null;
  const [h, min, sec] = [Number(m[1]), Number(m[2]), num(m[3]!)];
  const offset = parseOffset(m[4]);
  if (h > 23 || min > 59 || sec.gte(60) || offset === undefined) return null;
  return { t: "time", secs: sec.plus(h * 3600 + min * 60), offset };
}

export function parseDateTime(s: string): RDateTime | null {
  const i = s.indexOf("T");
  if (i < 0) {
    const date = parseDate(s);
    return date && { t: "date and time", date, time: { t: "time", secs: num(0), offset: null } };
  }
  const date = parseDate(s.slice(0, i));
  const time = parseTime(s.slice(i + 1));
  return date && time && { t: "date and time", date, time };
}

export function parseDuration(s: string): RValue {
  const m = DURATION.exec(s);
  if (!m || s.endsWith("P") || s.endsWith("T")) return null;
  const sign = m[1] ? -1 : 1;
  const [years, months, days, hours, minutes] = [2, 3, 4, 5, 6].map((i) => (m[i] === undefined ? undefined : Number(m[i])));
  const seconds = m[7];
  const yearMonth = years !== undefined || months !== undefined;
  const dayTime = days !== undefined || hours !== undefined || minutes !== undefined || seconds !== undefined;
  if (yearMonth && dayTime) return null;
  if (yearMonth) return ym(sign * ((years ?? 0) * 12 + (months ?? 0)) || 0);
  const secs = num(seconds ?? 0).plus(((days ?? 0) * 24 + (hours ?? 0)) * 3600 + (minutes ?? 0) * 60);
  return dt(sign < 0 ? secs.neg() : secs);
}

/** `@"..."` and the one-argument conversions: whichever temporal the text spells */
export const parseTemporal = (s: string): RValue =>
  s.startsWith("P") || s.startsWith("-P")
    ? parseDuration(s)
    : s.includes("T")
      ? parseDateTime(s)
      : s.includes(":")
        ? parseTime(s)
        : parseDate(s);

// ---- instants ----

/** seconds since 1970-01-01T00:00:00 in the value's own offset (local time) */
export const localSeconds = (v: RDateTime): Num => v.time.secs.plus(epochDay(v.date) * DAY);
/** seconds since the epoch in UTC; a local value is read as if at UTC (only compared with other local values) */
export const instant = (v: RDateTime): Num => localSeconds(v).minus(v.time.offset ?? 0);

export function fromLocalSeconds(secs: Num, offset: number | null): RDateTime {
  const days = secs.div(DAY).floor();
  return {
    t: "date and time",
    date: fromEpochDay(days.toNumber()),
    time: { t: "time", secs: secs.minus(days.times(DAY)), offset },
  };
}

export const timeInstant = (v: RTime): Num => v.secs.minus(v.offset ?? 0);

export function addMonths(d: RDate, months: number): RDate {
  const total = d.y * 12 + (d.m - 1) + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  return { t: "date", y, m, d: Math.min(d.d, daysInMonth(y, m)) };
}

/** ISO week number (weeks start on Monday; week 1 holds the year's first Thursday) */
export const weekday = (d: RDate): number => ((((epochDay(d) + 3) % 7) + 7) % 7) + 1;
export function isoWeek(d: RDate): number {
  const thursday = fromEpochDay(epochDay(d) - weekday(d) + 4);
  return Math.floor((epochDay(thursday) - epochDay({ t: "date", y: thursday.y, m: 1, d: 1 })) / 7) + 1;
}

// ---- text ----

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
export const formatDate = (d: RDate): string => (d.y < 0 ? "-" + pad(-d.y, 4) : pad(d.y, 4)) + `-${pad(d.m)}-${pad(d.d)}`;
function formatOffset(o: number | null): string {
  if (o === null) return "";
  if (o === 0) return "Z";
  const a = Math.abs(o);
  return `${o < 0 ? "-" : "+"}${pad(Math.floor(a / 3600))}:${pad(Math.floor((a % 3600) / 60))}`;
}
export function formatTime(t: RTime): string {
  const whole = t.secs.floor().toNumber();
  const frac = t.secs.minus(whole);
  const s = pad(whole % 60) + (frac.isZero() ? "" : frac.toFixed().slice(1));
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${s}${formatOffset(t.offset)}`;
}
export const formatDateTime = (v: RDateTime): string => `${formatDate(v.date)}T${formatTime(v.time)}`;

export function formatDaysTime(secs: Num): string {
  if (secs.isZero()) return "PT0S";
  const a = secs.abs();
  const whole = a.floor();
  const days = whole.div(DAY).floor();
  const rem = whole.minus(days.times(DAY)).toNumber();
  const [h, m, s] = [Math.floor(rem / 3600), Math.floor((rem % 3600) / 60), a.minus(whole).plus(rem % 60)];
  const time = (h ? `${h}H` : "") + (m ? `${m}M` : "") + (s.isZero() ? "" : `${s.toFixed()}S`);
  return `${secs.isNeg() ? "-" : ""}P${days.isZero() ? "" : `${days.toFixed()}D`}${time ? `T${time}` : ""}`;
}
export function formatYearsMonths(months: number): string {
  const a = Math.abs(months);
  const [y, m] = [Math.floor(a / 12), a % 12];
  return `${months < 0 ? "-" : ""}P${y ? `${y}Y` : ""}${m || !y ? `${m}M` : ""}`;
}
