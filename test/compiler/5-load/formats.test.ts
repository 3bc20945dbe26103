// The temporal string formats of the input schema check the commonest shapes character by
// character: on any string they must answer what the patterns and ajv-formats' calendar check
// (the reference below, the formats as they were written first) answer.
import fc from "fast-check";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { describe, expect, it } from "vitest";
import { FEEL_FORMATS } from "../../../src/compiler/5-load/formats.js";

const DATE = /^(-?\d{4,})-(\d\d)-(\d\d)$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-](0\d|1[0-4]):[0-5]\d|@[A-Za-z][\w+\-/]*)?$/;
const calendar = (fullFormats.date as { validate: (s: string) => boolean }).validate;
const reference = {
  date: (s: string): boolean => {
    const m = DATE.exec(s);
    if (!m) return false;
    return m[1]!.length === 4 ? calendar(s) : Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[3]) >= 1 && Number(m[3]) <= 31;
  },
  time: (s: string): boolean => TIME.test(s),
  "date-time": (s: string): boolean => {
    const t = s.indexOf("T");
    return t > 0 && reference.date(s.slice(0, t)) && reference.time(s.slice(t + 1));
  },
};

const digits = (n: number, max: number) => fc.integer({ min: 0, max }).map((v) => String(v).padStart(n, "0"));
// years around the leap-year rules' edges, months and days a little past their ranges
const date = fc
  .tuple(fc.oneof(digits(4, 9999), fc.constantFrom("1900", "2000", "2024", "2100", "0000", "10000", "-0001")), digits(2, 13), digits(2, 32))
  .map(([y, m, d]) => `${y}-${m}-${d}`);
const time = fc.tuple(digits(2, 25), digits(2, 61), digits(2, 61)).map(([h, m, s]) => `${h}:${m}:${s}`);
const zone = fc.constantFrom("", "Z", "+01:00", "-14:00", "+15:00", ".5", ".123Z", "@Europe/Paris", "@");
const shaped = fc.oneof(
  date,
  time,
  fc.tuple(date, time, zone).map(([d, t, z]) => `${d}T${t}${z}`),
  fc.tuple(time, zone).map(([t, z]) => t + z),
);
/** A shaped string with a few characters replaced, inserted or removed. */
const mutated = fc
  .tuple(
    shaped,
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.constantFrom("replace", "insert", "remove"),
        fc.constantFrom("0", "9", "-", ":", "T", "t", "Z", "+", ".", "a", " ", "\u0663", "\u0000", "/"),
      ),
      { maxLength: 2 },
    ),
  )
  .map(([s, edits]) =>
    edits.reduce((text, [at, how, c]) => {
      const i = text.length === 0 ? 0 : at % text.length;
      if (how === "replace") return text.slice(0, i) + c + text.slice(i + 1);
      if (how === "insert") return text.slice(0, i) + c + text.slice(i);
      return text.slice(0, i) + text.slice(i + 1);
    }, s),
  );

describe("temporal string formats", () => {
  for (const format of ["date", "time", "date-time"] as const)
    it(`${format}: the same answer as the patterns and the calendar check, on any string`, () => {
      fc.assert(
        fc.property(fc.oneof(shaped, mutated, fc.string({ maxLength: 20 })), (s) => {
          expect(FEEL_FORMATS[format]!(s)).toBe(reference[format](s));
        }),
        { numRuns: 20_000 },
      );
    });

  it("knows the calendar", () => {
    const date = FEEL_FORMATS.date!;
    expect([date("2024-02-29"), date("2000-02-29"), date("1900-02-29"), date("2023-02-29"), date("2023-04-31")]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(FEEL_FORMATS["date-time"]!("2024-12-31T23:59:59")).toBe(true);
    expect(FEEL_FORMATS["date-time"]!("2024-12-31T24:00:00")).toBe(false);
  });
});
