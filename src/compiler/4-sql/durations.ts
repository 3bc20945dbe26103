// Durations as integers: a days and time duration of whole days as its days (kind `days`), one with
// a part of a day as its nanoseconds (kind `nanos`, the dialect's wide integer: the runtime keeps a
// duration's seconds to the nanosecond where a date and time has them), a years and months duration
// as its months (kind `months`), each with the most it can be either side of zero (`most`), so that
// a date moved by one provably stays within both dialects' dates. Days meeting nanoseconds (a sum,
// a comparison, a choice) are made nanoseconds.
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

type DurationKind = "days" | "nanos" | "months";

export const isDuration = (v: SqlValue): boolean => v.kind === "days" || v.kind === "nanos" || v.kind === "months";

/** A duration or a date and time: an integer in the query, written out as the JS engine's text (not yet within a context or a list). */
export const heldAsText = (v: SqlValue): boolean => isDuration(v) || v.kind === "datetime";

/** Whether a value of this kind is one of the declared type's kind (`days`: a days and time duration, of whole days or not). */
export const ofKind = (v: SqlValue, kind: SqlKind): boolean => v.kind === kind || (kind === "days" && v.kind === "nanos");

const SECONDS_PER_DAY = 86_400;
const NANOS_PER_SECOND = 1_000_000_000;
const NANOS_PER_DAY = SECONDS_PER_DAY * NANOS_PER_SECOND;

/** The most nanoseconds a duration is held in: 100 times the days between any two dates, far inside DuckDB's HUGEINT. */
const MOST_NANOS = DATE_SPAN_DAYS * 100 * NANOS_PER_DAY;

/** A constant duration as its kind's integer: whole days as days, a part of a day as nanoseconds. */
export function durationLiteral(d: DaysTimeDuration | YearsMonthsDuration, cx: SqlContext): SqlValue {
  if (d instanceof YearsMonthsDuration) return integerLiteral(d.months, "months", cx);
  if (d.seconds.mod(SECONDS_PER_DAY).isZero()) return integerLiteral(d.seconds.div(SECONDS_PER_DAY).toNumber(), "days", cx);
  const nanos = d.seconds.times(NANOS_PER_SECOND);
  if (!nanos.isInteger()) throw unsupported(cx, "a days and time duration with a part of a nanosecond");
  if (nanos.abs().gt(MOST_NANOS)) throw unsupported(cx, `a duration of ${d.seconds.abs().toFixed()} seconds`);
  return literal(`CAST(${nanos.toFixed(0)} AS ${cx.dialect.integer})`, "nanos", { most: nanos.abs().toNumber() });
}

/** A days and time duration as nanoseconds (whole days multiplied out). */
export function asNanos(v: SqlValue, cx: SqlContext): SqlValue {
  if (v.kind !== "days") return v;
  return {
    ...v,
    sql: `(CAST(${v.sql} AS ${cx.dialect.integer}) * ${NANOS_PER_DAY})`,
    kind: "nanos",
    most: (v.most ?? DATE_SPAN_DAYS * 100) * NANOS_PER_DAY,
    atomic: false,
  };
}

/** Two durations of one kind where one is days and the other nanoseconds: both nanoseconds; any other pair as it is. */
export function alike(a: SqlValue, b: SqlValue, cx: SqlContext): [SqlValue, SqlValue] {
  const kinds = new Set([a.kind, b.kind]);
  return kinds.has("days") && kinds.has("nanos") ? [asNanos(a, cx), asNanos(b, cx)] : [a, b];
}

function integerLiteral(n: number, kind: DurationKind, cx: SqlContext): SqlValue {
  if (!Number.isSafeInteger(n) || Math.abs(n) > DATE_SPAN_DAYS) throw unsupported(cx, `a duration of ${Math.abs(n)} ${kind}`);
  return literal(n < 0 ? `(${n})` : String(n), kind, { most: Math.abs(n) });
}

/** Date `d` moved by `sign` × the duration `by` (days or months): the dialect's date arithmetic. */
export function moveDate(d: SqlValue, by: SqlValue, sign: 1 | -1, cx: SqlContext): SqlValue {
  if (d.kind === "null" || by.kind === "null") return NULL_VALUE;
  if (by.kind === "nanos") return moveDate(d, wholeDays(sign < 0 ? negated(by) : by, cx), 1, cx);
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

/**
 * The whole days a date moves by a duration of nanoseconds: floored, as the runtime moves a date
 * from its midnight and takes the day it reaches (`d - @"PT30H"` is two days back; the control run
 * truncates).
 */
function wholeDays(by: SqlValue, cx: SqlContext): SqlValue {
  const bound = cx.layers.bind(by);
  const x = bound.sql;
  const q = (n: string) => cx.dialect.quotient(n, String(NANOS_PER_DAY));
  return {
    sql: cx.naive ? q(x) : `CASE WHEN ${x} < 0 THEN -${q(`(${NANOS_PER_DAY - 1} - ${x})`)} ELSE ${q(x)} END`,
    kind: "days",
    most: Math.ceil((by.most ?? MOST_NANOS) / NANOS_PER_DAY),
    depth: bound.depth,
  };
}

/** The whole days from date `b` to date `a`. */
export const dateDifference = (a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue => ({
  sql: cx.dialect.daysBetween(a.sql, b.sql),
  kind: "days",
  most: DATE_SPAN_DAYS,
  depth: deeper(a, b),
});

/** A sum or difference of two durations of one kind (days and nanoseconds: nanoseconds). */
export function durationSum(op: "+" | "-", x: SqlValue, y: SqlValue, cx: SqlContext): SqlValue {
  const [a, b] = alike(x, y, cx);
  const most = (a.most ?? Infinity) + (b.most ?? Infinity);
  const limit = a.kind === "nanos" ? MOST_NANOS : DATE_SPAN_DAYS * 100;
  if (most > limit) throw unsupported(cx, `a sum of durations that may pass ${limit} ${a.kind}`);
  return { sql: `(${a.sql} ${op} ${b.sql})`, kind: a.kind, most, depth: deeper(a, b) };
}

/**
 * A duration times a whole number (runtime temporal/arithmetic.ts: days and time to the nanosecond,
 * years and months truncated to whole months; of a whole number both exact): its integer times the
 * number's, bounded as a sum is. A number with places is refused.
 */
export function durationTimes(by: SqlValue, n: SqlValue, cx: SqlContext): SqlValue {
  if (n.shape!.scale !== 0) throw unsupported(cx, `${by.kind} * a number with places`);
  const most = (by.most ?? Infinity) * Number(n.shape!.bound - 1n);
  const limit = by.kind === "nanos" ? MOST_NANOS : by.kind === "days" ? DATE_SPAN_DAYS * 100 : DATE_SPAN_MONTHS;
  if (most > limit) throw unsupported(cx, `a duration times a number that may pass ${limit} ${by.kind}`);
  // a row not scored may hold a number past its shape (an input outside its bounds): null there, not an overflow
  const x = cx.layers.bind(n);
  const sql = `CASE WHEN abs(${x.sql}) < ${n.shape!.bound} THEN ${by.sql} * CAST(${x.sql} AS ${cx.dialect.integer}) END`;
  return { sql, kind: by.kind, most, depth: deeper(by, x) };
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

/** The seconds of a duration's last minute, fraction included: at most 59.999999999. */
const SECONDS_SHAPE = 9;

/**
 * A duration's properties (runtime temporal/properties.ts, days-time-parts.ts): each part of |x|
 * carries the duration's sign; the other kind's parts are null. `scale`: the part is an integer of
 * nanoseconds, a number of that many places (the seconds of nanoseconds).
 */
export function durationPart(
  v: SqlValue,
  member: string,
  cx: SqlContext,
): { sql: string; digits: number; scale?: number; depth: number } | undefined {
  const q = cx.dialect.quotient;
  const r = cx.dialect.remainder;
  const [day, hour, minute] = [NANOS_PER_DAY, 3_600 * NANOS_PER_SECOND, 60 * NANOS_PER_SECOND].map(String) as [string, string, string];
  const PARTS: Record<DurationKind, Record<string, (x: string) => string>> = {
    days: {
      days: (x) => x,
      hours: (x) => `CASE WHEN ${x} IS NOT NULL THEN 0 END`,
      minutes: (x) => `CASE WHEN ${x} IS NOT NULL THEN 0 END`,
      seconds: (x) => `CASE WHEN ${x} IS NOT NULL THEN 0 END`,
      years: () => "NULL",
      months: () => "NULL",
    },
    nanos: {
      days: (x) => signed(x, q(`abs(${x})`, day)),
      hours: (x) => signed(x, q(r(`abs(${x})`, day), hour)),
      minutes: (x) => signed(x, q(r(`abs(${x})`, hour), minute)),
      seconds: (x) => signed(x, r(`abs(${x})`, minute)),
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
  if (!part) return undefined;
  const most = v.most ?? (v.kind === "nanos" ? MOST_NANOS : DATE_SPAN_DAYS * 100);
  if (v.kind !== "nanos") return { sql: part(v.sql), digits: String(most).length, depth: v.depth };
  const x = cx.layers.bind(v);
  if (member === "seconds") return { sql: part(x.sql), digits: 11, scale: SECONDS_SHAPE, depth: x.depth };
  return { sql: part(x.sql), digits: member === "days" ? String(Math.ceil(most / NANOS_PER_DAY)).length : 2, depth: x.depth };
}

/**
 * A duration's text as the JS engine writes it (runtime temporal/format.ts): `P49D`, `-P3D`,
 * `PT0S`, `P1DT2H30M`, `-PT0.5S`; `P1Y5M`, `-P2Y`, `P0M`. `v` is a column (written more than once).
 */
export function durationText(v: SqlValue, cx: SqlContext): string {
  const text = (x: string) => `CAST(${x} AS ${cx.dialect.typeNames.string})`;
  const x = v.sql;
  const sign = `CASE WHEN ${x} < 0 THEN '-' ELSE '' END`;
  // null where x is (each part below is text, never null, for a null x too)
  if (v.kind === "days")
    return `CASE WHEN ${x} = 0 THEN 'PT0S' WHEN ${x} IS NOT NULL THEN ${sign} || 'P' || ${text(`abs(${x})`)} || 'D' END`;
  if (v.kind === "nanos") return nanosText(x, sign, text, cx);
  const [years, months] = [cx.dialect.quotient(`abs(${x})`, "12"), cx.dialect.remainder(`abs(${x})`, "12")];
  return (
    `CASE WHEN ${x} = 0 THEN 'P0M' WHEN ${x} IS NOT NULL THEN ${sign} || 'P'` +
    ` || CASE WHEN ${years} > 0 THEN ${text(years)} || 'Y' ELSE '' END` +
    ` || CASE WHEN ${months} > 0 THEN ${text(months)} || 'M' ELSE '' END END`
  );
}

/**
 * Nanoseconds' text: the days, then `T` and the hours, minutes and seconds that are not 0 (the
 * seconds' fraction to its last digit that is not 0), `T` left out where all three are.
 */
function nanosText(x: string, sign: string, text: (x: string) => string, cx: SqlContext): string {
  const { quotient: q, remainder: r } = cx.dialect;
  const a = `abs(${x})`;
  const [day, hour, minute, second] = [NANOS_PER_DAY, 3_600 * NANOS_PER_SECOND, 60 * NANOS_PER_SECOND, NANOS_PER_SECOND].map(String) as [
    string,
    string,
    string,
    string,
  ];
  const part = (n: string, letter: string) => `CASE WHEN ${n} > 0 THEN ${text(n)} || '${letter}' ELSE '' END`;
  const seconds = r(a, minute);
  const fraction = r(a, second);
  const secondsText =
    `CASE WHEN ${seconds} > 0 THEN ${text(q(seconds, second))}` +
    ` || CASE WHEN ${fraction} > 0 THEN '.' || rtrim(lpad(${text(fraction)}, 9, '0'), '0') ELSE '' END || 'S' ELSE '' END`;
  const time = `CASE WHEN ${r(a, day)} > 0 THEN 'T' || ${part(q(r(a, day), hour), "H")} || ${part(q(r(a, hour), minute), "M")} || ${secondsText} ELSE '' END`;
  return `CASE WHEN ${x} = 0 THEN 'PT0S' WHEN ${x} IS NOT NULL THEN ${sign} || 'P' || ${part(q(a, day), "D")} || ${time} END`;
}

/** The kinds a duration's declared type holds. */
export const DURATION_KINDS: Partial<Record<string, SqlKind>> = {
  "days and time duration": "days",
  "years and months duration": "months",
};
