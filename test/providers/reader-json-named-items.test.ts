// A list's one item that is an amount naming its kind (`"discounts": [{"type": "coupon", "value":
// 5}]`) answers the input its kind names; an item among several of other kinds answers nothing.
// A term given as a duration (`durationMonths: 24`) is the contract's, in the input's unit.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf } from "./helpers.js";

const pricing = inputsOf({
  "coupon percent": { type: "number [0..100]", desc: "What coupon discount applies, in percent?" },
  "contract years": { type: "number [1..10]", desc: "How many years does the contract run?" },
});

describe("an item that names its kind", () => {
  it("answers the input its kind names, written as a number or a percent", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("type", "kind", "category"),
        fc.constantFrom("coupon", "promo", "voucher"),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        (key, kind, pct, asText) => {
          const state = { quote: "Q-7", adjustments: [{ [key]: kind, value: asText ? `${pct}%` : pct }] };
          expect(readJson(pricing, state, "2026-05-01")["coupon percent"]?.value).toBe(pct);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("answers nothing when its kind is another", () => {
    const state = { quote: "Q-7", adjustments: [{ type: "freight", value: 12 }] };
    expect(readJson(pricing, state, "2026-05-01")["coupon percent"]).toBeUndefined();
  });
});

describe("a duration", () => {
  it("is the contract's term, converted to the input's unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), (years) => {
        const state = { quote: "Q-7", terms: { durationMonths: years * 12 } };
        expect(readJson(pricing, state, "2026-05-01")["contract years"]?.value).toBe(years);
      }),
      { numRuns: 10 },
    );
  });
});
