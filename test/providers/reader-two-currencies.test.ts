// Two currencies: an input asks its amount in one currency (its desc says "dollars", "$", "USD").
// A text that names that currency beside a sum in another keeps them apart: the other sum is no
// answer without a rate ("EUR 40,000; the USD equivalent is still to be confirmed"); a text in one
// currency only writes its amounts in it. A JSON figure wrapped with another currency gives its
// value in the input's currency beside it (`usdAtOnboardingRate`). A currency named by a
// word of another language after a figure ("7.850,00 dollari", "500 zł") marks it an amount of money.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const kyc = modelOf("kyc-risk").ir.inputs;
const claims = modelOf("property-claims").ir.inputs;
const lending = modelOf("lending").ir.inputs;
const grouped = (n: number) => n.toLocaleString("en-US");
const sums = fc.integer({ min: 12, max: 95 }).map((k) => k * 1000);
const other = fc.constantFrom("EUR", "GBP", "CHF", "PLN");

describe("a sum in another currency than the input's", () => {
  it("is no answer when the text names the input's currency too", () => {
    fc.assert(
      fc.property(
        sums,
        other,
        fc.constantFrom("the USD equivalent is still to be confirmed", "we will send the amount in dollars later"),
        (n, cur, rest) => {
          const text = `Private banking for a trust. Expected volume: ${cur} ${grouped(n)} per month; ${rest}.`;
          expect(readText(kyc, text)["monthly volume"], text).toBeUndefined();
        },
      ),
      { numRuns: 25 },
    );
  });

  it("is the answer in a text that writes every amount in it", () => {
    fc.assert(
      fc.property(sums, other, (n, cur) => {
        const text = `Private banking for a trust. Expected volume: ${cur} ${grouped(n)} per month.`;
        expect(readText(kyc, text)["monthly volume"]?.value, text).toBe(n);
      }),
      { numRuns: 25 },
    );
  });

  it("gives way to its value in the input's currency, stated beside it in JSON", () => {
    fc.assert(
      fc.property(
        sums,
        other,
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom("usdAtOnboardingRate", "amount_usd", "usdEquivalent"),
        (n, cur, up, key) => {
          const usd = n + up * 100;
          const state = { customerType: "trust", expectedMonthlyVolume: { amount: n, currency: cur, [key]: usd } };
          expect(readJson(kyc, state, "2026-06-30")["monthly volume"]?.value).toBe(usd);
          const same = { customerType: "trust", expectedMonthlyVolume: { amount: n, currency: "USD" } };
          expect(readJson(kyc, same, "2026-06-30")["monthly volume"]?.value).toBe(n);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("a currency word of another language after a figure", () => {
  it("marks the figure a sum of money", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }).chain((k) => fc.integer({ min: 0, max: 9 }).map((h) => k * 1000 + h * 100 + 50)),
        fc.constantFrom<[string, (n: number) => string]>(
          ["Il totale dei danni è di", (n) => `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, "0")},00 dollari`],
          ["El total de los daños es de", (n) => `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, "0")} dólares`],
          ["Łączna szkoda wynosi", (n) => `${Math.floor(n / 1000)} ${String(n % 1000).padStart(3, "0")} zł`],
        ),
        (n, [said, written]) => {
          const text = `${said} ${written(n)}.`;
          expect(readText(claims, text)["claim amount"]?.value, text).toBe(n);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("a Polish loan named kredyt", () => {
  it("is the loan asked, not an income", () => {
    fc.assert(
      fc.property(sums, fc.integer({ min: 30, max: 60 }), (loan, pay) => {
        const text = `Dzień dobry, proszę o kredyt w wysokości ${loan / 1000} 000 USD. Zarabiam ${pay} 00 USD miesięcznie brutto.`;
        const got = readText(lending, text);
        expect(got["annual income"]?.value, text).not.toBe(loan);
        expect(got["loan amount"]?.value, text).toBe(loan);
      }),
      { numRuns: 20 },
    );
  });
});
