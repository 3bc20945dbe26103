// A receipt's text is written once, before its latency is known, and the latency put in later: the
// result must be JSON.stringify of the receipt as it is then, whatever its fields hold, and the
// text the answer limit measures that of the receipt without its explanation.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { receiptText, receiptTextWithoutExplanation } from "../../src/service/receipt-text.js";
import type { ReceiptBody } from "../../src/service/receipt.js";

const record = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 });

const receipt = fc.record(
  {
    model: fc.string(),
    given: record,
    read: record,
    decisions: record,
    answers: record,
    state: record,
    latency_ms: fc.constant(0),
    explanation: record,
  },
  { requiredKeys: ["model", "given", "read", "decisions", "answers", "state", "latency_ms"] },
) as unknown as fc.Arbitrary<ReceiptBody>;

describe("the receipt's text", () => {
  it("is JSON.stringify of the receipt once its latency is set, and measured without the explanation", () => {
    fc.assert(
      fc.property(receipt, fc.oneof(fc.nat(), fc.constant(0)), (r, latency) => {
        const { explanation: _e, ...rest } = r;
        expect(receiptTextWithoutExplanation(r)).toBe(JSON.stringify(rest));
        r.latency_ms = latency;
        expect(receiptText(r)).toBe(JSON.stringify(r));
        // the text kept on the receipt is seen by no listing, copy or comparison of its fields
        expect(Reflect.ownKeys({ ...r })).toEqual(Object.keys(r));
        expect(r).toEqual(structuredClone(r));
      }),
    );
  });

  it("is written again from the receipt's latest fields for a receipt copied after its text was written", () => {
    fc.assert(
      fc.property(receipt, record, fc.nat(), (r, given, latency) => {
        receiptTextWithoutExplanation(r);
        // a copy (a receipt sent from a worker process) does not carry the text written for the original
        const copy = { ...structuredClone(r), given, latency_ms: latency };
        expect(receiptText(copy)).toBe(JSON.stringify(copy));
      }),
    );
  });

  it("is written whole when latency_ms is not the last field or the text was not written before", () => {
    fc.assert(
      fc.property(receipt, fc.nat(), (r, latency) => {
        expect(receiptText(r)).toBe(JSON.stringify(r));
        const { latency_ms: _l, ...others } = r;
        const reordered = { latency_ms: 0, ...others } as ReceiptBody;
        receiptTextWithoutExplanation(reordered);
        reordered.latency_ms = latency;
        expect(receiptText(reordered)).toBe(JSON.stringify(reordered));
      }),
    );
  });
});
