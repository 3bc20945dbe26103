// A JSON state's dates keep the order of a claim's life, as a text's do: a loss is reported on or
// after the day it happened, and two dates read against that order are put back in it, never
// above 0.9. A key naming the cover's start (`COVER_START`) answers the policy's start.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReadValue } from "../../src/providers/types.js";
import { readJsonThrough, sample } from "./helpers.js";

const claims = sample("claims-triage");

const readJson = (state: unknown): Promise<Record<string, ReadValue>> => readJsonThrough(claims, state);

const DAY_MS = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const day = fc.integer({ min: Date.UTC(2024, 0, 1) / DAY_MS, max: Date.UTC(2027, 0, 1) / DAY_MS }).map((d) => d * DAY_MS);

describe("the dates of a JSON claim", () => {
  it("are read in their order in time, and a swap is never sure", async () => {
    await fc.assert(
      fc.asyncProperty(day, fc.integer({ min: 1, max: 30 }), async (reported, gap) => {
        const read = await readJson({ claim: { dateOfLoss: iso(reported + gap * DAY_MS), dateReported: iso(reported), amount: 900 } });
        const [loss, report] = [read["incident date"]!, read["report date"]!];
        expect((loss.value as string) <= (report.value as string)).toBe(true);
        expect(Math.max(loss.confidence, report.confidence)).toBeLessThanOrEqual(0.9);
      }),
      { numRuns: 20 },
    );
  });

  it("are left as read when in order", async () => {
    const read = await readJson({ claim: { dateOfLoss: "2026-02-10", dateReported: "2026-02-12" } });
    expect([read["incident date"]?.value, read["report date"]?.value]).toEqual(["2026-02-10", "2026-02-12"]);
  });

  it("take a key naming the cover's start for the policy start, by its name", async () => {
    await fc.assert(
      fc.asyncProperty(day, fc.constantFrom("COVER_START", "coverStart", "coverage_start_dt"), async (start, key) => {
        const read = await readJson({ CLAIM_ID: "C-1", [key]: iso(start), LOSS_DT: iso(start + 200 * DAY_MS), CLAIM_AMT: 1200 });
        expect(read["policy start"]?.value).toBe(iso(start));
        expect(read["policy start"]!.confidence).toBeGreaterThan(0.6);
      }),
      { numRuns: 15 },
    );
  });
});
