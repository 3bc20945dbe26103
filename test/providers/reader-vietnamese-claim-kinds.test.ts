// A claim's kind told in Vietnamese (issue 33): the windscreen, hail, a crash, an injury,
// each by the words of the language's table (foreign-words.ts), in a message with no English word of it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const claims = sample("claims-triage").ir.inputs;

/** per kind: a sentence of a Vietnamese message telling what happened */
const TOLD: Record<string, string> = {
  glass: "Có cục đá văng trúng kính chắn gió, nứt một đường dài.",
  weather: "Tối qua có mưa đá, xe bị móp nhiều chỗ trên nóc.",
  collision: "Sáng nay xe em bị va chạm với một xe tải ở ngã tư.",
  injury: "Em bị thương ở tay và phải vào bệnh viện.",
};

describe("a claim's kind in Vietnamese", () => {
  it("is read by the language's words, never above 0.85", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(TOLD)), fc.integer({ min: 200, max: 9000 }), (kind, amount) => {
        const text = `Chào anh, em là Lê Văn Tâm, hợp đồng số VN-${amount}. ${TOLD[kind]} Em xin bồi thường ${amount} đô.`;
        const read = readText(claims, text)["claim type"];
        expect(read?.value, text).toBe(kind);
        expect(read!.confidence, text).toBeLessThanOrEqual(0.85);
      }),
      { numRuns: 30 },
    );
  });
});
