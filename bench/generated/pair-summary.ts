// Two builds of the compiler compared on the same generated models (bench/generated-pair.ts): each
// model's ratio to its straight-JS baseline, timed in the same process, per round and side. The ratio,
// not the nanoseconds: the baseline is the same program on both sides, so a side that ran on a
// faster moment of the machine (the second of a round, measured: 7-16 % faster baselines over 133
// models) is not taken for a faster build.
import { geomean } from "./report.js";

/** One model's ratio on one side in one round. */
export interface PairSample {
  seed: number;
  side: "a" | "b";
  ratio: number;
}

interface PairSeed {
  seed: number;
  /** the median of the rounds' ratios, each side */
  a: number;
  b: number;
  /** b / a */
  change: number;
}

export interface PairSummary {
  seeds: PairSeed[];
  /** geometric mean of the seeds' changes */
  geomean: number;
  best?: PairSeed;
  worst?: PairSeed;
  /** seeds slower (change above 1.1) and faster (below 1 / 1.1) by more than a tenth */
  slower: number;
  faster: number;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The seeds timed on both sides, sorted from the most improved to the most slowed. */
export function summarisePair(samples: readonly PairSample[]): PairSummary {
  const bySeed = new Map<number, { a: number[]; b: number[] }>();
  for (const s of samples) {
    if (!(s.ratio > 0)) continue;
    const entry = bySeed.get(s.seed) ?? { a: [], b: [] };
    entry[s.side].push(s.ratio);
    bySeed.set(s.seed, entry);
  }
  const seeds: PairSeed[] = [];
  for (const [seed, { a, b }] of bySeed) {
    if (a.length === 0 || b.length === 0) continue;
    const [ma, mb] = [median(a), median(b)];
    seeds.push({ seed, a: ma, b: mb, change: mb / ma });
  }
  seeds.sort((x, y) => x.change - y.change || x.seed - y.seed);
  return {
    seeds,
    geomean: geomean(seeds.map((s) => s.change)),
    best: seeds[0],
    worst: seeds.at(-1),
    slower: seeds.filter((s) => s.change > 1.1).length,
    faster: seeds.filter((s) => s.change < 1 / 1.1).length,
  };
}
