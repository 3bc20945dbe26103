// A distance stated per another period than the input counts in ("about 250 miles a week" for the
// miles driven each year) is converted to the input's period, less surely than one stated in it; a
// figure per day converts to no sure figure per year or month (every day, or working days only?)
// and answers nothing, in a text and in a JSON key alike; so does a trip's distance ("20 miles each
// way": made how often?).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { compile, inputsOf, readJsonThrough } from "./helpers.js";

const ANNUAL = { "annual mileage": { type: "number >= 0", desc: "How many miles is the vehicle driven each year?" } };
const MONTHLY = { "monthly miles": { type: "number >= 0", desc: "How many miles is the van driven each month?" } };
const PER_YEAR = { week: 52, month: 12, year: 1 } as const;
type Per = keyof typeof PER_YEAR;

const PERIOD_WORDS: Record<Per, string[]> = {
  week: ["a week", "per week", "each week", "weekly"],
  month: ["a month", "per month", "every month", "monthly"],
  year: ["a year", "per year", "annually"],
};
const UNITS = ["miles", "mi"];
const SAYINGS: ((n: string, unit: string, per: string) => string)[] = [
  (n, unit, per) => `I drive about ${n} ${unit} ${per}.`,
  (n, unit, per) => `The car does roughly ${n} ${unit} ${per}, mostly on the motorway.`,
  (n, unit, per) => `Mileage is around ${n} ${unit} ${per}.`,
];
const DAY = ["a day", "per day", "each day", "daily"];

const distance = fc.integer({ min: 20, max: 900 }).map((n) => n * 5);

describe("a distance per period in a text", () => {
  it("is converted to the period the input counts in, below the confidence of one stated in it", () => {
    for (const [model, asked] of [
      [ANNUAL, "year"],
      [MONTHLY, "month"],
    ] as const) {
      const inputs = inputsOf(model);
      const name = Object.keys(model)[0]!;
      fc.assert(
        fc.property(
          fc.constantFrom(...SAYINGS),
          fc.constantFrom(...UNITS),
          fc.constantFrom<Per>("week", "month", "year"),
          distance,
          fc.nat(),
          (say, unit, per, n, pick) => {
            const words = PERIOD_WORDS[per];
            const v = readText(inputs, say(n.toLocaleString("en-US"), unit, words[pick % words.length]!), "2026-06-01")[name];
            expect(v?.value).toBeCloseTo((n * PER_YEAR[per]) / PER_YEAR[asked], 6);
            const own = PERIOD_WORDS[asked][0]!;
            const stated = readText(inputs, say(n.toLocaleString("en-US"), unit, own), "2026-06-01")[name];
            if (per !== asked) expect(v!.confidence).toBeLessThan(stated!.confidence);
          },
        ),
        { numRuns: 60 },
      );
    }
  });

  it("per day answers nothing for an input counting per year or per month, nor does a sum per day", () => {
    const inputs = inputsOf({
      ...ANNUAL,
      ...{ "monthly income": { type: "number >= 0", desc: "How many dollars does the driver earn each month?" } },
    });
    fc.assert(
      fc.property(fc.constantFrom(...SAYINGS), fc.constantFrom(...UNITS), fc.constantFrom(...DAY), distance, (say, unit, per, n) => {
        const read = readText(inputs, `${say(`${n}`, unit, per)} I make $${n} ${per} on the deliveries.`, "2026-06-01");
        expect(read["annual mileage"]).toBeUndefined();
        expect(read["monthly income"]).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });
});

describe("a trip's distance in a text", () => {
  it("answers nothing for an input counting per year or per month", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(ANNUAL, MONTHLY),
        fc.constantFrom("each way", "round trip", "a round trip", "return"),
        fc.constantFrom(...UNITS),
        distance,
        (model, trip, unit, n) => {
          const text = `My commute is ${n} ${unit} ${trip}.`;
          expect(readText(inputsOf(model), text, "2026-06-01")[Object.keys(model)[0]!]).toBeUndefined();
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("a distance per day in a JSON key", () => {
  const model = compile({ content: { name: "t", inputs: ANNUAL, decisions: { echo: "annual mileage" } } });
  const KEYS = ["daily_miles", "miles_per_day", "milesPerDay", "km_day", "mileage_daily"];

  it("answers nothing for an input counting per year; a weekly key is converted", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...KEYS), distance, async (key, n) => {
        expect((await readJsonThrough(model, { vehicle: "van", [key]: n }))["annual mileage"]).toBeUndefined();
        expect((await readJsonThrough(model, { vehicle: "van", miles_per_week: n }))["annual mileage"]?.value).toBe(n * 52);
      }),
      { numRuns: 40 },
    );
  });
});
