// Numbers in a JSON export's strings written the European way: a document that marks its decimals
// with a comma ("1.150,00", "3,5 %") groups thousands with a dot, so "1.200" is 1200; a document
// that writes a decimal point anywhere ("12.50") keeps "1.200" as 1.2.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { writesEuropean } from "../../src/providers/readers/json-european.js";
import { inputsOf } from "./helpers.js";

const order = inputsOf({
  quantity: { type: "number [1..100000]", desc: "How many seats are ordered?" },
  "unit price": { type: "number >= 0", desc: "What does one seat cost, in dollars?" },
});

/** 1234567 → "1.234.567" */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

describe("European separators in a JSON export", () => {
  it("reads dot-grouped thousands in a document whose decimals are commas", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 99_999 }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 99 }),
        (qty, euros, cents) => {
          const price = `${grouped(euros)},${String(cents).padStart(2, "0")}`;
          const read = readJson(order, { order: { seats: grouped(qty), unit_price: price } });
          expect(read.quantity?.value).toBe(qty);
          expect(read["unit price"]?.value).toBeCloseTo(euros + cents / 100, 6);
        },
      ),
    );
  });

  it("keeps a dot a decimal point in a document that writes one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 99 }), (whole, cents) => {
        const doc = { order: { seats: "1.200", unit_price: `${whole}.${String(cents).padStart(2, "0")}`, note: "3,5 %" } };
        expect(writesEuropean(doc)).toBe(false);
      }),
    );
    expect(writesEuropean({ a: "1.150,00", b: "1.200" })).toBe(true);
    expect(writesEuropean({ a: "1.200", b: "born 12.03.1979" })).toBe(false);
  });
});
