// The examples DMN 1.5 gives in its tables of conversion and temporal functions.
import { describe, expect, it } from "vitest";
import { dec } from "../../../src/runtime/decimal.js";
import { FeelContext, FeelDate } from "../../../src/runtime/values.js";
import type { FeelValue } from "../../../src/runtime/values.js";
import { isTemporal, temporalAdd, temporalEquals, temporalSub, temporalToString } from "../../../src/runtime/temporal/index.js";
import { at, call, show } from "./helpers.js";

/** FEEL `=` on two results that must both be temporal. */
function equal(a: FeelValue, b: FeelValue): boolean | null {
  if (!isTemporal(a) || !isTemporal(b)) throw new Error(`not temporal: ${show(a)}, ${show(b)}`);
  return temporalEquals(a, b);
}

describe("DMN 1.5 examples", () => {
  it('date("2012-12-25") - date("2012-12-24") = duration("P1D")', () => {
    const diff = temporalSub(call("date", "2012-12-25"), call("date", "2012-12-24"));
    expect(equal(diff, call("duration", "P1D"))).toBe(true);
  });

  it('date(date and time("2012-12-25T11:00:00Z")) = date("2012-12-25")', () => {
    expect(equal(call("date", at("2012-12-25T11:00:00Z")), at("2012-12-25"))).toBe(true);
  });

  it('date(2012, 12, 25) = date("2012-12-25")', () => {
    expect(equal(call("date", dec(2012), dec(12), dec(25)), at("2012-12-25"))).toBe(true);
  });

  it('date and time("2012-12-24T23:59:00") = date and time(date("2012-12-24"), time("23:59:00"))', () => {
    const built = call("date and time", call("date", "2012-12-24"), call("time", "23:59:00"));
    expect(equal(at("2012-12-24T23:59:00"), built)).toBe(true);
  });

  it('date and time("2012-12-24T23:59:00") + duration("PT1M") = date and time("2012-12-25T00:00:00")', () => {
    const sum = temporalAdd(call("date and time", "2012-12-24T23:59:00"), call("duration", "PT1M"));
    expect(show(sum)).toBe("2012-12-25T00:00:00");
  });

  it('time("23:59:00z") + duration("PT2M") = time("00:01:00@Etc/UTC")', () => {
    const sum = temporalAdd(call("time", "23:59:00z"), call("duration", "PT2M"));
    expect(equal(sum, call("time", "00:01:00@Etc/UTC"))).toBe(true);
  });

  it('time(date and time("2012-12-25T11:00:00Z")) = time("11:00:00Z")', () => {
    expect(equal(call("time", at("2012-12-25T11:00:00Z")), at("11:00:00Z"))).toBe(true);
  });

  it('date and time("2012-12-24T23:59:00") - date and time("2012-12-22T03:45:00") = duration("P2DT20H14M")', () => {
    expect(show(temporalSub(at("2012-12-24T23:59:00"), at("2012-12-22T03:45:00")))).toBe("P2DT20H14M");
  });

  it('duration("P2Y2M") = duration("P26M")', () => {
    expect(equal(at("P2Y2M"), at("P26M"))).toBe(true);
  });

  it("day of year, day of week, month of year, week of year of date(2019, 9, 17)", () => {
    const d = new FeelDate(2019, 9, 17);
    expect(show(call("day of year", d))).toBe("number 260");
    expect(call("day of week", d)).toBe("Tuesday");
    expect(call("month of year", d)).toBe("September");
    expect(show(call("week of year", d))).toBe("number 38");
  });
});

describe("isTemporal", () => {
  it("recognises the five temporal kinds and nothing else", () => {
    for (const text of ["2020-01-01", "10:00:00", "2020-01-01T10:00:00", "P1D", "P1Y"]) {
      const v = at(text);
      expect(isTemporal(v)).toBe(true);
      expect(temporalToString(v)).toBe(text);
    }
    for (const v of [null, undefined, "2020-01-01", dec(1), true, [], new FeelContext(), { kind: "date" }]) {
      expect(isTemporal(v)).toBe(false);
    }
  });
});
