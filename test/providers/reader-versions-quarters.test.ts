// A table whose value columns are versions of one record gives its latest version (the column its
// heading marks final, current or revised, else the rightmost), never a superseded one; and an
// amount per quarter ("/ qtr", "per quarter", "quarterly") is a third of it a month, never the
// quarter's amount read as a month's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { withoutSupersededColumns } from "../../src/providers/readers/text/superseded-columns.js";

const pricing = modelOf("pricing").ir.inputs;
const kyc = modelOf("kyc-risk").ir.inputs;

/** Heading families: each a list of version names in order, oldest first. */
const FAMILIES = [
  ["v1", "v2", "v3", "v4"],
  ["Rev. 1", "Rev. 2", "Rev. 3", "Rev. 4"],
  ["Quote 1", "Quote 2", "Quote 3", "Quote 4"],
  ["Original", "Revised"],
  ["Before", "After"],
  ["Previous", "Current"],
];
const MARKS = ["FINAL", "final", "agreed", "current"];

const table = fc
  .record({
    family: fc.constantFrom(...FAMILIES),
    count: fc.integer({ min: 2, max: 4 }),
    seats: fc.uniqueArray(fc.integer({ min: 2, max: 900 }), { minLength: 4, maxLength: 4 }),
    coupons: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 4, maxLength: 4 }),
    mark: fc.option(fc.tuple(fc.nat(), fc.constantFrom(...MARKS))),
    dated: fc.boolean(),
    tabs: fc.boolean(),
  })
  .map((t) => {
    const count = Math.min(t.count, t.family.length);
    const names = t.family.slice(0, count).map((n, i) => (t.dated ? `${n} (Aug ${3 + i * 7})` : n));
    // a mark names one column the one in force, wherever it stands; without one the rightmost is
    const marked = t.mark && t.family.length > 2 ? t.mark[0] % count : undefined;
    if (marked !== undefined) names[marked] = `${names[marked]} (${t.mark![1]})`;
    const latest = marked ?? count - 1;
    const rows = [
      ["Field", ...names],
      ["Seats", ...t.seats.slice(0, count).map(String)],
      ["Coupon", ...t.coupons.slice(0, count).map((c) => `${c}%`)],
    ];
    const lines = t.tabs
      ? rows.map((r) => r.join("\t"))
      : [rows[0]!, rows[0]!.map(() => "---"), ...rows.slice(1)].map((r) => `| ${r.join(" | ")} |`);
    return {
      text: `Quote history for Orchard Legal\n\n${lines.join("\n")}\n\nList price $1,200 per seat per year.`,
      seats: t.seats[latest]!,
      coupon: t.coupons[latest]!,
      superseded: [...t.seats.slice(0, count), ...t.coupons.slice(0, count)].filter((_, i) => i % count !== latest),
    };
  });

describe("a table of versions", () => {
  it("is read in its latest column, never a superseded one", () => {
    fc.assert(
      fc.property(table, ({ text, seats, coupon, superseded }) => {
        const got = readText(pricing, text);
        expect(got.quantity?.value).toBe(seats);
        expect(got["coupon percent"]?.value).toBe(coupon);
        // a superseded figure may equal the other field's latest one (seats 6, coupons 6 % then 7 %)
        const stale = superseded.filter((v) => v !== seats && v !== coupon);
        for (const v of Object.values(got)) expect(stale).not.toContain(v.value);
      }),
      { numRuns: 60 },
    );
  });

  it("keeps the text's length and every cell of a table that is not one of versions", () => {
    fc.assert(
      fc.property(table, fc.constantFrom("Item", "Value", "Notes", "Amount"), ({ text }, other) => {
        expect(withoutSupersededColumns(text).length).toBe(text.length);
        const plain = `| Field | ${other} | Source |\n|---|---|---|\n| Seats | 40 | CRM |\n| Coupon | 5% | rep |`;
        expect(withoutSupersededColumns(plain)).toBe(plain);
      }),
      { numRuns: 30 },
    );
  });
});

describe("an amount per quarter", () => {
  it("is a third of it a month", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }).map((n) => n * 3000),
        fc.constantFrom("per quarter", "/ qtr", "/qtr", "a quarter", "quarterly", "each quarter"),
        (amount, period) => {
          const text =
            "Onboarding note: Brightwater Imports Ltd, a company. No PEP. Adverse media: none.\n" +
            `Expected volume: about USD ${amount.toLocaleString("en-US")} ${period}.`;
          const got = readText(kyc, text);
          expect(got["monthly volume"]?.value).toBe(amount / 3);
        },
      ),
      { numRuns: 40 },
    );
  });
});
