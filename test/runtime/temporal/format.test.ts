import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../src/runtime/decimal.js";
import { DaysTimeDuration, FeelDate, FeelDateTime, FeelTime, YearsMonthsDuration } from "../../../src/runtime/values.js";
import { temporalEquals, temporalToString } from "../../../src/runtime/temporal/index.js";
import { daysInMonth } from "../../../src/runtime/temporal/calendar.js";
import { parseDate, parseDateTime, parseDuration, parseTime } from "../../../src/runtime/temporal/parse.js";

describe("string forms", () => {
  it.each([
    [new FeelDate(2020, 1, 2), "2020-01-02"],
    [new FeelDate(5, 1, 2), "0005-01-02"],
    [new FeelDate(-5, 1, 2), "-0005-01-02"],
    [new FeelDate(123456, 12, 31), "123456-12-31"],
    [new FeelTime(10, 20, 30, 0, null, null), "10:20:30"],
    [new FeelTime(10, 20, 30, 500_000_000, null, null), "10:20:30.5"],
    [new FeelTime(10, 20, 30, 1, null, null), "10:20:30.000000001"],
    [new FeelTime(10, 20, 30, 0, 0, null), "10:20:30Z"],
    [new FeelTime(10, 20, 30, 0, 3600, null), "10:20:30+01:00"],
    [new FeelTime(10, 20, 30, 0, -(5 * 3600 + 30 * 60), null), "10:20:30-05:30"],
    [new FeelTime(10, 20, 30, 0, 18001, null), "10:20:30+05:00:01"],
    [new FeelTime(10, 20, 30, 0, 3600, "Europe/Paris"), "10:20:30@Europe/Paris"],
    [new FeelDateTime(2020, 1, 2, 3, 4, 5, 0, null, null), "2020-01-02T03:04:05"],
    [new FeelDateTime(-2020, 1, 2, 3, 4, 5, 60_000_000, -7200, null), "-2020-01-02T03:04:05.06-02:00"],
    [new FeelDateTime(2020, 1, 2, 3, 4, 5, 0, 3600, "Europe/Paris"), "2020-01-02T03:04:05@Europe/Paris"],
    [new DaysTimeDuration(new Decimal(93600)), "P1DT2H"],
    [new DaysTimeDuration(new Decimal(0)), "PT0S"],
    [new DaysTimeDuration(new Decimal(-3600)), "-PT1H"],
    [new DaysTimeDuration(new Decimal("0.000000001")), "PT0.000000001S"],
    [new DaysTimeDuration(new Decimal("-90061.5")), "-P1DT1H1M1.5S"],
    [new DaysTimeDuration(new Decimal("86400000000")), "P1000000D"],
    [new YearsMonthsDuration(14), "P1Y2M"],
    [new YearsMonthsDuration(0), "P0M"],
    [new YearsMonthsDuration(24), "P2Y"],
    [new YearsMonthsDuration(-1), "-P1M"],
  ])("%o is %s", (value, expected) => {
    expect(temporalToString(value)).toBe(expected);
  });
});

const year = fc.integer({ min: -999_999_999, max: 999_999_999 });
const date = fc
  .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  .map(([y, m, d]) => new FeelDate(y, m, Math.min(d, daysInMonth(y, m))));
const offset = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -18 * 60, max: 18 * 60 }).map((minutes) => minutes * 60),
);
const clock = fc.tuple(
  fc.integer({ min: 0, max: 23 }),
  fc.integer({ min: 0, max: 59 }),
  fc.integer({ min: 0, max: 59 }),
  fc.integer({ min: 0, max: 999_999_999 }),
  offset,
);

describe("round trips through the string form", () => {
  it("dates", () => {
    fc.assert(
      fc.property(date, (d) => {
        expect(parseDate(temporalToString(d))).toEqual(d);
      }),
    );
  });

  it("times", () => {
    fc.assert(
      fc.property(clock, ([h, m, s, ns, off]) => {
        const t = new FeelTime(h, m, s, ns, off, null);
        expect(parseTime(temporalToString(t))).toEqual(t);
      }),
    );
  });

  it("date-times", () => {
    fc.assert(
      fc.property(date, clock, (d, [h, m, s, ns, off]) => {
        const dt = new FeelDateTime(d.year, d.month, d.day, h, m, s, ns, off, null);
        expect(parseDateTime(temporalToString(dt))).toEqual(dt);
      }),
    );
  });

  it("zoned date-times keep their zone and instant", () => {
    const zones = fc.constantFrom("Europe/Paris", "Australia/Melbourne", "America/New_York", "Asia/Kolkata", "Etc/UTC");
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 86_399 }),
        zones,
        (y, mo, d, secs, zone) => {
          const text = `${String(y)}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}T${[Math.floor(secs / 3600), Math.floor(secs / 60) % 60, secs % 60].map((x) => String(x).padStart(2, "0")).join(":")}@${zone}`;
          const v = parseDateTime(text)!;
          const again = parseDateTime(temporalToString(v))!;
          expect(again.zone).toBe(zone);
          expect(temporalEquals(v, again)).toBe(true);
        },
      ),
    );
  });

  it("durations", () => {
    const seconds = fc
      .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 999_999_999 }))
      .map(([s, ns]) => new Decimal(s.toString()).plus(new Decimal(ns).div(1e9)));
    fc.assert(
      fc.property(seconds, (s) => {
        const d = new DaysTimeDuration(s);
        const back = parseDuration(temporalToString(d)) as DaysTimeDuration;
        expect(back.seconds.eq(s)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (months) => {
        expect(parseDuration(temporalToString(new YearsMonthsDuration(months)))).toEqual(new YearsMonthsDuration(months));
      }),
    );
  });
});
