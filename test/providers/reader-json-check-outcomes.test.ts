// A screening export gives a check's outcome one key below the check (`pep_check` › `result`,
// `adverse_media` › `status`, `media_screening_outcome`): the check's words and its outcome's say
// which value, not which fact; an outcome that sets the hit aside (CLEARED, DISCOUNTED, DISMISSED,
// FALSE_POSITIVE, NO_MATCH) is false, one that affirms it (CONFIRMED, POSITIVE, TRUE_MATCH) true,
// and one still open (POTENTIAL_MATCH, PENDING, NOT_PERFORMED) answers nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { sample } from "./helpers.js";

const inputs = sample("kyc-risk").ir.inputs;

const pepKey = fc.constantFrom("pep_check", "pep_screen", "pep_chk", "pep", "pep_screening");
const mediaKey = fc.constantFrom("adverse_media", "adverse_media_check", "adverse_media_search", "adverse_media_screening");
const outcomeKey = fc.constantFrom("result", "status", "outcome", "verdict");
const cleared = fc.constantFrom("CLEARED", "DISCOUNTED", "DISMISSED", "FALSE_POSITIVE", "NO_MATCH", "no hits");
const confirmed = fc.constantFrom("CONFIRMED", "POSITIVE", "TRUE_MATCH", "confirmed match");
const open = fc.constantFrom("POTENTIAL_MATCH", "PENDING", "NOT_PERFORMED", "under review");

describe("a check's outcome under its own key", () => {
  it("reads a hit set aside as false and a confirmed one as true, below 0.9", () => {
    fc.assert(
      fc.property(pepKey, mediaKey, outcomeKey, outcomeKey, confirmed, cleared, (pk, mk, ok1, ok2, yes, no) => {
        const state = { screening: { [pk]: { [ok1]: yes, hits: 1 }, [mk]: { [ok2]: no, hits: 3 } } };
        const read = readJson(inputs, state, "2026-11-29");
        expect(read.pep?.value, JSON.stringify(state)).toBe(true);
        expect(read["adverse media"]?.value, JSON.stringify(state)).toBe(false);
        expect(read.pep!.confidence).toBeLessThan(0.9);
        expect(read["adverse media"]!.confidence).toBeLessThan(0.9);
      }),
      { numRuns: 60 },
    );
  });
  it("answers nothing for a check still open", () => {
    fc.assert(
      fc.property(pepKey, outcomeKey, open, (pk, ok, o) => {
        const state = { kyc: { [pk]: { [ok]: o } } };
        expect(readJson(inputs, state, "2026-11-29").pep, JSON.stringify(state)).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
