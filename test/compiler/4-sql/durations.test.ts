// Durations lowered (durations.ts): random models of date and duration arithmetic — differences of
// dates, dates moved by years and months (month ends clamped) and by days, `years and months
// duration`, sums, negations, `abs`, comparisons within and across the two kinds, the properties,
// a choice between durations — over random states rich in month ends, leap days, dates in either
// order and nulls, each compared with evaluate() row by row in both dialects (a duration decision's
// column is the text the JS engine writes; a date decision's, the day FEEL's text names, before year
// 1 and past 9999 too). What the lowering cannot reproduce is refused at its address.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL durations");

const INPUTS = {
  a: { type: "date", desc: "a?", blank: true },
  b: { type: "date", desc: "b?", blank: true },
  c: { type: "date", desc: "c?", blank: true },
};

const date = fc.constantFrom("a", "b", "c", 'date("2024-02-29")', '@"2023-01-31"', '(a + duration("P1M"))');
/** Days and time durations of whole days: differences of dates, constants (negative, zero), sums. */
const days = fc.constantFrom(
  "(a - b)",
  "(c - a)",
  'duration("P30D")',
  'duration("-P1D")',
  '@"P0D"',
  '@"P2DT48H"',
  "(-(b - c))",
  "abs(c - a)",
  '((a - b) + duration("P1D"))',
  '(if a > b then duration("P5D") else duration("-P400D"))',
);
/** Constant days a date may be moved by (a difference of dates may pass 4,000 years). */
const move = fc.constantFrom('duration("P30D")', '@"-P1D"', '@"P366D"', '(if b > c then @"P1D" else @"-P59D")', '@"P0D"');
/** Years and months durations. */
const months = fc.constantFrom(
  "years and months duration(a, b)",
  "years and months duration(c, a)",
  'duration("P1Y1M")',
  'duration("-P13M")',
  '@"P0M"',
  '(years and months duration(b, c) - duration("P1M"))',
  "(-years and months duration(a, c))",
  "abs(years and months duration(b, a))",
);
/** Months a date may be moved by: constants, or a choice between them. */
const shift = fc.constantFrom('@"P1M"', '@"-P1M"', '@"P1Y"', '@"-P12M"', '@"P13M"', '(if a < c then @"P1M" else @"P2Y11M")');

const FORMS: fc.Arbitrary<string>[] = [
  fc.tuple(date, shift).map(([d, m]) => `${d} + ${m}`),
  fc.tuple(date, shift).map(([d, m]) => `${d} - ${m}`),
  fc.tuple(shift, date).map(([m, d]) => `${m} + ${d}`),
  fc.tuple(date, move).map(([d, n]) => `${d} + ${n}`),
  fc.tuple(date, move).map(([d, n]) => `${d} - ${n}`),
  days,
  months,
  days.map((x) => `${x}.days`),
  days.map((x) => `${x}.hours`),
  months.map((x) => `${x}.years`),
  months.map((x) => `${x}.months`),
  fc.tuple(days, days, fc.constantFrom("<", "<=", ">", ">=", "=", "!=")).map(([x, y, op]) => `${x} ${op} ${y}`),
  fc.tuple(months, months, fc.constantFrom("<", ">=", "=", "!=")).map(([x, y, op]) => `${x} ${op} ${y}`),
  fc.tuple(date, shift, fc.constantFrom("year", "month", "day")).map(([d, m, p]) => `(${d} - ${m}).${p}`),
  fc.tuple(date, move).map(([d, n]) => `(${d} - ${n}).year`),
  fc.tuple(date, date).map(([x, y]) => `${x} - ${y}`),
  fc.tuple(days, days).map(([x, y]) => `${x} - ${y}`),
  fc.tuple(months, months).map(([x, y]) => `${x} + ${y}`),
  fc.tuple(date, shift, date).map(([x, m, y]) => `(${x} + ${m}) - ${y}`),
  fc.tuple(date, shift).map(([x, m]) => `years and months duration(${x}, ${x} + ${m})`),
];

/** A date's calendar (calendar.ts): of inputs, literals and moved dates (before year 1 and past 9999 too). */
const dated = fc.oneof(
  date,
  fc.tuple(date, move).map(([d, n]) => `(${d} - ${n})`),
  fc.tuple(date, shift).map(([d, m]) => `(${d} + ${m})`),
  fc.tuple(date, shift).map(([d, m]) => `(${d} - ${m})`),
);
const CALENDAR: fc.Arbitrary<string>[] = [
  dated.map((d) => `day of year(${d})`),
  dated.map((d) => `week of year(${d})`),
  dated.map((d) => `day of week(${d})`),
  dated.map((d) => `month of year(${d})`),
  dated.map((d) => `${d}.weekday`),
  fc.tuple(dated, dated).map(([x, y]) => `day of year(${x}) - week of year(${y}) * 7`),
  fc.tuple(dated, dated).map(([x, y]) => `day of week(${x}) = day of week(${y})`),
  dated.map((d) => `if ${d}.weekday > 5 then "weekend" else month of year(${d})`),
  // the date itself: its column's text is FEEL's before year 1 and past 9999 too
  dated,
  fc.tuple(dated, dated).map(([x, y]) => `max(${x}, ${y})`),
];

const modelOf =
  (name: string) =>
  (ds: string[]): ModelInput => ({ content: { name, inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) } });
const durationModel = fc.array(fc.oneof(...FORMS), { minLength: 1, maxLength: 4 }).map(modelOf("durations"));
const calendarModel = fc.array(fc.oneof(...CALENDAR), { minLength: 1, maxLength: 4 }).map(modelOf("calendar"));

/** Dates that find the edges: month ends, leap days (2000 is one, 1900 is not), the first and last years. */
const EDGE_DATES = [
  "2024-02-29",
  "2023-02-28",
  "2000-02-29",
  "1900-02-28",
  "2024-01-31",
  "2024-03-31",
  "2023-12-31",
  "2024-04-30",
  "2025-01-01",
  "0001-01-01",
  "0001-02-28",
  "9999-12-31",
  "9999-01-31",
];
/** ISO weeks' edges: 53 of 2020 (to 3 January 2021), 1 of 2019 from 31 December 2018, 52 of 2022 on 1 January 2023. */
const WEEK_EDGES = ["2020-12-31", "2021-01-03", "2021-01-04", "2018-12-31", "2023-01-01"];

const isoDate = fc
  .record({ y: fc.integer({ min: 1990, max: 2030 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, d }) => {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return `${y}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
  });

const dateState = (edges: string[]) =>
  fc.oneof(
    { arbitrary: isoDate, weight: 6 },
    { arbitrary: fc.constantFrom(...edges), weight: 3 },
    { arbitrary: fc.constant(null), weight: 1 },
  );

const statesOf =
  (edges: string[]) =>
  (count: number, seed: number): Row[] =>
    fc.sample(fc.record({ a: dateState(edges), b: dateState(edges), c: dateState(edges) }), { numRuns: count, seed });
const durationStates = statesOf(EDGE_DATES);
const calendarStates = statesOf([...EDGE_DATES, ...WEEK_EDGES]);

describe("durations in SQL", () => {
  it(
    "every random model of date and duration arithmetic compiles in both dialects and agrees with evaluate()",
    { timeout: 600_000 },
    async () => {
      const models = fc.sample(durationModel, { numRuns: 40, seed: 20261202 });
      await expectEveryModelAgrees(models, (i) => durationStates(150, i), engines, { strict: true });
    },
  );

  it("every random model of a date's calendar compiles in both dialects and agrees with evaluate()", { timeout: 600_000 }, async () => {
    const models = fc.sample(calendarModel, { numRuns: 30, seed: 20261203 });
    await expectEveryModelAgrees(models, (i) => calendarStates(150, i), engines, { strict: true });
  });

  it(
    "a date moved again and again either agrees with evaluate() in both dialects or is refused as moved too far in all",
    { timeout: 600_000 },
    async () => {
      // constant moves of up to 4,000 years each, in chains of up to 4: the first and last dates moved
      // past PostgreSQL's first date (4713 BC) would stop the query there
      const step = fc.constantFrom(
        '@"P4000Y"',
        '@"-P4000Y"',
        '@"P1460000D"',
        '@"-P1460000D"',
        '@"-P2000Y6M"',
        '@"P13M"',
        'duration("-P400D")',
      );
      const chain = fc.array(fc.tuple(fc.constantFrom("+", "-"), step), { minLength: 1, maxLength: 4 });
      const models = fc.sample(chain, { numRuns: 60, seed: 20261205 }).map((moves) => {
        const expr = moves.reduce((d, [op, by]) => `(${d} ${op} ${by})`, "a");
        return modelOf("moves")([expr, `${expr}.year`]);
      });
      const states: Row[] = ["0001-01-01", "9999-12-31", "2024-02-29", "0001-03-01", null].map((a) => ({ a, b: null, c: null }));
      const outcomes = new Set<string>();
      for (const m of models)
        for (const engine of engines) {
          const r = compileToSql(m, { dialect: engine.dialect });
          outcomes.add(String(r.ok));
          if (!r.ok) {
            expect(
              r.diagnostics.map((d) => [d.code, /moved/.test(d.message)]),
              JSON.stringify(m.content),
            ).toContainEqual(["sql.unsupported", true]);
            continue;
          }
          const c = await compare(m, states, engine);
          expect(c.disagreements, `${engine.dialect}: ${JSON.stringify(m.content)}`).toEqual([]);
          expect(c.scored).toBe(states.length);
        }
      expect([...outcomes].sort()).toEqual(["false", "true"]);
    },
  );

  it.each([
    ["a date moved by a difference of dates (it may pass 4,000 years)", "a + (b - c)", "a date moved by a duration"],
    ["a date moved by a years and months duration between dates", "a + years and months duration(b, c)", "a date moved by a duration"],
    ["a duration times a number with places", "(a - b) * 1.5", "days * a number with places"],
    ["a duration in a context", "{x: a - b}", "a context holding a duration"],
  ])("refuses %s at its address, in both dialects", (_what, expr, message) => {
    expectRefusedAtDecision(INPUTS, expr, message);
  });
});
