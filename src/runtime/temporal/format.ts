// FEEL string() forms: ISO 8601 extended format, durations normalised (P1DT2H, PT0S, P1Y2M, P0M).
import { daysTimeParts, hoursOf, minutesOf, secondsOf } from "./days-time-parts.js";
import type { DaysTimeDuration, FeelDate, FeelDateTime, FeelTime, TemporalValue, YearsMonthsDuration } from "../values.js";

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

/** The two-digit fields (months, days, hours, minutes, seconds, offsets), written once. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => pad(i, 2));
const two = (n: number): string => TWO_DIGITS[n] ?? pad(n, 2);

function formatDate(d: { year: number; month: number; day: number }): string {
  const year = d.year < 0 ? `-${pad(-d.year, 4)}` : pad(d.year, 4);
  return `${year}-${two(d.month)}-${two(d.day)}`;
}

function fraction(nanos: number): string {
  return nanos === 0 ? "" : `.${pad(nanos, 9).replace(/0+$/, "")}`;
}

function formatOffset(offset: number): string {
  if (offset === 0) return "Z";
  const abs = Math.abs(offset);
  const secs = abs % 60;
  const hm = `${two(Math.floor(abs / 3600))}:${two(Math.floor(abs / 60) % 60)}`;
  return `${offset < 0 ? "-" : "+"}${hm}${secs ? `:${two(secs)}` : ""}`;
}

function formatTime(t: FeelTime | FeelDateTime): string {
  const clock = `${two(t.hour)}:${two(t.minute)}:${two(t.second)}${fraction(t.nanos)}`;
  if (t.zone !== null) return `${clock}@${t.zone}`;
  return t.offset === null ? clock : clock + formatOffset(t.offset);
}

function formatDaysTime(d: DaysTimeDuration): string {
  if (d.seconds.isZero()) return "PT0S";
  const p = daysTimeParts(d.seconds);
  const [hours, minutes] = [hoursOf(p), minutesOf(p)];
  // whole seconds stay a number; toFixed() writes a number and a decimal alike, without exponent
  const seconds = p.fraction === null ? p.rest % 60 : secondsOf(p);
  let time = "";
  if (hours) time += `${hours}H`;
  if (minutes) time += `${minutes}M`;
  if (typeof seconds === "number" ? seconds !== 0 : !seconds.isZero()) time += `${seconds.toFixed()}S`;
  const noDays = typeof p.days === "number" ? p.days === 0 : p.days.isZero();
  return `${p.negative ? "-" : ""}P${noDays ? "" : `${p.days.toFixed()}D`}${time ? `T${time}` : ""}`;
}

function formatYearsMonths(d: YearsMonthsDuration): string {
  const abs = Math.abs(d.months);
  const years = Math.floor(abs / 12);
  const months = abs % 12;
  if (abs === 0) return "P0M";
  return `${d.months < 0 ? "-" : ""}P${years ? `${years}Y` : ""}${months ? `${months}M` : ""}`;
}

export function temporalToString(v: TemporalValue): string {
  switch (v.kind) {
    case "date":
      return formatDate(v as FeelDate);
    case "time":
      return formatTime(v as FeelTime);
    case "date and time":
      return `${formatDate(v as FeelDateTime)}T${formatTime(v as FeelDateTime)}`;
    case "days and time duration":
      return formatDaysTime(v as DaysTimeDuration);
    case "years and months duration":
      return formatYearsMonths(v as YearsMonthsDuration);
  }
}
