// A note in a record stamped with its own day (a ticket's comment `at` a time, a chat entry's
// `timestamp`) says "yesterday" and "today" of that day, not of the day the export is read: the
// day before the stamp is the loss, the stamp's day the report, whatever the day of the run.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { modelOf } from "../../scripts/eval-reader.js";

const claims = modelOf("claims-triage").ir.inputs;
const DAY = 86_400_000;
const dayOf = (n: number): string => new Date(Date.UTC(2015, 0, 1) + n * DAY).toISOString().slice(0, 10);

describe("notes read as of their own record's day", () => {
  it("count yesterday and today from the record's stamp", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 * 365 }),
        fc.constantFrom("at", "timestamp", "date", "time"),
        fc.constantFrom("T08:02:00Z", "T17:45:10-05:00", ""),
        fc.constantFrom("entries", "audits", "comments"),
        (n, key, time, list) => {
          const stamp = dayOf(n);
          const state = {
            [list]: [
              {
                [key]: `${stamp}${time}`,
                author: "customer",
                body: "A branch fell on my parked car in the storm yesterday and dented the roof.",
              },
              { [key]: `${stamp}${time}`, author: "agent", body: "Thanks, I have opened a claim on your report of today." },
            ],
          };
          const got = readJson(claims, state, "2026-11-30");
          expect(got["incident date"]?.value).toBe(dayOf(n - 1));
          expect(got["report date"]?.value).toBe(stamp);
        },
      ),
    );
  });
});
