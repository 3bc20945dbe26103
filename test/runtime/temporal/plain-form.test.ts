// The character-by-character readers of the common date and date-time forms answer exactly what
// the general readers (regular expressions, BigInt nanoseconds) answer, field by field and offset
// by offset (a `-00:00` is a negative zero in both), or leave the string to them: on generated
// strings of every lexical form — four-digit and longer, negative and far years, leap days, the
// last day of each month and the day after it, 24:00:00, fractions, offsets up to and past ±18
// hours, zones — and on those strings with one character changed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysInMonth } from "../../../src/runtime/temporal/calendar.js";
import { generalDate, generalDateTime, parseDate, parseDateTime } from "../../../src/runtime/temporal/parse.js";
import { plainDate, plainDateTime } from "../../../src/runtime/temporal/plain-form.js";
import type { FeelDate, FeelDateTime } from "../../../src/runtime/values.js";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const yearText = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 9999 }).map((y) => pad(y, 4)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 9999 }).map((y) => `-${pad(y, 4)}`) },
  { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 999_999_999 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom("0000", "1900", "2000", "2100", "2400", "999", "01211", "+2024") },
);

/** A month and a day near the month's end (one past it sometimes), or anywhere in it. */
const monthDay = fc.tuple(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.boolean());

const dateText = fc.tuple(yearText, monthDay).map(([y, [m, d, atEnd]]) => {
  const year = Number(y);
  const day = atEnd && m >= 1 && m <= 12 && Number.isInteger(year) ? daysInMonth(year, m) + (d % 2) : d;
  return `${y}-${pad(m)}-${pad(day)}`;
});

const timeText = fc
  .tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }))
  .map(([h, m, s]) => `${pad(h)}:${pad(m)}:${pad(s)}`);

const suffix = fc.oneof(
  { weight: 4, arbitrary: fc.constant("") },
  { weight: 2, arbitrary: fc.constantFrom("Z", "z", "+00:00", "-00:00", "+18:00", "-18:00", "+18:01", "+05:60", "@Europe/Paris", "@UTC") },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 60 }), fc.boolean())
      .map(([sign, h, m, secs]) => `${sign}${pad(h)}:${pad(m)}${secs ? ":30" : ""}`),
  },
);

const fraction = fc.oneof({ weight: 5, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom(".5", ".000000001", ".0") });

const dateTimeText = fc.oneof(
  { weight: 1, arbitrary: dateText },
  { weight: 6, arbitrary: fc.tuple(dateText, timeText, fraction, suffix).map(([d, t, f, z]) => `${d}T${t}${f}${z}`) },
);

/** A string with one character replaced, dropped or doubled: near misses of the plain forms. */
const mutated = (texts: fc.Arbitrary<string>) =>
  fc
    .tuple(texts, fc.nat(), fc.constantFrom("", "0", "9", "-", ":", "T", " ", "Z", "+", "x", "٣"), fc.constantFrom("replace", "insert"))
    .map(([s, at, c, how]) => {
      const i = at % (s.length + 1);
      return how === "replace" ? s.slice(0, i) + c + s.slice(i + 1) : s.slice(0, i) + c + s.slice(i);
    });

/** Fields and offset exactly (Object.is: a negative-zero offset must stay one). */
function sameDateTime(a: FeelDateTime | null, b: FeelDateTime | null): void {
  if (a === null || b === null) return expect(a).toBe(b);
  expect([a.year, a.month, a.day, a.hour, a.minute, a.second, a.nanos, a.zone]).toEqual([
    b.year,
    b.month,
    b.day,
    b.hour,
    b.minute,
    b.second,
    b.nanos,
    b.zone,
  ]);
  expect(Object.is(a.offset, b.offset)).toBe(true);
}

function sameDate(a: FeelDate | null, b: FeelDate | null): void {
  if (a === null || b === null) return expect(a).toBe(b);
  expect([a.year, a.month, a.day]).toEqual([b.year, b.month, b.day]);
}

describe("the plain date and date-time readers", () => {
  it("agree with the general date and time reader, or leave the string to it", () => {
    let answered = 0;
    fc.assert(
      fc.property(fc.oneof(dateTimeText, mutated(dateTimeText)), (text) => {
        const general = generalDateTime(text);
        const plain = plainDateTime(text);
        if (plain !== undefined) {
          answered++;
          sameDateTime(plain, general);
        }
        sameDateTime(parseDateTime(text), general);
      }),
      { numRuns: 20_000 },
    );
    // the readers must answer the common forms, or they speed nothing up
    expect(answered).toBeGreaterThan(2_000);
  });

  it("agree with the general date reader, or leave the string to it", () => {
    let answered = 0;
    fc.assert(
      fc.property(fc.oneof(dateText, mutated(dateText)), (text) => {
        const general = generalDate(text);
        const plain = plainDate(text);
        if (plain !== undefined) {
          answered++;
          sameDate(plain, general);
        }
        sameDate(parseDate(text), general);
      }),
      { numRuns: 20_000 },
    );
    expect(answered).toBeGreaterThan(4_000);
  });

  it.each([
    ["2024-02-29T23:59:59", [2024, 2, 29, 23, 59, 59, null]],
    ["2024-12-31T00:00:00Z", [2024, 12, 31, 0, 0, 0, 0]],
    ["0000-01-01T12:30:00-05:30", [0, 1, 1, 12, 30, 0, -19_800]],
    ["9999-12-31T23:59:59+18:00", [9999, 12, 31, 23, 59, 59, 64_800]],
    ["2023-06-01", [2023, 6, 1, 0, 0, 0, null]],
  ])("reads %s", (text, fields) => {
    const v = plainDateTime(text)!;
    expect([v.year, v.month, v.day, v.hour, v.minute, v.second, v.offset]).toEqual(fields);
  });

  it.each([
    "2023-02-29T00:00:00",
    "2024-01-01T24:00:00",
    "2024-01-01T10:00:00.5",
    "2024-01-01T10:00:00@UTC",
    "2024-01-01T10:00:00+18:30",
    "12024-01-01T10:00:00",
    "2024-01-01T10:00",
  ])("leaves %s to the general reader", (text) => expect(plainDateTime(text)).toBeUndefined());
});
