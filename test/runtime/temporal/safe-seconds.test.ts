// Temporal arithmetic and comparison on safe-integer seconds give exactly what the BigInt
// nanosecond path gives: random dates, date-times, times and durations in the years people use,
// far out to FEEL's ±999,999,999 years, and around where whole seconds stop being safe integers
// (about ±285 million years), with whole and fractional seconds; also times moved around
// midnight, durations scaled by numbers, and date and time(date, time). The expected values are
// worked out with the BigInt primitives of instant.ts, which the arithmetic used for every value
// before.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../src/runtime/decimal.js";
import { MAX_YEAR, MIN_YEAR, daysInMonth } from "../../../src/runtime/temporal/calendar.js";
import {
  NS_PER_SECOND,
  atTime,
  dateNanos,
  dateTimeFromLocal,
  fieldsOf,
  localNanos,
  nanosOfDay,
  nanosToSeconds,
  secondsToNanos,
  timeFromNanos,
} from "../../../src/runtime/temporal/instant.js";
import {
  temporalAdd,
  temporalBuiltins,
  temporalCompare,
  temporalDiv,
  temporalEquals,
  temporalMul,
  temporalSub,
} from "../../../src/runtime/temporal/index.js";
import { DaysTimeDuration, FeelDate, FeelDateTime, FeelTime, type FeelValue } from "../../../src/runtime/values.js";
import { wallSeconds } from "../../../src/runtime/temporal/safe-seconds.js";
import { show } from "./helpers.js";

/** Years where whole seconds since 1970 pass 2^52, the limit of the number path. */
const SAFE_EDGE = Math.floor(2 ** 52 / 86_400 / 365.2425);

const year = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 9999 }) },
  { weight: 2, arbitrary: fc.integer({ min: MIN_YEAR, max: MAX_YEAR }) },
  { weight: 2, arbitrary: fc.integer({ min: -3, max: 3 }).map((d) => SAFE_EDGE + d) },
  { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }).map((d) => -SAFE_EDGE + d) },
);

const date = fc
  .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  .map(([y, m, d]) => new FeelDate(y, m, Math.min(d, daysInMonth(y, m))));

const offset = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -18, max: 18 }).map((h) => h * 3600),
  fc.constant(-(5 * 3600 + 30 * 60)),
);

const dateTime = fc
  .tuple(
    date,
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 59 }),
    fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 999_999_999 }) }),
    offset,
  )
  .map(([d, h, mi, s, ns, off]) => new FeelDateTime(d.year, d.month, d.day, h, mi, s, ns, off, null));

/** Whole seconds of any size (some past the safe limit), days, and fractions of a second. */
const duration = fc
  .oneof(
    { weight: 4, arbitrary: fc.integer({ min: -400_000, max: 400_000 }).map((d) => new Decimal(d * 86_400)) },
    { weight: 3, arbitrary: fc.integer({ min: -1e9, max: 1e9 }).map((s) => new Decimal(s)) },
    { weight: 2, arbitrary: fc.bigInt({ min: -(10n ** 19n), max: 10n ** 19n }).map((s) => new Decimal(s.toString())) },
    { weight: 1, arbitrary: fc.integer({ min: -1e9, max: 1e9 }).map((s) => new Decimal(s).div(1000)) },
  )
  .map((s) => new DaysTimeDuration(s));

const inRange = (y: number) => y >= MIN_YEAR && y <= MAX_YEAR;

/** The BigInt path: a date moved by nanoseconds, the date of the result. */
function dateMoved(d: FeelDate, ns: bigint): FeelValue {
  const f = fieldsOf(dateNanos(d) + ns);
  return inRange(f.year) ? new FeelDate(f.year, f.month, f.day) : null;
}

const utc = (dt: FeelDateTime) => localNanos(dt) - BigInt(dt.offset ?? 0) * NS_PER_SECOND;

const same = (got: FeelValue, expected: FeelValue) => expect(show(got)).toBe(show(expected));

describe("temporals on safe-integer seconds", () => {
  it("date ± days and time duration", () => {
    fc.assert(
      fc.property(date, duration, (d, by) => {
        same(temporalAdd(d, by), dateMoved(d, secondsToNanos(by.seconds)));
        same(temporalSub(d, by), dateMoved(d, -secondsToNanos(by.seconds)));
      }),
      { numRuns: 2000 },
    );
  });

  it("results a second either side of midnight, with sums near ±2^53, where doubles are sparsest", () => {
    const nearEdge = fc.tuple(
      fc.integer({ min: SAFE_EDGE - 3, max: SAFE_EDGE }),
      date,
      fc.integer({ min: 0, max: 400 }),
      fc.constantFrom(-1, 0, 1),
      fc.constantFrom(1, -1),
    );
    fc.assert(
      fc.property(nearEdge, ([y, d, daysBack, second, sign]) => {
        const at = new FeelDate(sign * y, d.month, Math.min(d.day, daysInMonth(sign * y, d.month)));
        const from = wallSeconds(at)!;
        const target = sign * (86_400 * (Math.floor((sign * from + 2 ** 52) / 86_400) - daysBack) + second);
        const by = new DaysTimeDuration(new Decimal(target - from));
        same(temporalAdd(at, by), dateMoved(at, secondsToNanos(by.seconds)));
        same(temporalSub(at, new DaysTimeDuration(by.seconds.neg())), dateMoved(at, secondsToNanos(by.seconds)));
      }),
      { numRuns: 2000 },
    );
  });

  it("date and time ± days and time duration", () => {
    fc.assert(
      fc.property(dateTime, duration, (dt, by) => {
        const ns = secondsToNanos(by.seconds);
        same(temporalAdd(dt, by), dateTimeFromLocal(localNanos(dt) + ns, dt.offset, null));
        same(temporalSub(dt, by), dateTimeFromLocal(localNanos(dt) - ns, dt.offset, null));
      }),
      { numRuns: 2000 },
    );
  });

  it("differences of dates and of date-times", () => {
    fc.assert(
      fc.property(date, date, dateTime, dateTime, (a, b, x, y) => {
        same(temporalSub(a, b), new DaysTimeDuration(nanosToSeconds(dateNanos(a) - dateNanos(b))));
        const comparable = (x.offset === null) === (y.offset === null);
        if (comparable) same(temporalSub(x, y), new DaysTimeDuration(nanosToSeconds(utc(x) - utc(y))));
      }),
      { numRuns: 2000 },
    );
  });

  it("comparisons of date-times", () => {
    fc.assert(
      fc.property(dateTime, dateTime, fc.boolean(), (x, yy, near) => {
        // half the time, y is x moved a second or none at all, to land on equality
        const y = near ? new FeelDateTime(x.year, x.month, x.day, x.hour, x.minute, x.second, yy.nanos, yy.offset ?? x.offset, null) : yy;
        // the BigInt path: whole seconds of the wall clock, as instants when both have an offset
        const pinned = x.offset !== null && y.offset !== null;
        const seconds = (t: FeelDateTime) => (localNanos(t) - BigInt(t.nanos)) / NS_PER_SECOND - BigInt(pinned ? t.offset! : 0);
        const [a, b] = [seconds(x), seconds(y)];
        expect(temporalCompare(x, y)).toBe(a < b ? -1 : a > b ? 1 : 0);
        expect(temporalEquals(x, y)).toBe((pinned || x.offset === y.offset) && a === b);
      }),
      { numRuns: 2000 },
    );
  });

  const time = fc
    .tuple(
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
      fc.integer({ min: 0, max: 59 }),
      fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 999_999_999 }) }),
      fc.oneof(
        { weight: 4, arbitrary: offset.map((o) => [o, null] as const) },
        { weight: 1, arbitrary: fc.constant([3600, "Europe/Paris"] as const) },
      ),
    )
    .map(([h, mi, s, ns, [off, zone]]) => new FeelTime(h, mi, s, ns, off, zone));

  it("time ± days and time duration, around midnight", () => {
    fc.assert(
      fc.property(time, duration, (t, by) => {
        const ns = secondsToNanos(by.seconds);
        same(temporalAdd(t, by), timeFromNanos(nanosOfDay(t) + ns, t.offset, t.zone));
        same(temporalAdd(by, t), timeFromNanos(nanosOfDay(t) + ns, t.offset, t.zone));
        same(temporalSub(t, by), timeFromNanos(nanosOfDay(t) - ns, t.offset, t.zone));
      }),
      { numRuns: 2000 },
    );
  });

  it("days and time duration × and ÷ a number, truncated to nanoseconds", () => {
    const factor = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }).map((n) => new Decimal(n)),
      fc.constantFrom("0.5", "-1.5", "2.25", "0.001", "1e-9", "3", "7", "1e12").map((n) => new Decimal(n)),
    );
    const truncated = (seconds: Decimal) => new DaysTimeDuration(nanosToSeconds(secondsToNanos(seconds)));
    fc.assert(
      fc.property(duration, factor, (d, n) => {
        same(temporalMul(d, n), truncated(d.seconds.times(n)));
        same(temporalMul(n, d), truncated(d.seconds.times(n)));
        if (!n.isZero()) same(temporalDiv(d, n), truncated(d.seconds.div(n)));
      }),
      { numRuns: 2000 },
    );
  });

  it("date and time(date, time) keeps the fields, and a zoned time finds its offset", () => {
    const dateAndTime = temporalBuiltins.find((b) => b.name === "date and time")!.signatures.find((sig) => sig.params.length === 2)!;
    fc.assert(
      fc.property(fc.oneof(date, dateTime), time, (d, t) => {
        const local = localNanos(atTime(d, t));
        same(dateAndTime.impl(d, t), dateTimeFromLocal(local, t.zone === null ? t.offset : null, t.zone));
      }),
      { numRuns: 2000 },
    );
  });
});
