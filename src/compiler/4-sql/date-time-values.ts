// A date and time input (kind `datetime`), held as one wide integer (the dialect's `integer`:
// DuckDB's HUGEINT, PostgreSQL's NUMERIC): its wall clock as nanoseconds since 0001-01-01T00:00:00,
// times 10^6, plus a code for its offset — 0 for none (a local value), else 100,000 plus the
// offset's seconds. One integer, so that it is bound, chosen and compared as any other value, and
// every operation on it is exact integer arithmetic (runtime temporal/compare.ts, arithmetic.ts):
// - `<`, `>`, `=`: by whole seconds (the runtime's resolution), of the instants when both have an
//   offset, else of the wall clocks; `=` is false between a local value and one with an offset;
// - `a - b`: the nanoseconds between them (instants, or wall clocks), null where one has an offset
//   and the other not; `a + d`, `a - d`: the wall clock moved, the offset kept;
// - `date(a)`, `.year` … `.second`, and the text the JS engine writes of it.
// The query reads the form `2026-03-05T10:15:00(.f)` with `Z` or `±hh:mm` (hours up to 14, as the
// input schema has them) or none, years 1000 to 8999, as the runtime reads it (parse.ts); any other
// text (a zone id, more than 9 places, one the input schema refuses) is not scored, and the batch
// engine scores it with the JS engine.
import { unsupported, type SqlContext } from "./context.js";
import { stringLiteral } from "./dialects.js";
import { asNanos } from "./durations.js";
import { deeper, type SqlValue } from "./values.js";

const CODE = 1_000_000n;
const NO_OFFSET = 0n;
const ZERO_OFFSET = 100_000n;
const NS_PER_SECOND = 1_000_000_000n;
const SECONDS_PER_DAY = 86_400n;
const NS_PER_DAY = SECONDS_PER_DAY * NS_PER_SECOND;
const EPOCH = "0001-01-01";

/** The years a date and time input is scored for: moved at most MOST_MOVED_DAYS, its date stays of years 1 to 9999. */
const DATE_TIME_YEARS = { from: 1000, to: 8999 } as const;
/** About 900 years: the most a date and time is moved, move after move. */
const MOST_MOVED_DAYS = 328_000;

/** The text form the query reads. */
const FORM = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})?$";

/** Whether the query reads this text of a valid date and time (the tests' domain). */
export const readsDateTime = (text: string): boolean => {
  const year = Number(text.slice(0, 4));
  const offset = /[+-](\d\d):\d\d$/.exec(text.slice(19));
  return new RegExp(FORM).test(text) && year >= DATE_TIME_YEARS.from && year <= DATE_TIME_YEARS.to && (!offset || Number(offset[1]) <= 14);
};

const big = (n: bigint, cx: SqlContext): string => `CAST(${stringLiteral(String(n))} AS ${cx.dialect.integer})`;
const wide = (sql: string, cx: SqlContext): string => `CAST(${sql} AS ${cx.dialect.integer})`;

/** The value of `t` (a text column): the integer, null where the query does not read it. */
export function parsedDateTime(t: string, cx: SqlContext): string {
  const d = cx.dialect;
  const part = (from: string | number, n: string | number) => `CAST(${d.substring(t, String(from), String(n))} AS INTEGER)`;
  const char = (at: string) => d.substring(t, at, "1");
  const n = d.length(t);
  const [y, mo, day, h, mi, se] = [part(1, 4), part(6, 2), part(9, 2), part(12, 2), part(15, 2), part(18, 2)];
  const suffix = `CASE WHEN ${n} > 19 AND ${char(`${n} - 5`)} IN ('+', '-') THEN 6 WHEN ${char(n)} = 'Z' THEN 1 ELSE 0 END`;
  const nanos = `CASE WHEN ${char("20")} = '.' THEN CAST(rpad(${d.substring(t, "21", `${n} - 20 - (${suffix})`)}, 9, '0') AS BIGINT) ELSE 0 END`;
  const [oh, om] = [part(`${n} - 4`, 2), part(`${n} - 1`, 2)];
  const sign = `CASE WHEN ${char(`${n} - 5`)} = '-' THEN -1 ELSE 1 END`;
  const code = `CASE ${suffix} WHEN 6 THEN ${ZERO_OFFSET} + ${sign} * (${oh} * 3600 + ${om} * 60) WHEN 1 THEN ${ZERO_OFFSET} ELSE ${NO_OFFSET} END`;
  const leap = `(${y} % 4 = 0 AND (${y} % 100 <> 0 OR ${y} % 400 = 0))`;
  const monthDays = `CASE WHEN ${mo} IN (4, 6, 9, 11) THEN 30 WHEN ${mo} = 2 THEN CASE WHEN ${leap} THEN 29 ELSE 28 END ELSE 31 END`;
  const valid = [
    `${y} BETWEEN ${DATE_TIME_YEARS.from} AND ${DATE_TIME_YEARS.to}`,
    `${mo} BETWEEN 1 AND 12`,
    `${day} BETWEEN 1 AND ${monthDays}`,
    `${h} <= 23`,
    `${mi} <= 59`,
    `${se} <= 59`,
    `(${suffix} <> 6 OR (${oh} <= 14 AND ${om} <= 59))`,
  ].join(" AND ");
  const days = wide(d.daysBetween(`make_date(${y}, ${mo}, ${day})`, d.date(EPOCH)), cx);
  const seconds = `(${days} * ${SECONDS_PER_DAY} + ${h} * 3600 + ${mi} * 60 + ${se})`;
  const value = `((${seconds} * ${NS_PER_SECOND} + ${nanos}) * ${CODE} + (${code}))`;
  return `CASE WHEN ${d.matches!(t, FORM)} THEN CASE WHEN ${valid} THEN ${value} END END`;
}

const codeOf = (a: string, cx: SqlContext) => cx.dialect.remainder(a, big(CODE, cx));
const wallNanos = (a: string, cx: SqlContext) => cx.dialect.quotient(a, big(CODE, cx));
const wallSeconds = (a: string, cx: SqlContext) => cx.dialect.quotient(a, big(CODE * NS_PER_SECOND, cx));

/** The sign-carrying difference a − b in whole seconds: of the instants when both have an offset, else of the wall clocks. */
function secondsApart(a: SqlValue, b: SqlValue, cx: SqlContext): string {
  const [x, y] = [a.sql, b.sql];
  const both = `${codeOf(x, cx)} <> 0 AND ${codeOf(y, cx)} <> 0`;
  return `(${wallSeconds(x, cx)} - ${wallSeconds(y, cx)} - CASE WHEN ${both} THEN ${codeOf(x, cx)} - ${codeOf(y, cx)} ELSE 0 END)`;
}

const bool = (sql: string, ...from: SqlValue[]): SqlValue => ({ sql, kind: "boolean", depth: deeper(...from) });

/** FEEL's `<`, `<=`, `>`, `>=` of two date and times (bound: each read several times). */
export function dateTimeOrder(op: string, a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue {
  const [x, y] = [cx.layers.bind(a), cx.layers.bind(b)];
  if (cx.naive) return bool(`(${x.sql} ${op} ${y.sql})`, x, y);
  return bool(`(${secondsApart(x, y, cx)} ${op} 0)`, x, y);
}

/** FEEL's `=`: never null; a null only equals a null, a local value never one with an offset. */
export function dateTimeEquals(a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue {
  const [x, y] = [cx.layers.bind(a), cx.layers.bind(b)];
  const sameKind = `(${codeOf(x.sql, cx)} = 0) = (${codeOf(y.sql, cx)} = 0)`;
  return bool(
    `CASE WHEN ${x.sql} IS NULL OR ${y.sql} IS NULL THEN (${x.sql} IS NULL AND ${y.sql} IS NULL) ELSE ${sameKind} AND ${secondsApart(x, y, cx)} = 0 END`,
    x,
    y,
  );
}

/** The most nanoseconds between two date and times of the scored years, moved. */
const MOST_APART = (DATE_TIME_YEARS.to - DATE_TIME_YEARS.from + 1 + 2 * 900) * 366 * 86_400 * 1e9;

/** `a - b`: a days and time duration of nanoseconds, null where one has an offset and the other not. */
export function dateTimeDifference(a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue {
  const [x, y] = [cx.layers.bind(a), cx.layers.bind(b)];
  const [cxa, cyb] = [codeOf(x.sql, cx), codeOf(y.sql, cx)];
  const shift = `CASE WHEN ${cxa} <> 0 THEN (${cxa} - ${cyb}) * ${NS_PER_SECOND} ELSE 0 END`;
  return {
    sql: `CASE WHEN (${cxa} = 0) = (${cyb} = 0) THEN ${wallNanos(x.sql, cx)} - ${wallNanos(y.sql, cx)} - ${shift} END`,
    kind: "nanos",
    most: MOST_APART,
    depth: deeper(x, y),
  };
}

/** `a + sign × d`, d a days and time duration: the wall clock moved, the offset kept. */
export function movedDateTime(a: SqlValue, by: SqlValue, sign: 1 | -1, cx: SqlContext): SqlValue {
  const d = asNanos(by, cx);
  const moved = (a.moved ?? 0) + Math.ceil((d.most ?? Infinity) / Number(NS_PER_DAY));
  if (!(moved <= MOST_MOVED_DAYS)) throw unsupported(cx, "a date and time moved by a duration that may be more than 900 years in all");
  return {
    sql: `(${a.sql} ${sign < 0 ? "-" : "+"} ${wide(d.sql, cx)} * ${CODE})`,
    kind: "datetime",
    moved,
    depth: deeper(a, d),
  };
}

/** `date(a)`: its date (of years 1 to 9999: the scored years, moved at most 900). */
export function dateOfDateTime(a: SqlValue, cx: SqlContext): SqlValue {
  const days = `CAST(${cx.dialect.quotient(a.sql, big(CODE * NS_PER_DAY, cx))} AS INTEGER)`;
  return { sql: cx.dialect.addDays(cx.dialect.date(EPOCH), days), kind: "date", depth: a.depth };
}

/** The whole seconds of its day (`x` bound). */
const secondOfDay = (x: string, cx: SqlContext) => cx.dialect.remainder(wallSeconds(x, cx), String(SECONDS_PER_DAY));

/** `.hour`, `.minute`: an integer of two digits; `.second`: its seconds and nanoseconds as an integer at scale 9; undefined for another member. */
export function clockPart(a: SqlValue, member: string, cx: SqlContext): { sql: string; scale: number } | undefined {
  const s = secondOfDay(a.sql, cx);
  const q = cx.dialect.quotient;
  if (member === "hour") return { sql: q(s, "3600"), scale: 0 };
  if (member === "minute") return { sql: cx.dialect.remainder(q(s, "60"), "60"), scale: 0 };
  if (member === "second") {
    const inMinute = cx.dialect.remainder(wallNanos(a.sql, cx), big(60n * NS_PER_SECOND, cx));
    return { sql: inMinute, scale: 9 };
  }
  return undefined;
}

/** The text the JS engine writes of it (runtime temporal/format.ts), null where it is null. */
export function writtenDateTime(v: SqlValue, cx: SqlContext): string {
  const x = v.sql;
  const d = cx.dialect;
  const text = (sql: string) => `CAST(${sql} AS ${d.typeNames.string})`;
  const pad = (sql: string, n: number) => `lpad(${text(sql)}, ${n}, '0')`;
  const date = dateOfDateTime(v, cx).sql;
  const s = secondOfDay(x, cx);
  const nanos = d.remainder(wallNanos(x, cx), big(NS_PER_SECOND, cx));
  const fraction = `CASE WHEN ${nanos} = 0 THEN '' ELSE '.' || rtrim(${pad(nanos, 9)}, '0') END`;
  const code = codeOf(x, cx);
  const off = `abs(${code} - ${ZERO_OFFSET})`;
  const offset = `CASE WHEN ${code} = 0 THEN '' WHEN ${code} = ${ZERO_OFFSET} THEN 'Z' ELSE CASE WHEN ${code} < ${ZERO_OFFSET} THEN '-' ELSE '+' END || ${pad(d.quotient(off, "3600"), 2)} || ':' || ${pad(d.remainder(d.quotient(off, "60"), "60"), 2)} || CASE WHEN ${d.remainder(off, "60")} = 0 THEN '' ELSE ':' || ${pad(d.remainder(off, "60"), 2)} END END`;
  const parts = [
    pad(d.datePart("year", date), 4),
    "'-'",
    pad(d.datePart("month", date), 2),
    "'-'",
    pad(d.datePart("day", date), 2),
    "'T'",
    pad(d.quotient(s, "3600"), 2),
    "':'",
    pad(d.remainder(d.quotient(s, "60"), "60"), 2),
    "':'",
    pad(d.remainder(s, "60"), 2),
    `(${fraction})`,
    `(${offset})`,
  ];
  return `CASE WHEN ${x} IS NOT NULL THEN ${parts.join(" || ")} END`;
}
