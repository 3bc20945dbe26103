// Date-and-time models on generated states agree three ways: optimised, -O0 and the reference
// interpreter. The states hold the forms the fast readers take (four-digit years, whole seconds,
// local, Z, ±hh:mm) and the forms they leave to the general reader (fractions of a second, longer
// years, 24:00:00), on leap days, month and year ends and far years; the expressions are the
// operations of service-level and scheduling models: moving by a duration, differences, their
// quotients and properties, weekdays, comparisons and string forms.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached } from "../../src/compiler/index.js";
import { parseExpression } from "../../src/compiler/1-parse/feel/index.js";
import { evaluate, Scope } from "../support/reference/interpret.js";
import { same } from "../support/reference/same.js";
import { formatValue } from "../support/reference/show.js";
import { parseDate, parseDateTime } from "../support/reference/temporal.js";
import { fromEngine } from "./from-engine.js";
import { daysTimeValue } from "../support/generate/literals.js";

const INPUTS = {
  a: { type: "date and time", desc: "When did it start?" },
  b: { type: "date and time", desc: "When did it end?" },
  d: { type: "date", desc: "On what day was it closed?" },
  p: { type: "string", desc: "How long may it take, as an ISO 8601 duration?" },
};

const EXPRESSIONS = [
  "a + duration(p)",
  "a - duration(p)",
  "b - a",
  '(b - a) / duration("PT1M")',
  "(b - a) / duration(p)",
  "(d - date(a)).days",
  "date(a) - d",
  "date(a) + duration(p)",
  "day of week(date(a))",
  'day of week(d) in ["Saturday", "Sunday"]',
  "a < b",
  "a <= b",
  "a = b",
  "b > a + duration(p)",
  "(b - a).days",
  "(b - a).hours",
  "(b - a).minutes",
  "(b - a).seconds",
  "duration(p).days",
  "string(a)",
  "string(b - a)",
  "string(a + duration(p))",
  "a.weekday",
  "a.hour",
  "date and time(d, time(a))",
];

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const year = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1990, max: 2040 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 9999 }) },
  { weight: 1, arbitrary: fc.constantFrom(1, 1600, 1900, 2000, 2100, 9999, 10_000, 123_456) },
);
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const monthDays = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : MONTH_DAYS[m - 1]!);
/** A day of the month, or its last day (leap days included). */
const dateText = fc
  .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.boolean())
  .map(([y, m, d, atEnd]) => `${pad(y, 4)}-${pad(m)}-${pad(atEnd ? monthDays(y, m) : Math.min(d, monthDays(y, m)))}`);
const clock = fc
  .tuple(
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 59 }),
    fc.constantFrom("", "", "", ".5", ".000000001"),
  )
  .map(([h, m, s, f]) => `${pad(h)}:${pad(m)}:${pad(s)}${f}`);
const offset = fc.constantFrom("", "", "", "Z", "+00:00", "-00:00", "+01:00", "-05:30", "+14:00");
const dateTimeText = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(dateText, clock, offset).map(([d, t, z]) => `${d}T${t}${z}`) },
  { weight: 1, arbitrary: dateText },
);
const state = fc.tuple(dateTimeText, dateTimeText, dateText, daysTimeValue).map(([a, b, d, p]) => ({ a, b, d, p }));

const model = {
  content: { name: "temporal states", inputs: INPUTS, decisions: Object.fromEntries(EXPRESSIONS.map((e, i) => [`r${i}`, e])) },
};

describe("differential: date-and-time states", () => {
  const engines = [true, false].map((optimise) => {
    const compiled = compileUncached(model, { optimise });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.check.stages.flatMap((s) => s.diagnostics)));
    return compiled.model;
  });
  const parsed = EXPRESSIONS.map((e) => parseExpression(e, { names: Object.keys(INPUTS) }).value!);

  it("optimised, -O0 and the reference interpreter agree", () => {
    fc.assert(
      fc.property(state, (s) => {
        const scope = Scope.of({ a: parseDateTime(s.a), b: parseDateTime(s.b), d: parseDate(s.d), p: s.p });
        const results = engines.map((m) => m.evaluateToValues(s));
        EXPRESSIONS.forEach((text, i) => {
          const expected = evaluate(parsed[i]!, scope);
          for (const r of results) {
            const got = fromEngine(r[`r${i}`] ?? null);
            expect(
              same(got, expected),
              `${text} on ${JSON.stringify(s)}: ${formatValue(got)}, the reference ${formatValue(expected)}`,
            ).toBe(true);
          }
        });
      }),
      { numRuns: 1500 },
    );
  }, 300_000);
});
