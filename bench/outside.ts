// `npm run bench:outside`: the models of bench/outside (written by someone who had not read the
// compiler) timed against their hand-written JS. Each model runs in its own single-threaded Node
// process: the built compiler's `evaluate` (state check and evaluation) and the `evaluateUnchecked`
// of the model's `pdm compile -o` module, each against the hand-written function, in CPU time over
// alternating passes. Writes bench/RESULTS-outside.md, keeping any `## Stop …` sections after the
// figures. BENCH_OUTSIDE_ROUNDS (7) alternating rounds, BENCH_OUTSIDE_PASS_MS (150) CPU milliseconds
// a pass aims at, BENCH_OUTSIDE_ONLY=name,name restricts the models.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { statesOf } from "./corpus/random.js";
import type { State } from "./corpus/types.js";
import { describeMachine } from "./machine.js";
import { disagreements } from "./outside/agree.js";
import { OUTSIDE } from "./outside/index.js";
import type { OutsideModel } from "./outside/types.js";

type Compiler = typeof import("../src/compiler/index.js");
type Decisions = Record<string, unknown>;

const ROUNDS = Number(process.env.BENCH_OUTSIDE_ROUNDS ?? 7);
const PASS_MS = Number(process.env.BENCH_OUTSIDE_PASS_MS ?? 150);
const ONLY = process.env.BENCH_OUTSIDE_ONLY?.split(",").filter(Boolean);
const STATES = 2000;
const COMPILER = new URL("../dist/compiler.mjs", import.meta.url).href;
const CLI = fileURLToPath(new URL("../bin/pdm.mjs", import.meta.url));
const OUT = new URL("./RESULTS-outside.md", import.meta.url);
const PREFIX = "OUTSIDE-RESULT ";

interface Result {
  name: string;
  kind: string;
  /** CPU ns a call, geometric mean over the rounds */
  handwritten: number;
  evaluate: number;
  unchecked: number;
  /** geometric means over the rounds of each round's ratio to the hand-written pass */
  uncheckedRatio: number;
  evaluateRatio: number;
}

const geomean = (xs: readonly number[]): number => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Where every result is stored, so that no side's result can be optimised away unbuilt. */
let sink: unknown;

/** CPU ns a call of `fn`, over `repeats` passes of `states`. */
function pass(states: readonly State[], fn: (s: State) => unknown, repeats: number): number {
  sink = undefined;
  const start = cpuMs();
  for (let r = 0; r < repeats; r++) for (const s of states) sink = fn(s);
  const ms = cpuMs() - start;
  if (sink === undefined) throw new Error("nothing was computed");
  return (ms * 1e6) / (repeats * states.length);
}

/** Passes over the states that make a pass last about PASS_MS of CPU, after a warm-up. */
function repeatsFor(states: readonly State[], fn: (s: State) => unknown): number {
  pass(states, fn, 1);
  const ns = pass(states, fn, 1);
  return Math.max(1, Math.round((PASS_MS * 1e6) / (ns * states.length)));
}

/** The model's `pdm compile -o` module: its `evaluateUnchecked`. */
async function uncheckedEntry(m: OutsideModel): Promise<(s: State) => Decisions> {
  const dir = mkdtempSync(join(tmpdir(), "pdm-outside-bench-"));
  try {
    writeFileSync(join(dir, "model.json"), JSON.stringify(m.model));
    const args = [CLI, "compile", join(dir, "model.json"), "-o", join(dir, "model.mjs"), ...(m.lenient ? ["--lenient"] : [])];
    const run = spawnSync(process.execPath, args, { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`pdm compile ${m.name} failed: ${run.stderr}`);
    const mod = (await import(pathToFileURL(join(dir, "model.mjs")).href)) as { evaluateUnchecked: (s: State) => Decisions };
    return mod.evaluateUnchecked;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One model in this process: checked equal on every state, then timed; its result on stdout. */
async function child(name: string): Promise<void> {
  const m = OUTSIDE.find((x) => x.name === name);
  if (!m) throw new Error(`no outside model ${name}`);
  const compiler = (await import(COMPILER)) as Compiler;
  const compiled = compiler.compileModel(m.model, { strict: !m.lenient });
  if (!compiled.ok) throw new Error(`${name} does not compile`);
  const evaluate = (s: State) => compiled.model.evaluate(s) as Decisions;
  const unchecked = await uncheckedEntry(m);
  const states = statesOf(m.state, STATES, 11);
  for (const [label, fn] of [
    ["evaluate", evaluate],
    ["evaluateUnchecked", unchecked],
  ] as const)
    for (const s of states) {
      const differ = disagreements(m, fn(s), m.handwritten(s));
      if (differ.length) throw new Error(`${name}: ${label} and the hand-written JS differ on ${differ.join(", ")}`);
    }
  const sides = [m.handwritten, evaluate, unchecked];
  const repeats = sides.map((fn) => repeatsFor(states, fn));
  const ns: number[][] = [[], [], []];
  for (let round = 0; round < ROUNDS; round++)
    for (let i = 0; i < sides.length; i++) {
      const side = (i + round) % sides.length; // each side takes each place in the order in turn
      ns[side]!.push(pass(states, sides[side]!, repeats[side]!));
    }
  const [hand, checked, bare] = ns as [number[], number[], number[]];
  const result: Result = {
    name,
    kind: m.kind,
    handwritten: geomean(hand),
    evaluate: geomean(checked),
    unchecked: geomean(bare),
    uncheckedRatio: geomean(bare.map((x, r) => x / hand[r]!)),
    evaluateRatio: geomean(checked.map((x, r) => x / hand[r]!)),
  };
  process.stdout.write(`${PREFIX}${JSON.stringify(result)}\n`);
}

function isolated(name: string): Result {
  const run = spawnSync(process.execPath, [...process.execArgv, "--single-threaded", fileURLToPath(import.meta.url)], {
    env: { ...process.env, OUTSIDE_CHILD: name },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = run.stdout.split("\n").find((l) => l.startsWith(PREFIX));
  if (run.status !== 0 || !line) throw new Error(`outside model ${name} failed (exit ${run.status})`);
  return JSON.parse(line.slice(PREFIX.length)) as Result;
}

const fmtNs = (ns: number): string => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);
const fmtRatio = (r: number): string => `${r.toFixed(2)}×`;

function render(results: readonly Result[], load: [number, number], kept: string): string {
  const machine = describeMachine();
  const worst = (key: "uncheckedRatio" | "evaluateRatio") => results.reduce((a, b) => (b[key] > a[key] ? b : a));
  const summary = (key: "uncheckedRatio" | "evaluateRatio") =>
    `geometric mean ${fmtRatio(geomean(results.map((r) => r[key])))}, worst ${fmtRatio(worst(key)[key])} (${worst(key).name})`;
  return [
    "# Outside models against hand-written JS",
    "",
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.platform}; ${machine.date}; load average ${load[0].toFixed(2)} before, ${load[1].toFixed(2)} after.`,
    "",
    "| model | shape | hand-written | evaluateUnchecked | ratio | evaluate | evaluate ratio |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.kind} | ${fmtNs(r.handwritten)} | ${fmtNs(r.unchecked)} | ${fmtRatio(r.uncheckedRatio)} | ${fmtNs(r.evaluate)} | ${fmtRatio(r.evaluateRatio)} |`,
    ),
    "",
    `evaluateUnchecked / hand-written over ${results.length} models: ${summary("uncheckedRatio")}.`,
    "",
    `evaluate / hand-written: ${summary("evaluateRatio")}.`,
    "",
    "## Method",
    "",
    `The models (\`bench/outside/\`) were written as a decision analyst would write them, from the format's documentation only, without reading the compiler; \`test/bench/outside.test.ts\` checks each compiles and agrees with its hand-written JS (doubles, half-even rounding where the model rounds) on 2,000 random states. Each model runs in its own Node process started with \`--single-threaded\`, so that CPU time (\`process.cpuUsage\`) counts the model's work alone. It compiles the model with the built compiler (\`dist/compiler.mjs\`, \`compileModel\`, whose \`evaluate\` checks the state first) and with \`pdm compile -o\` (the module's \`evaluateUnchecked\`), checks that both agree with the hand-written function on all ${STATES.toLocaleString("en-US")} seeded random states it times, then runs ${ROUNDS} rounds (\`BENCH_OUTSIDE_ROUNDS\`) of one pass per side, the three sides taking turns at going first. A pass calls a side on every state in order, repeated so that it lasts about ${PASS_MS} ms of CPU (\`BENCH_OUTSIDE_PASS_MS\`, the repeat count set after a warm-up pass). ns/call is the geometric mean over the rounds; a ratio is the geometric mean over the rounds of that round's time divided by the same round's hand-written time. No round is dropped and none is picked as the best.`,
    "",
    kept,
  ]
    .join("\n")
    .trimEnd()
    .concat("\n");
}

/** The `## Stop …` sections of the file written over, kept after the figures. */
function keptSections(): string {
  if (!existsSync(OUT)) return "";
  const text = readFileSync(OUT, "utf8");
  const at = text.search(/^## Stop /m);
  return at < 0 ? "" : text.slice(at);
}

if (process.env.OUTSIDE_CHILD) {
  await child(process.env.OUTSIDE_CHILD);
} else {
  const before = loadavg()[0];
  const results = OUTSIDE.filter((m) => !ONLY || ONLY.includes(m.name)).map((m) => {
    const r = isolated(m.name);
    console.log(
      `${r.name.padEnd(20)} hand-written ${fmtNs(r.handwritten)}, evaluateUnchecked ${fmtNs(r.unchecked)} (${fmtRatio(r.uncheckedRatio)}), evaluate ${fmtNs(r.evaluate)} (${fmtRatio(r.evaluateRatio)})`,
    );
    return r;
  });
  writeFileSync(OUT, render(results, [before, loadavg()[0]], keptSections()));
  console.log(`wrote ${fileURLToPath(OUT)}`);
}
