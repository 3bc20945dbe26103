// Every model the check accepts compiles (optimised and -O0) and runs on random states: no
// ReferenceError, no unresolved name, nothing thrown; the two compilations agree.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelCounts, modelProperty } from "./model-property.js";

// minutes, not seconds, on a loaded machine: the work is fixed, the time is not checked
const TIMEOUT = 300_000;
const RUNS = 500;

describe("check-valid models compile and run", () => {
  it(
    `${RUNS} random models`,
    () => {
      fc.assert(modelProperty, { numRuns: RUNS });
      // most generated models check: the generator is not testing the checker's rejections
      expect(modelCounts.valid).toBeGreaterThan(RUNS * 0.8);
    },
    TIMEOUT,
  );
});
