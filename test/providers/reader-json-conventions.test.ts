// Numbers and dates in a JSON export's strings read by the document's own conventions: a document
// that marks its decimals with a comma ("1.150,00", "3,5 %") groups thousands with a dot, so
// "1.200" is 1200, and one that writes a decimal point anywhere ("12.50") keeps "1.200" as 1.2; a
// document whose slashed dates put a number over 12 first ("14/09/2026") writes them all day first.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { writesDayFirst, writesEuropean } from "../../src/providers/readers/json-conventions.js";
import { inputsOf } from "./helpers.js";

const claim = inputsOf({
  "incident date": { type: "date", desc: "On what date did the incident happen?" },
  "policy start": { type: "date", desc: "On what date did the policy start?" },
});

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

  it("reads a document's slashed dates day first when one of them can only be read so", () => {
    const two = (n: number) => String(n).padStart(2, "0");
    fc.assert(
      fc.property(
        fc.integer({ min: 13, max: 28 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom("/", "-"),
        (lossDay, lossMonth, startDay, startMonth, sep) => {
          const state = {
            loss: { date: `${lossDay}${sep}${two(lossMonth)}${sep}2026` },
            policy: { start: `${two(startDay)}${sep}${two(startMonth)}${sep}2025` },
          };
          expect(writesDayFirst(state)).toBe(true);
          const read = readJson(claim, state);
          expect(read["incident date"]?.value).toBe(`2026-${two(lossMonth)}-${lossDay}`);
          expect(read["policy start"]?.value).toBe(`2025-${two(startMonth)}-${two(startDay)}`);
        },
      ),
    );
  });

  it("keeps month-first dates where a date puts a number over 12 second, or none over 12", () => {
    expect(writesDayFirst({ a: "14/09/2026", b: "09/14/2026" })).toBe(false);
    expect(writesDayFirst({ a: "01/10/2025", b: "03/04/2026" })).toBe(false);
    expect(readJson(claim, { policy: { start: "03/04/2025" } })["policy start"]?.value).toBe("2025-03-04");
  });
});
