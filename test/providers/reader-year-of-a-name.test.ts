// An ordinal ("on the 10th") is a day, and a year right before a name ("a 2019 Golf", "my 2021
// Tesla") the year the thing was made: no sum of money. With no amount said the claim amount is
// missing, and a sum said beside either is read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const claims = sample("claims-triage").ir.inputs;
const NAMES = ["Golf", "Ford Focus", "Tesla Model 3", "Honda", "Yamaha scooter", "Trek bike"];
const YEAR = fc.integer({ min: 1990, max: 2026 });
const OWNER = fc.constantFrom("a", "my", "our", "the");

describe("a year before a name", () => {
  it("is no claim amount", () => {
    fc.assert(
      fc.property(YEAR, OWNER, fc.constantFrom(...NAMES), (year, owner, name) => {
        const text = `Reporting a theft: ${owner} ${year} ${name} was taken from the drive. I don't know the amount I'll claim yet.`;
        expect(readText(claims, text, "2026-05-18")["claim amount"]).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it("leaves the sum claimed beside it to be read", () => {
    fc.assert(
      fc.property(YEAR, OWNER, fc.constantFrom(...NAMES), fc.integer({ min: 200, max: 40_000 }), (year, owner, name, amount) => {
        const text = `Reporting a theft: ${owner} ${year} ${name} was taken from the drive. I am claiming $${amount.toLocaleString("en-US")}.`;
        expect(readText(claims, text, "2026-05-18")["claim amount"]?.value).toBe(amount);
      }),
      { numRuns: 60 },
    );
  });
});

const ORDINAL = (n: number): string =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

describe("an ordinal ('on the 10th')", () => {
  it("is a day, no claim amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), (day) => {
        const text = `Update on the claim I filed by phone on the ${ORDINAL(day)}: still waiting on the garage for a figure.`;
        expect(readText(claims, text, "2026-05-18")["claim amount"]).toBeUndefined();
      }),
      { numRuns: 31 },
    );
  });

  it("leaves the sum claimed after it to be read", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 200, max: 40_000 }), (day, amount) => {
        const text = `Update on the claim I filed by phone on the ${ORDINAL(day)}: the garage invoice came to $${amount.toLocaleString("en-US")}.`;
        expect(readText(claims, text, "2026-05-18")["claim amount"]?.value).toBe(amount);
      }),
      { numRuns: 40 },
    );
  });
});
