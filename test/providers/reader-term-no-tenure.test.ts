// A span of time an input counting time takes ("let's do 4 years", read as contract years) is that
// input's, no option's tenure ("silver: customer for two years or more"); the same count said of
// the customer ("a customer for 6 years") still says the tier (issue 33, the thirteenth blind
// split's kinds: a "Term 3 years" line read as tier silver at 0.785).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const pricing = sample("pricing").ir.inputs;

const WORDS = ["one", "two", "three", "four", "five"];
const COMMITS = [
  (n: string) => `client: let's do ${n} years`,
  (n: string) => `client: we'll sign up for ${n} years`,
  (n: string) => `Term: ${n} years`,
  (n: string) => `buyer: ${n} years for now`,
];
// the sample's contract runs 1 to 5 years
const count = fc.integer({ min: 1, max: 5 }).chain((n) => fc.tuple(fc.constant(n), fc.boolean()));

describe("a contract's span of time", () => {
  it("is read as contract years and says no tier", () => {
    fc.assert(
      fc.property(count, fc.constantFrom(...COMMITS), ([n, inWords], commit) => {
        const said = inWords ? WORDS[n - 1]! : String(n);
        const text = `ops: how long a contract?\n${commit(said)}\nops: list is $48 per user per year, 60 users, 4% yearly increase`;
        const read = readText(pricing, text);
        expect(read["contract years"]?.value).toBe(n);
        expect(read["customer tier"]).toBeUndefined();
      }),
    );
  });

  it("leaves the customer's own years the tier", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 1, max: 5 }), (tenure, term) => {
        const text = `Renewal notes\nThey have been a customer for ${tenure} years now.\nNew agreement: ${term} years, 75 users at $120 per user per year.`;
        expect(readText(pricing, text)["customer tier"]?.value).toBe("silver");
      }),
    );
  });

  it("is read in steps linear in the text", () => {
    const steps = (lines: number): number => {
      const meter = { steps: 0 };
      const text = Array.from({ length: lines }, (_, k) => `client: let's do ${1 + (k % 9)} years`).join("\n");
      readText(pricing, `ops: how long a contract?\n${text}`, "2026-05-11", meter);
      return meter.steps;
    };
    const [small, large] = [steps(50), steps(400)];
    expect(large).toBeLessThanOrEqual(8 * 1.5 * small);
  });
});
