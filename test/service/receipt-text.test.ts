// A receipt's text is written once, before its latency is known, and the latency put in later: the
// result must be JSON.stringify of the receipt as it is then, whatever its fields hold, and the
// text the answer limit measures that of the receipt without its explanation.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { answersText, receiptText, receiptTextWithoutExplanation } from "../../src/service/receipt-text.js";
import type { ReceiptBody } from "../../src/service/receipt.js";

const record = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 });

/** A value with a toJSON of its own (as the runtime's decimals have), which reads no key. */
class Written {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

/** A member's value: JSON data, or what JSON writes otherwise or leaves out. */
const member = fc.oneof(
  { weight: 6, arbitrary: record },
  fc.string().map((t) => ({ written: new Written(t) })),
  fc.constant(undefined),
  fc.constant(() => 0),
);

/** The state's provenance as receipt.ts writes it, with strings to escape and values of other types now and then. */
const provenance = fc.record(
  {
    kind: fc.oneof(fc.constantFrom("json", "text"), fc.string(), fc.integer()),
    schema_matched: fc.oneof(fc.boolean(), fc.jsonValue()),
    sha256: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.string(), fc.constant(null)),
    inputs: fc.oneof(fc.dictionary(fc.string(), fc.constantFrom("given", "read", "absent")), fc.constant(undefined)),
  },
  { requiredKeys: ["kind", "schema_matched", "sha256"] },
);

/** Receipts of the members evaluation.ts writes, in its order, with a state of its shape or another. */
const shaped = fc.record({
  model: fc.oneof(fc.string(), fc.constant(undefined)),
  given: member,
  read: record,
  decisions: member,
  answers: member,
  state: fc.oneof(provenance, record, member),
  latency_ms: fc.oneof(fc.constant(0), fc.nat(), fc.double()),
}) as unknown as fc.Arbitrary<ReceiptBody>;

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

  it("is JSON.stringify of a receipt of the evaluation's shape, whatever its members hold, and its answers' text theirs", () => {
    fc.assert(
      fc.property(shaped, fc.nat(), fc.boolean(), (r, latency, nullPrototype) => {
        const receipt = nullPrototype ? (Object.assign(Object.create(null), r) as ReceiptBody) : r;
        expect(receiptTextWithoutExplanation(receipt)).toBe(JSON.stringify(receipt));
        // the answers' text, when it was written apart, is theirs, and only for the same answers
        const answers = answersText(receipt);
        if (answers !== undefined) expect(answers).toBe(JSON.stringify(receipt.answers));
        receipt.latency_ms = latency;
        expect(receiptText(receipt)).toBe(JSON.stringify(receipt));
        receipt.answers = { ...receipt.answers };
        expect(answersText(receipt)).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it("keeps the answers' text of a receipt of the evaluation's shape with a JSON state", () => {
    fc.assert(
      fc.property(record, record, provenance, (given, answers, state) => {
        const r = { model: "m", given, read: {}, decisions: {}, answers, state, latency_ms: 0 } as unknown as ReceiptBody;
        receiptTextWithoutExplanation(r);
        expect(answersText(r)).toBe(JSON.stringify(answers));
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
