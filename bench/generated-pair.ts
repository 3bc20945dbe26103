// `npm run bench:generated:pair`: two builds of the compiler on the same generated models, in turns
// (bench/generated.ts for each side, the side that goes first alternating by round), compared by
// each model's ratio to its baseline (bench/generated/pair-summary.ts). Run it with the same build
// on both sides first: the spread it shows is the noise any change must clear.
//   BENCH_PAIR_A: the built compiler module of side A (another checkout's dist/compiler.mjs), required;
//   BENCH_PAIR_B: side B's (this checkout's dist/compiler.mjs); BENCH_PAIR_SEEDS: the seeds, comma-separated
//   (those whose module differs between the builds); BENCH_PAIR_ROUNDS (5).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ModelResult } from "./generated/one-model.js";
import { summarisePair, type PairSample } from "./generated/pair-summary.js";

const A = process.env.BENCH_PAIR_A;
const B = process.env.BENCH_PAIR_B ?? fileURLToPath(new URL("../dist/compiler.mjs", import.meta.url));
const SEEDS = process.env.BENCH_PAIR_SEEDS;
const ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 5);
if (!A || !SEEDS) throw new Error("BENCH_PAIR_A (a built compiler module) and BENCH_PAIR_SEEDS (comma-separated) are required");

const dir = mkdtempSync(join(tmpdir(), "generated-pair-"));
const samples: PairSample[] = [];
function side(name: "a" | "b", round: number): void {
  const json = join(dir, `${name}${round}.json`);
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(new URL("./generated.ts", import.meta.url))], {
    env: {
      ...process.env,
      BENCH_GENERATED_SEEDS: SEEDS,
      BENCH_GENERATED_COMPILER: name === "a" ? A : B,
      BENCH_GENERATED_JSON: json,
      BENCH_GENERATED_OUT: join(dir, `${name}${round}.md`),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (run.status !== 0) throw new Error(`side ${name}, round ${round}: bench/generated.ts failed (exit ${run.status})`);
  for (const r of JSON.parse(readFileSync(json, "utf8")) as ModelResult[])
    if (r.ratio !== undefined) samples.push({ seed: r.seed, side: name, ratio: r.ratio });
}

try {
  for (let round = 1; round <= ROUNDS; round++) {
    const order: ("a" | "b")[] = round % 2 === 1 ? ["a", "b"] : ["b", "a"];
    for (const name of order) side(name, round);
    console.log(`round ${round} of ${ROUNDS} done`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const summary = summarisePair(samples);
const fmt = (x: number) => x.toFixed(3);
console.log("seed\tA ratio\tB ratio\tB / A");
for (const s of summary.seeds) console.log(`${s.seed}\t${s.a.toFixed(2)}\t${s.b.toFixed(2)}\t${fmt(s.change)}`);
console.log(
  `${summary.seeds.length} models, ${ROUNDS} rounds: B / A geometric mean ${fmt(summary.geomean)}, ` +
    `best ${fmt(summary.best?.change ?? NaN)} (seed ${summary.best?.seed}), worst ${fmt(summary.worst?.change ?? NaN)} (seed ${summary.worst?.seed}); ` +
    `${summary.faster} faster and ${summary.slower} slower by more than a tenth`,
);
