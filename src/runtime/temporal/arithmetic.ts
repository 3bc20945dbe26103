// Arithmetic on temporal values (DMN 1.5 Tables 57, 59 and 62), as tables keyed by the operand
// kinds. Anything not in a table is null with a problem message.
//
// - date ± years-months and date-time ± years-months move the calendar month and clamp the day
//   to the month's end (Jan 31 + P1M = Feb 28), like java.time; a zoned result re-resolves its offset.
// - date ± days-time: the date as UTC midnight, moved, then the date of the result (DMN 1.5).
// - date-time ± days-time moves the instant (a zoned result takes the zone's offset there);
//   time ± days-time wraps around midnight.
// - Subtracting date-times needs both local or both with an offset; a date counts as UTC midnight.
// - Years-months results are truncated to whole months, days-time results to nanoseconds.
// - Whole seconds within safe integers (the years people use) are worked out on numbers
//   (safe-seconds.ts); fractions of a second and far-out years on BigInt nanoseconds.
import { Decimal, isDecimal } from "../decimal.js";
import { problem } from "../problems.js";
import { DaysTimeDuration, FeelDate, FeelDateTime, FeelTime, YearsMonthsDuration } from "../values.js";
import type { FeelValue, TemporalValue } from "../values.js";
import { MAX_YEAR, MIN_YEAR, addMonths } from "./calendar.js";
import { temporalToString } from "./format.js";
import { isTemporal } from "./is-temporal.js";
import { SECONDS_PER_DAY, clockOfDay, dayAndSeconds, safeSum, wallSeconds, wholeSeconds } from "./safe-seconds.js";
import {
  atTime,
  dateNanos,
  dateTimeFromLocal,
  dateTimeFromUtc,
  fieldsOf,
  localNanos,
  nanosOfDay,
  nanosToSeconds,
  secondsToNanos,
  timeFromNanos,
  utcNanos,
} from "./instant.js";

type Kind = TemporalValue["kind"] | "number" | "other";
// Each table entry takes its own operand types; the dispatcher picks entries by the operands'
// kinds, so the entries' parameter types are guaranteed and the table itself can stay loose.
type Op = (a: any, b: any) => FeelValue; // eslint-disable-line @typescript-eslint/no-explicit-any

const kindOf = (v: unknown): Kind => (isTemporal(v) ? v.kind : isDecimal(v) ? "number" : "other");

function describe(v: FeelValue): string {
  if (v === null) return "null";
  if (isTemporal(v)) return `${v.kind} ${temporalToString(v)}`;
  if (isDecimal(v)) return `number ${v.toString()}`;
  if (Array.isArray(v)) return "a list";
  return typeof v === "object" ? `a ${v.kind}` : `${typeof v} ${JSON.stringify(v)}`;
}

const inRange = (year: number) => year >= MIN_YEAR && year <= MAX_YEAR;

function outOfRange(): null {
  return problem("temporal result is outside the year range -999999999..999999999");
}

// ── moving dates and date-times ─────────────────────────────────────────────────────────────

function dateWithMonths(d: FeelDate, months: number): FeelValue {
  const c = addMonths(d.year, d.month, d.day, months);
  return inRange(c.year) ? new FeelDate(c.year, c.month, c.day) : outOfRange();
}

function dateTimeWithMonths(dt: FeelDateTime, months: number): FeelValue {
  const c = addMonths(dt.year, dt.month, dt.day, months);
  if (!inRange(c.year)) return outOfRange();
  if (dt.zone !== null) return dateTimeFromLocal(localNanos(atTime(c, dt)), null, dt.zone) ?? outOfRange();
  return new FeelDateTime(c.year, c.month, c.day, dt.hour, dt.minute, dt.second, dt.nanos, dt.offset, null);
}

/** `d` moved by `sign` × `by`: on whole seconds when they are safe, else on nanoseconds. */
function dateMoved(d: FeelDate, by: DaysTimeDuration, sign: 1 | -1): FeelValue {
  const seconds = wholeSeconds(by.seconds);
  const from = wallSeconds(d);
  const total = seconds === null || from === null ? null : safeSum(from, sign * seconds);
  const f = total === null ? fieldsOf(dateNanos(d) + signed(sign, dtNanos(by))) : dayAndSeconds(total);
  return inRange(f.year) ? new FeelDate(f.year, f.month, f.day) : outOfRange();
}

function dateTimeMoved(dt: FeelDateTime, by: DaysTimeDuration, sign: 1 | -1): FeelValue {
  const seconds = dt.zone === null && dt.nanos === 0 ? wholeSeconds(by.seconds) : null;
  const from = seconds === null ? null : wallSeconds(dt);
  const total = seconds === null || from === null ? null : safeSum(from, sign * seconds);
  if (total !== null) {
    const f = dayAndSeconds(total);
    return inRange(f.year) ? new FeelDateTime(f.year, f.month, f.day, f.hour, f.minute, f.second, 0, dt.offset, null) : outOfRange();
  }
  const ns = signed(sign, dtNanos(by));
  const moved = dt.zone !== null ? dateTimeFromUtc(utcNanos(dt) + ns, 0, dt.zone) : dateTimeFromLocal(localNanos(dt) + ns, dt.offset, null);
  return moved ?? outOfRange();
}

const signed = (sign: 1 | -1, ns: bigint) => (sign < 0 ? -ns : ns);

/** `t` moved by `sign` × `by`, around midnight: on whole seconds when they are safe, else on nanoseconds. */
function timeMoved(t: FeelTime, by: DaysTimeDuration, sign: 1 | -1): FeelValue {
  const seconds = t.nanos === 0 ? wholeSeconds(by.seconds) : null;
  if (seconds === null) return timeFromNanos(nanosOfDay(t) + signed(sign, dtNanos(by)), t.offset, t.zone);
  // under a day plus at most 2^52: exact, and so is the remainder
  const total = t.hour * 3600 + t.minute * 60 + t.second + sign * seconds;
  const c = clockOfDay(((total % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY);
  return new FeelTime(c.hour, c.minute, c.second, 0, t.offset, t.zone);
}

const dtNanos = (d: DaysTimeDuration) => secondsToNanos(d.seconds);
/** A days and time duration of these seconds; past the largest decimal null, never Infinity. */
const daysTimeOf = (seconds: Decimal): FeelValue => (seconds.isFinite() ? new DaysTimeDuration(seconds) : problem("duration too large"));
const daysTime = (ns: bigint) => daysTimeOf(nanosToSeconds(ns));

function yearsMonths(months: number): FeelValue {
  return Number.isSafeInteger(months) ? new YearsMonthsDuration(months || 0) : problem("duration too large");
}

// ── differences ─────────────────────────────────────────────────────────────────────────────

const utcMidnight = (d: FeelDate) => new FeelDateTime(d.year, d.month, d.day, 0, 0, 0, 0, 0, null);

const offsetOf = (t: FeelDateTime | FeelDate): number => (t.kind === "date and time" ? (t.offset ?? 0) : 0);

/** a − b in whole seconds on numbers, when both are whole seconds within safe integers. */
function secondsDifference(a: FeelDateTime | FeelDate, b: FeelDateTime | FeelDate): FeelValue | undefined {
  if ((a.kind === "date and time" && a.nanos !== 0) || (b.kind === "date and time" && b.nanos !== 0)) return undefined;
  const x = wallSeconds(a);
  const y = wallSeconds(b);
  const difference = x === null || y === null ? null : safeSum(x - offsetOf(a), offsetOf(b) - y);
  return difference === null ? undefined : new DaysTimeDuration(new Decimal(difference));
}

function dateTimeDifference(a: FeelDateTime, b: FeelDateTime): FeelValue {
  const fast = (a.offset === null) === (b.offset === null) ? secondsDifference(a, b) : undefined;
  if (fast) return fast;
  if (a.offset === null && b.offset === null) return daysTime(localNanos(a) - localNanos(b));
  if (a.offset !== null && b.offset !== null) return daysTime(utcNanos(a) - utcNanos(b));
  return problem(`cannot subtract ${describe(b)} from ${describe(a)}: one has a time zone and the other does not`);
}

function timeDifference(a: FeelTime, b: FeelTime): FeelValue {
  if ((a.offset === null) !== (b.offset === null)) {
    return problem(`cannot subtract ${describe(b)} from ${describe(a)}: one has a time zone and the other does not`);
  }
  const shift = (t: FeelTime) => BigInt(t.offset ?? 0) * 1_000_000_000n;
  return daysTime(nanosOfDay(a) - shift(a) - (nanosOfDay(b) - shift(b)));
}

// ── operator tables ─────────────────────────────────────────────────────────────────────────

const swap =
  (op: Op): Op =>
  (a, b) =>
    op(b, a);

const addition: Record<string, Op> = {
  "date|years and months duration": (a: FeelDate, b: YearsMonthsDuration) => dateWithMonths(a, b.months),
  "date|days and time duration": (a: FeelDate, b: DaysTimeDuration) => dateMoved(a, b, 1),
  "date and time|years and months duration": (a: FeelDateTime, b: YearsMonthsDuration) => dateTimeWithMonths(a, b.months),
  "date and time|days and time duration": (a: FeelDateTime, b: DaysTimeDuration) => dateTimeMoved(a, b, 1),
  "time|days and time duration": (a: FeelTime, b: DaysTimeDuration) => timeMoved(a, b, 1),
  "years and months duration|years and months duration": (a: YearsMonthsDuration, b: YearsMonthsDuration) =>
    yearsMonths(a.months + b.months),
  "days and time duration|days and time duration": (a: DaysTimeDuration, b: DaysTimeDuration) => daysTimeOf(a.seconds.plus(b.seconds)),
};
for (const key of Object.keys(addition)) {
  const [x, y] = key.split("|");
  if (x !== y) addition[`${y}|${x}`] = swap(addition[key]);
}

const subtraction: Record<string, Op> = {
  "date|years and months duration": (a: FeelDate, b: YearsMonthsDuration) => dateWithMonths(a, -b.months),
  "date|days and time duration": (a: FeelDate, b: DaysTimeDuration) => dateMoved(a, b, -1),
  "date and time|years and months duration": (a: FeelDateTime, b: YearsMonthsDuration) => dateTimeWithMonths(a, -b.months),
  "date and time|days and time duration": (a: FeelDateTime, b: DaysTimeDuration) => dateTimeMoved(a, b, -1),
  "time|days and time duration": (a: FeelTime, b: DaysTimeDuration) => timeMoved(a, b, -1),
  "years and months duration|years and months duration": (a: YearsMonthsDuration, b: YearsMonthsDuration) =>
    yearsMonths(a.months - b.months),
  "days and time duration|days and time duration": (a: DaysTimeDuration, b: DaysTimeDuration) => daysTimeOf(a.seconds.minus(b.seconds)),
  "date|date": (a: FeelDate, b: FeelDate) => secondsDifference(a, b) ?? daysTime(dateNanos(a) - dateNanos(b)),
  "date and time|date and time": dateTimeDifference,
  "date|date and time": (a: FeelDate, b: FeelDateTime) => dateTimeDifference(utcMidnight(a), b),
  "date and time|date": (a: FeelDateTime, b: FeelDate) => dateTimeDifference(a, utcMidnight(b)),
  "time|time": timeDifference,
};

/** A days and time duration of these seconds, truncated to nanoseconds; whole safe seconds as they are. */
function truncatedDaysTime(seconds: Decimal): FeelValue {
  if (!seconds.isFinite()) return daysTimeOf(seconds);
  const whole = wholeSeconds(seconds);
  // the nanosecond path would give the same number back, as a decimal of the integer
  return whole === null ? daysTime(secondsToNanos(seconds)) : new DaysTimeDuration(new Decimal(whole || 0));
}

function scaleDaysTime(d: DaysTimeDuration, n: Decimal): FeelValue {
  return truncatedDaysTime(d.seconds.times(n));
}

function scaleYearsMonths(d: YearsMonthsDuration, n: Decimal): FeelValue {
  return yearsMonths(new Decimal(d.months).times(n).trunc().toNumber());
}

const multiplication: Record<string, Op> = {
  "days and time duration|number": scaleDaysTime,
  "number|days and time duration": (n: Decimal, d: DaysTimeDuration) => scaleDaysTime(d, n),
  "years and months duration|number": scaleYearsMonths,
  "number|years and months duration": (n: Decimal, d: YearsMonthsDuration) => scaleYearsMonths(d, n),
};

const byZero = () => problem("division of a duration by zero");
/** A quotient of durations: finite, and a zero one positive (FEEL has no -0: `PT0S / -PT1S` is 0, whose `sqrt` is 0). */
const finiteQuotient = (q: Decimal): FeelValue =>
  !q.isFinite() ? problem("quotient of durations is not a finite number") : q.isZero() && q.isNegative() ? new Decimal(0) : q;

const division: Record<string, Op> = {
  "days and time duration|number": (d: DaysTimeDuration, n: Decimal) => (n.isZero() ? byZero() : truncatedDaysTime(d.seconds.div(n))),
  "years and months duration|number": (d: YearsMonthsDuration, n: Decimal) =>
    n.isZero() ? byZero() : yearsMonths(new Decimal(d.months).div(n).trunc().toNumber()),
  "days and time duration|days and time duration": (a: DaysTimeDuration, b: DaysTimeDuration) =>
    b.seconds.isZero() ? byZero() : finiteQuotient(a.seconds.div(b.seconds)),
  "years and months duration|years and months duration": (a: YearsMonthsDuration, b: YearsMonthsDuration) =>
    b.months === 0 ? byZero() : finiteQuotient(new Decimal(a.months).div(b.months)),
};

function dispatch(table: Record<string, Op>, symbol: string) {
  // by kind, then kind: two lookups of constant strings instead of building a key per operation
  const byKinds = new Map<string, Map<string, Op>>();
  for (const [key, op] of Object.entries(table)) {
    const [left, right] = key.split("|") as [string, string];
    byKinds.set(left, (byKinds.get(left) ?? new Map<string, Op>()).set(right, op));
  }
  return (a: FeelValue, b: FeelValue): FeelValue => {
    const op = byKinds.get(kindOf(a))?.get(kindOf(b));
    if (op) return op(a, b);
    return problem(`cannot compute ${describe(a)} ${symbol} ${describe(b)}`);
  };
}

export const temporalAdd = dispatch(addition, "+");
export const temporalSub = dispatch(subtraction, "-");
export const temporalMul = dispatch(multiplication, "*");
export const temporalDiv = dispatch(division, "/");

export function temporalNeg(a: TemporalValue): FeelValue {
  if (a instanceof DaysTimeDuration) return new DaysTimeDuration(a.seconds.isZero() ? a.seconds : a.seconds.neg());
  if (a instanceof YearsMonthsDuration) return new YearsMonthsDuration(-a.months || 0);
  return problem(`cannot negate ${describe(a)}`);
}

/** abs(n) for durations; null for other temporal kinds. */
export function temporalAbs(a: FeelValue): FeelValue {
  if (a instanceof DaysTimeDuration) return new DaysTimeDuration(a.seconds.abs());
  if (a instanceof YearsMonthsDuration) return new YearsMonthsDuration(Math.abs(a.months));
  return problem(`abs is not defined for ${describe(a)}`);
}
