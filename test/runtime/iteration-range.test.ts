// `for x in a..b` (DMN 1.5, 10.3.2.14): the integers from a to b, or the dates from a to b one day
// apart, in either direction; any other endpoints are no iteration (null, with a problem). The
// dates are checked against JavaScript's own UTC calendar, an independent oracle.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { iterRange } from "../../src/runtime/access.js";
import { collectProblems, type FeelValue } from "../../src/runtime/index.js";
import { n, show, t } from "./helpers.js";

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const items = (from: FeelValue, to: FeelValue) => [...(iterRange(from, to) ?? [])];

describe("iteration ranges", () => {
  it("integers: every integer from a to b once, ascending or descending", () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), fc.integer({ min: -500, max: 500 }), (a, b) => {
        const step = a <= b ? 1 : -1;
        const want = Array.from({ length: Math.abs(b - a) + 1 }, (_, i) => String(a + i * step));
        expect(items(n(a), n(b)).map(show)).toEqual(want);
      }),
    );
  });

  it("integers: ranges made at once and ranges produced one by one give the values of adding one each step", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000, max: 10_000 }),
        fc.integer({ min: -2_500, max: 2_500 }),
        fc.boolean(),
        (a, length, written) => {
          // an endpoint written as 7.00 is the integer 7
          const from = written ? n(`${a}.00`) : n(a);
          const step = length >= 0 ? 1 : -1;
          const want: string[] = [];
          for (let v = from, i = 0; i <= Math.abs(length); i++, v = v.plus(step)) want.push(show(v));
          expect(items(from, n(a + length)).map(show)).toEqual(want);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("integers: a long range crossing the largest safe integer, either way, gives the values of adding one each step", () => {
    const edge = BigInt(Number.MAX_SAFE_INTEGER);
    fc.assert(
      fc.property(
        fc.integer({ min: -3_000, max: 3_000 }),
        fc.integer({ min: 1_100, max: 3_000 }),
        fc.boolean(),
        fc.boolean(),
        (offset, length, up, negative) => {
          const a = (negative ? -1n : 1n) * (edge + BigInt(offset));
          const b = up ? a + BigInt(length) : a - BigInt(length);
          const step = up ? 1n : -1n;
          const want = Array.from({ length: length + 1 }, (_, i) => String(a + BigInt(i) * step));
          const got = [...(iterRange(n(String(a)), n(String(b))) ?? [])];
          expect(got.map(show)).toEqual(want);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("dates: every calendar day from a to b once, ascending or descending, across months, leap days and years", () => {
    const day = fc.integer({ min: Date.UTC(1600, 0, 1) / DAY, max: Date.UTC(2400, 11, 31) / DAY });
    fc.assert(
      fc.property(day, fc.integer({ min: -400, max: 400 }), (start, length) => {
        const step = length >= 0 ? 1 : -1;
        const want = Array.from({ length: Math.abs(length) + 1 }, (_, i) => isoDate((start + i * step) * DAY));
        const got = items(t(isoDate(start * DAY)), t(isoDate((start + length) * DAY)));
        expect(got.map(show)).toEqual(want);
      }),
    );
  });

  it("is produced lazily: a huge range costs nothing until its items are taken", () => {
    const huge = iterRange(n(1), n("1e30"))![Symbol.iterator]();
    expect(show([huge.next().value!, huge.next().value!])).toBe("[1, 2]");
  });

  it.each([
    ["a non-integer", n("1.5"), n(3)],
    ["a null endpoint", null, n(3)],
    ["date and time endpoints", t("2020-01-01T00:00:00"), t("2020-01-03T00:00:00")],
    ["time endpoints", t("10:00:00"), t("12:00:00")],
    ["duration endpoints", t("P1D"), t("P3D")],
    ["string endpoints", "a", "z"],
    ["a number and a date", n(1), t("2020-01-01")],
  ])("%s: null with a problem naming both endpoints", (_what, from, to) => {
    const { result, problems } = collectProblems(() => iterRange(from, to));
    expect(result).toBeNull();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/two integers or two dates/);
  });
});
