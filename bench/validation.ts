// `npm run bench:validation -- [--states N] [--generated N]`: what checking the state costs. Each
// sample, corpus model and some generated models is built as a `-o` module, and its `evaluate`
// (the written state check, then the evaluation) is timed against its `evaluateUnchecked` on the
// same states (20,000 random ones each, made by JSON.parse as a service gets them), in CPU time
// (process.cpuUsage: a shared machine's load moves wall-clock times by more than the check costs),
// best of 5 (`--runs`); `--typed N` adds the first N models of `npm run bench`'s generator; for
// comparison, ajv's check of the same schema before `evaluateUnchecked` (what `evaluate` did
// before the check was written as straight JS). Prints each ratio, their geometric mean and
// worst, and the load average before and after (a loaded machine inflates every time).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { compileModel } from "../src/compiler/index.js";
import { standaloneModule } from "../src/compiler/6-package/bundle.js";
import { arbitraryFor } from "../test/support/arbitrary-state.js";
import { ajvStateErrors } from "../test/support/ajv-state-errors.js";
import { generatedModel } from "../test/support/generate/models.js";
import { compileOptionsOf, contentOf, typedModel, typedStates } from "../test/support/generate/typed-models.js";
import { sharedTypesModel, sharedTypesState } from "../test/support/generate/shared-types.js";
import { CORPUS } from "./corpus/index.js";
import { statesOf } from "./corpus/random.js";
import { loadSamples } from "./load-samples.js";

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const STATES = arg("states", 20_000);
const GENERATED = arg("generated", 4);
const TYPED = arg("typed", 0);
const RUNS = arg("runs", 5);

type State = Record<string, unknown>;
interface Case {
  name: string;
  model: unknown;
  /** strictly unless said (a generated model with a multi-hit table is lenient) */
  strict?: boolean;
  states: (n: number, schema: Record<string, unknown>) => State[];
}

const asJson = (states: unknown[]): State[] => states.map((s) => JSON.parse(JSON.stringify(s)) as State);
const drawn = (seed: number) => (n: number, schema: Record<string, unknown>) =>
  asJson(fc.sample(arbitraryFor(schema), { numRuns: n, seed }));

const cases: Case[] = [
  ...loadSamples().map((s): Case => ({ name: `sample ${s.name}`, model: s.model, states: drawn(1) })),
  ...CORPUS.map((c): Case => ({ name: `corpus ${c.name}`, model: c.model, states: (n) => asJson(statesOf(c.state, n)) })),
  ...fc
    .sample(generatedModel, { numRuns: GENERATED, seed: 7 })
    .map((m, i): Case => ({ name: `generated model ${i}`, model: m, states: drawn(i) })),
  ...fc.sample(sharedTypesModel(5), { numRuns: GENERATED, seed: 11 }).map((m, i): Case => ({
    name: `generated shared types ${i}`,
    model: { content: m.content, questions: {} },
    states: (n) => asJson(fc.sample(sharedTypesState(m, 0), { numRuns: n, seed: i })),
  })),
  ...Array.from({ length: TYPED }, (_, i): Case => {
    const m = typedModel(i + 1);
    // the benchmark's 64 states, repeated
    const states = asJson(typedStates(m, 64, i + 1));
    return {
      name: `typed model ${i + 1}`,
      model: contentOf(m),
      ...compileOptionsOf(m),
      states: (n) => Array.from({ length: n }, (_, k) => states[k % 64]!),
    };
  }),
];

/**
 * Nanoseconds of CPU a call of each of `fns` over `states`: the best of RUNS passes after two
 * warm-up passes, the functions taking turns in each pass so that a change of load touches them alike.
 */
function time(states: State[], fns: ((s: State) => unknown)[]): number[] {
  const best = fns.map(() => Infinity);
  let sink = 0;
  for (let run = -2; run < RUNS; run++) {
    fns.forEach((fn, f) => {
      const start = process.cpuUsage();
      for (const s of states) if (fn(s) !== undefined) sink++;
      const used = process.cpuUsage(start);
      const ns = ((used.user + used.system) * 1e3) / states.length;
      if (run >= 0) best[f] = Math.min(best[f]!, ns);
    });
  }
  if (sink === 0) throw new Error("nothing was computed");
  return best;
}

const geomean = (xs: number[]) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
const fmt = (ns: number) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);

const dir = mkdtempSync(join(tmpdir(), "pdm-validation-bench-"));
const before = loadavg();
const rows: { name: string; ratio: number; ajv: number }[] = [];
console.log(`${STATES} states each, best of ${RUNS}; load average ${before.map((l) => l.toFixed(2)).join(" ")}`);
console.log("| model | evaluateUnchecked | evaluate | ratio | validate alone | ajv + evaluateUnchecked | ratio |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
try {
  for (const [i, c] of cases.entries()) {
    const compiled = compileModel(c.model as never, { strict: c.strict ?? true });
    if (!compiled.ok) continue;
    const file = join(dir, `m${i}.mjs`);
    writeFileSync(file, await standaloneModule(compiled.model, "esm"));
    const mod = (await import(pathToFileURL(file).href)) as Record<string, (s: State) => unknown>;
    const states = c.states(STATES, compiled.model.inputSchema);
    const ajv = ajvStateErrors(compiled.model.inputSchema);
    for (const s of states.slice(0, 100)) if (ajv(s).length > 0) throw new Error(`${c.name}: a benchmark state is invalid`);
    const [unchecked, checked, validate, withAjv] = time(states, [
      (s) => mod.evaluateUnchecked!(s),
      (s) => mod.evaluate!(s),
      (s) => mod.validate!(s),
      (s) => (ajv(s).length === 0 ? mod.evaluateUnchecked!(s) : undefined),
    ]) as [number, number, number, number];
    rows.push({ name: c.name, ratio: checked / unchecked, ajv: withAjv / unchecked });
    console.log(
      `| ${c.name} | ${fmt(unchecked)} | ${fmt(checked)} | ${(checked / unchecked).toFixed(2)}× | ${fmt(validate)} | ${fmt(withAjv)} | ${(withAjv / unchecked).toFixed(2)}× |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
console.log(
  `\nevaluate / evaluateUnchecked over ${rows.length} models: geometric mean ${geomean(rows.map((r) => r.ratio)).toFixed(2)}×, worst ${worst.ratio.toFixed(2)}× (${worst.name}); with ajv's check: geometric mean ${geomean(rows.map((r) => r.ajv)).toFixed(2)}×, worst ${Math.max(...rows.map((r) => r.ajv)).toFixed(2)}×`,
);
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
