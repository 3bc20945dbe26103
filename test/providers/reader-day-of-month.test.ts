// A day of the month told alone of the past ("I reported it on the 29th") is the last such day on
// or before the day of writing: this month's, or last month's when this month's is yet to come.
// Told ahead ("I will call on the 28th", "due by the 5th") or before a word it counts ("the 3rd
// party", "on the 2nd floor"), it is no day. Its month counted, it is read less surely.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const claims = sample("claims-triage").ir.inputs;
const suffix = (n: number): string =>
  n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th";
const day = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) }).map((t) => new Date(t).toISOString().slice(0, 10));

/** The last day numbered `n` on or before `reference`, by walking back a day at a time. */
function lastNumbered(n: number, reference: string): string | undefined {
  for (let t = Date.parse(`${reference}T00:00:00Z`), k = 0; k < 62; k++, t -= 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDate() === n) return d.toISOString().slice(0, 10);
  }
  return undefined;
}

describe("a day of the month told alone", () => {
  it("is the last such day on or before the day of writing, read below 0.8", () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 28 }),
        fc.constantFrom(".", ", by phone.", " and got a reference."),
        (reference, n, end) => {
          const read = readText(claims, `Today is ${reference}. I reported the claim on the ${n}${suffix(n)}${end}`)["report date"];
          expect(read?.value).toBe(lastNumbered(n, reference));
          expect(read!.confidence).toBeLessThan(0.8);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("is no day when told ahead or before a word it counts", () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 28 }),
        fc.constantFrom(
          (o: string) => `The claim will be reported on the ${o}.`,
          (o: string) => `The claim report is due by the ${o}.`,
          (o: string) => `I reported the claim on the ${o} floor desk.`,
        ),
        (reference, n, say) => {
          const read = readText(claims, `Today is ${reference}. ${say(`${n}${suffix(n)}`)}`)["report date"];
          expect(read?.value === undefined || read.value === reference).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
