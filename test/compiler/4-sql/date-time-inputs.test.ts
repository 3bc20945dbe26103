// Date and time inputs lowered (date-time-values.ts): random models comparing, subtracting and
// moving date and times, their dates and clock parts, their text, and decision tables over them,
// on random states that mix local values, offsets and zones (a zone's row goes to the JS engine),
// whole seconds and nanoseconds within one second, leap days, DST edges, bare dates and nulls, each
// compared with evaluate() row by row in both dialects; the naive integer comparison is caught.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, expectAgreesInEach, expectControlCaught, expectRefusedAtDecision, statesFor } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL date and time inputs");

const INPUTS = {
  a: { type: "date and time", desc: "a?", blank: true },
  b: { type: "date and time", desc: "b?", blank: true },
  c: { type: "date and time", desc: "c?" },
  e: { type: "date", desc: "e?", blank: true },
};

const dateTime = fc.constantFrom(
  "a",
  "b",
  "c",
  '(a + duration("PT1H30M"))',
  '(c - @"P1D")',
  '(b + (if a > c then @"PT0.000000001S" else @"-PT25H"))',
);
const duration = fc.constantFrom("(a - b)", "(c - a)", '((b - c) + duration("PT0.5S"))', '(a - (c + duration("P1DT2H")))');
const op = fc.constantFrom("<", "<=", ">", ">=", "=", "!=");

const FORMS: fc.Arbitrary<string>[] = [
  fc.tuple(dateTime, op, dateTime).map(([x, o, y]) => `${x} ${o} ${y}`),
  fc.tuple(dateTime, dateTime).map(([x, y]) => `${x} - ${y}`),
  duration,
  fc.tuple(duration, op, duration).map(([x, o, y]) => `${x} ${o} ${y}`),
  duration.map((x) => `${x} / duration("PT0.5S")`),
  dateTime,
  dateTime.map((x) => `date(${x})`),
  dateTime.map((x) => `date(${x}) - e`),
  dateTime.map((x) => `day of week(date(${x}))`),
  fc.tuple(dateTime, fc.constantFrom("year", "month", "day", "weekday", "hour", "minute", "second")).map(([x, p]) => `${x}.${p}`),
  fc.tuple(dateTime, dateTime).map(([x, y]) => `if ${x} < ${y} then ${x} else ${y}`),
  fc.tuple(dateTime, dateTime, dateTime).map(([x, y, z]) => `${x} between ${y} and ${z}`),
];

/** A decision table over date and times: cells comparing with other inputs, a range, a default. */
const table = fc.tuple(dateTime, dateTime, dateTime).map(([x, y, z]) => [
  [x, "=> string"],
  [`< ${y}`, '"before"'],
  [`[${y}..${z}]`, '"within"'],
  [`> ${z}`, '"after"'],
  ["-", '"other"'],
]);

const modelOf = (ds: unknown[]): ModelInput => ({
  content: { name: "date and times", inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) },
});
const dateTimeModel = fc.array(fc.oneof(...FORMS, table), { minLength: 1, maxLength: 4 }).map(modelOf);

/** Clocks one second apart and within one second, so that whole-second ties and nanoseconds both occur. */
const CLOCKS = ["00:00:00", "02:30:00", "02:30:00.5", "02:30:00.000000001", "02:29:59.999999999", "23:59:59", "10:15:00"];
/** Offsets (the same instant written two ways), zones at DST edges (the JS engine's rows), none. */
const SUFFIXES = ["", "", "", "Z", "+02:00", "-05:30", "+01:00", "+14:00", "-12:59", "@Europe/Paris", "@America/New_York"];
/** Days of leap years and DST changes (Paris: 29 March and 25 October 2026), month ends. */
const DAYS = ["2024-02-29", "2026-03-29", "2026-10-25", "2026-03-28", "2025-12-31", "2026-01-01", "2000-02-29", "1000-01-01", "8999-12-31"];
/** Text the query does not read (out of its years, ten places), or no date and time at all (a bare date, 24:00, an offset past 14 hours). */
const ODD = [
  "2026-03-05",
  "2026-03-05T10:15:00+18:00",
  "0999-12-31T23:59:59",
  "9000-01-01T00:00:00",
  "2026-03-05T24:00:00",
  "2026-03-05T10:15:00.1234567891",
  "2026-02-29T10:00:00",
  "2026-03-05T10:15:00z",
  "2026-03-05T10:15",
];

/** Mostly one day, so that two inputs often share a second or a wall clock. */
const day = fc.oneof(fc.constant("2026-03-29"), fc.constantFrom(...DAYS));
const textOf = fc.oneof(
  { arbitrary: fc.tuple(day, fc.constantFrom(...CLOCKS), fc.constantFrom(...SUFFIXES)).map(([d, t, s]) => `${d}T${t}${s}`), weight: 16 },
  { arbitrary: fc.constantFrom(...ODD), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
);
const states = (count: number, seed: number): Row[] =>
  fc.sample(fc.record({ a: textOf, b: textOf, c: textOf, e: fc.constantFrom("2024-02-29", "2026-03-29", null) }), { numRuns: count, seed });

describe("date and time inputs in SQL", () => {
  it(
    "every random model over date and time inputs compiles in both dialects and agrees with evaluate()",
    { timeout: 600_000 },
    async () => {
      const models = fc.sample(dateTimeModel, { numRuns: 40, seed: 20261202 });
      const scored = new Map<string, number>();
      let rows = 0;
      for (const [i, m] of models.entries()) {
        const run = [...states(150, i + 1), ...statesFor(checkModel(m).input, 30, i + 1)];
        rows += run.length;
        await expectAgreesInEach(m, run, engines, scored, true);
      }
      // a row is scored where all three date and times are read (a zone's, an odd text's, a missing c's are not)
      for (const engine of engines) expect(scored.get(engine.dialect)! / rows, engine.dialect).toBeGreaterThan(0.25);
      console.log("scored share", [...scored].map(([d, n]) => `${d} ${(n / rows).toFixed(3)}`).join(", "));
    },
  );

  it("the naive comparison of the held integers is caught: offsets and nanoseconds within a second", { timeout: 600_000 }, async () => {
    // every pair of clocks on one day, each local or at an offset: ties of the second, of the wall clock, of the instant
    const texts = ["02:30:00", "02:30:00.5", "04:30:00", "02:29:59.999999999"].flatMap((t) =>
      ["", "Z", "+02:00"].map((s) => `2026-03-29T${t}${s}`),
    );
    const edges = texts.flatMap((a) => texts.map((b) => ({ a, b, c: a, e: null })));
    await expectControlCaught(INPUTS, ["a < b", "a = b", "b >= c"], edges, engines);
  });

  it("a quotient of days and time durations agrees with evaluate() in PostgreSQL; DuckDB refuses one whose divisor has no exact reciprocal", async () => {
    const m = modelOf(['(a - b) / duration("PT1M")', "(a - c) / (b - c)"]);
    for (const engine of engines) {
      const r = compileToSql(m, { dialect: engine.dialect });
      if (engine.dialect === "duckdb") {
        expect(r.ok ? [] : r.diagnostics.map((d) => [d.code, d.address])).toEqual([
          ["sql.unsupported", "decisions.d0"],
          ["sql.unsupported", "decisions.d1"],
        ]);
        continue;
      }
      const c = await compare(m, states(300, 5), engine);
      expect(c.disagreements.slice(0, 3)).toEqual([]);
      expect(c.scored).toBeGreaterThan(100);
    }
  });

  it.each([
    ["a date and time moved by a years and months duration", 'a + duration("P1M")', "a datetime moved by a duration"],
    ["a date and time moved by a difference of date and times (it may pass 900 years)", "a + (b - c)", "900 years"],
    ["a date and time in a context", "{x: a}", "a context holding a duration or a date and time"],
  ])("refuses %s at its address, in both dialects", (_what, expr, message) => {
    expectRefusedAtDecision(INPUTS, expr, message);
  });
});
