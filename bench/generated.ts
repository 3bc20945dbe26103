// `npm run bench` step: a benchmark nobody can tune to. Random strict models
// (test/support/generate/typed-models.ts: every arithmetic, comparison and boolean operator, the
// numeric built-ins, functions, `let`, contexts, `for`, quantifiers, filters and aggregates over a
// list of structs, tables of 5 to 500 rules over every column kind under every hit policy), each compiled by the
// built compiler and timed (`evaluate`, the unchecked entry, round-robin over 64 random null-free
// states) against a straight-JS doubles version of the same model written by this benchmark's own
// emitter (bench/generated/doubles-js.ts). Writes bench/RESULTS-generated.md.
//   BENCH_GENERATED_MODELS (1000)  models timed; BENCH_GENERATED_SEED (1) first seed;
//   BENCH_GENERATED_CLOCK (cpu): cpu (each child single-threaded) or wall; BENCH_GENERATED_WARM_MS (100)
//   milliseconds and BENCH_GENERATED_WARM_CALLS (10000) calls each side runs before it is timed;
//   BENCH_GENERATED_CHUNK (50) models per child process; BENCH_GENERATED_ROUNDS, _PASS_MS;
//   BENCH_GENERATED_COMPILER: another built compiler module to measure (another commit's dist);
//   BENCH_GENERATED_OUT: where to write the results instead. The `## ` sections of prose in the file
//   written over (any heading but "By feature" and "Worst models") are kept, after the figures.
//   BENCH_GENERATED_SEEDS: only these seeds (comma-separated, e.g. a run's slowest), in place of
//   the count from the first seed; BENCH_GENERATED_JSON: a file for each model's result as JSON.
//   BENCH_GENERATED_NUMBERS: double or decimal, to time each model's `-o` module built with
//   `--numbers` that (its `evaluateUnchecked`, made by the cli.mjs beside the compiler module) in
//   place of the compiled model's `evaluate`: answers compared as they are, within the same tolerance.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describeMachine } from "./machine.js";
import { measureModel, type ModelResult } from "./generated/one-model.js";
import { moduleEvaluate, type NumberMode } from "./generated/module-side.js";
import { compileOptionsOf, contentOf, typedModel } from "../test/support/generate/typed-models.js";
import { keptSections, renderGenerated } from "./generated/report.js";

const MODELS = Number(process.env.BENCH_GENERATED_MODELS ?? 1000);
const FIRST_SEED = Number(process.env.BENCH_GENERATED_SEED ?? 1);
const CHUNK = Number(process.env.BENCH_GENERATED_CHUNK ?? 50);
const BUILT_COMPILER = process.env.BENCH_GENERATED_COMPILER
  ? pathToFileURL(process.env.BENCH_GENERATED_COMPILER).href
  : new URL("../dist/compiler.mjs", import.meta.url).href;
const PREFIX = "GENERATED-RESULT ";
const NUMBERS = process.env.BENCH_GENERATED_NUMBERS as NumberMode | undefined;
if (NUMBERS !== undefined && NUMBERS !== "double" && NUMBERS !== "decimal") throw new Error("BENCH_GENERATED_NUMBERS: double or decimal");

const SEEDS = process.env.BENCH_GENERATED_SEEDS?.split(",").map(Number);
if (SEEDS?.some((s) => !Number.isInteger(s))) throw new Error("BENCH_GENERATED_SEEDS: a comma-separated list of whole numbers");

async function child(seeds: number[]): Promise<void> {
  const compiler = (await import(BUILT_COMPILER)) as typeof import("../src/compiler/index.js");
  for (const seed of seeds) {
    let r: ModelResult;
    try {
      const m = typedModel(seed);
      const [content, options] = [contentOf(m), compileOptionsOf(m)];
      const side =
        NUMBERS && compiler.compileModel(content, options).ok
          ? await moduleEvaluate(fileURLToPath(new URL("cli.mjs", BUILT_COMPILER)), content, NUMBERS, options)
          : undefined;
      r = measureModel(compiler, seed, { side });
    } catch (e) {
      r = { seed, refused: `threw: ${(e as Error).message}`, states: 0, dropped: 0, equal: 0, apart: 0, differing: 0, features: [] };
    }
    process.stdout.write(`${PREFIX}${JSON.stringify(r)}\n`);
  }
}

function chunk(seeds: number[]): ModelResult[] {
  // timed by CPU time (one-model.ts): one thread, so that the time counted is the model's alone
  const threads = (process.env.BENCH_GENERATED_CLOCK ?? "cpu") === "cpu" ? ["--single-threaded"] : [];
  const run = spawnSync(process.execPath, [...process.execArgv, ...threads, fileURLToPath(import.meta.url)], {
    env: { ...process.env, GENERATED_CHILD_SEEDS: seeds.join(",") },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`generated models ${seeds[0]}..${seeds.at(-1)} failed (exit ${run.status})`);
  return run.stdout
    .split("\n")
    .filter((l) => l.startsWith(PREFIX))
    .map((l) => JSON.parse(l.slice(PREFIX.length)) as ModelResult);
}

const range = (first: number, count: number) => Array.from({ length: count }, (_, i) => first + i);

if (process.env.GENERATED_CHILD_SEEDS) {
  await child(process.env.GENERATED_CHILD_SEEDS.split(",").map(Number));
} else {
  const load = loadavg()[0]!;
  const start = performance.now();
  const results: ModelResult[] = [];
  const progress = () =>
    console.log(
      `${results.filter((r) => r.ratio !== undefined).length} models timed, ${((performance.now() - start) / 1000).toFixed(0)} s`,
    );
  if (SEEDS) {
    for (let i = 0; i < SEEDS.length; i += CHUNK) {
      results.push(...chunk(SEEDS.slice(i, i + CHUNK)));
      progress();
    }
  } else {
    let seed = FIRST_SEED;
    while (results.filter((r) => r.ratio !== undefined).length < MODELS) {
      const timed = results.filter((r) => r.ratio !== undefined).length;
      const count = Math.min(CHUNK, Math.ceil((MODELS - timed) * 1.1));
      results.push(...chunk(range(seed, count)));
      seed += count;
      progress();
    }
  }
  if (process.env.BENCH_GENERATED_JSON) writeFileSync(process.env.BENCH_GENERATED_JSON, JSON.stringify(results));
  const seconds = (performance.now() - start) / 1000;
  const out = process.env.BENCH_GENERATED_OUT
    ? pathToFileURL(process.env.BENCH_GENERATED_OUT)
    : new URL("./RESULTS-generated.md", import.meta.url);
  // the prose sections of the file it replaces are kept (report.ts keptSections)
  const kept = existsSync(out) ? keptSections(readFileSync(out, "utf8")) : "";
  const report = renderGenerated({ ...describeMachine(), load: [load, loadavg()[0]!] }, results, seconds, kept);
  console.log(report.summary);
  writeFileSync(out, report.markdown);
  console.log(`wrote ${out.pathname}`);
}
