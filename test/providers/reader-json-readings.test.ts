// A series of dated readings of one measure (`"credit_pulls": [{"date": …, "score": …}, …]`) is read
// at its latest, in whatever order it is listed; a list of records with more to say, or two
// readings of the latest day, is no such series (issue 33, the thirteenth blind split's kinds).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { latestReading } from "../../src/providers/readers/json-readings.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { sample } from "./helpers.js";

const lending = sample("lending").ir.inputs;
const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10);

describe("a series of dated readings", () => {
  it("is read at its latest reading", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 700 }), { minLength: 2, maxLength: 6 }),
        fc.constantFrom("date", "pulled_on", "as_of"),
        (days, dayKey) => {
          const pulls = days.map((d, i) => ({ [dayKey]: day(d), score: 600 + i }));
          const latest = days.indexOf(Math.max(...days));
          expect(latestReading(pulls)).toBe(latest);
          const state = { record: { credit_pulls: pulls, requested: { amount: "$9,000" } } };
          expect(readJson(lending, state, "2027-06-01")["credit score"]?.value).toBe(600 + latest);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("is no series when its records say more, or two share the latest day", () => {
    expect(
      latestReading([
        { date: "2026-01-01", score: 1, source: "x" },
        { date: "2026-02-01", score: 2, source: "y" },
      ]),
    ).toBeUndefined();
    expect(
      latestReading([
        { date: "2026-02-01", score: 1 },
        { date: "2026-02-01", score: 2 },
      ]),
    ).toBeUndefined();
    expect(
      latestReading([
        { date: "soon", score: 1 },
        { date: "2026-02-01", score: 2 },
      ]),
    ).toBeUndefined();
  });
});
