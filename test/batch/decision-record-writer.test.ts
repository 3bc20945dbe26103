import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { DecisionRecordWriter } from "../../src/batch/decision-record-writer.js";
import { Decimal } from "../../src/runtime/decimal.js";
import { toJson } from "../../src/runtime/json.js";
import type { FeelValue } from "../../src/runtime/values.js";

const decoder = new TextDecoder();

/** The record as the general path writes it: JSON.stringify of the decisions in JSON. */
const expected = (row: number, decisions: Record<string, FeelValue>) =>
  `{"row":${row},"decisions":${JSON.stringify(Object.fromEntries(Object.entries(decisions).map(([k, v]) => [k, toJson(v)])))}}\n`;

function written(row: number, decisions: Record<string, FeelValue>): string {
  const sink = new ByteSink(new Uint8Array(8));
  expect(new DecisionRecordWriter().write(sink, row, new Uint8Array(0), -1, -1, decisions)).toBe(true);
  return decoder.decode(sink.view());
}

describe("DecisionRecordWriter", () => {
  it("writes scaled decimals as JSON.stringify writes their doubles", () => {
    const scaled = fc
      .tuple(
        fc.oneof(
          fc.integer({ min: -1e6, max: 1e6 }),
          fc.maxSafeInteger(),
          fc.maxSafeNat().map((n) => -n),
        ),
        fc.integer({ min: 0, max: 22 }),
      )
      .map(([m, k]) => new Decimal(m, k));
    fc.assert(
      fc.property(fc.array(scaled, { minLength: 1, maxLength: 5 }), fc.nat(), (values, row) => {
        const decisions = Object.fromEntries(values.map((v, i) => [`d ${i}`, v]));
        expect(written(row, decisions)).toBe(expected(row, decisions));
      }),
      { numRuns: 3000 },
    );
  });

  it("writes every other value as the general path does", () => {
    const decisions: Record<string, FeelValue> = {
      "2": new Decimal(-0),
      quotient: new Decimal(1).div(new Decimal(3)),
      huge: new Decimal("1e400"),
      tiny: new Decimal(1, 7),
      plain: "low",
      quoted: 'say "hi"\n',
      accented: "caf\u00e9 \u2028",
      yes: true,
      no: false,
      none: null,
      list: [new Decimal(1, 1), "a", null],
    };
    Object.defineProperty(decisions, "__proto__", { value: "own", enumerable: true });
    expect(written(12, decisions)).toBe(expected(12, decisions));
  });
});
