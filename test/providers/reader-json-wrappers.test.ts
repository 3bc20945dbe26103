// Values an export wraps in its own encoding (issue 33): Avro unions written as JSON
// (`{"string": "2026-05-30"}`), OData v2 dates (`/Date(ms)/`) and epoch milliseconds under a key of
// a moment are read as the values they stand for; a figure said to be net beside it
// (`"basis": "NET_AFTER_TAX"`) is no gross income.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { withoutWrappers } from "../../src/providers/readers/json-wrappers.js";
import { sample } from "./helpers.js";

const claims = sample("claims-triage").ir.inputs;
const lending = sample("lending").ir.inputs;

/** A day from 2024 to 2027, as its ISO writing and its epoch milliseconds at a time of that day. */
const day = fc.tuple(fc.integer({ min: 0, max: 1400 }), fc.integer({ min: 0, max: 86_399_999 })).map(([d, ms]) => {
  const at = Date.UTC(2024, 0, 1) + d * 86_400_000;
  return { iso: new Date(at).toISOString().slice(0, 10), at, ms: at + ms };
});

describe("Avro unions, OData dates and epoch milliseconds", () => {
  it("reads the dates of a notice written as Avro unions, the report as epoch milliseconds", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 100, max: 9000 }), (loss, later, amount) => {
        const reported = loss.ms + later * 86_400_000;
        const state = {
          payload: {
            lossDate: { string: loss.iso },
            notifiedAt: { long: reported },
            claimedAmount: { double: amount },
            narrative: { string: "Reversed into a bollard in a car park." },
            adjuster: null,
          },
        };
        const read = readJson(claims, state, "2028-01-01");
        expect(read["incident date"]?.value).toBe(loss.iso);
        expect(read["report date"]?.value).toBe(new Date(reported).toISOString().slice(0, 10));
        expect(read["claim amount"]?.value).toBe(amount);
      }),
    );
  });

  it("reads OData v2 dates as the UTC day of their milliseconds", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 9 }), (loss, later) => {
        const state = {
          d: { results: [{ LossDate: `/Date(${loss.at})/`, ReportedOn: `/Date(${loss.at + later * 86_400_000})/`, Amount: "800.00" }] },
        };
        const read = readJson(claims, state, "2028-01-01");
        expect(read["incident date"]?.value).toBe(loss.iso);
      }),
    );
  });

  it("leaves one lone object of a type's name, and a large number under another key, as they are", () => {
    fc.assert(
      fc.property(fc.integer({ min: 946_684_800_000, max: 4_000_000_000_000 }), (n) => {
        expect(withoutWrappers({ position: { long: 4.9 }, count: n, ids: [n] })).toEqual({ position: { long: 4.9 }, count: n, ids: [n] });
      }),
    );
  });
});

describe("a figure said to be net beside it", () => {
  it("is no gross income, and still one when the basis says gross or nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 800, max: 9000 }), fc.constantFrom("NET_AFTER_TAX", "net", "take-home (net)"), (monthly, basis) => {
        const income = (b?: string) => ({ income: { amount: monthly, period: "MONTHLY", ...(b ? { basis: b } : {}) } });
        expect(readJson(lending, income(basis))["annual income"]).toBeUndefined();
        expect(readJson(lending, income("GROSS"))["annual income"]?.value).toBe(monthly * 12);
        expect(readJson(lending, income())["annual income"]?.value).toBe(monthly * 12);
      }),
    );
  });
});
