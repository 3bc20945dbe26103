// A string of a temporal form whose value is too large is out of range, and the problem names the
// limit; a string of no form is still "not a valid string form".
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { b, withProblems } from "../helpers.js";

const MONTHS_LIMIT = "9,007,199,254,740,991 months";
const YEARS_LIMIT = "between -999,999,999 and 999,999,999";

const problemsOf = (fn: string, text: string) => withProblems(() => b(fn, text));

describe("temporal strings too large for their value", () => {
  it("duration: years and months past the largest safe count of months are out of range, naming it; the rest are durations", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 11n }), fc.boolean(), (years, months, minus) => {
        const text = `${minus ? "-" : ""}P${years}Y${months}M`;
        const { result, problems } = problemsOf("duration", text);
        if (years * 12n + months > BigInt(Number.MAX_SAFE_INTEGER)) {
          expect(result).toBeNull();
          expect(problems).toEqual([expect.stringContaining(`out of range`)]);
          expect(problems[0]).toContain(MONTHS_LIMIT);
        } else expect({ result: result === null, problems }).toEqual({ result: false, problems: [] });
      }),
    );
  });

  it("duration: days and time past the largest decimal are out of range", () => {
    const { result, problems } = problemsOf("duration", `P${"9".repeat(7_000)}D`);
    expect(result).toBeNull();
    expect(problems).toEqual([expect.stringContaining("out of range: a days and time duration is at most about 10^6145 seconds")]);
  });

  it("date and date and time: a year of 10 or more digits is out of range, naming the years; a year of up to 9 is a value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 30 }),
        fc.constantFrom("date", "date and time"),
        fc.constantFrom("", "T10:00:00", "T10:00:00Z"),
        fc.boolean(),
        (digits, fn, time, minus) => {
          fc.pre(fn === "date and time" || time === "");
          const text = `${minus ? "-" : ""}1${"0".repeat(digits - 1)}-01-01${time}`;
          const { result, problems } = problemsOf(fn, text);
          if (digits >= 10) {
            expect(result).toBeNull();
            expect(problems).toEqual([expect.stringContaining(`${fn}: out of range: a year is ${YEARS_LIMIT}`)]);
          } else expect(problems).toEqual([]);
        },
      ),
    );
  });

  it("a string of no temporal form is still not a valid string form", () => {
    for (const [fn, text] of [
      ["duration", "P1Y2D"],
      ["duration", "PT"],
      ["duration", "P"],
      ["date", "2020-13-01x"],
      ["date and time", "1000000000-01-01X"],
      ["date", "P1Y"],
    ] as const) {
      expect(problemsOf(fn, text).problems, `${fn}("${text}")`).toEqual([expect.stringContaining("not a valid string form")]);
    }
  });
});
