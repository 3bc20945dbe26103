// `npm run bench:compile`: where a cold compile of a large decision table spends its CPU time, by
// compiler stage. Each model is compiled once in a fresh process (`compileUncached`, the `-o`
// module, and `compileToSql` for DuckDB) under V8's sampling profiler; every sample is charged to
// the innermost compiler stage on its stack (src/compiler/1-parse, 2-analyse, 3-optimise,
// 4-codegen, 4-sql, 5-load). The profile runs the TypeScript sources (through tsx), so the stage of
// each function is known. A stage's CPU ms is its share of the samples times the process CPU time
// of the same compile unprofiled (wall-clock sample gaps mean little on a shared machine).
// BENCH_COMPILE_BASE: the root of another checkout of this repository, profiled in turn with this
// one (base, new, base, new...), named in the results by BENCH_COMPILE_BASE_NAME. Writes
// bench/RESULTS-compile.md.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { fileURLToPath } from "node:url";
import { insuranceRating } from "./corpus/insurance-rating.js";
import { describeMachine } from "./machine.js";

const RESULT_PREFIX = "COMPILE-STAGES ";
const STAGES = ["1-parse", "2-analyse", "3-optimise", "4-codegen", "4-sql", "5-load"] as const;
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BASE = process.env.BENCH_COMPILE_BASE;
const BASE_NAME = process.env.BENCH_COMPILE_BASE_NAME ?? "another checkout";
const ROUNDS = Number(process.env.BENCH_COMPILE_ROUNDS ?? 1);

type Mode = "module" | "sql duckdb";
interface Measured {
  stages: Record<string, number>;
  /** unprofiled process CPU time of the same cold compile */
  cpuMs: number;
}

/** A seeded generator: the same tables every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** One number column of `<= n` cells, every bound distinct (as bench/tables.ts's compile timing). */
const atMost = (rules: number) => ({
  content: {
    name: `${rules} rows of <= n`,
    inputs: { x: { type: "number", desc: "What is x?" } },
    decisions: { t: [["x", "=> number"], ...Array.from({ length: rules }, (_, i) => [`<= ${i * 3 + 1}`, String(i)]), ["-", "-1"]] },
  },
});

/** Three columns (number, string, date): ranges, one-sided bounds, `-`, strings and `not(...)`, overlapping at random. */
function mixed(rules: number, hit: string) {
  const random = seeded(rules);
  const pick = (n: number) => Math.floor(random() * n);
  const rows: string[][] = [["a", "s", "d", "=> number"]];
  for (let i = 0; i < rules; i++) {
    const [lo, p, q] = [pick(1000), random(), random()];
    const a = p < 0.1 ? "-" : p < 0.3 ? `< ${lo}` : p < 0.4 ? `>= ${lo}` : `[${lo}..${lo + 1 + pick(50)})`;
    const s = q < 0.2 ? "-" : q < 0.3 ? `not("v${pick(20)}")` : `"v${pick(20)}"`;
    const d = random() < 0.5 ? "-" : `>= date("2020-01-${String(1 + pick(28)).padStart(2, "0")}")`;
    rows.push([a, s, d, String(i)]);
  }
  const inputs = { a: { type: "number", desc: "a?" }, s: { type: "string", desc: "s?" }, d: { type: "date", desc: "d?" } };
  if (hit === "FIRST") rows.push(["-", "-", "-", "-1"]);
  return { content: { name: `mixed ${rules} ${hit}`, inputs, decisions: { t: hit === "FIRST" ? rows : { table: rows, hit } } } };
}

const MODELS: { name: string; model: () => unknown; strict: boolean }[] = [
  { name: "insurance-rating (3,700 rules, 3 columns)", model: () => insuranceRating.model, strict: true },
  ...[1000, 3000, 10000].map((n) => ({ name: `${n.toLocaleString("en")} rules of <= n (1 column)`, model: () => atMost(n), strict: true })),
  ...[1000, 3000, 10000].map((n) => ({
    name: `${n.toLocaleString("en")} mixed rules (3 columns), FIRST`,
    model: () => mixed(n, "FIRST"),
    strict: true,
  })),
  { name: "3,000 mixed rules, UNIQUE (lenient)", model: () => mixed(3000, "UNIQUE"), strict: false },
  { name: "3,000 mixed rules, COLLECT (lenient)", model: () => mixed(3000, "COLLECT"), strict: false },
];

type Compiler = typeof import("../src/compiler/index.js");
type CpuProfile = { nodes: { id: number; callFrame: { url: string }; children?: number[] }[]; samples: number[]; timeDeltas: number[] };

/** Each stage's share of the samples: each sample charged to the innermost compiler stage on its stack. */
function stageTimes(profile: CpuProfile): Record<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map<number, string>();
  const find = (id: number): string => {
    const known = stageOf.get(id);
    if (known) return known;
    const m = /src\/compiler\/(\d-[a-z]+)\//.exec(byId.get(id)!.callFrame.url);
    const up = parent.get(id);
    const stage = m ? m[1]! : up === undefined ? "other" : find(up);
    stageOf.set(id, stage);
    return stage;
  };
  // shares of the samples, not their wall-clock gaps: on a shared machine the process waits between samples
  const out: Record<string, number> = {};
  for (const id of profile.samples) out[find(id)] = (out[find(id)] ?? 0) + 1 / profile.samples.length;
  return out;
}

async function measureHere(root: string, index: number, mode: Mode): Promise<Measured> {
  const compiler = (await import(`${root}/src/compiler/index.ts`)) as Compiler;
  const { model, strict } = MODELS[index]!;
  const compile = (m: unknown) => {
    const r =
      mode === "module"
        ? compiler.compileUncached(m as never, { strict })
        : compiler.compileToSql(m as never, { dialect: "duckdb", strict });
    // a table SQL cannot express (COLLECT) is refused with `sql.unsupported`: the time to refuse it is measured too
    if (!r.ok && mode === "module") throw new Error(`${MODELS[index]!.name} does not compile`);
  };
  // a warm-up on a small table loads every module first: only the large table's compile is measured
  compile(atMost(3));
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  compile(model());
  const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: CpuProfile };
  session.disconnect();
  // the same compile unprofiled, of a renamed copy (no cache answers)
  const renamed = JSON.parse(JSON.stringify(model()).replace(/"name":"/, '"name":"again ')) as unknown;
  const before = process.cpuUsage();
  compile(renamed);
  const used = process.cpuUsage(before);
  return { stages: stageTimes(profile), cpuMs: (used.user + used.system) / 1000 };
}

function isolated(root: string, index: number, mode: Mode): Measured {
  const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_COMPILE_JOB: JSON.stringify({ root, index, mode }) },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 1 << 26,
  });
  const line = child.stdout.split("\n").find((l) => l.startsWith(RESULT_PREFIX));
  if (child.status !== 0 || !line) throw new Error(`compile stages of ${MODELS[index]!.name} failed (exit ${child.status})`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as Measured;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

function report(): void {
  const roots = BASE ? [BASE, ROOT] : [ROOT];
  const rows: string[] = [];
  for (const mode of ["module", "sql duckdb"] as Mode[])
    MODELS.forEach((m, index) => {
      const runs = new Map<string, Measured[]>(roots.map((r) => [r, []]));
      for (let round = 0; round < ROUNDS; round++) for (const root of roots) runs.get(root)!.push(isolated(root, index, mode));
      for (const root of roots) {
        const got = runs.get(root)!;
        // a stage's CPU ms: its share of the profile times the unprofiled compile's CPU time
        const stage = (s: string) => median(got.map((g) => (g.stages[s] ?? 0) * g.cpuMs)).toFixed(0);
        const which = roots.length > 1 ? (root === ROOT ? "new" : "base") : "";
        rows.push(`| ${m.name} | ${mode} | ${which} | ${STAGES.map(stage).join(" | ")} | ${median(got.map((g) => g.cpuMs)).toFixed(0)} |`);
      }
      process.stderr.write(`${rows.at(-1)}\n`);
    });
  const m = describeMachine();
  const machine = `${m.cpu} (${m.cores} logical cores), Node ${m.node}, ${m.date}`;
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ");
  const text = `# Compile time of large decision tables, by stage

Generated by \`npm run bench:compile\` (\`bench/compile-stages.ts\`); do not edit by hand. ${machine}; load average at the end ${load} (1, 5, 15 min), on a machine shared with other work.

Each model is compiled cold in a fresh process, once for the \`-o\` module (\`compileUncached\`: analysis, optimisation, codegen, verification, load) and once as DuckDB SQL (\`compileToSql\`), under V8's sampling profiler (0.2 ms), from the TypeScript sources; each sample is charged to the innermost compiler stage on its stack. The last column is the process CPU time (user + system) of the same compile, unprofiled, run after it in the same process; each stage column is that time times the stage's share of the profile's samples (other stacks — the JSON hash, GC, the caller — are the rest).${BASE ? ` "base" is ${BASE_NAME}, measured in turn with "new" (${ROUNDS} round${ROUNDS > 1 ? "s" : ""}, medians).` : ""}

| model | output | ${BASE ? "build" : ""} | ${STAGES.join(" | ")} | CPU ms unprofiled |
|---|---|---|${STAGES.map(() => "---:").join("|")}|---:|
${rows.join("\n")}
`;
  writeFileSync(new URL("RESULTS-compile.md", import.meta.url), text);
}

const job = process.env.BENCH_COMPILE_JOB;
if (job) {
  const { root, index, mode } = JSON.parse(job) as { root: string; index: number; mode: Mode };
  console.log(RESULT_PREFIX + JSON.stringify(await measureHere(root, index, mode)));
} else report();
