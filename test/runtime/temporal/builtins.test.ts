import { afterEach, describe, expect, it } from "vitest";
import { collectProblems } from "../../../src/runtime/problems.js";
import { FeelDate, type FeelDateTime } from "../../../src/runtime/values.js";
import { setClock, temporalBuiltins } from "../../../src/runtime/temporal/index.js";
import { parseDateTime } from "../../../src/runtime/temporal/parse.js";
import { at, call, callNamed, n, show } from "./helpers.js";

describe("declarations", () => {
  it("declares every temporal built-in once with the spec's parameter names", () => {
    const byName = Object.fromEntries(temporalBuiltins.map((b) => [b.name, b.signatures.map((s) => s.params)]));
    expect(byName).toEqual({
      date: [["from"], ["year", "month", "day"]],
      "date and time": [["from"], ["date", "time"]],
      time: [["from"], ["hour", "minute", "second", "offset"]],
      duration: [["from"]],
      "years and months duration": [["from", "to"]],
      now: [[]],
      today: [[]],
      "day of year": [["date"]],
      "day of week": [["date"]],
      "month of year": [["date"]],
      "week of year": [["date"]],
    });
  });
});

describe("date()", () => {
  it.each([
    ["2012-12-25", "2012-12-25"],
    ["-0001-01-01", "-0001-01-01"],
  ])("date(%j) = %s", (text, expected) => {
    expect(show(call("date", text))).toBe(expected);
  });

  it("takes the date of a date and time", () => {
    expect(show(call("date", at("2012-12-25T11:00:00Z")))).toBe("2012-12-25");
    expect(show(call("date", at("2012-12-25")))).toBe("2012-12-25");
  });

  it("builds a date from parts", () => {
    expect(show(call("date", n(2012), n(12), n(25)))).toBe("2012-12-25");
    expect(show(call("date", n(2020), n(2), n(29)))).toBe("2020-02-29");
    expect(show(callNamed("date", { year: n(2005), month: n(1), day: n(1) }))).toBe("2005-01-01");
    expect(show(callNamed("date", { from: "2017-08-10" }))).toBe("2017-08-10");
  });

  it.each([
    [["2019-02-29"]],
    [["foo"]],
    [[null]],
    [[n(2017)]],
    [[n(2019), n(2), n(29)]],
    [[n(2019), n(13), n(1)]],
    [[n(2019), n(1), n(1.5)]],
    [[n(2019), "1", n(1)]],
    [[n(1e10), n(1), n(1)]],
  ])("date(%j) is null with a problem", (args) => {
    const { result, problems } = collectProblems(() => call("date", ...args));
    expect(result).toBeNull();
    expect(problems).toHaveLength(1);
  });
});

describe("date and time()", () => {
  it.each([
    ["2012-12-24", "2012-12-24T00:00:00"],
    ["2017-12-31T11:22:33.123456789", "2017-12-31T11:22:33.123456789"],
    ["2011-12-31T10:15:30@Europe/Paris", "2011-12-31T10:15:30@Europe/Paris"],
  ])("date and time(%j) = %s", (text, expected) => {
    expect(show(call("date and time", text))).toBe(expected);
  });

  it.each([
    ["2017-01-01", "23:59:01", "2017-01-01T23:59:01"],
    ["2017-01-01", "23:59:01Z", "2017-01-01T23:59:01Z"],
    ["2017-01-01", "23:59:01+02:00", "2017-01-01T23:59:01+02:00"],
    ["2017-01-01", "23:59:01.123456789@Europe/Paris", "2017-01-01T23:59:01.123456789@Europe/Paris"],
    ["2017-08-10T10:20:00", "23:59:01.987654321", "2017-08-10T23:59:01.987654321"],
    ["2017-09-05T10:20:00-01:00", "09:15:30Z", "2017-09-05T09:15:30Z"],
    ["2017-08-10T10:20:00+02:00", "23:59:01", "2017-08-10T23:59:01"],
    ["2017-08-10T10:20:00@Europe/Paris", "23:59:01", "2017-08-10T23:59:01"],
    ["2017-09-05T10:20:00@Europe/Paris", "09:15:30+02:00", "2017-09-05T09:15:30+02:00"],
    ["2017-09-05T10:20:00@Europe/Paris", "09:15:30.987654321@Europe/Paris", "2017-09-05T09:15:30.987654321@Europe/Paris"],
  ])("date and time(%s, %s) = %s", (date, time, expected) => {
    expect(show(call("date and time", at(date), at(time)))).toBe(expected);
  });

  it("re-resolves a zoned time's offset on the given date", () => {
    const summer = call("date and time", at("2017-07-01"), at("12:00:00@Europe/Paris")) as FeelDateTime;
    expect(summer.offset).toBe(7200);
  });

  it("accepts named parameters", () => {
    expect(show(callNamed("date and time", { from: "2012-12-24T23:59:00" }))).toBe("2012-12-24T23:59:00");
    expect(show(callNamed("date and time", { date: at("2017-01-01"), time: at("23:59:01") }))).toBe("2017-01-01T23:59:01");
    expect(show(callNamed("date and time", { date: parseDateTime("2017-01-01")!, time: at("23:59:01") }))).toBe("2017-01-01T23:59:01");
  });

  it.each([
    [[null]],
    [[null, null]],
    [[at("2017-08-10T10:20:00"), null]],
    [[at("2017-08-10"), null]],
    [[null, at("23:59:01")]],
    [[n(2017)]],
    [[[]]],
    [[""]],
    [["11:00:00"]],
    [["2011-12-03T10:15:30+01:00@Europe/Paris"]],
    [[at("10:00:00"), at("10:00:00")]],
    [[at("2017-08-10"), at("2017-08-10")]],
  ])("date and time(%j) is null", (args) => {
    expect(call("date and time", ...args)).toBeNull();
  });
});

describe("time()", () => {
  it.each([
    ["23:59:00", "23:59:00"],
    ["23:59:00z", "23:59:00Z"],
    ["10:30:00@Europe/Paris", "10:30:00@Europe/Paris"],
  ])("time(%j) = %s", (text, expected) => {
    expect(show(call("time", text))).toBe(expected);
  });

  it("takes the time of a date and time, with its offset or zone", () => {
    expect(show(call("time", at("2012-12-25T11:00:00Z")))).toBe("11:00:00Z");
    expect(show(call("time", at("2012-12-25T11:00:00")))).toBe("11:00:00");
    const paris = call("time", at("2012-07-25T11:00:00@Europe/Paris"));
    expect(show(paris)).toBe("11:00:00@Europe/Paris");
    expect((paris as { offset: number }).offset).toBe(7200);
  });

  it("turns a date into UTC midnight", () => {
    expect(show(call("time", at("2012-12-25")))).toBe("00:00:00Z");
  });

  it.each([
    [[n(23), n(59), n(0)], "23:59:00"],
    [[n(23), n(59), n(0), at("PT0H")], "23:59:00Z"],
    [[n(14), n(30), n(0), at("PT1H")], "14:30:00+01:00"],
    [[n(14), n(30), n(0), at("-PT5H30M")], "14:30:00-05:30"],
    [[n(14), n(30), n("1.5"), null], "14:30:01.5"],
  ])("time(%j) = %s", (args, expected) => {
    expect(show(call("time", ...args))).toBe(expected);
  });

  it("equals its string form, as the spec's example says", () => {
    expect(show(call("time", n(23), n(59), n(0), at("PT0H")))).toBe(show(call("time", "23:59:00z")));
  });

  it("accepts named parameters with or without the optional offset", () => {
    expect(show(callNamed("time", { hour: n(9), minute: n(5), second: n(7) }))).toBe("09:05:07");
    expect(show(callNamed("time", { hour: n(9), minute: n(5), second: n(7), offset: at("PT2H") }))).toBe("09:05:07+02:00");
    expect(show(callNamed("time", { from: "09:05:07" }))).toBe("09:05:07");
  });

  it.each([
    [[n(24), n(0), n(0)]],
    [[n(10), n(60), n(0)]],
    [[n(10), n(0), n(60)]],
    [[n(-1), n(0), n(0)]],
    [[n(10.5), n(0), n(0)]],
    [[n(10), n(0), n(0), at("PT19H")]],
    [[n(10), n(0), n(0), at("P1Y")]],
    [[n(10), n(0), n(0), "+01:00"]],
    [["24:00:01"]],
    [[null]],
    [[n(10)]],
  ])("time(%j) is null", (args) => {
    expect(call("time", ...args)).toBeNull();
  });
});

describe("duration()", () => {
  it("parses both kinds", () => {
    expect(show(call("duration", "P1DT2H3M4.123456789S"))).toBe("P1DT2H3M4.123456789S");
    expect(show(call("duration", "P26M"))).toBe("P2Y2M");
    expect(show(callNamed("duration", { from: "PT24H" }))).toBe("P1D");
  });

  it.each([[""], [n(2017)], ["2012T-12-2511:00:00Z"], [[]], ["P"], ["P0"], ["1Y"], ["P1H"], [null]])("duration(%j) is null", (from) => {
    expect(call("duration", from)).toBeNull();
  });
});

describe("years and months duration()", () => {
  it.each([
    ["2011-12-22", "2013-08-24", "P1Y8M"],
    ["2013-08-24", "2011-12-22", "-P1Y8M"],
    ["2015-01-21", "2016-01-21", "P1Y"],
    ["2016-01-21", "2015-01-21", "-P1Y"],
    ["2016-01-01", "2016-01-01", "P0M"],
    ["2016-01-31", "2016-02-29", "P0M"],
    ["2016-01-29", "2016-02-29", "P1M"],
    ["2017-12-31T13:00:00", "2017-12-31T12:00:00", "P0M"],
    ["2016-09-30T23:25:00", "2017-12-28T12:12:12", "P1Y2M"],
    ["2010-05-30T03:55:58", "2017-12-15T00:59:59", "P7Y6M"],
    ["2014-12-31T23:59:59", "2019-10-01T12:32:59", "P4Y9M"],
    ["-2016-01-30T09:05:00", "-2017-02-28T02:02:02", "-P11M"],
    ["2014-12-31T23:59:59", "-2019-10-01T12:32:59", "-P4033Y2M"],
    ["2017-09-05T10:20:00-01:00", "-2019-10-01T12:32:59+02:00", "-P4035Y11M"],
    ["2017-09-05T10:20:00+05:00", "2019-10-01T12:32:59", "P2Y"],
    ["2016-08-25T15:20:59+02:00", "2017-08-10T10:20:00@Europe/Paris", "P11M"],
    ["2011-08-25T15:59:59@Europe/Paris", "2015-08-25T15:20:59+02:00", "P4Y"],
    ["2015-12-31T23:59:59.9999999", "2018-10-01T12:32:59.111111", "P2Y9M"],
    ["2013-08-24", "2017-12-15T00:59:59", "P4Y3M"],
    ["2017-02-28T23:59:59", "2019-07-23", "P2Y4M"],
    ["2014-12-31T23:59:59", "2016-12-31T00:00:01", "P2Y"],
  ])("years and months duration(%s, %s) = %s", (from, to, expected) => {
    expect(show(call("years and months duration", at(from), at(to)))).toBe(expected);
    expect(show(callNamed("years and months duration", { from: at(from), to: at(to) }))).toBe(expected);
  });

  it.each([
    [[null, null]],
    [[at("2017-08-11"), null]],
    [[null, at("2017-08-11")]],
    [["2017-08-11", at("2017-08-11")]],
    [[at("10:00:00"), at("2017-08-11")]],
    [[[], []]],
  ])("years and months duration(%j) is null", (args) => {
    expect(call("years and months duration", ...args)).toBeNull();
  });
});

describe("now() and today()", () => {
  let restore: (() => number) | null = null;
  afterEach(() => {
    if (restore) setClock(restore);
    restore = null;
  });

  it("read the installed clock, in UTC", () => {
    restore = setClock(() => Date.UTC(2024, 1, 29, 23, 59, 58, 250));
    expect(show(call("now"))).toBe("2024-02-29T23:59:58.25Z");
    expect(show(call("today"))).toBe("2024-02-29");
    expect(call("today")).toBeInstanceOf(FeelDate);
  });

  it("follow the real clock by default", () => {
    const before = Date.now();
    const now = call("now") as FeelDateTime;
    const year = new Date(before).getUTCFullYear();
    expect([year, year + 1]).toContain(now.year);
    expect(now.offset).toBe(0);
    expect(call("today")).toBeInstanceOf(FeelDate);
  });
});

describe("calendar functions", () => {
  it.each([
    ["1970-01-01", 1],
    ["2019-12-31", 365],
    ["2020-12-31", 366],
    ["2019-09-17", 260],
    ["2020-03-01", 61],
    ["1970-01-01T10:10:10", 1],
    ["2020-12-31T10:10:10", 366],
  ])("day of year(%s) = %d", (d, expected) => {
    expect(show(call("day of year", at(d)))).toBe(`number ${expected}`);
  });

  it.each([
    ["2021-01-11", "Monday"],
    ["2021-01-12", "Tuesday"],
    ["2021-01-13", "Wednesday"],
    ["2021-01-14", "Thursday"],
    ["2021-01-15", "Friday"],
    ["2021-01-16", "Saturday"],
    ["2021-01-17", "Sunday"],
    ["2019-09-17T10:10:10", "Tuesday"],
    ["1970-01-01", "Thursday"],
    ["-0001-12-31", "Friday"],
  ])("day of week(%s) = %s", (d, expected) => {
    expect(call("day of week", at(d))).toBe(expected);
  });

  it("names every month", () => {
    const names = Array.from({ length: 12 }, (_, i) => call("month of year", at(`2021-${String(i + 1).padStart(2, "0")}-01`)));
    expect(names).toEqual([
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ]);
    expect(call("month of year", at("2019-09-17T10:10:10"))).toBe("September");
  });

  it.each([
    ["2019-09-17", 38],
    ["2003-12-29", 1],
    ["2003-12-31", 1],
    ["2004-01-01", 1],
    ["2004-01-04", 1],
    ["2010-01-01", 53],
    ["2005-01-01", 53],
    ["2005-01-03", 1],
    ["2005-01-09", 1],
    ["2020-12-31", 53],
    ["2021-01-03", 53],
    ["2021-01-04", 1],
    ["1970-01-01", 1],
    ["1970-01-01T10:10:10", 1],
  ])("week of year(%s) = %d", (d, expected) => {
    expect(show(call("week of year", at(d)))).toBe(`number ${expected}`);
  });

  it("accepts the named parameter date", () => {
    expect(show(callNamed("day of year", { date: at("2019-09-17") }))).toBe("number 260");
    expect(callNamed("day of week", { date: at("2019-09-17") })).toBe("Tuesday");
    expect(callNamed("month of year", { date: at("2019-09-17") })).toBe("September");
    expect(show(callNamed("week of year", { date: at("2019-09-17") }))).toBe("number 38");
    expect(callNamed("day of year", { value: at("1970-01-01") })).toBeNull();
  });

  it.each(["day of year", "day of week", "month of year", "week of year"])("%s rejects non-dates", (name) => {
    const { result, problems } = collectProblems(() => call(name, "foo"));
    expect(result).toBeNull();
    expect(problems).toHaveLength(1);
    expect(call(name, null)).toBeNull();
    expect(call(name, at("10:00:00"))).toBeNull();
    expect(call(name)).toBeNull();
  });
});
