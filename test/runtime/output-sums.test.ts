// COLLECT SUM, MIN, MAX and COUNT of an indexed table's literal outputs made ready when the module
// loads (runtime/output-sums.ts) against the general sums of the matched outputs (hit-direct.ts
// `sumBits`, `sumAt`) and the aggregators over the gathered list: the same value in the same decimal
// form, the same steps charged, the same stop under a step limit — on outputs of every scale to 22
// places, near and beyond the safe integers (where the general sums run), equal values in other
// forms, long decimals that are not in the scaled form, and non-number outputs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spentSoFar } from "../../src/runtime/budget.js";
import { dec, type Decimal } from "../../src/runtime/decimal.js";
import { atBits, atPositions, sumAt, sumBits } from "../../src/runtime/hit-direct.js";
import { bitsCount, bitsExtreme, bitsSum, positionsCount, positionsExtreme, positionsSum } from "../../src/runtime/output-sums.js";
import { aggregator } from "../../src/runtime/tables.js";
import type { FeelValue } from "../../src/runtime/values.js";
import { withinSteps } from "../support/within-steps.js";

/** A decimal literal: short money-like amounts most often, then every scale, large coefficients, long digits. */
const literal = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.integer({ min: -99999, max: 99999 }), fc.integer({ min: 0, max: 3 })) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 22 })) },
  // 15 digits, the longest scaled coefficient: a few of them, or one beside a long scale, pass the safe integers
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1e14, max: 1e15 - 1 }), fc.integer({ min: 0, max: 4 })) },
);
/** m × 10^-k written as a model writes it, in plain notation (the scaled form reads only that). */
const plain = ([m, k]: [number, number]) => {
  const digits = String(Math.abs(m)).padStart(k + 1, "0");
  const point = digits.length - k;
  return `${m < 0 ? "-" : ""}${digits.slice(0, point)}${k > 0 ? `.${digits.slice(point)}` : ""}`;
};
const output: fc.Arbitrary<FeelValue> = fc.oneof(
  { weight: 12, arbitrary: literal.map((mk) => dec(plain(mk))) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<FeelValue>(
      ...["1.000000000000000000000000000000001", "1e-30", "-0", "1234567890123456789", "-987654321098765.43"].map(dec),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<FeelValue>(null, "gold", true) },
);
const outputs = fc.array(output, { minLength: 1, maxLength: 32 });

/** A value and its form (a decimal's fields), the steps spent, or where the limit stopped the call. */
const shown = (v: FeelValue) => {
  const d = v as Decimal & { m?: number; k?: number; q?: number };
  return d !== null && typeof d === "object" && "q" in d ? { value: String(d), m: Object.is(d.m, -0) ? "-0" : d.m, k: d.k, q: d.q } : v;
};
const charged = (steps: number, run: () => FeelValue) =>
  withinSteps(steps, () => {
    const value = shown(run());
    return { value, spent: spentSoFar() };
  });

describe("COLLECT SUM of literal outputs made ready", () => {
  it("gives the general sum of the matched outputs: value, form, steps and stops (as one word's bits)", () => {
    fc.assert(
      fc.property(outputs, fc.integer({ min: 1, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 40 }), (os, bits, steps) => {
        const word = (bits & (2 ** os.length - 1) || 1) | 0;
        const ready = bitsSum(os);
        for (const limit of [steps, 1e6]) expect(charged(limit, () => ready(word))).toEqual(charged(limit, () => sumBits(os, word)));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the general sum of the matched outputs: value, form, steps and stops (as a list of positions)", () => {
    fc.assert(
      fc.property(
        outputs.chain((os) => fc.tuple(fc.constant(os), fc.uniqueArray(fc.nat(os.length - 1), { minLength: 1, maxLength: os.length }))),
        fc.integer({ min: 0, max: 40 }),
        ([os, positions], steps) => {
          positions.sort((a, b) => a - b);
          const ready = positionsSum(os);
          for (const limit of [steps, 1e6])
            expect(charged(limit, () => ready(positions))).toEqual(charged(limit, () => sumAt(os, positions)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("gives the aggregator's MIN, MAX and COUNT of the matched outputs: value, form (the first of equals), steps and stops", () => {
    // equal values written in other forms (1, 1.0, 1.00) often: which of them is picked shows in the form
    const tied = fc.constantFrom("1", "1.0", "1.00", "-2.5", "-2.50", "0", "0.0").map((t) => dec(t) as FeelValue);
    const rankedOutputs = fc.array(fc.oneof({ weight: 3, arbitrary: output }, { weight: 2, arbitrary: tied }), {
      minLength: 1,
      maxLength: 32,
    });
    const [min, max, count] = [aggregator("MIN"), aggregator("MAX"), aggregator("COUNT")];
    fc.assert(
      fc.property(rankedOutputs, fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 40 }), (os, bits, steps) => {
        const word = (bits & (2 ** os.length - 1)) | 0;
        const positions = os.flatMap((_, i) => ((word >>> i) & 1 ? [i] : []));
        for (const limit of [steps, 1e6]) {
          expect(charged(limit, () => bitsCount(word))).toEqual(charged(limit, () => count(atBits(os, word))));
          expect(charged(limit, () => positionsCount(positions))).toEqual(charged(limit, () => count(atPositions(os, positions))));
          if (word === 0) continue;
          for (const [sign, general] of [
            [-1, min],
            [1, max],
          ] as const) {
            const gathered = charged(limit, () => general(atBits(os, word)));
            expect(charged(limit, () => bitsExtreme(os, sign)(word))).toEqual(gathered);
            expect(charged(limit, () => positionsExtreme(os, sign)(positions))).toEqual(gathered);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("sums at the matched outputs' own largest scale, not the table's", () => {
    const os = [dec("250"), dec("0.125"), dec("-75")];
    expect(String(bitsSum(os)(0b101))).toBe(String(sumBits(os, 0b101)));
    expect((bitsSum(os)(0b101) as unknown as { k: number }).k).toBe(0);
    expect((bitsSum(os)(0b011) as unknown as { k: number }).k).toBe(3);
  });
});
