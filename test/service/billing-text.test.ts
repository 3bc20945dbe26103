// A settled call's billing written as text by its fixed writer: exactly JSON.stringify's text and
// the canonical writer's, on any view billingView makes, and the general writers' on anything else.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalJson } from "../../src/compiler/canonical-json.js";
import { billingTexts } from "../../src/service/billing-text.js";
import { billingView, type BillingView } from "../../src/service/billing-view.js";

/** texts with quotes, backslashes, control characters and surrogates (lone ones too) among them */
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("USD", "API input tokens, System One rate", 'a "quoted" \\ word', "tab\there", "\uD800", "😀"),
);
/** micro-dollars: whole, fractional (as a sum of them may be), negative, huge, not finite */
const micros = fc.oneof(
  fc.integer({ min: -1e12, max: 1e15 }),
  fc.double({ min: -1e9, max: 1e9, noNaN: true }),
  fc.constantFrom(0, -0, 1, 3, 1232, 2 ** 53 + 2, 1e21, NaN, Infinity),
);
const item = fc.record({ kind: text, description: text, quantity: micros, unit: text, rate: micros, amount: micros });
/** the answer or the error message, so two ways of failing compare too (canonical JSON refuses a lone surrogate) */
const outcome = (f: () => unknown): { value: unknown } | { error: string } => {
  try {
    return { value: f() };
  } catch (e) {
    return { error: (e as Error).message };
  }
};
const general = (v: BillingView) => ({ json: JSON.stringify(v), canonical: canonicalJson(v) });

const view = fc
  .tuple(micros, fc.record({ balance: micros, reserved: micros, available: micros }), fc.array(item, { maxLength: 4 }), text)
  .map(([charged, balance, items, currency]) => billingView(charged, balance, items, currency));

describe("billing texts", () => {
  it("are JSON.stringify's and canonicalJson's texts of any view billingView makes", () => {
    fc.assert(
      fc.property(view, (v) => {
        expect(outcome(() => billingTexts(v))).toEqual(outcome(() => general(v)));
      }),
      { numRuns: 2000 },
    );
  });

  it("are the general writers' of a view with a member more, or one less, than billingView's", () => {
    fc.assert(
      fc.property(view, text, fc.nat({ max: 2 }), (v, extra, where) => {
        const changed = structuredClone(v) as BillingView & Record<string, unknown>;
        if (where === 0) changed[`x${extra}`] = extra;
        else if (where === 1) (changed.balance as unknown as Record<string, unknown>)[`x${extra}`] = 1;
        else delete (changed as Partial<BillingView>).estimated;
        expect(outcome(() => billingTexts(changed))).toEqual(outcome(() => general(changed)));
      }),
      { numRuns: 500 },
    );
  });

  it("write the usual view of a deterministic call", () => {
    const items = [
      {
        kind: "systemone_input_tokens",
        description: "API input tokens, System One rate",
        quantity: 616,
        unit: "token",
        rate: 2_000_000,
        amount: 1232,
      },
      {
        kind: "systemone_output_tokens",
        description: "API output tokens, System One rate",
        quantity: 1133,
        unit: "token",
        rate: 2_000_000,
        amount: 2266,
      },
    ];
    const v = billingView(3498, { balance: 999_996_502, reserved: 0, available: 999_996_502 }, items, "USD");
    expect(billingTexts(v).canonical).toBe(
      '{"balance":{"available_usd":999.996502,"balance_usd":999.996502,"currency":"USD","reserved_usd":0},"cost_usd":0.003498,"currency":"USD","estimated":false,"items":[' +
        '{"amount_usd":0.001232,"description":"API input tokens, System One rate","kind":"systemone_input_tokens","quantity":616,"unit":"token","unit_price_usd_per_million":2},' +
        '{"amount_usd":0.002266,"description":"API output tokens, System One rate","kind":"systemone_output_tokens","quantity":1133,"unit":"token","unit_price_usd_per_million":2}]}',
    );
    expect(billingTexts(v).json).toBe(JSON.stringify(v));
  });
});
