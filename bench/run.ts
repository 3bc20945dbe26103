// `npm run bench`: compile time and evaluations per second of every sample model and of the
// realistic corpus (bench/corpus) against hand-written JS equivalents, plus a generated 200-rule
// table; peer engines and extra baselines on lending and the table; batch scoring of a generated
// 1M-row lending file and of every corpus model. Writes bench/RESULTS.md.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import type { CompiledModel } from "../src/compiler/index.js";
import { HANDWRITTEN } from "./handwritten/index.js";
import { table200Handwritten } from "./handwritten/table200.js";
import { table200IfChain } from "./handwritten/table200-ifchain.js";
import { table200Lookup } from "./handwritten/table200-lookup.js";
import { LENDING_BATCH, runBatch, type BatchResult } from "./batch/run-batch.js";
import { corpusBatch } from "./corpus/batch.js";
import { CORPUS } from "./corpus/index.js";
import { statesOf } from "./corpus/random.js";
import { asyncThroughput } from "./measure-async.js";
import { loadSamples, type Sample } from "./load-samples.js";
import { describeMachine } from "./machine.js";
import { bestOf, medianMs, roundRobin, throughput } from "./measure.js";
import { TABLE200_CASES, table200Model } from "./models/table200.js";
import { renderResults, slowdown, type CaseResult, type OtherResult } from "./report.js";

type Model = Sample["model"];
type State = Record<string, unknown>;
type Compiler = typeof import("../src/compiler/index.js");
const BUILT_COMPILER = new URL("../dist/compiler.mjs", import.meta.url).href;

interface BenchCase {
  name: string;
  kind: string;
  model: Model;
  states: State[];
  /** the hand-written limit the compiled model is compared with */
  handwritten: (state: State) => unknown;
  /** other hand-written versions, measured beside it */
  baselines?: { label: string; evaluate: (state: State) => unknown }[];
  /** whether the peer engines (bench/peers) run this case */
  peers?: boolean;
  /** a model of the realistic corpus */
  corpus?: boolean;
}

const MAX_TIME = Number(process.env.BENCH_MAX_TIME ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const COMPILE_RUNS = Number(process.env.BENCH_COMPILE_RUNS ?? 15);
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const BATCH_ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 1_000_000);
const CORPUS_BATCH_ROWS = Number(process.env.BENCH_CORPUS_BATCH_ROWS ?? 500_000);
const CORPUS_STATES = 2000;
const KIND: Record<string, string> = { pricing: "arithmetic-heavy" };

const METHOD = [
  "Every case runs in its own fresh Node process (the same flags as the parent), so the JIT and heap state left by one model cannot slow the next.",
  "The compiler measured is the built one (`dist/compiler.mjs`, the esbuild bundle the CLI and the service run; `npm run bench` builds it first), not the TypeScript source under tsx, whose on-the-fly transform makes the same runtime about 15% slower.",
  "Each throughput figure is benchmark.js ops/s of one call, `compiled.evaluate(state)` or the hand-written function, with the sample's states taken round-robin (one state per call), so both sides see the same inputs in the same order. Both take the JSON state and return every decision as JSON.",
  `Throughput is measured in ${ROUNDS} rounds (\`BENCH_ROUNDS\`) that alternate hand-written and compiled runs, and the best round of each is reported (± is that round's relative margin of error): on a shared machine the best round is the closest to the uncontended speed, and alternating exposes both sides to the same background load.`,
  `Compile ms is the median of ${COMPILE_RUNS} calls of \`compileModel(model)\` after one untimed warm-up, measured after the case's throughput runs so the extra loaded modules cannot disturb them. The compiler caches by content hash, so every timed call gets a model whose \`content.name\` carries a fresh suffix: a guaranteed cache miss through the public entry point, including hashing, analysis, optimisation, code generation, verification and loading.`,
  "The realistic corpus (`bench/corpus/`) is eight models written for the benchmark, not taken from the samples: amortisation with a fractional rate to a negative power, NPV and compound growth over a list of cash flows, a 3,700-rule insurance rating table, a date-heavy SLA model, a string-heavy KYC screen, a list-heavy household benefit, a scorecard of 40 binned tables, and tax brackets over a list of contexts. Its states are seeded random states; the corpus test checks the hand-written baselines against the compiled decisions on 2,000 other random states.",
  "Before timing, each case checks that the compiled model and the hand-written function return deep-equal decisions for every state; a difference is reported in the notes.",
  "Hand-written baselines (`bench/handwritten/`) use JS numbers with the rounding a careful author adds for money (`toPrecision(15)` cleanup, half-even `decimal`). The 200-rule table has three: the indexed lookup a person who saw the table's structure would write (`table200-lookup.ts`, the limit the ratio is taken against), the chain of `if`s a naive compiler emits (`table200-ifchain.ts`), and the rules kept as data with a first-match scan (`table200.ts`).",
  "Peer engines (`bench/peers/`; `feelin` and `json-rules-engine` are dev dependencies, `@gorules/zen-engine` is added for a run with `npm install --no-save @gorules/zen-engine` because the registry here serves only its linux-x64 binaries and `npm ci` rejects a lock file without the others) express the same logic in their own form: `@gorules/zen-engine` as a JDM graph (expression nodes and FIRST decision tables), `feelin` as FEEL expressions and unary tests, `json-rules-engine` as rules with priorities that stop at the first success. Each must return the same decisions as the hand-written limit on every state before it is timed. zen-engine and json-rules-engine only offer asynchronous evaluation, so peers are timed as sequential awaited calls (`bench/measure-async.ts`, 25 ms samples, best of the rounds); setup ms is the time to build the peer's decision object once.",
  `Batch: a generated ${BATCH_ROWS.toLocaleString("en-US")}-row JSONL file of lending states (\`bench/batch/lending-states.ts\`, \`BENCH_BATCH_ROWS\`), and for each corpus model ${CORPUS_BATCH_ROWS.toLocaleString("en-US")} rows of its random states (\`BENCH_CORPUS_BATCH_ROWS\`, 2 workers only), scored by the built \`pdm score --workers N\` in a child process, ${ROUNDS} rounds alternating 1 and 2 workers; rows/s is rows ÷ wall time of the whole process (start, workers compiling the model, reading, scoring, writing the JSONL output), for the best round and the median one. A run counts only if \`pdm score\` exits 0 and reports every row scored without error. Each corpus model's rows also go through a hand-written pipeline (\`bench/batch/handwritten-pipeline.ts\`, bundled by esbuild, run the same way with the same number of workers: 256 KiB pieces to worker threads, JSON.parse, the model's hand-written JS, JSON.stringify, output in input order), alternating with \`pdm score\` in every round; the first 8 MB of both outputs are checked equal record by record.`,
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
  type T200 = (typeof TABLE200_CASES)[number]["state"];
  const table200: BenchCase = {
    name: "table200",
    kind: "table-heavy",
    model: table200Model(),
    states: TABLE200_CASES.map((c) => c.state),
    handwritten: (s) => table200Lookup(s as T200),
    baselines: [
      { label: "hand-written if-chain", evaluate: (s) => table200IfChain(s as T200) },
      { label: "hand-written data scan", evaluate: (s) => table200Handwritten(s as T200) },
    ],
    peers: true,
  };
  const corpus: BenchCase[] = CORPUS.map((m) => ({
    name: m.name,
    kind: m.kind,
    model: m.model,
    states: statesOf(m.state, CORPUS_STATES, 11),
    handwritten: m.handwritten,
    corpus: true,
  }));
  return [...fromSamples.map((c) => ({ ...c, peers: c.name === "lending" })), table200, ...corpus].filter(
    (c) => !ONLY || ONLY.includes(c.name),
  );
}

const renamed = (model: Model, run: number): Model => ({
  ...model,
  content: { ...model.content, name: `${String(model.content.name)} (cold compile ${run} ${process.hrtime.bigint()})` },
});

/** The compiler as built (`npm run bench` builds first): the esbuild bundle the CLI and service run. */
async function loadCompiler(): Promise<Compiler | null> {
  try {
    return (await import(BUILT_COMPILER)) as Compiler;
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

const differing = async (c: BenchCase, evaluate: (s: State) => unknown): Promise<number> => {
  let n = 0;
  for (const s of c.states) if (!isDeepStrictEqual(await evaluate(s), c.handwritten(s))) n++;
  return n;
};

/** The extra baselines and the peer engines, each checked against the limit before it is timed. */
async function measureOthers(c: BenchCase): Promise<OtherResult[]> {
  const results: OtherResult[] = [];
  for (const b of c.baselines ?? []) {
    const mismatches = await differing(c, b.evaluate);
    const best = bestOf(
      Array.from({ length: ROUNDS }, () => throughput(`${c.name} ${b.label}`, roundRobin(c.states, b.evaluate), MAX_TIME)),
    );
    results.push({
      label: b.label,
      kind: "baseline",
      hz: best.hz,
      rme: best.rme,
      setupMs: null,
      note: mismatches ? `differs on ${mismatches} of ${c.states.length} states` : undefined,
    });
  }
  if (!c.peers) return results;
  const { PEERS } = await import("./peers/index.js");
  for (const make of PEERS[c.name] ?? []) {
    const start = performance.now();
    const peer = make();
    const setupMs = performance.now() - start;
    if (!peer) {
      console.warn(`NOTICE: a ${c.name} peer engine is not installed and is skipped (see bench/peers/zen.ts)`);
      continue;
    }
    const mismatches = await differing(c, (s) => peer.evaluate(s));
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await asyncThroughput(c.states, (s) => peer.evaluate(s as State), MAX_TIME));
    const best = bestOf(rounds);
    const note = mismatches ? `differs from the hand-written decisions on ${mismatches} of ${c.states.length} states` : undefined;
    results.push({ label: peer.engine, kind: "peer", form: peer.form, hz: best.hz, rme: best.rme, setupMs, note });
  }
  return results;
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
  const others = await measureOthers(c);
  const compileMs = compiler && model ? coldCompileMs(c, compiler) : null;
  const result: CaseResult = { ...measured, compileMs, note, others, corpus: c.corpus };
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
    for (const o of r.others ?? []) console.log(`${"".padEnd(14)} ${o.label}: ${Math.round(o.hz)} ops/s${o.note ? ` (${o.note})` : ""}`);
    return r;
  });
  const batch: BatchResult[] =
    BATCH_ROWS > 0 && (!ONLY || ONLY.includes("batch")) ? await runBatch(LENDING_BATCH, BATCH_ROWS, [1, 2], ROUNDS) : [];
  if (CORPUS_BATCH_ROWS > 0)
    for (const m of CORPUS.filter((x) => !ONLY || ONLY.includes(x.name)))
      batch.push(...(await runBatch(corpusBatch(m), CORPUS_BATCH_ROWS, [2], ROUNDS)));
  for (const b of batch)
    console.log(
      `batch ${b.model} ${b.workers} worker(s): ${b.rowsPerSecond === null ? "n/a" : Math.round(b.rowsPerSecond)} rows/s${b.rowsPerSecond === null ? ` (${b.note})` : ""}`,
    );
  const loadAfter = loadavg();
  const out = new URL("./RESULTS.md", import.meta.url);
  writeFileSync(out, renderResults({ ...describeMachine(), load: [loadBefore[0], loadAfter[0]] }, results, METHOD, batch));
  console.log(`wrote ${out.pathname}`);
}
