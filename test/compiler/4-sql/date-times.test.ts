// Dates and times lowered without a column of their own: a closed expression about dates and times
// (closed-temporal.ts: `@"…T…".hour`, `date(@"…T…-05:30")`, `time("…").time offset`, a difference
// of two date-times at one time of day) worked out at compile time, and a date at a constant time
// (date-times.ts: `date(date and time(a, time("10:47:16.5")))`, `date and time(a, @"23:59:59Z").hour`).
// Random models of them over random date inputs rich in leap days, month ends, the first and last
// years and nulls, with random literals (fractions of a second, offsets either side of UTC, zones
// in closed ones), each compared with evaluate() row by row in both dialects. What stays refused
// is refused at its address.
import fc from "fast-check";
import { describe, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL date-times");

const INPUTS = {
  a: { type: "date", desc: "a?", blank: true },
  b: { type: "date", desc: "b?", blank: true },
};

const two = (n: number) => String(n).padStart(2, "0");

/** A real calendar date of years `min` to `max`, leap days and month ends often. */
const calendarDate = (min: number, max: number) =>
  fc
    .record({
      y: fc.oneof(fc.integer({ min, max }), fc.constantFrom(...[2000, 2024, 1900, min, max].filter((y) => y >= min && y <= max))),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constant(31)),
    })
    .map(({ y, m, d }) => {
      const t = new Date(Date.UTC(2000, m, 0));
      t.setUTCFullYear(y, m, 0);
      return `${String(y).padStart(4, "0")}-${two(m)}-${two(Math.min(d, t.getUTCDate()))}`;
    });

/** A time of day with or without a fraction of a second. */
const clock = fc
  .record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }) })
  .chain(({ h, m, s }) => fc.constantFrom("", ".5", ".125", ".000001").map((f) => `${two(h)}:${two(m)}:${two(s)}${f}`));
/** An offset either side of UTC, UTC itself, or none. */
const offset = fc.constantFrom("", "Z", "+14:00", "-05:30", "+01:00", "-12:00");
/** Offsets whose `time offset` is whole days (none: null; UTC: zero). */
const dayOffset = fc.constantFrom("", "Z");
const zone = fc.constantFrom("@Europe/Paris", "@America/New_York", "@Asia/Kolkata");

/** A date-time literal's text, of any year FEEL's dates have from 1 to 9999. */
const dateTime = fc.tuple(calendarDate(1, 9999), clock, fc.oneof(offset, zone)).map(([d, t, o]) => `${d}T${t}${o}`);

/** Closed expressions of dates and times with a value a literal holds. */
const closed = fc.oneof(
  fc
    .tuple(dateTime, fc.constantFrom("year", "month", "day", "weekday", "hour", "minute", "second", "timezone"))
    .map(([l, p]) => `@"${l}".${p}`),
  fc.tuple(calendarDate(1, 9999), clock, dayOffset).map(([d, t, o]) => `@"${d}T${t}${o}".time offset`),
  fc.tuple(clock, dayOffset).map(([t, o]) => `time("${t}${o}").time offset`),
  dateTime.map((l) => `date(@"${l}")`),
  fc
    .tuple(calendarDate(1900, 2100), calendarDate(1900, 2100), clock, offset)
    .map(([x, y, t, o]) => `(@"${x}T${t}${o}" - @"${y}T${t}${o}")`),
  fc.tuple(dateTime, dateTime).map(([x, y]) => `(@"${x}" > @"${y}")`),
);

/** A constant time of no zone, as the model may write one. */
const time = fc.oneof(
  fc.tuple(clock, offset).map(([t, o]) => `time("${t}${o}")`),
  fc.tuple(clock, offset).map(([t, o]) => `@"${t}${o}"`),
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom("0", "59", "7.5"))
    .map(([h, m, s]) => `time(${h}, ${m}, ${s})`),
);
const date = fc.constantFrom("a", "b", '(a + duration("P1D"))', 'date(@"2024-02-29T12:00:00")', "null");
/** A date at a constant time of no zone (or of no offset: whose `time offset` is null or zero). */
const atTime = fc.tuple(date, time).map(([d, t]) => `date and time(${d}, ${t})`);
const atDayTime = fc.tuple(date, clock, dayOffset).map(([d, t, o]) => `date and time(${d}, time("${t}${o}"))`);

const FORMS: fc.Arbitrary<string>[] = [
  closed,
  atTime.map((x) => `date(${x})`),
  fc.tuple(atTime, fc.constantFrom("year", "month", "day", "weekday", "hour", "minute", "second", "timezone")).map(([x, p]) => `${x}.${p}`),
  atDayTime.map((x) => `${x}.time offset`),
  fc.tuple(atTime, date).map(([x, d]) => `date(${x}) = ${d}`),
  fc.tuple(atTime, atTime).map(([x, y]) => `date(${x}) < date(${y})`),
  fc.tuple(atTime, date).map(([x, d]) => `${x}.hour + ${d}.day`),
  fc.tuple(date, dateTime).map(([d, l]) => `${d} >= date(@"${l}")`),
  fc.tuple(date, calendarDate(1900, 2100), calendarDate(1900, 2100), clock).map(([d, x, y, t]) => `${d} + (@"${x}T${t}" - @"${y}T${t}")`),
  fc.tuple(date, dateTime).map(([d, l]) => `if ${d}.year > @"${l}".year then ${d}.month else @"${l}".second`),
  fc.tuple(date, calendarDate(1900, 2100), clock).map(([d, x, t]) => `years and months duration(${d}, date(@"${x}T${t}"))`),
];

const modelOf = (ds: string[]): ModelInput => ({
  content: { name: "date-times", inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) },
});
const dateTimeModel = fc.array(fc.oneof(...FORMS), { minLength: 1, maxLength: 4 }).map(modelOf);

const EDGE_DATES = ["2024-02-29", "2000-02-29", "1900-02-28", "2023-12-31", "2024-01-01", "0001-01-01", "9999-12-31", "9999-12-30"];
const dateState = fc.oneof(
  { arbitrary: calendarDate(1, 9998), weight: 6 },
  { arbitrary: fc.constantFrom(...EDGE_DATES), weight: 3 },
  { arbitrary: fc.constant(null), weight: 1 },
);
const dateStates = (count: number, seed: number): Row[] => fc.sample(fc.record({ a: dateState, b: dateState }), { numRuns: count, seed });

describe("dates and times in SQL", () => {
  it(
    "every random model of closed date-times and dates at a constant time compiles in both dialects and agrees with evaluate()",
    { timeout: 600_000 },
    async () => {
      const models = fc.sample(dateTimeModel, { numRuns: 40, seed: 20261204 });
      await expectEveryModelAgrees(models, (i) => dateStates(100, i), engines, { strict: true });
    },
  );

  it.each([
    ["a date at a zoned time (its offset depends on the date)", 'date and time(a, time("10:00:00@Europe/Paris")).hour', "date and time"],
    ["a date and time of an input's date used as a value", 'date and time(a, time("10:00:00"))', "date and time"],
    ["a closed date-time", '@"2024-02-29T10:00:00"', "temporal literal"],
  ])("refuses %s at its address, in both dialects", (_what, expr, message) => {
    expectRefusedAtDecision(INPUTS, expr, message);
  });
});
