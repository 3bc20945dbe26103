import { describe, expect, it } from "vitest";
import { temporalProperty } from "../../../src/runtime/temporal/index.js";
import { parseDateTime } from "../../../src/runtime/temporal/parse.js";
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
