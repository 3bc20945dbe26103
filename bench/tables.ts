// `npm run bench` (after bench/run.ts): generated tables of every shape (bench/models/tables.ts),
// each compiled and evaluated against a hand-written indexed lookup (bench/handwritten/tables.ts)
// in a fresh Node process, and the compile time of large tables of `<= n` cells. Replaces the
// "Tables" section of bench/RESULTS.md.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { handwrittenTable } from "./handwritten/tables.js";
import { describeMachine } from "./machine.js";
import { bestOf, medianMs, roundRobin, throughput } from "./measure.js";
import { TABLE_SHAPES, tableModel } from "./models/tables.js";

type Compiler = typeof import("../src/compiler/index.js");
const BUILT_COMPILER = new URL("../dist/compiler.mjs", import.meta.url).href;
const MAX_TIME = Number(process.env.BENCH_MAX_TIME ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = 1.5;
const LARGE_TARGET_NS = 1000;
const RESULT_PREFIX = "TABLE-RESULT ";

interface ShapeResult {
  name: string;
  what: string;
  rules: number;
  compiledNs: number;
  handwrittenNs: number;
  compileMs: number;
  /** states on which the compiled table and the hand-written lookup disagree */
  mismatches: number;
  checked: number;
}

interface LargeResult {
  rules: number;
  modelKb: number;
  compileMs: number;
  /** CPU time of the process for the median compile: less sensitive than wall time to other processes */
  cpuMs: number;
  sourceKb: number;
}

/** One shape in this process: checked on every state, then timed alternately with its hand-written lookup. */
async function runShape(name: string): Promise<ShapeResult> {
  const compiler = (await import(BUILT_COMPILER)) as Compiler;
  const shape = TABLE_SHAPES.find((s) => s.name === name)!;
  const compiled = compiler.compileModel(tableModel(shape));
  if (!compiled.ok) throw new Error(`${name} does not compile`);
  const model = compiled.model;
  const hand = handwrittenTable(shape);
  const all = [...shape.states, ...shape.checks];
  const mismatches = all.filter((s) => !isDeepStrictEqual(model.evaluate(s), hand(s))).length;
  const handRuns = [];
  const compiledRuns = [];
  for (let round = 0; round < ROUNDS; round++) {
    handRuns.push(throughput(`${name} hand-written`, roundRobin(shape.states, hand), MAX_TIME));
    compiledRuns.push(
      throughput(
        `${name} compiled`,
        roundRobin(shape.states, (s) => model.evaluate(s)),
        MAX_TIME,
      ),
    );
  }
  const renamed = (run: number) => {
    const m = tableModel(shape);
    return { ...m, content: { ...m.content, name: `${m.content.name} (cold compile ${run} ${process.hrtime.bigint()})` } };
  };
  const compileMs = medianMs(5, (run) => {
    if (!compiler.compileModel(renamed(run)).ok) throw new Error(`${name} stopped compiling`);
  });
  return {
    name,
    what: shape.what,
    rules: shape.rules.length,
    compiledNs: 1e9 / bestOf(compiledRuns).hz,
    handwrittenNs: 1e9 / bestOf(handRuns).hz,
    compileMs,
    mismatches,
    checked: all.length,
  };
}

/** A FIRST table of `rules` rows of `<= n` cells (issue #17): its compile time. */
async function runLarge(rules: number): Promise<LargeResult> {
  const compiler = (await import(BUILT_COMPILER)) as Compiler;
  const model = (run: number) => ({
    content: {
      name: `${rules} rows of <= n (${run} ${process.hrtime.bigint()})`,
      inputs: { x: { type: "number", desc: "What is x?" } },
      decisions: { t: [["x", "=> number"], ...Array.from({ length: rules }, (_, i) => [`<= ${i * 3 + 1}`, String(i)]), ["-", "-1"]] },
    },
  });
  let sourceKb = 0;
  const cpu: number[] = [];
  const compileMs = medianMs(3, (run) => {
    const before = process.cpuUsage();
    const r = compiler.compileModel(model(run));
    const used = process.cpuUsage(before);
    if (run >= 0) cpu.push((used.user + used.system) / 1000);
    if (!r.ok) throw new Error(`the ${rules}-row table does not compile`);
    sourceKb = r.model.source.length / 1024;
  });
  const cpuMs = cpu.sort((a, b) => a - b)[cpu.length >> 1]!;
  return { rules, modelKb: JSON.stringify(model(0).content).length / 1024, compileMs, cpuMs, sourceKb };
}

function isolated<T>(job: string): T {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_TABLE: job },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = child.stdout.split("\n").find((l) => l.startsWith(RESULT_PREFIX));
  if (child.status !== 0 || !line) throw new Error(`bench table ${job} failed (exit ${child.status})`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as T;
}

const geomean = (xs: number[]) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);

function render(shapes: ShapeResult[], large: LargeResult[]): string {
  const m = describeMachine();
  const ratios = shapes.map((s) => s.compiledNs / s.handwrittenNs);
  const worst = Math.max(...ratios);
  const insurance = shapes.find((s) => s.rules >= 3700);
  return [
    "## Tables",
    "",
    `Generated by \`bench/tables.ts\` (part of \`npm run bench\`) on ${m.cpu} (${m.cores} logical cores), Node ${m.node}, ${m.date}.`,
    "",
    "Each generated FIRST table (`bench/models/tables.ts`: the rules walk a grid of bands with some `-` and `not(...)` cells, plus an else row) is compiled by the built compiler and timed against a hand-written indexed lookup (`bench/handwritten/tables.ts`: per axis a binary search, Map or boolean, then one array read), each in a fresh process; both are checked equal on every state first. ns/eval is 10⁹ ÷ the best of the benchmark.js rounds of `evaluate(state)` over 256 states taken round-robin; ratio = compiled ns ÷ hand-written ns.",
    "",
    "| shape | rules | compiled ns/eval | hand-written ns/eval | ratio | compile ms | checked states |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...shapes.map(
      (s, i) =>
        `| ${s.name}: ${s.what} | ${s.rules} | ${s.compiledNs.toFixed(0)} | ${s.handwrittenNs.toFixed(0)} | ${ratios[i]!.toFixed(2)}× | ${s.compileMs.toFixed(1)} | ${s.checked}${s.mismatches ? ` (${s.mismatches} differ)` : ""} |`,
    ),
    "",
    `Geometric mean ratio ${geomean(ratios).toFixed(2)}×, worst ${worst.toFixed(2)}× (target ≤ ${TARGET}× each: ${worst <= TARGET ? "met" : "not met"}).` +
      (insurance
        ? ` The ${insurance.rules}-rule table evaluates in ${insurance.compiledNs.toFixed(0)} ns (target < ${LARGE_TARGET_NS} ns: ${insurance.compiledNs < LARGE_TARGET_NS ? "met" : "not met"}).`
        : ""),
    "",
    "Compile time of a FIRST table of `<= n` cells (one number column, every bound distinct), median of 3 cold compiles, wall and CPU time (the process's user + system time, which other processes on a shared machine disturb less):",
    "",
    "| rules | model KB | compile ms (wall) | compile ms (CPU) | generated source KB |",
    "|---:|---:|---:|---:|---:|",
    ...large.map(
      (l) => `| ${l.rules} | ${l.modelKb.toFixed(0)} | ${l.compileMs.toFixed(0)} | ${l.cpuMs.toFixed(0)} | ${l.sourceKb.toFixed(0)} |`,
    ),
    "",
    "Where that time goes, stage by stage (parse, analysis, optimisation, codegen, SQL, load), for these tables, tables of several columns and hit policies and insurance-rating: bench/RESULTS-compile.md (`npm run bench:compile`).",
    "",
  ].join("\n");
}

const job = process.env.BENCH_TABLE;
if (job) {
  const result = job.startsWith("large:") ? await runLarge(Number(job.slice(6))) : await runShape(job);
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
} else {
  const shapes = TABLE_SHAPES.map((s) => {
    const r = isolated<ShapeResult>(s.name);
    console.log(
      `${r.name.padEnd(16)} compiled ${r.compiledNs.toFixed(0)} ns, hand-written ${r.handwrittenNs.toFixed(0)} ns, ratio ${(r.compiledNs / r.handwrittenNs).toFixed(2)}, compile ${r.compileMs.toFixed(1)} ms${r.mismatches ? `, ${r.mismatches} states differ` : ""}`,
    );
    return r;
  });
  const large = [2000, 10000].map((n) => {
    const r = isolated<LargeResult>(`large:${n}`);
    console.log(
      `${n} rows of <= n: compile ${r.compileMs.toFixed(0)} ms (CPU ${r.cpuMs.toFixed(0)} ms), ${r.sourceKb.toFixed(0)} KB of source`,
    );
    return r;
  });
  const out = new URL("./RESULTS.md", import.meta.url);
  const before = readFileSync(out, "utf8");
  const at = before.indexOf("\n## Tables\n");
  writeFileSync(out, `${at < 0 ? before.trimEnd() : before.slice(0, at).trimEnd()}\n\n${render(shapes, large)}`);
  console.log(`wrote the Tables section of ${out.pathname}`);
}
