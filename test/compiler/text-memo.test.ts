// Values remembered by their text: a value is only ever its own text's, and short texts that differ
// only in the middle (a number in a JSON text) are all remembered, not taking turns.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textMemo } from "../../src/compiler/text-memo.js";

/** texts with one head, one tail and one length (over 80 characters), differing in a number in the middle */
const alike = (length: number) =>
  fc
    .uniqueArray(fc.nat({ max: 999_999 }), { minLength: 2, maxLength: 8 })
    .map((ns) =>
      ns.map((n) => `{"the head of it all, as long as it gets":${String(n).padStart(6, "0")}`.padEnd(length - 40, " ") + "t".repeat(40)),
    );

describe("textMemo", () => {
  it("remembers every short text, however alike", () => {
    fc.assert(
      fc.property(alike(120), (texts) => {
        const memo = textMemo<number>(1_000_000);
        texts.forEach((t, i) => memo.set(t, i));
        texts.forEach((t, i) => expect(memo.get(t)).toBe(i));
      }),
      { numRuns: 200 },
    );
  });

  it("never answers another text's value, short or long", () => {
    fc.assert(
      fc.property(fc.oneof(alike(100), alike(300), alike(2000)), fc.array(fc.nat(), { maxLength: 30 }), (texts, order) => {
        const memo = textMemo<number>(1_000_000);
        for (const k of order) memo.set(texts[k % texts.length]!, k % texts.length);
        texts.forEach((t, i) => expect([undefined, i]).toContain(memo.get(t)));
        expect(memo.get(`${texts[0]!} `)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });
});
