// "No" before a kind, and "none" answering a label, in the other languages of evidence: "geen
// schulden", "keine Schulden", "sin deudas", "aucune dette", "sem dívidas", "nessun debito", and
// "Schulden: geen", "Debiti: nessuno" say 0 of a monthly debt or a coupon, never above 0.85 (a text
// read through another language's words); the same words before an amount that is stated keep it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { modelOf } from "../../scripts/eval-reader.js";

const lending = modelOf("lending").ir.inputs;
const pricing = modelOf("pricing").ir.inputs;

/** Per language: its "no" before a kind, its "none" after a label, its word for debts and for a discount. */
const LANGUAGES = [
  { no: ["geen", "zonder"], none: ["geen"], debt: ["schulden"], discount: ["korting"] },
  { no: ["keine", "ohne"], none: ["keine"], debt: ["Schulden"], discount: ["Rabatt"] },
  { no: ["sin"], none: ["ninguna"], debt: ["deudas"], discount: ["descuento"] },
  { no: ["aucune", "sans"], none: ["aucune"], debt: ["dettes"], discount: ["remise"] },
  { no: ["sem"], none: ["nenhuma"], debt: ["dívidas"], discount: ["desconto"] },
  { no: ["nessun", "senza"], none: ["nessuno"], debt: ["debiti", "debito"], discount: ["sconto"] },
];
const language = fc.nat(LANGUAGES.length - 1).chain((i) => {
  const l = LANGUAGES[i]!;
  return fc.record({
    no: fc.constantFrom(...l.no),
    none: fc.constantFrom(...l.none),
    debt: fc.constantFrom(...l.debt),
    discount: fc.constantFrom(...l.discount),
    label: fc.boolean(),
  });
});
const cap = (s: string): string => s[0]!.toUpperCase() + s.slice(1);

describe("a kind denied in another language", () => {
  it("says 0 of a monthly debt, below 0.9", () => {
    fc.assert(
      fc.property(language, fc.integer({ min: 300, max: 850 }), fc.integer({ min: 10, max: 400 }), (l, score, k) => {
        const denial = l.label ? `${cap(l.debt)}: ${l.none}.` : `${cap(l.no)} ${l.debt}.`;
        const got = readText(lending, `Credit score ${score}. ${denial} Loan amount $${k * 100}.`, "2026-05-01");
        expect(got["monthly debt"]?.value).toBe(0);
        expect(got["monthly debt"]!.confidence).toBeLessThanOrEqual(0.85);
        expect(got["loan amount"]?.value).toBe(k * 100);
      }),
    );
  });
  it("says 0 of a coupon, below 0.9", () => {
    fc.assert(
      fc.property(language, fc.integer({ min: 2, max: 900 }), (l, seats) => {
        const denial = l.label ? `${cap(l.discount)}: ${l.none}.` : `${cap(l.no)} ${l.discount}.`;
        const got = readText(pricing, `Seats: ${seats}. ${denial}`, "2026-05-01");
        expect(got["coupon percent"]?.value).toBe(0);
        expect(got["coupon percent"]!.confidence).toBeLessThanOrEqual(0.85);
      }),
    );
  });
  it("keeps a figure the text states for it", () => {
    fc.assert(
      fc.property(language, fc.integer({ min: 2, max: 60 }), (l, pct) => {
        const got = readText(pricing, `Seats: 40. ${cap(l.discount)}: ${pct}%.`, "2026-05-01");
        expect(got["coupon percent"]?.value).toBe(pct);
      }),
    );
  });
});
