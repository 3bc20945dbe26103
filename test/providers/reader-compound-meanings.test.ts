// An option meant by a compound of two words ("gold: strategic account", "bronze: new customer") is
// said by its modifier, of the head or of the input's own word ("strategic clients", "new
// customer"); the head alone ("account history") is any account, and the modifier said of what
// another input asks of ("new deal", "new contract": the contract's years) says nothing; a verb and
// its object ("visiting clients") is no compound (issue 33, the thirteenth blind split's kinds: once a
// contract's years no longer said "silver", "Account history" was read as gold at 0.785).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const pricing = sample("pricing").ir.inputs;
const TERMS = "30 users at $90 per user per year, 2 year contract, 2% uplift each year, no coupon.";

describe("a compound option meaning", () => {
  it("is not said by its head alone", () => {
    fc.assert(
      fc.property(fc.constantFrom("history", "owner", "manager", "review", "number"), (noun) => {
        expect(readText(pricing, `Renewal call\n${TERMS}\nAccount ${noun}: see CRM.`)["customer tier"]).toBeUndefined();
      }),
    );
  });

  it("is not said by its modifier of what another input asks of", () => {
    fc.assert(
      fc.property(fc.constantFrom("deal", "contract", "agreement", "subscription"), (noun) => {
        expect(readText(pricing, `Slack #sales\nDana: new ${noun} for Brookline Clinic, ${TERMS}`)["customer tier"]).toBeUndefined();
      }),
    );
  });

  it("is said by its modifier of the head or of the input's own word", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ["strategic", "account", "gold"],
          ["strategic", "client", "gold"],
          ["new", "customer", "bronze"],
          ["new", "client", "bronze"],
        ),
        ([modifier, noun, tier]) => {
          const read = readText(pricing, `Deal memo\nThey are a ${modifier} ${noun} of ours.\n${TERMS}`)["customer tier"];
          expect(read?.value).toBe(tier);
          // said of the input's own word, not the meaning's: read with doubt
          if (noun !== "account" && noun !== "customer") expect(read!.confidence).toBeLessThanOrEqual(0.85);
        },
      ),
    );
  });
});
