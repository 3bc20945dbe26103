// The sink's digits against String: every count of digits, both sides of the int32 switch, zeros
// kept where a fraction needs them, and buffers that grow mid-number.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteSink } from "../../src/batch/byte-sink.js";

const decoder = new TextDecoder();
const EDGES = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 0x7fffffff, 0x80000000, 0x80000001, 2 ** 32, 1e15 - 1, 1e15, Number.MAX_SAFE_INTEGER];

function sink(size: number): ByteSink {
  return new ByteSink(new Uint8Array(new SharedArrayBuffer(size)));
}

describe("ByteSink digits", () => {
  const n = fc.oneof(fc.constantFrom(...EDGES), fc.maxSafeNat(), fc.nat(1_000_000));

  it("uint writes what String writes", () => {
    fc.assert(
      fc.property(fc.array(n, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 64 }), (values, size) => {
        const s = sink(size);
        for (const v of values) {
          s.uint(v);
          s.byte(44);
        }
        expect(decoder.decode(s.view())).toBe(values.map((v) => `${v},`).join(""));
      }),
      { numRuns: 3000 },
    );
  });

  it("digits writes the last `count` digits, leading zeros included", () => {
    fc.assert(
      fc.property(n, fc.integer({ min: 1, max: 22 }), fc.integer({ min: 1, max: 64 }), (v, count, size) => {
        const s = sink(size);
        s.byte(46);
        s.digits(v, count);
        expect(decoder.decode(s.view())).toBe(`.${String(v).padStart(count, "0").slice(-count)}`);
      }),
      { numRuns: 3000 },
    );
  });
});
