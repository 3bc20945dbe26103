// Durations as integers: a days and time duration of whole days as its days (kind `days`), a
// years and months duration as its months (kind `months`), each with the most it can be either
// side of zero (`most`), so that a date moved by one provably stays within both dialects' dates.
// A days and time duration with a part of a day has no kind here and is refused.
import { YearsMonthsDuration, type DaysTimeDuration } from "../../runtime/values.js";
import { unsupported, type SqlContext } from "./context.js";
import { deeper, literal, NULL_VALUE, type SqlKind, type SqlValue } from "./values.js";

/**
 * The most a date is moved: about 4,000 years, so that a date of years 1 to 9999 moved stays within
 * both dialects' dates (PostgreSQL's begin in 4713 BC).
 */
export const MOST_DAYS = 1_460_000;
const MOST_MONTHS = 48_000;

/**
 * The most days a date is moved in all, move after move (a month counted as 31 days): about 4,380
 * years, so that a date of years 1 to 9999 moved stays after PostgreSQL's first date (4713 BC).
 */
const MOST_MOVED = 1_600_000;

/**
 * The most days and months from one date to another: 20,000 years, dates of years 1 to 9999 moved
 * at most the 4,000 years above (more than any date moved by it can be again).
 */
const DATE_SPAN_DAYS = 7_305_000;
const DATE_SPAN_MONTHS = 240_000;

type DurationKind = "days" | "months";

export const isDuration = (v: SqlValue): boolean => v.kind === "days" || v.kind === "months";

const SECONDS_PER_DAY = 86_400;

/** A constant duration as its kind's integer; a part of a day is refused. */
export function durationLiteral(d: DaysTimeDuration | YearsMonthsDuration, cx: SqlContext): SqlValue {
  if (d instanceof YearsMonthsDuration) return integerLiteral(d.months, "months", cx);
  if (!d.seconds.mod(SECONDS_PER_DAY).isZero()) throw unsupported(cx, "a days and time duration with a part of a day");
  return integerLiteral(d.seconds.div(SECONDS_PER_DAY).toNumber(), "days", cx);
}

function integerLiteral(n: number, kind: DurationKind, cx: SqlContext): SqlValue {
  if (!Number.isSafeInteger(n) || Math.abs(n) > DATE_SPAN_DAYS) throw unsupported(cx, `a duration of ${Math.abs(n)} ${kind}`);
  return literal(n < 0 ? `(${n})` : String(n), kind, { most: Math.abs(n) });
}

/** Date `d` moved by `sign` × the duration `by` (days or months): the dialect's date arithmetic. */
export function moveDate(d: SqlValue, by: SqlValue, sign: 1 | -1, cx: SqlContext): SqlValue {
  if (d.kind === "null" || by.kind === "null") return NULL_VALUE;
  const most = by.kind === "days" ? MOST_DAYS : MOST_MONTHS;
  if ((by.most ?? Infinity) > most)
    throw unsupported(cx, `a date moved by a duration that may be more than ${most.toLocaleString("en")} ${by.kind} (4,000 years)`);
  const moved = (d.moved ?? 0) + by.most! * (by.kind === "days" ? 1 : 31);
  if (moved > MOST_MOVED)
    throw unsupported(cx, `a date moved more than ${MOST_MOVED.toLocaleString("en")} days in all (PostgreSQL's dates begin in 4713 BC)`);
  const amount = sign < 0 ? negated(by).sql : by.sql;
  const sql = by.kind === "days" ? cx.dialect.addDays(d.sql, amount) : cx.dialect.addMonths(d.sql, amount);
  return { sql, kind: "date", depth: deeper(d, by), moved };
}

/** The whole days from date `b` to date `a`. */
export const dateDifference = (a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue => ({
  sql: cx.dialect.daysBetween(a.sql, b.sql),
  kind: "days",
  most: DATE_SPAN_DAYS,
  depth: deeper(a, b),
});

/** A sum or difference of two durations of one kind. */
export function durationSum(op: "+" | "-", a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue {
  const most = (a.most ?? Infinity) + (b.most ?? Infinity);
  if (most > DATE_SPAN_DAYS * 100) throw unsupported(cx, `a sum of durations that may pass ${DATE_SPAN_DAYS * 100} ${a.kind}`);
  return { sql: `(${a.sql} ${op} ${b.sql})`, kind: a.kind, most, depth: deeper(a, b) };
}

export const negated = (v: SqlValue): SqlValue => ({ ...v, sql: `(-${v.sql})`, atomic: false });

export const durationAbs = (v: SqlValue): SqlValue => ({ ...v, sql: `abs(${v.sql})`, atomic: false });

/**
 * `years and months duration(from, to)`: the whole months between the calendar dates, one less
 * (toward zero) where the days of the month have not come round (runtime calendar.ts
 * `monthsBetween`, like ISO's period between).
 */
export function monthsBetween(from: SqlValue, to: SqlValue, cx: SqlContext): SqlValue {
  if (from.kind === "null" || to.kind === "null") return NULL_VALUE;
  const [a, b] = [cx.layers.bind(from), cx.layers.bind(to)];
  const p = cx.dialect.datePart;
  const months = cx.layers.bind({
    sql: `((${p("year", b.sql)} * 12 + ${p("month", b.sql)}) - (${p("year", a.sql)} * 12 + ${p("month", a.sql)}))`,
    kind: "months",
    depth: deeper(a, b),
  });
  const days = `(${p("day", b.sql)} - ${p("day", a.sql)})`;
  const m = months.sql;
  return {
    sql: `CASE WHEN ${m} > 0 AND ${days} < 0 THEN ${m} - 1 WHEN ${m} < 0 AND ${days} > 0 THEN ${m} + 1 ELSE ${m} END`,
    kind: "months",
    most: DATE_SPAN_MONTHS,
    depth: months.depth,
  };
}

/** A part of |x| given x's sign. */
const signed = (x: string, part: string): string => `CASE WHEN ${x} < 0 THEN -(${part}) ELSE ${part} END`;

/** A duration's properties (runtime temporal/properties.ts): each part carries the duration's sign; the other kind's parts are null. */
export function durationPart(v: SqlValue, member: string, cx: SqlContext): { sql: string; digits: number } | undefined {
  const PARTS: Record<DurationKind, Record<string, (x: string) => string>> = {
    days: {
      days: (x) => x,
      hours: (x) => `CASE WHEN ${x} IS NOT NULL THEN 0 END`,
      minutes: (x) => `CASE WHEN ${x} IS NOT NULL THEN 0 END`,
      seconds: (x) => `CASE WHEN ${x} IS NOT NULL THEN 0 END`,
      years: () => "NULL",
      months: () => "NULL",
    },
    months: {
      years: (x) => signed(x, cx.dialect.quotient(`abs(${x})`, "12")),
      months: (x) => signed(x, cx.dialect.remainder(`abs(${x})`, "12")),
      days: () => "NULL",
      hours: () => "NULL",
      minutes: () => "NULL",
      seconds: () => "NULL",
    },
  };
  const part = Object.hasOwn(PARTS[v.kind as DurationKind], member) ? PARTS[v.kind as DurationKind][member] : undefined;
  return part && { sql: part(v.sql), digits: String(v.most ?? DATE_SPAN_DAYS * 100).length };
}

/**
 * A duration's text as the JS engine writes it (runtime temporal/format.ts): `P49D`, `-P3D`,
 * `PT0S`; `P1Y5M`, `-P2Y`, `P0M`. `v` is a column (written more than once).
 */
export function durationText(v: SqlValue, cx: SqlContext): string {
  const text = (x: string) => `CAST(${x} AS ${cx.dialect.typeNames.string})`;
  const x = v.sql;
  const sign = `CASE WHEN ${x} < 0 THEN '-' ELSE '' END`;
  // null where x is (each part below is text, never null, for a null x too)
  if (v.kind === "days")
    return `CASE WHEN ${x} = 0 THEN 'PT0S' WHEN ${x} IS NOT NULL THEN ${sign} || 'P' || ${text(`abs(${x})`)} || 'D' END`;
  const [years, months] = [cx.dialect.quotient(`abs(${x})`, "12"), cx.dialect.remainder(`abs(${x})`, "12")];
  return (
    `CASE WHEN ${x} = 0 THEN 'P0M' WHEN ${x} IS NOT NULL THEN ${sign} || 'P'` +
    ` || CASE WHEN ${years} > 0 THEN ${text(years)} || 'Y' ELSE '' END` +
    ` || CASE WHEN ${months} > 0 THEN ${text(months)} || 'M' ELSE '' END END`
  );
}

/** The kinds a duration's declared type holds. */
export const DURATION_KINDS: Partial<Record<string, SqlKind>> = {
  "days and time duration": "days",
  "years and months duration": "months",
};
