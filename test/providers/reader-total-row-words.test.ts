// A row that totals the others in a table pasted into a text is named in many languages ("TOTAL",
// "Summe", "Celkem", "Razem", "Yhteensä", "Итого"): one table of those words serves the tab table's
// records and the column sums alike, so a total row is no record of either, whatever its language,
// and an item whose first word only begins like one ("Summer camp", "Totally Fit gym") is an item.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textTables } from "../../src/providers/readers/text-tables.js";
import { isTotalLabel } from "../../src/providers/readers/total-rows.js";

const totalLabel = fc
  .tuple(
    fc.constantFrom("TOTAL", "Total", "Subtotal", "Grand total", "Summe", "Gesamt", "Insgesamt", "Totaal", "Totale", "Totalt"),
    fc.constantFrom("Celkem", "Razem", "Suma", "Összesen", "Yhteensä", "Toplam", "Jumlah", "Итого", "Всього"),
    fc.boolean(),
    fc.constantFrom("", ":", " (all)", " debts"),
  )
  .map(([a, b, first, tail]) => `${first ? a : b}${tail}`);
const itemName = fc.constantFrom("Rent arrears", "Summer camp fee", "Totally Fit gym", "Sumo club", "Car loan", "Visa card", "Dentist");

describe("a table's total row, named in any language of evidence", () => {
  it("is no record of a tab-separated table", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(itemName, { minLength: 2, maxLength: 5 }),
        fc.array(fc.integer({ min: 10, max: 9000 }), { minLength: 5, maxLength: 5 }),
        totalLabel,
        (names, amounts, total) => {
          const rows = names.map((n, i) => `${n}\t${amounts[i]}`);
          const sum = names.reduce((a, _, i) => a + amounts[i]!, 0);
          const text = ["Debt\tBalance\tNote", ...rows.map((r) => `${r}\t-`), `${total}\t${sum}\t-`].join("\n");
          const read = textTables(text) as Record<string, string>[];
          expect(read.map((r) => r["Debt"])).toEqual(names);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("is named by a whole word, not a word that begins like one", () => {
    fc.assert(
      fc.property(totalLabel, itemName, (total, item) => {
        expect(isTotalLabel(total)).toBe(true);
        expect(isTotalLabel(item)).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
