import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../src/runtime/decimal.js";
import { temporalProperty, temporalToString } from "../../../src/runtime/temporal/index.js";
import { parseDateTime, parseDuration } from "../../../src/runtime/temporal/parse.js";
import { DaysTimeDuration } from "../../../src/runtime/values.js";
import { at, show } from "./helpers.js";

const prop = (literal: string, name: string) => show(temporalProperty(at(literal), name));

describe("date and date-time properties", () => {
  it.each([
    ["2018-12-10", "year", "number 2018"],
    ["2018-12-10", "month", "number 12"],
    ["2018-12-10", "day", "number 10"],
    ["2018-12-10", "weekday", "number 1"],
    ["2018-12-16", "weekday", "number 7"],
    ["-0044-03-15", "year", "number -44"],
    ["2018-12-10T10:30:01", "year", "number 2018"],
    ["2018-12-10T10:30:01", "weekday", "number 1"],
    ["2018-12-10T10:30:01", "hour", "number 10"],
    ["2018-12-10T10:30:01", "minute", "number 30"],
    ["2018-12-10T10:30:01", "second", "number 1"],
    ["2018-12-10T10:30:01.25", "second", "number 1.25"],
    ["2018-12-10T10:30:00+05:00", "time offset", "PT5H"],
    ["2018-12-10T10:30:00-01:30", "time offset", "-PT1H30M"],
    ["2018-12-10T10:30:00Z", "time offset", "PT0S"],
    ["2018-07-10T10:30:00@Europe/Paris", "time offset", "PT2H"],
    ["2018-12-10T10:30:00@Etc/UTC", "timezone", "Etc/UTC"],
  ])("%s.%s = %s", (literal, name, expected) => {
    expect(prop(literal, name)).toBe(expected);
  });

  it.each([
    ["2018-12-10T10:30:00", "time offset"],
    ["2018-12-10T10:30:00", "timezone"],
    ["2018-12-10T10:30:00+01:00", "timezone"],
  ])("%s.%s is null", (literal, name) => {
    expect(temporalProperty(at(literal), name)).toBeNull();
  });

  it("gives a date and time without a time zero hours", () => {
    expect(show(temporalProperty(parseDateTime("2018-12-10")!, "hour"))).toBe("number 0");
    expect(show(temporalProperty(parseDateTime("2018-12-10")!, "second"))).toBe("number 0");
  });

  it.each([
    ["2018-12-10", "hour"],
    ["2018-12-10", "timezone"],
    ["2018-12-10", "days"],
    ["2018-12-10", "constructor"],
    ["2018-12-10T10:30:01", "toString"],
    ["2018-12-10T10:30:01", "foo"],
  ])("%s has no property %s", (literal, name) => {
    expect(temporalProperty(at(literal), name)).toBeUndefined();
  });
});

describe("time properties", () => {
  it.each([
    ["10:30:01", "hour", "number 10"],
    ["10:30:01", "minute", "number 30"],
    ["10:30:01", "second", "number 1"],
    ["10:30:00+05:00", "time offset", "PT5H"],
    ["10:30:00@Europe/Paris", "timezone", "Europe/Paris"],
    ["10:30:00@Europe/Paris", "time offset", "PT1H"],
  ])("%s.%s = %s", (literal, name, expected) => {
    expect(prop(literal, name)).toBe(expected);
  });

  it("has no offset or zone when local", () => {
    expect(temporalProperty(at("10:30:00"), "time offset")).toBeNull();
    expect(temporalProperty(at("10:30:00"), "timezone")).toBeNull();
    expect(temporalProperty(at("10:30:00"), "year")).toBeUndefined();
  });
});

describe("duration properties", () => {
  it.each([
    ["P1Y2M", "years", "number 1"],
    ["P1Y2M", "months", "number 2"],
    ["P2M", "years", "number 0"],
    ["P1Y", "months", "number 0"],
    ["P26M", "years", "number 2"],
    ["-P1Y2M", "years", "number -1"],
    ["-P1Y2M", "months", "number -2"],
    ["P1D", "days", "number 1"],
    ["PT2H", "days", "number 0"],
    ["PT2H", "hours", "number 2"],
    ["P1D", "hours", "number 0"],
    ["PT2M", "minutes", "number 2"],
    ["PT2S", "seconds", "number 2"],
    ["PT2.5S", "seconds", "number 2.5"],
    ["PT49H", "days", "number 2"],
    ["PT49H", "hours", "number 1"],
    ["-P1DT2H3M4.5S", "days", "number -1"],
    ["-P1DT2H3M4.5S", "hours", "number -2"],
    ["-P1DT2H3M4.5S", "minutes", "number -3"],
    ["-P1DT2H3M4.5S", "seconds", "number -4.5"],
  ])("%s.%s = %s", (literal, name, expected) => {
    expect(prop(literal, name)).toBe(expected);
  });

  it.each([
    ["P1Y", "days"],
    ["P1Y", "hours"],
    ["P1Y", "minutes"],
    ["P1Y", "seconds"],
    ["P1D", "years"],
    ["P1D", "months"],
  ])("%s.%s is null (the other kind's property)", (literal, name) => {
    expect(temporalProperty(at(literal), name)).toBeNull();
  });

  it("has no other properties", () => {
    expect(temporalProperty(at("P1D"), "weeks")).toBeUndefined();
    expect(temporalProperty(at("P1Y"), "valueOf")).toBeUndefined();
  });
});

describe("days and time duration properties on generated durations", () => {
  // whole seconds on both sides of the safe-integer limit (the number path and the decimal one),
  // far beyond it, and with fractions down to nanoseconds; either sign
  const seconds = fc
    .tuple(
      fc.oneof(
        fc.bigInt({ min: -(10n ** 8n), max: 10n ** 8n }),
        fc.bigInt({ min: -64n, max: 64n }).map((d) => 2n ** 52n + d),
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
      ),
      fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 999_999_999 })),
      fc.boolean(),
    )
    .map(([s, ns, negative]) => {
      const size = new Decimal(s < 0n ? (-s).toString() : s.toString()).plus(new Decimal(ns).div(1e9));
      return negative ? size.neg() : size;
    });

  it("carry the duration's sign and add back up to it, each within its unit", () => {
    fc.assert(
      fc.property(seconds, (s) => {
        const d = new DaysTimeDuration(s);
        const [days, hours, minutes, secs] = ["days", "hours", "minutes", "seconds"].map((u) => temporalProperty(d, u) as Decimal);
        const total = days.times(86_400).plus(hours.times(3600)).plus(minutes.times(60)).plus(secs);
        expect(total.eq(s)).toBe(true);
        for (const [part, below] of [
          [hours, 24],
          [minutes, 60],
          [secs, 60],
        ] as const) {
          expect(part.abs().lt(below)).toBe(true);
          expect(part.isZero() || part.isNeg() === s.isNeg()).toBe(true);
        }
        expect(days.isInteger() && hours.isInteger() && minutes.isInteger()).toBe(true);
        // the string form reads back as the same duration
        expect((parseDuration(temporalToString(d)) as DaysTimeDuration).seconds.eq(s)).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });
});
