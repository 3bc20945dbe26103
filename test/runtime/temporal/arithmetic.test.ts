import { describe, expect, it } from "vitest";
import { collectProblems } from "../../../src/runtime/problems.js";
import type { FeelValue } from "../../../src/runtime/values.js";
import { FeelContext } from "../../../src/runtime/values.js";
import { temporalAbs, temporalAdd, temporalDiv, temporalMul, temporalNeg, temporalSub } from "../../../src/runtime/temporal/index.js";
import { at, n, show } from "./helpers.js";
import { b } from "../helpers.js";
import type { Decimal } from "../../../src/runtime/decimal.js";

type Operand = string | number;
const value = (v: Operand): FeelValue => (typeof v === "number" ? n(v) : at(v));

describe("addition", () => {
  it.each([
    ["2021-01-01T10:10:10", "P1Y", "2022-01-01T10:10:10"],
    ["2021-01-01T10:10:10", "P1M", "2021-02-01T10:10:10"],
    ["2021-01-01T10:10:10", "-P1Y", "2020-01-01T10:10:10"],
    ["2021-01-01T10:10:10", "-P1M", "2020-12-01T10:10:10"],
    ["2021-01-01T10:10:10", "P0M", "2021-01-01T10:10:10"],
    ["2021-01-01T10:10:10+11:00", "P1M", "2021-02-01T10:10:10+11:00"],
    ["2021-01-01T10:10:10@Australia/Melbourne", "P1M", "2021-02-01T10:10:10@Australia/Melbourne"],
    ["-2021-01-01T10:10:10+11:00", "P1M", "-2021-02-01T10:10:10+11:00"],
    ["-2021-01-01T10:10:10+11:00", "-P1M", "-2022-12-01T10:10:10+11:00"],
    ["-2021-01-01T10:10:10@Australia/Melbourne", "-P1Y", "-2022-01-01T10:10:10@Australia/Melbourne"],
    ["2021-01-31T10:00:00", "P1M", "2021-02-28T10:00:00"], // clamped to the month's end
    ["2020-01-31T10:00:00", "P1M", "2020-02-29T10:00:00"], // leap year
    ["2020-02-29T10:00:00", "P1Y", "2021-02-28T10:00:00"],
    ["2021-01-12T10:10:10", "P1DT1H", "2021-01-13T11:10:10"],
    ["2021-01-12T10:10:10+11:00", "P1DT1H", "2021-01-13T11:10:10+11:00"],
    ["2021-01-12T10:10:10@Australia/Melbourne", "P1DT1H", "2021-01-13T11:10:10@Australia/Melbourne"],
    ["2021-01-01T10:10:10", "-P1D", "2020-12-31T10:10:10"],
    ["2021-01-01T10:10:10", "-PT1H", "2021-01-01T09:10:10"],
    ["2021-01-01T24:00:00", "PT1S", "2021-01-02T00:00:01"],
    ["2021-01-01T24:00:00", "-PT1S", "2021-01-01T23:59:59"],
    ["-2021-01-01T10:10:10+11:00", "-P1D", "-2022-12-31T10:10:10+11:00"],
    ["2021-01-01T10:10:10.5", "PT0.75S", "2021-01-01T10:10:11.25"],
    // moving across a daylight saving change keeps the elapsed time, so the wall clock shifts
    ["2021-03-27T12:00:00@Europe/Paris", "PT24H", "2021-03-28T13:00:00@Europe/Paris"],
    ["2021-03-27T12:00:00@Europe/Paris", "P1M", "2021-04-27T12:00:00@Europe/Paris"],
    ["2021-01-01", "P1Y", "2022-01-01"],
    ["2021-01-01", "P1M", "2021-02-01"],
    ["2021-03-31", "P1M", "2021-04-30"],
    ["2021-03-31", "-P1M", "2021-02-28"],
    ["2021-01-01", "P1D", "2021-01-02"],
    ["2021-01-01", "PT36H", "2021-01-02"],
    ["2021-01-01", "PT48H", "2021-01-03"],
    ["2020-12-31", "P1D", "2021-01-01"],
    ["2020-02-28", "P1D", "2020-02-29"],
    ["10:15:00", "PT1H", "11:15:00"],
    ["10:15:00", "P1D", "10:15:00"],
    ["10:15:00+11:00", "P1D", "10:15:00+11:00"],
    ["10:15:00@Australia/Melbourne", "-PT1H", "09:15:00@Australia/Melbourne"],
    ["23:30:00", "PT1H", "00:30:00"],
    ["00:30:00", "-PT1H", "23:30:00"],
    ["10:15:00.5", "PT0.5S", "10:15:01"],
    ["P1Y", "P2M", "P1Y2M"],
    ["P1Y", "-P2M", "P10M"],
    ["-P1Y", "P2M", "-P10M"],
    ["-P1Y", "-P2M", "-P1Y2M"],
    ["P1Y", "-P0M", "P1Y"],
    ["P1D", "P2D", "P3D"],
    ["PT24H", "P1D", "P2D"],
    ["PT0.1S", "PT0.2S", "PT0.3S"],
    ["-PT1H", "PT1H", "PT0S"],
  ])("%s + %s = %s (and commutes)", (a, b, expected) => {
    expect(show(temporalAdd(at(a), at(b)))).toBe(expected);
    expect(show(temporalAdd(at(b), at(a)))).toBe(expected);
  });

  it.each<[Operand | null, Operand | null]>([
    [10, "2021-01-01"],
    ["2021-01-01", "2021-01-01"],
    ["2021-01-01", "2021-01-01T10:10:10"],
    ["2021-01-01", "10:10:10"],
    ["2021-01-01T10:10:10", "2021-01-01T10:10:10"],
    ["2021-01-01T10:10:10", "10:10:10"],
    ["10:10:10", "10:10:10"],
    ["10:10:10", "P1Y"],
    ["P1D", "P1Y"],
    ["P1D", 10],
    ["P1Y", null],
  ])("%s + %s is null with a problem", (a, b) => {
    const { result, problems } = collectProblems(() => temporalAdd(a === null ? null : value(a), b === null ? null : value(b)));
    expect(result).toBeNull();
    expect(problems.length).toBe(1);
  });

  it("is null beyond the year range", () => {
    expect(temporalAdd(at("999999999-12-31"), at("P1D"))).toBeNull();
    expect(temporalAdd(at("999999999-12-31T00:00:00"), at("P1Y"))).toBeNull();
    expect(temporalAdd(at("-999999999-01-01"), at("-P1M"))).toBeNull();
  });
});

describe("subtraction", () => {
  it.each([
    ["2021-01-02T10:10:10", "2021-01-01T10:10:10", "P1D"],
    ["2021-01-02T10:10:10@Europe/Paris", "2021-01-01T10:10:10@Europe/Paris", "P1D"],
    ["2021-01-02T10:10:10@Europe/Paris", "2021-01-01T10:10:10@Asia/Dhaka", "P1DT5H"],
    ["2021-01-02T10:10:10+01:00", "2021-01-01T10:10:10@Europe/Paris", "P1D"],
    ["2021-01-02T00:00:00Z", "2021-01-02", "PT0S"],
    ["2021-01-02T10:10:10@Europe/Paris", "1995-01-01T10:10:10@Europe/Paris", "P9498D"],
    ["2021-01-02T10:10:10@Europe/Paris", "1995-01-01T10:10:10@Asia/Dhaka", "P9498DT5H"],
    ["2021-01-02T10:10:10@Europe/Paris", "2021-01-01", "P1DT9H10M10S"],
    ["2021-01-02T10:10:10+01:00", "1995-01-01", "P9498DT9H10M10S"],
    ["2012-12-24T23:59:00", "2012-12-22T03:45:00", "P2DT20H14M"],
    ["2021-01-01T10:00:00.25", "2021-01-01T10:00:00.5", "-PT0.25S"],
    ["2021-01-02", "2021-01-01T10:10:10+11:00", "P1DT49M50S"],
    ["2021-01-02", "2021-01-01T10:10:10@Australia/Melbourne", "P1DT49M50S"],
    ["2021-01-02", "2021-01-02T00:00:00Z", "PT0S"],
    ["2021-01-02", "1995-01-01T10:10:10@Australia/Melbourne", "P9498DT49M50S"],
    ["2021-01-02", "2021-01-01", "P1D"],
    ["2021-01-02", "1995-01-01", "P9498D"],
    ["2012-12-25", "2012-12-24", "P1D"],
    ["2020-01-01", "2021-01-01", "-P366D"],
    ["0001-01-01", "-0001-01-01", "P731D"],
    ["2021-01-01T10:10:10", "P1Y", "2020-01-01T10:10:10"],
    ["2021-01-01T10:10:10", "-P1M", "2021-02-01T10:10:10"],
    ["-2021-01-01T10:10:10+11:00", "P1M", "-2022-12-01T10:10:10+11:00"],
    ["2021-03-31T10:00:00", "P1M", "2021-02-28T10:00:00"],
    ["2021-01-01T10:10:10", "P1D", "2020-12-31T10:10:10"],
    ["2021-01-02T00:00:00", "PT1H", "2021-01-01T23:00:00"],
    ["2021-01-01T24:00:00", "-PT1S", "2021-01-02T00:00:01"],
    ["-2021-01-01T10:10:10@Australia/Melbourne", "-P1D", "-2021-01-02T10:10:10@Australia/Melbourne"],
    ["2021-01-02", "P1Y", "2020-01-02"],
    ["2021-01-02", "P1M", "2020-12-02"],
    ["2021-01-02", "-P1Y", "2022-01-02"],
    ["2021-01-02", "PT1H", "2021-01-01"],
    ["2021-01-02", "PT1S", "2021-01-01"],
    ["2021-01-02", "-PT1H", "2021-01-02"],
    ["2021-01-02", "PT24H", "2021-01-01"],
    ["2021-01-02", "PT25H", "2020-12-31"],
    ["2021-01-02", "-PT25H", "2021-01-03"],
    ["2021-01-02", "-PT24H", "2021-01-03"],
    ["2020-03-01", "PT24H", "2020-02-29"],
    ["10:10:10", "09:10:10", "PT1H"],
    ["10:10:10", "11:10:10", "-PT1H"],
    ["10:10:10+11:00", "11:10:10+11:00", "-PT1H"],
    ["10:10:10@Australia/Melbourne", "09:10:10@Australia/Melbourne", "PT1H"],
    ["10:00:00+01:00", "10:00:00Z", "-PT1H"],
    ["10:10:10", "PT1H", "09:10:10"],
    ["10:10:10", "P1D", "10:10:10"],
    ["10:10:10+11:00", "PT1H", "09:10:10+11:00"],
    ["P1Y", "P2M", "P10M"],
    ["-P1Y", "P2M", "-P1Y2M"],
    ["-P1Y", "-P2M", "-P10M"],
    ["P1Y", "-P2M", "P1Y2M"],
    ["P1D", "PT2H", "PT22H"],
    ["-P1D", "PT2H", "-P1DT2H"],
    ["-P1D", "-PT2H", "-PT22H"],
    ["P1D", "-PT0H", "P1D"],
  ])("%s - %s = %s", (a, b, expected) => {
    expect(show(temporalSub(at(a), at(b)))).toBe(expected);
  });

  it.each([
    ["2021-01-02T10:10:10@Europe/Paris", "2021-01-01T10:10:10"],
    ["2021-01-02T10:10:10", "2021-01-01T10:10:10@Europe/Paris"],
    ["2021-01-02T10:10:10+02:00", "2021-01-01T10:10:10"],
    ["2021-01-01T00:00:00", "2021-01-02"], // the date is UTC midnight, the date-time local
    ["2021-01-02", "2021-01-01T10:10:10"],
    ["10:00:00", "10:00:00Z"],
    ["P1D", "2021-01-01"],
    ["P1Y", "2021-01-01T10:10:10"],
    ["P1D", "10:10:10"],
    ["10:10:10", "P1Y"],
    ["P1D", "P1Y"],
    ["2021-01-01", "10:10:10"],
    ["2021-01-01T10:10:10", "10:10:10"],
  ])("%s - %s is null with a problem", (a, b) => {
    const { result, problems } = collectProblems(() => temporalSub(at(a), at(b)));
    expect(result).toBeNull();
    expect(problems).toHaveLength(1);
  });
});

describe("multiplication and division", () => {
  it.each<[Operand, Operand, string]>([
    [10, "P1D", "P10D"],
    [10, "-P1D", "-P10D"],
    [-10, "-P1D", "P10D"],
    [24, "PT1H", "P1D"],
    [26, "PT1H", "P1DT2H"],
    [0, "P1D", "PT0S"],
    [1.5, "P4DT1H", "P6DT1H30M"],
    [2.5, "PT23H", "P2DT9H30M"],
    [10, "P1Y", "P10Y"],
    [-10, "-P1Y", "P10Y"],
    [12, "P1M", "P1Y"],
    [26, "P1M", "P2Y2M"],
    [0, "P1M", "P0M"],
    [1.5, "P2M", "P3M"],
    [-1.5, "P2M", "-P3M"],
    [-2.5, "P1Y11M", "-P4Y9M"], // -57.5 months truncates toward zero
    [0.5, "P1M", "P0M"],
  ])("%s * %s = %s (and commutes)", (a, b, expected) => {
    expect(show(temporalMul(value(a), value(b)))).toBe(expected);
    expect(show(temporalMul(value(b), value(a)))).toBe(expected);
  });

  it.each<[Operand, Operand, string]>([
    ["P10Y", 10, "P1Y"],
    ["P10Y11M", 2.5, "P4Y4M"],
    ["P10Y11M", -2.5, "-P4Y4M"],
    ["P10D", 10, "P1D"],
    ["P10DT23H", 2.5, "P4DT9H12M"],
    ["PT1S", 3, "PT0.333333333S"], // to nanoseconds
    ["-PT1S", 3, "-PT0.333333333S"],
  ])("%s / %s = %s", (a, b, expected) => {
    expect(show(temporalDiv(value(a), value(b)))).toBe(expected);
  });

  it.each([
    ["P10Y", "P5Y", "number 2"],
    ["P1Y", "P8M", "number 1.5"],
    ["P10D", "P5D", "number 2"],
    ["P1D", "PT16H", "number 1.5"],
    ["-P1D", "PT12H", "number -2"],
  ])("%s / %s = %s", (a, b, expected) => {
    expect(show(temporalDiv(at(a), at(b)))).toBe(expected);
  });

  it.each<[Operand, Operand]>([
    ["P10Y", 0],
    ["P10D", 0],
    ["P10D", "P0D"],
    ["P10Y", "P0Y"],
    ["P10D", "P0Y"],
    ["P1D", "P1Y"],
    [10, "P1D"],
    [10, "P1Y"],
    ["2021-01-01", 10],
    ["10:10:10", 10],
    ["2021-01-01T10:10:10", 10],
  ])("%s / %s is null", (a, b) => {
    const { result, problems } = collectProblems(() => temporalDiv(value(a), value(b)));
    expect(result).toBeNull();
    expect(problems).toHaveLength(1);
  });

  it.each<[Operand, Operand]>([
    ["P1D", "P1D"],
    ["P1Y", "P1Y"],
    ["P1D", "P1Y"],
    ["2021-01-01", 10],
    ["10:10:10", 10],
    ["2021-01-01T10:10:10", 2],
  ])("%s * %s is null", (a, b) => {
    expect(temporalMul(value(a), value(b))).toBeNull();
  });

  it("rejects non-temporal partners", () => {
    expect(temporalMul(at("P1D"), "10")).toBeNull();
    expect(temporalMul(at("P1D"), true)).toBeNull();
    expect(temporalMul(at("P1D"), [n(10)])).toBeNull();
    expect(temporalMul(at("P1D"), new FeelContext())).toBeNull();
    expect(temporalMul(at("P1D"), null)).toBeNull();
  });
});

describe("negation and abs", () => {
  it.each([
    ["P1D", "-P1D"],
    ["-P1D", "P1D"],
    ["P1Y", "-P1Y"],
    ["-P1Y", "P1Y"],
    ["PT0S", "PT0S"],
    ["P0M", "P0M"],
  ])("-%s = %s", (a, expected) => {
    expect(show(temporalNeg(at(a)))).toBe(expected);
  });

  it("gives a zero quotient of durations as 0, not -0, whose square root is 0", () => {
    for (const [a, d] of [
      ["PT0S", "-PT1S"],
      ["-PT0S", "PT2H"],
      ["P0M", "-P1Y"],
      ["-P0M", "P3M"],
    ]) {
      const q = temporalDiv(at(a!), at(d!)) as Decimal;
      expect(q.isZero() && !q.isNegative(), `${a} / ${d}`).toBe(true);
      expect(show(b("sqrt", q)), `sqrt(${a} / ${d})`).toBe("number 0");
    }
    expect(show(b("sqrt", n(0).neg()))).toBe("number 0");
  });

  it("keeps a negated zero positive", () => {
    const neg = temporalNeg(at("P0M"));
    expect(Object.is((neg as { months: number }).months, -0)).toBe(false);
  });

  it.each(["2021-01-01", "2021-01-01T10:10:10", "10:10:10"])("-%s is null", (a) => {
    expect(temporalNeg(at(a))).toBeNull();
  });

  it.each([
    ["-P1D", "P1D"],
    ["P1D", "P1D"],
    ["-PT5H", "PT5H"],
    ["-P1Y", "P1Y"],
    ["P1Y", "P1Y"],
  ])("abs(%s) = %s", (a, expected) => {
    expect(show(temporalAbs(at(a)))).toBe(expected);
  });

  it.each(["-2018-12-06", "00:00:00", "2018-12-06T00:00:00"])("abs(%s) is null", (a) => {
    expect(temporalAbs(at(a))).toBeNull();
  });
});
