import { describe, expect, it } from "vitest";
import { DaysTimeDuration, FeelDate, FeelDateTime, FeelTime, YearsMonthsDuration } from "../../../src/runtime/values.js";
import { parseTemporal, temporalFromJson, temporalToString } from "../../../src/runtime/temporal/index.js";
import { parseDate, parseDateTime, parseDuration, parseTime } from "../../../src/runtime/temporal/parse.js";
import { show } from "./helpers.js";

describe("dates", () => {
  it.each([
    ["2019-03-31", [2019, 3, 31]],
    ["2020-02-29", [2020, 2, 29]],
    ["2000-02-29", [2000, 2, 29]],
    ["0001-01-01", [1, 1, 1]],
    ["0000-01-01", [0, 1, 1]],
    ["-2017-12-31", [-2017, 12, 31]],
    ["99999-12-31", [99999, 12, 31]],
    ["-999999999-01-01", [-999999999, 1, 1]],
    ["999999999-12-31", [999999999, 12, 31]],
  ])("parses %s", (text, [y, m, d]) => {
    const v = parseDate(text);
    expect(v).toBeInstanceOf(FeelDate);
    expect([v!.year, v!.month, v!.day]).toEqual([y, m, d]);
  });

  it.each([
    "2019-02-29", // not a leap year
    "1900-02-29", // century, not a leap year
    "2017-13-10",
    "2017-00-10",
    "2017-04-31",
    "2017-01-00",
    "998-12-31", // fewer than four digits
    "01211-12-31", // a leading zero beyond four digits
    "+99999-12-01",
    "9999999999-12-27", // ten digits
    "2017-1-01",
    "2017-01-1",
    "",
    "foo",
    "2017-01-01T00:00:00",
  ])("rejects %j", (text) => {
    expect(parseDate(text)).toBeNull();
  });
});

describe("times", () => {
  it.each([
    ["10:30:11", "10:30:11"],
    ["00:00:00", "00:00:00"],
    ["23:59:59.999999999", "23:59:59.999999999"],
    ["10:30:00.0001", "10:30:00.0001"],
    ["10:30:00.500", "10:30:00.5"],
    ["10:30:00.0000", "10:30:00"],
    ["10:30:11Z", "10:30:11Z"],
    ["10:30:11z", "10:30:11Z"],
    ["10:30:11+00:00", "10:30:11Z"],
    ["10:30:11+11:00", "10:30:11+11:00"],
    ["10:30:11-01:35", "10:30:11-01:35"],
    ["10:30:00.0001+05:00:01", "10:30:00.0001+05:00:01"],
    ["10:30:11+18:00", "10:30:11+18:00"],
    ["10:30:11@Australia/Melbourne", "10:30:11@Australia/Melbourne"],
    ["10:30:00@Etc/UTC", "10:30:00@Etc/UTC"],
    ["24:00:00", "00:00:00"],
  ])("parses %s as %s", (text, expected) => {
    const v = parseTime(text);
    expect(v).toBeInstanceOf(FeelTime);
    expect(temporalToString(v!)).toBe(expected);
  });

  it("gives a zoned time of day the zone's standard offset", () => {
    expect(parseTime("10:30:00@Europe/Paris")!.offset).toBe(3600);
    expect(parseTime("10:30:00@Australia/Sydney")!.offset).toBe(36000);
    expect(parseTime("10:30:00@Europe/Paris")!.zone).toBe("Europe/Paris");
  });

  it("truncates fractions beyond nanoseconds", () => {
    expect(parseTime("10:00:00.1234567891")!.nanos).toBe(123456789);
  });

  it.each([
    "24:00:01",
    "24:01:00",
    "25:00:00",
    "00:60:00",
    "00:00:60",
    "00:00:61",
    "7:00:00",
    "07:1:00",
    "07:01:2",
    "07:20",
    "10:30:00.",
    "13:20:00+19:00",
    "13:20:00-19:00",
    "13:20:00+05:0",
    "13:20:00+5:00",
    "13:20:00+5",
    "13:20:00+05:60",
    "13:20:00@xyz/abc",
    "13:20:00@EST5EDT/x",
    "13:20:00+02:00@Europe/Paris",
    "13:20:00@",
    "",
  ])("rejects %j", (text) => {
    expect(parseTime(text)).toBeNull();
  });
});

describe("date-times", () => {
  it.each([
    ["2012-12-24", "2012-12-24T00:00:00"],
    ["2017-12-31T11:22:33", "2017-12-31T11:22:33"],
    ["-2017-12-31T11:22:33", "-2017-12-31T11:22:33"],
    ["99999-12-31T11:22:33", "99999-12-31T11:22:33"],
    ["-99999-12-31T11:22:33", "-99999-12-31T11:22:33"],
    ["2017-12-31T11:22:33.345", "2017-12-31T11:22:33.345"],
    ["2017-12-31T11:22:33.123456789", "2017-12-31T11:22:33.123456789"],
    ["2017-12-31T11:22:33Z", "2017-12-31T11:22:33Z"],
    ["2017-12-31T11:22:33.567Z", "2017-12-31T11:22:33.567Z"],
    ["2017-12-31T11:22:33+01:35", "2017-12-31T11:22:33+01:35"],
    ["-2017-12-31T11:22:33.456+01:35", "-2017-12-31T11:22:33.456+01:35"],
    ["2011-12-31T10:15:30@Europe/Paris", "2011-12-31T10:15:30@Europe/Paris"],
    ["2011-12-31T10:15:30.987@Europe/Paris", "2011-12-31T10:15:30.987@Europe/Paris"],
    ["999999999-12-31T23:59:59.999999999@Europe/Paris", "999999999-12-31T23:59:59.999999999@Europe/Paris"],
    ["-999999999-12-31T23:59:59.999999999+02:00", "-999999999-12-31T23:59:59.999999999+02:00"],
    ["2021-01-01T24:00:00", "2021-01-02T00:00:00"],
    ["2020-12-31T24:00:00Z", "2021-01-01T00:00:00Z"],
  ])("parses %s as %s", (text, expected) => {
    const v = parseDateTime(text);
    expect(v).toBeInstanceOf(FeelDateTime);
    expect(temporalToString(v!)).toBe(expected);
  });

  it("resolves a zone's offset on the date, with daylight saving time", () => {
    expect(parseDateTime("2018-02-08T00:00:00@Europe/Paris")!.offset).toBe(3600);
    expect(parseDateTime("2018-10-08T00:00:00@Europe/Paris")!.offset).toBe(7200);
    expect(parseDateTime("2021-01-01T00:00:00@Australia/Melbourne")!.offset).toBe(11 * 3600);
  });

  it("moves a local time in a spring-forward gap forward by the gap", () => {
    expect(show(parseDateTime("2021-03-28T02:30:00@Europe/Paris"))).toBe("2021-03-28T03:30:00@Europe/Paris");
  });

  it("takes the earlier instant of an autumn overlap", () => {
    expect(parseDateTime("2021-10-31T02:30:00@Europe/Paris")!.offset).toBe(7200);
  });

  it.each([
    "",
    "11:00:00",
    "2011-12-0310:15:30",
    "2011-12-03T10:15:30+01:00@Europe/Paris",
    "9999999999-12-27T11:22:33",
    "2017-13-10T11:22:33",
    "2017-00-10T11:22:33",
    "2017-13-32T11:22:33",
    "2017-13-0T11:22:33",
    "998-12-31T11:22:33",
    "01211-12-31T11:22:33",
    "+99999-12-01T11:22:33",
    "2017-12-31T24:00:01",
    "2017-12-31T24:01:00",
    "2017-12-31T25:00:00",
    "2017-12-31T00:60:00",
    "2017-12-31T00:00:61",
    "2017-12-31T7:00:00",
    "2017-12-31T07:1:00",
    "2017-12-31T07:01:2",
    "2017-12-31T13:20:00@xyz/abc",
    "2017-12-31T13:20:00+19:00",
    "2017-12-31T13:20:00-19:00",
    "2017-12-31T13:20:00+05:0",
    "2017-12-31T13:20:00+5:00",
    "2017-12-31T13:20:00+5",
    "2017-12-31T7:20",
    "2017-12-31T07:2",
    "2019-02-29T10:00:00",
    "2017-12-31T",
    "999999999-12-31T24:00:00", // would roll past the last year
  ])("rejects %j", (text) => {
    expect(parseDateTime(text)).toBeNull();
  });
});

describe("durations", () => {
  it.each([
    ["P1D", "P1D"],
    ["PT2H", "PT2H"],
    ["PT3M", "PT3M"],
    ["PT4S", "PT4S"],
    ["PT0.999S", "PT0.999S"],
    ["P1DT2H3M4.123456789S", "P1DT2H3M4.123456789S"],
    ["PT0S", "PT0S"],
    ["PT0.000S", "PT0S"],
    ["PT0.S", "PT0S"],
    ["PT.5S", "PT0.5S"],
    ["PT0M", "PT0S"],
    ["PT0H", "PT0S"],
    ["P0D", "PT0S"],
    ["-P0D", "PT0S"],
    ["-PT1H2M", "-PT1H2M"],
    ["PT1000M", "PT16H40M"],
    ["PT1000M0.999999999S", "PT16H40M0.999999999S"],
    ["PT555M", "PT9H15M"],
    ["PT61M", "PT1H1M"],
    ["PT24H", "P1D"],
    ["PT240H", "P10D"],
    ["P2DT100M", "P2DT1H40M"],
    ["PT3600S", "PT1H"],
    ["P2DT274M", "P2DT4H34M"],
    ["PT49H", "P2DT1H"],
    ["P0DT25H", "P1DT1H"],
  ])("parses days and time %s as %s", (text, expected) => {
    const v = parseDuration(text);
    expect(v).toBeInstanceOf(DaysTimeDuration);
    expect(temporalToString(v!)).toBe(expected);
  });

  it.each([
    ["P1Y2M", "P1Y2M", 14],
    ["P1Y", "P1Y", 12],
    ["P0Y", "P0M", 0],
    ["P0M", "P0M", 0],
    ["-P0Y", "P0M", 0],
    ["-P1Y", "-P1Y", -12],
    ["P26M", "P2Y2M", 26],
    ["P0Y13M", "P1Y1M", 13],
    ["P1Y27M", "P3Y3M", 39],
    ["P100M", "P8Y4M", 100],
    ["-P100M", "-P8Y4M", -100],
    ["P999999999M", "P83333333Y3M", 999999999],
    ["-P999999999M", "-P83333333Y3M", -999999999],
    ["P99999999Y", "P99999999Y", 1199999988],
    ["-P99999999Y", "-P99999999Y", -1199999988],
  ])("parses years and months %s as %s", (text, expected, months) => {
    const v = parseDuration(text);
    expect(v).toBeInstanceOf(YearsMonthsDuration);
    expect((v as YearsMonthsDuration).months).toBe(months);
    expect(temporalToString(v!)).toBe(expected);
  });

  it.each([
    "",
    "P",
    "P0",
    "1Y",
    "1D",
    "P1H",
    "P1S",
    "PT",
    "P1DT",
    "P1Y2D",
    "P1Y2MT3H",
    "P1M2D",
    "P-1D",
    "+P1D",
    "p1d",
    "2012T-12-2511:00:00Z",
    "PT1.5H",
    "P1.5Y",
  ])("rejects %j", (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe("@ literals", () => {
  it.each([
    ["2019-03-31", "date", "2019-03-31"],
    ["2018-12-08T10:30:11", "date and time", "2018-12-08T10:30:11"],
    ["2018-12-08T10:30:11@Australia/Melbourne", "date and time", "2018-12-08T10:30:11@Australia/Melbourne"],
    ["2018-12-08T10:30:11+11:00", "date and time", "2018-12-08T10:30:11+11:00"],
    ["10:30:11", "time", "10:30:11"],
    ["10:30:11+11:00", "time", "10:30:11+11:00"],
    ["10:30:11@Australia/Melbourne", "time", "10:30:11@Australia/Melbourne"],
    ["10:30:00@Etc/UTC", "time", "10:30:00@Etc/UTC"],
    ["P10D", "days and time duration", "P10D"],
    ["-PT5H", "days and time duration", "-PT5H"],
    ["P10Y", "years and months duration", "P10Y"],
    ["-2021-01-01", "date", "-2021-01-01"],
  ])("@%j is a %s", (text, kind, expected) => {
    const v = parseTemporal(text);
    expect(v?.kind).toBe(kind);
    expect(temporalToString(v!)).toBe(expected);
  });

  it.each(["foo", "", "2019-02-30", "T10:00:00", "P", "10:30"])("@%j is null", (text) => {
    expect(parseTemporal(text)).toBeNull();
  });
});

describe("typed input values", () => {
  it("parses each kind strictly", () => {
    expect(show(temporalFromJson("date", "2020-01-02"))).toBe("2020-01-02");
    expect(temporalFromJson("date", "2020-01-02T00:00:00")).toBeNull();
    expect(show(temporalFromJson("time", "10:00:00Z"))).toBe("10:00:00Z");
    expect(show(temporalFromJson("date and time", "2020-01-02T03:04:05+01:00"))).toBe("2020-01-02T03:04:05+01:00");
    expect(show(temporalFromJson("date and time", "2020-01-02"))).toBe("2020-01-02T00:00:00");
    expect(show(temporalFromJson("days and time duration", "P1DT2H"))).toBe("P1DT2H");
    expect(temporalFromJson("days and time duration", "P1Y")).toBeNull();
    expect(show(temporalFromJson("years and months duration", "P14M"))).toBe("P1Y2M");
    expect(temporalFromJson("years and months duration", "P1D")).toBeNull();
    expect(temporalFromJson("time", "not a time")).toBeNull();
  });
});
