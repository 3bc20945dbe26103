// A reading made as of a given day answers the same whatever the clock says: the JSON reader's
// fallbacks (a choice named by an unkeyed value, a note's relative dates, an age from a date of
// birth) count from the reading's reference, and the clock is read once, only when none is given.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonReader } from "../../src/providers/readers/json-reader.js";
import { textReader } from "../../src/providers/readers/text-reader.js";
import { yearsBetween } from "../../src/providers/readers/dates.js";
import type { Reader } from "../../src/providers/types.js";
import { modelOf } from "../../scripts/eval-reader.js";

const DAY = 86_400_000;
const dayOf = (n: number): string => new Date(Date.UTC(2010, 0, 1) + n * DAY).toISOString().slice(0, 10);
/** Two clocks far apart, neither near any reference drawn below. */
const CLOCKS = ["1999-02-03T23:59:30Z", "2077-08-09T00:00:30Z"];

const claims = modelOf("claims-triage");
const eligibility = modelOf("eligibility");

async function readAt(reader: Reader, model: typeof claims, state: unknown, reference: string | undefined, clock: string) {
  vi.setSystemTime(new Date(clock));
  const r = await reader.read({ inputs: model.ir.inputs, schema: model.inputSchema, state, mode: "fast", reference });
  return Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, [v.value, v.confidence]]));
}

describe("a reading as of a given day", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("reads a JSON state's relative dates and ages the same under any clock", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 * 365 }),
        fc.integer({ min: 20 * 365, max: 60 * 365 }),
        fc.constantFrom("notes", "description", "comment"),
        async (n, bornBefore, key) => {
          const reference = dayOf(n);
          const note = { claim: { amount: "1,200", [key]: "A branch fell on my parked car in the storm yesterday and dented the roof." } };
          const [a, b] = [
            await readAt(jsonReader, claims, note, reference, CLOCKS[0]!),
            await readAt(jsonReader, claims, note, reference, CLOCKS[1]!),
          ];
          expect(a).toEqual(b);
          expect(a["incident date"]?.[0]).toBe(dayOf(n - 1));
          const dob = dayOf(n - bornBefore);
          const person = { applicant: { name: "Ann Lee", dob, monthly_income: 1200, disabled: false } };
          const [c, d] = [
            await readAt(jsonReader, eligibility, person, reference, CLOCKS[0]!),
            await readAt(jsonReader, eligibility, person, reference, CLOCKS[1]!),
          ];
          expect(c).toEqual(d);
          expect((c["applicant"]?.[0] as { age: number }).age).toBe(yearsBetween(dob, reference));
        },
      ),
      { numRuns: 25 },
    );
  });

  it("reads a text's relative dates the same under any clock", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 * 365 }), fc.constantFrom("yesterday", "the day before yesterday"), async (n, when) => {
        const reference = dayOf(n);
        const text = `My car was hit in a car park ${when}. The repair quote is $2,300.`;
        const [a, b] = [
          await readAt(textReader, claims, text, reference, CLOCKS[0]!),
          await readAt(textReader, claims, text, reference, CLOCKS[1]!),
        ];
        expect(a).toEqual(b);
        expect(a["incident date"]?.[0]).toBe(dayOf(n - (when === "yesterday" ? 1 : 2)));
      }),
      { numRuns: 25 },
    );
  });

  it("reads the clock, once, when no day is given", async () => {
    const note = { claim: { notes: "A branch fell on my parked car in the storm yesterday and dented the roof." } };
    const [a, b] = [
      await readAt(jsonReader, claims, note, undefined, CLOCKS[0]!),
      await readAt(jsonReader, claims, note, undefined, CLOCKS[1]!),
    ];
    expect(a["incident date"]?.[0]).toBe("1999-02-02");
    expect(b["incident date"]?.[0]).toBe("2077-08-08");
  });
});
