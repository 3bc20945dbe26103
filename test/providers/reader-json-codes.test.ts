// Values written as codes beside the dictionary that spells them out (`"type_code": "W"` with
// `"codes": {"W": "weather", …}`, a `legend` of every code) are read as the words they stand for;
// the dictionary, once it spelled a code out, answers nothing itself; a record of short keys that
// spells nothing out is left as it is (issue 33, the thirteenth blind split's kinds).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withCodesSpelled } from "../../src/providers/readers/json-codes.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { sample } from "./helpers.js";

const claims = sample("claims-triage").ir.inputs;
const pricing = sample("pricing").ir.inputs;

const TYPES = ["collision", "theft", "glass", "injury", "weather"] as const;

describe("a code beside its dictionary", () => {
  it("is read as the word the dictionary gives it, whatever the codes and the order", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...TYPES], { minLength: 2, maxLength: 5 }),
        fc.nat(),
        fc.constantFrom(["type_code", "codes"], ["claim_type", "type_codes"], ["kind", "legend"]),
        fc.boolean(),
        (types, at, [valueKey, dictKey], long) => {
          const code = (t: string) => (long ? t.slice(0, 3).toUpperCase() : t[0]!.toUpperCase());
          const chosen = types[at % types.length]!;
          const dictionary = Object.fromEntries(types.map((t) => [code(t), t]));
          const state = { claim: { ref: "Z-1", [valueKey!]: code(chosen), [dictKey!]: dictionary, loss_date: "2026-05-02" } };
          expect(readJson(claims, state, "2026-05-30")["claim type"]?.value).toBe(chosen);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("spells out a code under a document-level legend of several dictionaries", () => {
    const state = {
      legend: { tier: { B: "bronze", S: "silver", G: "gold" }, region: { EU: "Europe", US: "United States" } },
      quote: { tier: "G", seats: 10 },
    };
    expect(withCodesSpelled(state)).toEqual({ quote: { tier: "gold", seats: 10 } });
    expect(readJson(pricing, state, "2026-05-30")["customer tier"]?.value).toBe("gold");
  });

  it("leaves a record that spells no code out as it is, and a code of another key unspelled", () => {
    const records = [
      { pep: "no", am: "none", type: "individual" },
      { claim: { status: "W", codes: { W: "weather", C: "collision" }, loss: { category: "W" } } },
      { flags: { PEP: "N", AM: "Y" }, kind: "PEP" },
    ];
    expect(withCodesSpelled(records[0])).toBe(records[0]);
    expect(withCodesSpelled(records[1])).toEqual({ claim: { status: "weather", loss: { category: "weather" } } });
    expect(withCodesSpelled(records[2])).toBe(records[2]);
    const tiers = { account: { tier_code: "S", tiers: { B: "bronze", S: "silver" }, region_code: "B" } };
    expect(withCodesSpelled(tiers)).toEqual({ account: { tier_code: "silver", region_code: "B" } });
  });
});
