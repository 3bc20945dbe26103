// A tab-separated table followed, with no blank line, by labelled settings ("Renewal increase
// (bps)\t300", "Duration (months)\t24") reads those lines as a form, not as rows of the table; an
// indented subtotal row ("\tSUBTOTAL\t65") is a total, not more lines of the row above. And a choice
// a record says is not made yet ("TBD - ask the account lead") is no option, whatever its other words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { textTables } from "../../src/providers/readers/text-tables.js";
import { sample } from "./helpers.js";

const pricing = sample("pricing");

const label = fc.constantFrom("Renewal increase (bps)", "Duration (months)", "Coupon (%)", "Tax status", "Notes");
const cell = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,10}$/).map((s) => s.trim());

describe("a table with settings below it", () => {
  it("gives the settings as a form beside the table's rows", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(label, { minLength: 2, maxLength: 5 }),
        fc.array(fc.tuple(cell, fc.integer({ min: 1, max: 99 })), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 999 }),
        (labels, rows, value) => {
          const table = [
            "Product\tSite\tSeats",
            ...rows.map(([name, seats]) => `P ${name}\tS\t${seats}`),
            `\tSUBTOTAL\t${rows.reduce((a, [, s]) => a + s, 0)}`,
          ];
          const text = [...table, ...labels.map((l, i) => `${l}\t${value + i}`)].join("\n");
          const read = textTables(text) as Record<string, unknown>;
          labels.forEach((l, i) => expect(read[l]).toBe(String(value + i)));
          expect(read["table 1"]).toHaveLength(rows.length);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("a choice not made yet", () => {
  it("is no option, though its note has an option's words", () => {
    for (const tier of ["(TBD - ask account manager)", "TBD - the account manager decides"])
      expect(readJson(pricing.ir.inputs, { "customer tier": tier })["customer tier"]).toBeUndefined();
  });

  it("is the option it names beside the doubt", () => {
    expect(readJson(pricing.ir.inputs, { "customer tier": "gold (TBC)" })["customer tier"]?.value).toBe("gold");
  });
});
