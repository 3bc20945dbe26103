// A receipt's decisions: each decision's value, then the rule that fired, then its `let` values
// when it has any, in that order (the order is part of the text the receipt signs and sends).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TraceEntry } from "../../src/compiler/index.js";
import { decisionRecords } from "../../src/service/receipt.js";

const names = fc.uniqueArray(fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom("__proto__", "0", "rule")), {
  maxLength: 6,
});
const entry = fc.record(
  {
    rule: fc.oneof(fc.nat({ max: 9 }), fc.array(fc.nat({ max: 9 }), { minLength: 1, maxLength: 3 })),
    lets: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  },
  { requiredKeys: [] },
);

describe("decisionRecords", () => {
  it("writes value, rule and non-empty let in that order, and nothing else", () => {
    fc.assert(
      fc.property(
        names,
        fc.array(fc.tuple(fc.jsonValue({ maxDepth: 1 }), fc.option(entry)), { minLength: 6, maxLength: 6 }),
        (keys, rows) => {
          const decisions = Object.create(null) as Record<string, unknown>;
          const trace = Object.create(null) as Record<string, TraceEntry>;
          keys.forEach((k, i) => {
            const [value, t] = rows[i]!;
            Object.defineProperty(decisions, k, { value, enumerable: true, writable: true, configurable: true });
            if (t) Object.defineProperty(trace, k, { value: t, enumerable: true, writable: true, configurable: true });
          });
          const records = decisionRecords(decisions, trace);
          expect(Object.keys(records)).toEqual(Object.keys(decisions));
          keys.forEach((k, i) => {
            const [value, t] = rows[i]!;
            const fields: [string, unknown][] = [["value", value]];
            if (t?.rule !== undefined) fields.push(["rule", t.rule]);
            if (t?.lets && Object.keys(t.lets).length > 0) fields.push(["let", t.lets]);
            expect(Object.entries(records[k]!)).toEqual(fields);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
