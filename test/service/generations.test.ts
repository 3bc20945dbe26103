// Values remembered by text in two generations: only ever the value last set under the same text,
// whatever the turnover, and what is used often stays.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generations } from "../../src/service/generations.js";

describe("generations", () => {
  it("answers the value last set under the same text, or nothing, across any turnover", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", "é", "🙂", " "), maxLength: 80 });
    const step = fc.oneof(
      fc.record({ set: text, value: fc.integer() }),
      text.map((get) => ({ get })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 64, max: 2000 }), fc.array(step, { maxLength: 300 }), (maxChars, steps) => {
        const memo = generations<number>(maxChars);
        const last = new Map<string, number>();
        for (const s of steps) {
          if ("set" in s) {
            memo.set(s.set, s.value);
            last.set(s.set, s.value);
          } else {
            const found = memo.get(s.get);
            if (found !== undefined) expect(found).toBe(last.get(s.get));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps what is found again while other texts come and go", () => {
    const memo = generations<number>(64 * 100);
    memo.set("kept", 1);
    for (let i = 0; i < 10_000; i++) {
      memo.set(`other ${i}`, i);
      expect(memo.get("kept")).toBe(1);
    }
    expect(memo.get("other 0")).toBeUndefined();
  });
});
