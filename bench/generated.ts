// `npm run bench` step: a benchmark nobody can tune to. Random strict models
// (test/support/generate/typed-models.ts: every arithmetic, comparison and boolean operator, the
// numeric built-ins, functions, `let`, contexts, `for`, quantifiers, filters and aggregates over a
// list of structs, FIRST tables of 5 to 500 rules over every column kind), each compiled by the
// built compiler and timed (`evaluate`, the unchecked entry, round-robin over 64 random null-free
// states) against a straight-JS doubles version of the same model written by this benchmark's own
// emitter (bench/generated/doubles-js.ts). Writes bench/RESULTS-generated.md.
//   BENCH_GENERATED_MODELS (1000)  models timed; BENCH_GENERATED_SEED (1) first seed;
//   BENCH_GENERATED_CHUNK (50) models per child process; BENCH_GENERATED_ROUNDS, _PASS_MS;
//   BENCH_GENERATED_COMPILER: another built compiler module to measure (another commit's dist);
//   BENCH_GENERATED_OUT: where to write the results instead. The `## ` sections of prose in the file
//   written over (any heading but "By feature" and "Worst models") are kept, after the figures.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describeMachine } from "./machine.js";
import { measureModel, type ModelResult } from "./generated/one-model.js";
import { keptSections, renderGenerated } from "./generated/report.js";

const MODELS = Number(process.env.BENCH_GENERATED_MODELS ?? 1000);
const FIRST_SEED = Number(process.env.BENCH_GENERATED_SEED ?? 1);
const CHUNK = Number(process.env.BENCH_GENERATED_CHUNK ?? 50);
const BUILT_COMPILER = process.env.BENCH_GENERATED_COMPILER
  ? pathToFileURL(process.env.BENCH_GENERATED_COMPILER).href
  : new URL("../dist/compiler.mjs", import.meta.url).href;
const PREFIX = "GENERATED-RESULT ";

async function child(first: number, count: number): Promise<void> {
  const compiler = (await import(BUILT_COMPILER)) as typeof import("../src/compiler/index.js");
  for (let seed = first; seed < first + count; seed++) {
    let r: ModelResult;
    try {
      r = measureModel(compiler, seed);
    } catch (e) {
      r = { seed, refused: `threw: ${(e as Error).message}`, states: 0, dropped: 0, equal: 0, apart: 0, differing: 0, features: [] };
    }
    process.stdout.write(`${PREFIX}${JSON.stringify(r)}\n`);
  }
}

function chunk(first: number, count: number): ModelResult[] {
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, GENERATED_FIRST: String(first), GENERATED_COUNT: String(count) },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`generated models ${first}..${first + count - 1} failed (exit ${run.status})`);
  return run.stdout
    .split("\n")
    .filter((l) => l.startsWith(PREFIX))
    .map((l) => JSON.parse(l.slice(PREFIX.length)) as ModelResult);
}

if (process.env.GENERATED_FIRST) {
  await child(Number(process.env.GENERATED_FIRST), Number(process.env.GENERATED_COUNT));
} else {
  const load = loadavg()[0]!;
  const start = performance.now();
  const results: ModelResult[] = [];
  let seed = FIRST_SEED;
  while (results.filter((r) => r.ratio !== undefined).length < MODELS) {
    const timed = results.filter((r) => r.ratio !== undefined).length;
    const count = Math.min(CHUNK, Math.ceil((MODELS - timed) * 1.1));
    results.push(...chunk(seed, count));
    seed += count;
    console.log(
      `${results.filter((r) => r.ratio !== undefined).length} models timed, ${((performance.now() - start) / 1000).toFixed(0)} s`,
    );
  }
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
