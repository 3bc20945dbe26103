// The ledger's timestamps: one text per millisecond is remembered, and it is always that
// millisecond's ISO 8601 text, whatever order the clock reads in.
import { afterEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { now } from "../../src/ledger/rows.js";

afterEach(() => void vi.useRealTimers());

describe("now", () => {
  it("is the clock's ISO 8601 text at every reading, repeated or not", () => {
    vi.useFakeTimers();
    const instant = fc.integer({ min: 0, max: 4_102_444_800_000 });
    fc.assert(
      fc.property(fc.array(fc.oneof(instant, fc.constant(1_700_000_000_000)), { minLength: 1, maxLength: 20 }), (times) => {
        for (const t of times) {
          vi.setSystemTime(t);
          expect(now()).toBe(new Date(t).toISOString());
        }
      }),
      { numRuns: 200 },
    );
  });
});
