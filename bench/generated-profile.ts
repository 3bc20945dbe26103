// `npm run bench:generated:profile`: where the time of the generated models' evaluation goes. The
// first models of the generated-models benchmark (bench/generated.ts) are timed as it times them,
// a spread of them picked by their ratio to the straight-JS baseline (every rank from the best to
// the worst), and each one's `evaluate` profiled by V8's sampling profiler on its states; the
// self time is grouped by kind of work (bench/generated/time-categories.ts) and printed as a
// markdown table: the mean share over the picked models, and over the slowest fifth of them.
//   BENCH_GENERATED_MODELS (150) models timed; BENCH_GENERATED_PICK (30) models profiled;
//   BENCH_GENERATED_COMPILER: another built compiler module to measure (another commit's dist);
//   BENCH_GENERATED_SEEDS: profile these seeds (comma-separated, e.g. the benchmark's slowest)
//   instead of a spread of the first models, each one's share printed as well;
//   BENCH_GENERATED_WORST: profile the slowest this share of the timed models (e.g. 0.1), each
//   one's share printed as well, instead of a spread;
//   BENCH_GENERATED_NUMBERS: double or decimal, to time and profile each model's `-o` module built
//   with `--numbers` that, as bench/generated.ts does.
import { Session } from "node:inspector/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compileOptionsOf, contentOf, typedModel, typedStates } from "../test/support/generate/typed-models.js";
import { doublesChecked } from "./generated/doubles-js.js";
import { measureModel } from "./generated/one-model.js";
import { moduleEvaluate, type NumberMode } from "./generated/module-side.js";
import type { Evaluate } from "./generated/doubles-js.js";
import { timeByCategory, type CpuProfile } from "./generated/time-categories.js";

const MODELS = Number(process.env.BENCH_GENERATED_MODELS ?? 150);
const PICK = Number(process.env.BENCH_GENERATED_PICK ?? 30);
const BUILT_COMPILER = process.env.BENCH_GENERATED_COMPILER
  ? pathToFileURL(process.env.BENCH_GENERATED_COMPILER).href
  : new URL("../dist/compiler.mjs", import.meta.url).href;
/** milliseconds of evaluation warmed up, then profiled, per model */
const WARM_MS = 100;
const PROFILE_MS = 300;

const NUMBERS = process.env.BENCH_GENERATED_NUMBERS as NumberMode | undefined;
if (NUMBERS !== undefined && NUMBERS !== "double" && NUMBERS !== "decimal") throw new Error("BENCH_GENERATED_NUMBERS: double or decimal");

const compiler = (await import(BUILT_COMPILER)) as typeof import("../src/compiler/index.js");
/** each model's `-o` module, when the modules are measured */
const sides = new Map<number, Evaluate>();

const SEEDS = process.env.BENCH_GENERATED_SEEDS?.split(",").map(Number);
const WORST = process.env.BENCH_GENERATED_WORST ? Number(process.env.BENCH_GENERATED_WORST) : undefined;
const timed: { seed: number; ratio: number }[] = [];
for (const seed of SEEDS ?? Array.from({ length: MODELS }, (_, i) => i + 1)) {
  const m = typedModel(seed);
  const [content, options] = [contentOf(m), compileOptionsOf(m)];
  if (NUMBERS && compiler.compileModel(content, options).ok)
    sides.set(seed, await moduleEvaluate(fileURLToPath(new URL("cli.mjs", BUILT_COMPILER)), content, NUMBERS, options));
  const r = measureModel(compiler, seed, { side: sides.get(seed) });
  if (r.ratio !== undefined) timed.push({ seed, ratio: r.ratio });
}
timed.sort((a, b) => a.ratio - b.ratio);
const picked = SEEDS
  ? timed
  : WORST !== undefined
    ? timed.slice(timed.length - Math.max(1, Math.round(WORST * timed.length)))
    : Array.from({ length: Math.min(PICK, timed.length) }, (_, i) => timed[Math.floor(((i + 0.5) * timed.length) / PICK)]!);

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 50 });

/** The model's states the benchmark keeps (none meets an aggregate of an empty list), evaluated for `ms`. */
function evaluateFor(evaluate: (s: Record<string, unknown>) => unknown, states: Record<string, unknown>[], ms: number): void {
  const start = performance.now();
  let sink = 0;
  while (performance.now() - start < ms) for (const s of states) if (evaluate(s) !== undefined) sink++;
  if (sink === 0) throw new Error("nothing was evaluated");
}

const shares: Map<string, number>[] = [];
for (const { seed } of picked) {
  const m = typedModel(seed);
  const compiled = compiler.compileModel(contentOf(m), compileOptionsOf(m));
  if (!compiled.ok) throw new Error(`seed ${seed} no longer compiles`);
  const checked = doublesChecked(m);
  const states = typedStates(m, 64, seed)
    .map((s) => JSON.parse(JSON.stringify(s)) as Record<string, unknown>)
    .filter((s) => (checked.evaluate(s), !checked.flags.empty));
  const evaluate = sides.get(seed) ?? ((s: Record<string, unknown>) => compiled.model.evaluate(s));
  evaluateFor(evaluate, states, WARM_MS);
  await session.post("Profiler.start");
  evaluateFor(evaluate, states, PROFILE_MS);
  const { profile } = await session.post("Profiler.stop");
  shares.push(timeByCategory(profile as CpuProfile, import.meta.url));
  if (SEEDS || WORST !== undefined) {
    const top = [...shares.at(-1)!].sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(`seed ${seed}: ${top.map(([c, x]) => `${c.split(" (")[0]} ${(100 * x).toFixed(0)} %`).join(", ")}`);
  }
}

const mean = (ms: Map<string, number>[], c: string) => ms.reduce((a, m) => a + (m.get(c) ?? 0), 0) / ms.length;
const tail = shares.slice(Math.floor(shares.length * 0.8));
const categories = [...new Set(shares.flatMap((m) => [...m.keys()]))].sort((a, b) => mean(shares, b) - mean(shares, a));
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
console.log(
  [
    `${picked.length} of ${timed.length} timed models profiled, seeds ${picked.map((p) => p.seed).join(", ")} ` +
      `(ratios ${picked[0]!.ratio.toFixed(1)}× to ${picked.at(-1)!.ratio.toFixed(1)}×; the slowest fifth from ${tail.length > 0 ? picked[picked.length - tail.length]!.ratio.toFixed(1) : "-"}×)`,
    "",
    "| work | share of the evaluation's time | in the slowest fifth |",
    "|---|---:|---:|",
    ...categories.map((c) => `| ${c} | ${pct(mean(shares, c))} | ${pct(mean(tail, c))} |`),
  ].join("\n"),
);
