// Timing helpers: throughput with benchmark.js, cold compile time with a fresh model each run.
import Benchmark from "benchmark";

export interface Throughput {
  hz: number;
  /** relative margin of error, percent */
  rme: number;
  samples: number;
}

/** Operations per second of `fn`, measured by benchmark.js. */
export function throughput(name: string, fn: () => void, maxTime: number): Throughput {
  const bench = new Benchmark(name, fn, { maxTime, minSamples: 10 });
  bench.run({ async: false });
  if (bench.error) throw bench.error;
  return { hz: bench.hz, rme: bench.stats.rme, samples: bench.stats.sample.length };
}

/** The fastest of several runs: the one least disturbed by other processes. */
export const bestOf = (runs: readonly Throughput[]): Throughput => runs.reduce((a, b) => (b.hz > a.hz ? b : a));

/** Runs `call` over `items` round-robin, so every measured call sees a different state. */
export function roundRobin<T>(items: readonly T[], call: (item: T) => unknown): () => void {
  let i = 0;
  let sink: unknown;
  return () => {
    sink = call(items[i]);
    i = i + 1 === items.length ? 0 : i + 1;
    if (sink === undefined) throw new Error("benchmark call returned nothing");
  };
}

/** Median of `runs` timings of `fn(run)` in milliseconds, after one untimed warm-up call. */
export function medianMs(runs: number, fn: (run: number) => void): number {
  fn(-1);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    fn(run);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  return times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
}
