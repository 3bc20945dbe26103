// The comparison of two builds on generated models (bench/generated/pair-summary.ts): per model the
// median of each side's ratios, the change B / A, their geometric mean; models timed on one side only
// are left out.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { summarisePair, type PairSample } from "../../bench/generated/pair-summary.js";

const ratio = fc.double({ min: 0.5, max: 200, noNaN: true });
const rounds = fc.array(ratio, { minLength: 1, maxLength: 5 });
const models = fc.uniqueArray(fc.record({ seed: fc.integer({ min: 1, max: 5000 }), a: rounds, b: rounds }), {
  selector: (m) => m.seed,
  minLength: 1,
  maxLength: 20,
});
const samplesOf = (ms: { seed: number; a: number[]; b: number[] }[], scale = 1): PairSample[] =>
  ms.flatMap((m) => [
    ...m.a.map((r) => ({ seed: m.seed, side: "a" as const, ratio: r })),
    ...m.b.map((r) => ({ seed: m.seed, side: "b" as const, ratio: r * scale })),
  ]);
const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

describe("summarisePair", () => {
  it("compares each model's median ratios and takes the geometric mean of the changes", () => {
    fc.assert(
      fc.property(models, (ms) => {
        const summary = summarisePair(samplesOf(ms));
        expect(summary.seeds.map((s) => s.seed).sort((x, y) => x - y)).toEqual(ms.map((m) => m.seed).sort((x, y) => x - y));
        for (const m of ms) {
          const s = summary.seeds.find((x) => x.seed === m.seed)!;
          expect(s.a).toBe(median(m.a));
          expect(s.b).toBe(median(m.b));
          expect(s.change).toBeCloseTo(median(m.b) / median(m.a), 12);
        }
        const changes = summary.seeds.map((s) => s.change);
        expect(changes).toEqual([...changes].sort((x, y) => x - y));
        expect(summary.best).toBe(summary.seeds[0]);
        expect(summary.worst).toBe(summary.seeds.at(-1));
        const geo = Math.exp(changes.reduce((x, c) => x + Math.log(c), 0) / changes.length);
        expect(summary.geomean).toBeCloseTo(geo, 12);
        expect(summary.slower).toBe(changes.filter((c) => c > 1.1).length);
        expect(summary.faster).toBe(changes.filter((c) => c < 1 / 1.1).length);
      }),
    );
  });

  it("reads a side uniformly k times slower as a change of k on every model", () => {
    fc.assert(
      fc.property(models, fc.double({ min: 0.25, max: 4, noNaN: true }), (ms, k) => {
        const same = ms.map((m) => ({ ...m, b: m.a }));
        const summary = summarisePair(samplesOf(same, k));
        for (const s of summary.seeds) expect(s.change).toBeCloseTo(k, 9);
        expect(summary.geomean).toBeCloseTo(k, 9);
      }),
    );
  });

  it("leaves out a model timed on one side only, and samples without a ratio", () => {
    const summary = summarisePair([
      { seed: 1, side: "a", ratio: 2 },
      { seed: 1, side: "b", ratio: 3 },
      { seed: 2, side: "a", ratio: 5 },
      { seed: 3, side: "b", ratio: 4 },
      { seed: 1, side: "b", ratio: NaN },
    ]);
    expect(summary.seeds).toEqual([{ seed: 1, a: 2, b: 3, change: 1.5 }]);
    expect(summary.slower).toBe(1);
  });
});
