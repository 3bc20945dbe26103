// Money has two decimals: a figure with one dot before three digits ("48.000") groups thousands
// when it is money, as "USD 45.000" already was: named so by its currency in the text's own
// language after it ("48.000 dollari", "2.300 dólares"), or by a JSON key naming its currency
// ("annual_income_usd": "54.600"). Without a currency it stays a decimal.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const lending = modelOf("lending").ir.inputs;
const grouped = (n: number) => `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, "0")}`;
const thousands = fc.integer({ min: 10, max: 99 }).chain((k) => fc.integer({ min: 0, max: 9 }).map((h) => k * 1000 + h * 100));

describe("a figure grouped with a dot and named by its currency in another language", () => {
  it("is read in thousands", () => {
    fc.assert(
      fc.property(
        thousands,
        fc.constantFrom<[string, string]>(
          ["Il mio reddito lordo annuo è di", "dollari"],
          ["Mi ingreso anual bruto es de", "dólares"],
          ["O meu salário anual é de", "dólares"],
        ),
        (n, [said, currency]) => {
          const got = readText(lending, `${said} ${grouped(n)} ${currency}.`)["annual income"];
          expect(got?.value, said).toBe(n);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("a JSON string grouped with a dot under a key naming its currency", () => {
  it("is read in thousands, and as a decimal under a key naming none", () => {
    fc.assert(
      fc.property(thousands, fc.constantFrom("annual_income_usd", "gross_income_eur", "jaarinkomen_usd"), (n, key) => {
        expect(readJson(lending, { applicant: { [key]: grouped(n), credit_score: 700 } }, "2026-06-30")["annual income"]?.value).toBe(n);
      }),
      { numRuns: 30 },
    );
    expect(readJson(lending, { applicant: { annual_income: "54.600", credit_score: 700 } }, "2026-06-30")["annual income"]?.value).toBe(
      54.6,
    );
  });
});
