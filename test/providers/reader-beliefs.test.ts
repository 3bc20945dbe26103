// Figures the writer only believes, bounds and alternatives (issue 33: a hedged number is missing,
// not read): "820 I think", "44,000 a year I believe", "in excess of $10,000", "upwards of
// $20,000" and "700 i think, or maybe 750" establish no amount; the same figure stated plainly is
// read, and a figure restated in another period after "or" is no alternative.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const rent = inputsOf({
  "monthly rent": { type: "number >= 0", desc: "How many dollars does the household pay in rent each month?" },
});
const claim = inputsOf({
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
});

const BELIEFS = ["i think", "I believe", "I guess", "I reckon"];
const BOUNDS = ["in excess of", "upwards of"];

describe("figures the writer only believes, bounds and alternatives", () => {
  it("reads no rent the writer only believes, or offers with another after 'or'", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BELIEFS), fc.integer({ min: 40, max: 190 }), fc.boolean(), (belief, tens, other) => {
        const told = `${tens * 10} ${belief}${other ? `, or maybe ${tens * 10 + 40} now` : ""}`;
        expect(readText(rent, `Rent each month: ${told}.`)["monthly rent"]).toBeUndefined();
        expect(readText(rent, `Rent each month: ${tens * 10}.`)["monthly rent"]?.value).toBe(tens * 10);
      }),
    );
  });

  it("reads no claim from a lower bound", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BOUNDS), fc.integer({ min: 2, max: 90 }), (bound, thousands) => {
        expect(readText(claim, `The losses claimed are ${bound} $${thousands},000.`)["claim amount"]).toBeUndefined();
      }),
    );
  });

  it("reads a rent restated in another period after 'or'", () => {
    expect(readText(rent, "Rent is $900 a month, or $10,800 a year.")["monthly rent"]?.value).toBe(900);
  });
});
