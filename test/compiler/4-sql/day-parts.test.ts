// Days and time durations with a part of a day (durations.ts, kind `nanos`): held as an integer of
// nanoseconds — constants (negative, fractions of a second to the nanosecond, more than a day),
// a choice between them and whole days, sums with differences of dates, negations, `abs`,
// comparisons with each other and with whole days, `.days`/`.hours`/`.minutes`/`.seconds`, a date
// moved by one (the day it reaches from midnight: a part of a day counts down) — over random
// states rich in month ends, leap days and nulls, compared with evaluate() row by row in both
// dialects (a duration decision's column is the text the JS engine writes). The control run, which
// truncates a move toward zero, disagrees.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL durations with a part of a day");

const INPUTS = {
  a: { type: "date", desc: "a?", blank: true },
  b: { type: "date", desc: "b?", blank: true },
  c: { type: "date", desc: "c?", blank: true },
};

/** Durations with a part of a day, some of them chosen with whole days or null, some summed with differences of dates. */
const part = fc.constantFrom(
  '@"PT36H"',
  'duration("-PT0.5S")',
  '@"P1DT2H3M4.000000005S"',
  '@"PT59M59.999999999S"',
  '@"-P2DT23H"',
  '@"PT0.1S"',
  '@"PT1M"',
  '(if a > b then @"PT30M" else @"P1D")',
  '(if b > c then @"-PT1H" else null)',
  '((a - b) + @"PT12H")',
  '(@"PT1H" - (c - a))',
  'abs(@"-PT90M" + (b - c))',
  '(-(@"PT0.1S" + (a - c)))',
  '(@"PT23H59M" + @"PT1M")',
);
/** Those a date may be moved by: no difference of dates (it may pass 4,000 years: refused, as for whole days). */
const move = fc.constantFrom(
  '@"PT36H"',
  'duration("-PT0.5S")',
  '@"-P2DT23H"',
  '@"PT0.1S"',
  '(if a > b then @"PT30M" else @"P1D")',
  '(if b > c then @"-PT1H" else null)',
  'abs(@"-PT90M" + @"-PT1H")',
  '(-(@"PT0.1S" + @"P3D"))',
);
const days = fc.constantFrom("(a - b)", '@"P1D"', '@"-P2D"', '@"P0D"', "(c - a)");
const date = fc.constantFrom("a", "b", "c", '@"2024-02-29"', '(a + @"P1M")');

const FORMS: fc.Arbitrary<string>[] = [
  part,
  fc.tuple(part, fc.constantFrom("days", "hours", "minutes", "seconds")).map(([x, p]) => `${x}.${p}`),
  fc.tuple(part, part, fc.constantFrom("<", "<=", ">", ">=", "=", "!=")).map(([x, y, op]) => `${x} ${op} ${y}`),
  fc.tuple(part, days, fc.constantFrom("<", ">=", "=", "!=")).map(([x, y, op]) => `${x} ${op} ${y}`),
  fc.tuple(days, part, fc.constantFrom("+", "-")).map(([x, y, op]) => `${x} ${op} ${y}`),
  fc.tuple(part, part).map(([x, y]) => `${x} - ${y}`),
  fc.tuple(date, move, fc.constantFrom("+", "-")).map(([d, x, op]) => `${d} ${op} ${x}`),
  fc.tuple(move, date).map(([x, d]) => `${x} + ${d}`),
  fc.tuple(date, move).map(([d, x]) => `(${d} - ${x}).day`),
  part.map((x) => `if ${x} > @"PT1H" then "long" else "short"`),
  // a constant time's offset at an input's date (date-times.ts), and a closed one worked out at compile time
  fc.constantFrom(
    'date and time(a, time("10:00:00+01:00")).time offset',
    'date and time(b, time("23:59:59.5-05:30")).time offset + (a - c)',
    'time("10:46:43-09:30").time offset',
  ),
];

const modelOf = (ds: string[]): ModelInput => ({
  content: { name: "day parts", inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) },
});
const partModel = fc.array(fc.oneof(...FORMS), { minLength: 1, maxLength: 4 }).map(modelOf);

const EDGE_DATES = [
  "2024-02-29",
  "2023-02-28",
  "2000-02-29",
  "2024-01-31",
  "2024-03-31",
  "2023-12-31",
  "2025-01-01",
  "0001-01-02",
  "9999-12-30",
];
const isoDate = fc
  .record({ y: fc.integer({ min: 1990, max: 2030 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, d }) => {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return `${y}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
  });
const dateState = fc.oneof(
  { arbitrary: isoDate, weight: 6 },
  { arbitrary: fc.constantFrom(...EDGE_DATES), weight: 3 },
  { arbitrary: fc.constant(null), weight: 1 },
);
const states = (count: number, seed: number): Row[] =>
  fc.sample(fc.record({ a: dateState, b: dateState, c: dateState }), { numRuns: count, seed });

describe("days and time durations with a part of a day in SQL", () => {
  it("every random model of them compiles in both dialects and agrees with evaluate()", { timeout: 600_000 }, async () => {
    const models = fc.sample(partModel, { numRuns: 40, seed: 20261206 });
    await expectEveryModelAgrees(models, (i) => states(150, i), engines, { strict: true });
  });

  it("a decision table's durations (whole days among them) compare and move a date as evaluate() does", { timeout: 120_000 }, async () => {
    const m: ModelInput = {
      content: {
        name: "targets",
        inputs: { ...INPUTS, p: { type: "p1|p2|p3", desc: "p?", blank: true } },
        decisions: {
          target: [
            ["p", "=> days and time duration"],
            ["p1", 'duration("PT30M")'],
            ["p2", 'duration("-PT1H30M0.25S")'],
            ["-", 'duration("P1D")'],
          ],
          due: "a + target",
          back: "a - target",
          late: "(b - a) > target",
          hours: "target.hours",
          minutes: "target.minutes",
          seconds: "target.seconds",
          days: "target.days",
          sum: "target + (b - c)",
          tested: [
            ["target", "=> string"],
            ['> duration("PT1H")', '"long"'],
            ['[duration("-PT2H")..duration("PT30M")]', '"short"'],
            ["-", '"other"'],
          ],
        },
      },
    };
    const rows = fc
      .sample(fc.constantFrom("p1", "p2", "p3", null), { numRuns: 200, seed: 7 })
      .map((p, i) => ({ ...states(200, 11)[i]!, p }));
    for (const engine of engines) {
      const c = await compare(m, rows, engine);
      expect(c.disagreements.slice(0, 3), engine.dialect).toEqual([]);
      expect(c.scored).toBeGreaterThan(150);
    }
  });

  it("the control run, a move truncated toward zero, disagrees in both dialects", { timeout: 120_000 }, async () => {
    const m = modelOf(['a + (if b > c then @"-PT30H" else @"PT1H")']);
    const rows = states(200, 3);
    for (const engine of engines) {
      const c = await compare(m, rows, engine, true);
      expect(c.disagreements.length, engine.dialect).toBeGreaterThan(20);
      expect((await compare(m, rows, engine)).disagreements, engine.dialect).toEqual([]);
    }
  });

  it.each([
    ["a part of a nanosecond", 'duration("PT0.0000000001S") + (a - b)', "a part of a nanosecond"],
    ["a duration in a context", '{x: @"PT1H"}', "a context holding a duration"],
    ["a duration times a number with places", '(if a > b then @"PT1H" else null) * 1.5', "nanos * a number with places"],
  ])("refuses %s at its address, in both dialects", (_what, expr, message) => {
    expectRefusedAtDecision(INPUTS, expr, message);
  });
});
