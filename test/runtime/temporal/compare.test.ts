import { describe, expect, it } from "vitest";
import { temporalCompare, temporalEquals } from "../../../src/runtime/temporal/index.js";
import { parseDateTime } from "../../../src/runtime/temporal/parse.js";
import { at } from "./helpers.js";

const eq = (a: string, b: string) => temporalEquals(at(a), at(b));
const cmp = (a: string, b: string) => temporalCompare(at(a), at(b));

describe("equality", () => {
  it.each([
    ["2018-12-08", "2018-12-08", true],
    ["2018-12-07", "2018-12-08", false],
    ["10:30:00", "10:30:00", true],
    ["11:30:00", "10:30:00", false],
    ["10:31:00", "10:30:00", false],
    ["10:30:01", "10:30:00", false],
    ["10:30:00.0000", "10:30:00", true],
    ["10:30:00.0001", "10:30:00.0001", true],
    // the TCK: "value resolution is seconds"
    ["10:30:00.0001", "10:30:00.0002", true],
    ["10:30:00@Europe/Paris", "10:30:00@Europe/Paris", true],
    ["10:30:00Z", "10:30:00+00:00", true],
    ["10:30:00Z", "10:30:00@Etc/UTC", true],
    ["10:30:00+01:00", "09:30:00Z", true],
    ["10:30:00", "10:30:00Z", false],
    ["2018-12-08T10:30:00", "2018-12-08T10:30:00", true],
    ["2018-12-08T00:00:00.0001", "2018-12-08T00:00:00.0000", true],
    ["2018-12-08T00:00:00", "2018-12-07T00:00:00", false],
    ["2018-12-08T00:00:00@Europe/Paris", "2018-12-08T00:00:00@Europe/Paris", true],
    ["2018-12-08T00:00:00@Europe/Paris", "2018-12-08T00:00:00@Asia/Dhaka", false],
    ["2018-10-08T00:00:00+02:00", "2018-10-08T00:00:00@Europe/Paris", true],
    ["2018-02-08T00:00:00+01:00", "2018-02-08T00:00:00@Europe/Paris", true],
    ["2002-04-02T12:00:00@Australia/Melbourne", "2002-04-02T12:00:00@Australia/Sydney", true],
    ["2018-12-08T00:00:00+00:00", "2018-12-08T00:00:00@Etc/UTC", true],
    ["2002-04-02T12:00:00-01:00", "2002-04-02T17:00:00+04:00", true],
    ["2002-04-02T23:00:00-04:00", "2002-04-03T02:00:00-01:00", true],
    ["2018-12-08T10:00:00", "2018-12-08T10:00:00Z", false],
    ["P1D", "P1D", true],
    ["P1D", "PT24H", true],
    ["P1D", "P2D", false],
    ["P1D", "-P1D", false],
    ["P0D", "-P0D", true],
    ["PT0.5S", "PT0.50S", true],
    ["PT0.5S", "PT0.6S", false],
    ["P1Y", "P1Y", true],
    ["P1Y", "P12M", true],
    ["P1Y", "P2Y", false],
    ["P1Y", "-P1Y", false],
    ["P0Y", "-P0Y", true],
  ])("%s = %s is %s", (a, b, expected) => {
    expect(eq(a, b)).toBe(expected);
  });

  it("treats a date and time without a time as midnight", () => {
    expect(temporalEquals(parseDateTime("2018-12-08")!, at("2018-12-08T00:00:00"))).toBe(true);
  });

  it.each([
    ["P1Y", "P365D"],
    ["2018-12-08", "2018-12-08T00:00:00Z"],
    ["2018-12-08", "10:00:00"],
    ["10:00:00", "2018-12-08T10:00:00"],
    ["P1D", "2018-12-08"],
  ])("%s = %s is null (incomparable)", (a, b) => {
    expect(eq(a, b)).toBeNull();
  });
});

describe("ordering", () => {
  it.each([
    ["2018-12-01", "2018-12-02", -1],
    ["2018-12-02", "2018-12-02", 0],
    ["2019-01-01", "2018-12-31", 1],
    ["-0001-01-01", "0001-01-01", -1],
    ["2018-11-30", "2018-12-01", -1],
    ["10:31:00", "10:32:00", -1],
    ["10:32:00", "10:32:00", 0],
    ["10:35:00", "10:34:00", 1],
    ["10:00:00+02:00", "09:00:00Z", -1],
    ["01:00:00+02:00", "23:00:00Z", -1],
    ["10:00:00", "10:00:00+05:00", 0], // a local value borrows the other's offset
    ["10:00:01", "10:00:00@Europe/Paris", 1],
    ["2018-12-01T10:30:00", "2018-12-02T10:30:00", -1],
    ["2018-12-02T10:30:00", "2018-12-02T10:30:00", 0],
    ["2018-12-05T10:30:00", "2018-12-04T10:30:00", 1],
    ["2018-12-08T00:00:00@Europe/Paris", "2018-12-08T00:00:00@Asia/Dhaka", 1],
    ["2018-12-08T10:00:00+01:00", "2018-12-08T09:30:00Z", -1],
    ["2018-12-08T10:00:00", "2018-12-08T09:30:00Z", 1],
    ["-2018-12-08T10:00:00", "2018-12-08T09:30:00", -1],
    ["2018-12-08T10:00:00.9", "2018-12-08T10:00:00.1", 0],
    ["P1D", "P2D", -1],
    ["-P1D", "PT1H", -1],
    ["PT0.5S", "PT0.4S", 1],
    ["P1Y", "P2Y", -1],
    ["P13M", "P1Y", 1],
    ["-P1M", "P0M", -1],
  ])("%s vs %s is %d", (a, b, expected) => {
    expect(cmp(a, b)).toBe(expected);
  });

  it.each([
    ["P1Y", "P1D"],
    ["2018-12-08", "2018-12-08T00:00:00"],
    ["10:00:00", "2018-12-08T10:00:00"],
  ])("%s vs %s is null", (a, b) => {
    expect(cmp(a, b)).toBeNull();
  });
});
