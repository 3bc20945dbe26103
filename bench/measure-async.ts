// Throughput of an asynchronous call (the peers whose API returns a promise): sequential awaited
// calls over the states round-robin for `maxTime` seconds after a warm-up, best of the rounds.
import type { Throughput } from "./measure.js";

export async function asyncThroughput(states: readonly unknown[], call: (s: unknown) => unknown, maxTime: number): Promise<Throughput> {
  for (let i = 0; i < 200; i++) await call(states[i % states.length]);
  const samples: number[] = [];
  const end = performance.now() + maxTime * 1000;
  let i = 0;
  // Samples of 25 ms each, so the margin of error is comparable to benchmark.js's.
  while (performance.now() < end || samples.length < 10) {
    const start = performance.now();
    let n = 0;
    while (performance.now() - start < 25) {
      await call(states[i]);
      i = i + 1 === states.length ? 0 : i + 1;
      n++;
    }
    samples.push((n * 1000) / (performance.now() - start));
  }
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const sd = Math.sqrt(samples.reduce((a, b) => a + (b - mean) ** 2, 0) / (samples.length - 1));
  // 95% margin of error of the mean, relative, in percent (normal approximation).
  return { hz: mean, rme: ((1.96 * sd) / Math.sqrt(samples.length) / mean) * 100, samples: samples.length };
}
