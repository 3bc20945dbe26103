// `npm run bench`: compile time and evaluations per second of every sample model against its
// hand-written JS equivalent, plus a generated 200-rule table. Writes bench/RESULTS.md.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import type { CompiledModel } from "../src/compiler.js";
import { HANDWRITTEN } from "./handwritten/index.js";
import { table200Handwritten } from "./handwritten/table200.js";
import { loadSamples, type Sample } from "./load-samples.js";
import { describeMachine } from "./machine.js";
import { bestOf, medianMs, roundRobin, throughput } from "./measure.js";
import { TABLE200_CASES, table200Model } from "./models/table200.js";
import { renderResults, slowdown, type CaseResult } from "./report.js";

type Model = Sample["model"];
type State = Record<string, unknown>;
type Compiler = typeof import("../src/compiler.js");

interface BenchCase {
  name: string;
  kind: string;
  model: Model;
  states: State[];
  handwritten: (state: State) => unknown;
}

const MAX_TIME = Number(process.env.BENCH_MAX_TIME ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const COMPILE_RUNS = Number(process.env.BENCH_COMPILE_RUNS ?? 15);
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const KIND: Record<string, string> = { pricing: "arithmetic-heavy" };

const METHOD = [
  "Every case runs in its own fresh Node process (the same flags as the parent), so the JIT and heap state left by one model cannot slow the next.",
  "Each throughput figure is benchmark.js ops/s of one call, `compiled.evaluate(state)` or the hand-written function, with the sample's states taken round-robin (one state per call), so both sides see the same inputs in the same order. Both take the JSON state and return every decision as JSON.",
  `Throughput is measured in ${ROUNDS} rounds (\`BENCH_ROUNDS\`) that alternate hand-written and compiled runs, and the best round of each is reported (± is that round's relative margin of error): on a shared machine the best round is the closest to the uncontended speed, and alternating exposes both sides to the same background load.`,
  `Compile ms is the median of ${COMPILE_RUNS} calls of \`compileModel(model)\` after one untimed warm-up, measured after the case's throughput runs so the extra loaded modules cannot disturb them. The compiler caches by content hash, so every timed call gets a model whose \`content.name\` carries a fresh suffix: a guaranteed cache miss through the public entry point, including hashing, analysis, optimisation, code generation, verification and loading.`,
  "Before timing, each case checks that the compiled model and the hand-written function return deep-equal decisions for every state; a difference is reported in the notes.",
  "Hand-written baselines (`bench/handwritten/`) use JS numbers with the rounding a careful author adds for money (`toPrecision(15)` cleanup, half-even `decimal`); the 200-rule baseline keeps the rules as data and scans for the first match.",
  `benchmark.js maxTime ${MAX_TIME}s per measurement (\`BENCH_MAX_TIME\`), at least 10 samples. \`BENCH_ONLY=lending,table200\` restricts the cases.`,
];

function cases(): BenchCase[] {
  const fromSamples = loadSamples().map((s) => ({
    name: s.name,
    kind: KIND[s.name] ?? "mixed",
    model: s.model,
    states: s.cases.map((c) => c.state),
    handwritten: HANDWRITTEN[s.name],
  }));
  const table200: BenchCase = {
    name: "table200",
    kind: "table-heavy",
    model: table200Model(),
    states: TABLE200_CASES.map((c) => c.state),
    handwritten: (s) => table200Handwritten(s as (typeof TABLE200_CASES)[number]["state"]),
  };
  return [...fromSamples, table200].filter((c) => !ONLY || ONLY.includes(c.name));
}

const renamed = (model: Model, run: number): Model => ({
  ...model,
  content: { ...model.content, name: `${String(model.content.name)} (cold compile ${run} ${process.hrtime.bigint()})` },
});

async function loadCompiler(): Promise<Compiler | null> {
  try {
    return await import("../src/compiler.js");
  } catch (e) {
    console.warn(`compiler unavailable, measuring hand-written baselines only: ${(e as Error).message}`);
    return null;
  }
}

/** The compiled model, or why there is none; checks it agrees with the hand-written function. */
function prepare(c: BenchCase, compiler: Compiler | null): { model: CompiledModel | null; note?: string } {
  if (!compiler) return { model: null, note: "compiler unavailable" };
  const result = compiler.compileModel(c.model);
  if (!result.ok) {
    const first = result.check.stages.flatMap((s) => s.diagnostics).find((d) => d.severity === "error");
    return { model: null, note: `does not compile: ${first?.address ?? ""} ${first?.message ?? ""}` };
  }
  const model = result.model;
  const mismatches = c.states.filter((s) => !isDeepStrictEqual(model.evaluate(s), c.handwritten(s))).length;
  return {
    model,
    note: mismatches ? `compiled and hand-written decisions differ on ${mismatches} of ${c.states.length} states` : undefined,
  };
}

function measureThroughput(c: BenchCase, model: CompiledModel | null): Omit<CaseResult, "compileMs" | "note"> {
  const hand = roundRobin(c.states, c.handwritten);
  const compiled = model ? roundRobin(c.states, (s) => model.evaluate(s)) : null;
  const handRuns = [];
  const compiledRuns = [];
  for (let round = 0; round < ROUNDS; round++) {
    handRuns.push(throughput(`${c.name} hand-written`, hand, MAX_TIME));
    if (compiled) compiledRuns.push(throughput(`${c.name} compiled`, compiled, MAX_TIME));
  }
  const bestHand = bestOf(handRuns);
  const bestCompiled = compiled ? bestOf(compiledRuns) : null;
  return {
    name: c.name,
    kind: c.kind,
    states: c.states.length,
    handwrittenHz: bestHand.hz,
    handwrittenRme: bestHand.rme,
    compiledHz: bestCompiled?.hz ?? null,
    compiledRme: bestCompiled?.rme ?? null,
  };
}

function coldCompileMs(c: BenchCase, compiler: Compiler): number {
  return medianMs(COMPILE_RUNS, (run) => {
    if (!compiler.compileModel(renamed(c.model, run)).ok) throw new Error(`${c.name} stopped compiling`);
  });
}

/** One case in this process: its result as a JSON line on stdout (the child side of `isolated`). */
async function runOne(name: string): Promise<void> {
  const c = cases().find((x) => x.name === name);
  if (!c) throw new Error(`no bench case ${name}`);
  const compiler = await loadCompiler();
  const { model, note } = prepare(c, compiler);
  const measured = measureThroughput(c, model);
  const compileMs = compiler && model ? coldCompileMs(c, compiler) : null;
  const result: CaseResult = { ...measured, compileMs, note };
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
}

/** Each case in a fresh Node process, so one model's JIT and heap state cannot slow the next. */
function isolated(name: string): CaseResult {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_CASE: name },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = child.stdout.split("\n").find((l) => l.startsWith(RESULT_PREFIX));
  if (child.status !== 0 || !line) throw new Error(`bench case ${name} failed (exit ${child.status})`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as CaseResult;
}

const RESULT_PREFIX = "BENCH-RESULT ";

if (process.env.BENCH_CASE) {
  await runOne(process.env.BENCH_CASE);
} else {
  const loadBefore = loadavg();
  const results = cases().map((c) => {
    const r = isolated(c.name);
    const ratio = slowdown(r);
    console.log(
      `${r.name.padEnd(14)} compiled ${r.compiledHz === null ? "n/a" : Math.round(r.compiledHz)} ops/s, hand-written ${Math.round(r.handwrittenHz)} ops/s, ratio ${ratio === null ? "n/a" : ratio.toFixed(2)}, compile ${r.compileMs === null ? "n/a" : r.compileMs.toFixed(1)} ms${r.note ? ` (${r.note})` : ""}`,
    );
    return r;
  });
  const loadAfter = loadavg();
  const out = new URL("./RESULTS.md", import.meta.url);
  writeFileSync(out, renderResults({ ...describeMachine(), load: [loadBefore[0], loadAfter[0]] }, results, METHOD));
  console.log(`wrote ${out.pathname}`);
}
