// Prints where a server's main thread spent its time, by class of work (bench/profile-classes.ts),
// from the V8 CPU profiles that `BENCH_CPU_PROF=<folder>` makes bench/http.ts's servers write.
// `--detail` lists each class's functions with the most samples of their own.
//   tsx bench/cpu-classes.ts [--detail] <profile.cpuprofile>...
// The profiler samples the thread at wall-clock intervals: on a machine whose cores are shared, a
// sample may fall while the thread waits for a core, and the calls that wake other processes (a
// socket write, a file write) collect more samples than their CPU. Compare the classes of one run
// with each other, and CPU per request measured apart (bench/http.ts) for base against new.
import { readFileSync } from "node:fs";
import { classify, type Profile } from "./profile-classes.js";

const args = process.argv.slice(2);
const detail = args.includes("--detail");
const files = args.filter((a) => a !== "--detail");
if (files.length === 0) {
  console.error("usage: tsx bench/cpu-classes.ts [--detail] <profile.cpuprofile>...");
  process.exit(2);
}
const { byClass, byFunction, total } = classify(files.map((f) => JSON.parse(readFileSync(f, "utf8")) as Profile));
const share = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const largest = <K>(m: Map<K, number>) => [...m].sort((a, b) => b[1] - a[1]);
console.log(`${files.length} profile(s), ${(total / 1e6).toFixed(2)} s of samples (idle left out)`);
for (const [c, us] of largest(byClass)) {
  console.log(`${share(us)}  ${c}`);
  if (detail) for (const [f, fus] of largest(byFunction.get(c)!).slice(0, 6)) console.log(`          ${share(fus)}  ${f}`);
}
