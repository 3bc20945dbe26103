// The integer roots under the runtime's square roots and stddev (decimal-digits.ts), by their
// definition: r² ≤ n < (r + 1)², on integers of every size and next to perfect squares.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { integerSqrt } from "../../src/runtime/decimal-digits.js";

const isRoot = (n: bigint, r: bigint) => r >= 0n && r * r <= n && (r + 1n) * (r + 1n) > n;

/** An integer of up to `bits` bits, each size about as likely as any other. */
const sized = (bits: number) => fc.integer({ min: 1, max: bits }).chain((b) => fc.bigInt({ min: 0n, max: (1n << BigInt(b)) - 1n }));

describe("integerSqrt", () => {
  it("gives the greatest r with r² ≤ n, for n of up to 2,000 bits", () => {
    fc.assert(
      fc.property(sized(2000), (n) => {
        expect(isRoot(n, integerSqrt(n))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("finds r itself at r², r² + 2r (the last n below (r + 1)²) and r² - 1", () => {
    fc.assert(
      fc.property(
        sized(800).map((r) => r + 1n),
        fc.constantFrom(-1n, 0n, 1n),
        (r, side) => {
          const n = side < 0n ? r * r - 1n : side === 0n ? r * r : r * r + 2n * r;
          const expected = side < 0n ? r - 1n : r;
          expect(integerSqrt(n)).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
