// Random decision tables of every hit policy agree three ways: optimised, -O0 and the reference.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HIT_POLICIES } from "../support/generate/tables.js";
import { TABLE_BATCH, TABLE_STATES, tableCases, tableProperty } from "./table-property.js";

// minutes, not seconds, on a loaded machine: the work is fixed, the time is not checked
const TIMEOUT = 300_000;
const RUNS = 300;

describe("differential: decision tables", () => {
  it(
    `${RUNS} batches of up to ${TABLE_BATCH} tables on up to ${TABLE_STATES} states agree`,
    () => {
      fc.assert(tableProperty, { numRuns: RUNS });
      expect(tableCases.count).toBeGreaterThan(RUNS * 5);
      // every hit policy was run, each on a fair share of the cases
      for (const hit of HIT_POLICIES)
        expect(tableCases.byHit.get(hit) ?? 0, hit).toBeGreaterThan(tableCases.count / HIT_POLICIES.length / 3);
    },
    TIMEOUT,
  );
});
