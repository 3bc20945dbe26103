// The calendar of a date (runtime/temporal/calendar.ts): `day of year`, `week of year`, `day of
// week`, `month of year` and `.weekday`, from the dialect's days between two dates, its date parts
// and its moves by days and months — the proleptic Gregorian calendar both dialects and FEEL keep,
// before year 1 too. Each reads the date bound once to a column, and is at that column's depth.
import { MONTHS, WEEKDAYS } from "../../runtime/temporal/builtins.js";
import type { SqlContext } from "./context.js";
import { stringLiteral } from "./dialects.js";
import type { SqlValue } from "./values.js";

/** A Monday: the ISO weekday is counted from it. */
const MONDAY = "0001-01-01";

/** A whole number (or a name) computed from the bound date `d`. */
const of = (d: SqlValue, sql: string, kind: SqlValue["kind"] = "number"): SqlValue => ({ sql, kind, depth: d.depth });

/** The ISO weekday, 1 (Monday) to 7: the days since a Monday modulo 7, floored (a date before it too). */
export function isoWeekday(date: SqlValue, cx: SqlContext): SqlValue {
  const { dialect } = cx;
  const d = cx.layers.bind(date);
  const r = dialect.remainder(dialect.daysBetween(d.sql, dialect.date(MONDAY)), "7");
  return of(d, `(${dialect.remainder(`(${r} + 7)`, "7")} + 1)`);
}

/** The day of the year, from 1: the days since its 1 January (the date moved back its months, then its days) plus one. */
export function dayOfYear(date: SqlValue, cx: SqlContext): SqlValue {
  const { dialect } = cx;
  const d = cx.layers.bind(date);
  const january = dialect.addMonths(d.sql, `(1 - ${dialect.datePart("month", d.sql)})`);
  return of(d, `(${dialect.daysBetween(d.sql, dialect.addDays(january, `(1 - ${dialect.datePart("day", d.sql)})`))} + 1)`);
}

/** The ISO week: week 1 holds the year's first Thursday, so a date's week is its Thursday's day of year, div 7, plus one. */
export function isoWeek(date: SqlValue, cx: SqlContext): SqlValue {
  const d = cx.layers.bind(date);
  const thursday = dayOfYear(of(d, cx.dialect.addDays(d.sql, `(4 - ${isoWeekday(d, cx).sql})`), "date"), cx);
  return of(thursday, `(${cx.dialect.quotient(`(${thursday.sql} - 1)`, "7")} + 1)`);
}

/** The English name of a date's weekday or month, as the runtime's. */
export function calendarName(name: "weekday" | "month", date: SqlValue, cx: SqlContext): SqlValue {
  const d = cx.layers.bind(date);
  const [names, n] = name === "weekday" ? [WEEKDAYS, isoWeekday(d, cx).sql] : [MONTHS, cx.dialect.datePart("month", d.sql)];
  return of(d, `CASE ${n} ${names.map((s, i) => `WHEN ${i + 1} THEN ${stringLiteral(s)}`).join(" ")} END`, "string");
}
