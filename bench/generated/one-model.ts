// One generated model of the benchmark, measured: compiled by the built compiler, its states
// screened and its answers compared with the straight-JS baseline (bench/generated/doubles-js.ts),
// then both timed on the same states.
import type { CompiledModel } from "../../src/compiler/index.js";
import {
  HIT_WEIGHTS,
  compileOptionsOf,
  contentOf,
  typedModel,
  typedStates,
  type TypedModel,
} from "../../test/support/generate/typed-models.js";
import { doublesBaseline, doublesChecked, type Evaluate } from "./doubles-js.js";

type Compiler = typeof import("../../src/compiler/index.js");
type State = Record<string, unknown>;

export interface ModelResult {
  seed: number;
  /** the first error's code when the model does not compile */
  refused?: string;
  /** states kept (an aggregate of an empty list makes FEEL's null, which the baseline does not model: the state is dropped) */
  states: number;
  dropped: number;
  /** decision values compared equal, apart (doubles and decimals legitimately differ), and differing without a reason */
  equal: number;
  apart: number;
  differing: number;
  example?: string;
  compiledNs?: number;
  baselineNs?: number;
  ratio?: number;
  /** the kinds of tree node and table the model holds, to group ratios by */
  features: string[];
}

const STATES = 64;
const ROUNDS = Number(process.env.BENCH_GENERATED_ROUNDS ?? 3);
/** milliseconds a timed pass takes, roughly */
const PASS_MS = Number(process.env.BENCH_GENERATED_PASS_MS ?? 4);
/** milliseconds each side is run before it is timed, at the least */
const WARM_MS = Number(process.env.BENCH_GENERATED_WARM_MS ?? 100);
/**
 * calls each side makes before it is timed, at the least: V8 optimises a function after it has run
 * enough of its code, counted in calls and loop passes, not in time, so a model whose unoptimised
 * call is slow (a large `run`, the runtime's wide decimals not yet optimised: 200-450 us a call)
 * spends all of WARM_MS on a few hundred calls and is timed before it is optimised (seed 215:
 * about 5,000 calls, 600 ms, before a call falls from 250 us to 3 us)
 */
const WARM_CALLS = Number(process.env.BENCH_GENERATED_WARM_CALLS ?? 10_000);

const TOLERANCE = 1e-9;

const VERDICTS = ["equal", "close", "apart"] as const;

/** two answers: equal, close (numbers within the tolerance) or apart; lists (multi-hit tables) item by item, the worst verdict */
function same(a: unknown, b: unknown): (typeof VERDICTS)[number] {
  if (a === b) return "equal";
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return "apart";
    return VERDICTS[Math.max(0, ...a.map((x, i) => VERDICTS.indexOf(same(x, b[i]))))]!;
  }
  if (typeof a === "number" && typeof b === "number") {
    return Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b)) ? "close" : "apart";
  }
  return "apart";
}

/** the node kinds of the model's trees, and its tables' sizes */
function features(m: TypedModel): string[] {
  const found = new Set<string>();
  const walk = (x: unknown, inFunction: boolean): void => {
    if (Array.isArray(x)) return x.forEach((y) => walk(y, inFunction));
    if (x === null || typeof x !== "object") return;
    const node = x as Record<string, unknown>;
    if (typeof node.k === "string" && node.k !== "lit" && node.k !== "any") {
      const name = node.k === "builtin" ? String(node.fn) : node.k === "agg" || node.k === "for" ? `${node.k} ${String(node.fn)}` : node.k;
      found.add(name);
      if (inFunction) found.add(`${name} in a function`);
    }
    for (const v of Object.values(node)) walk(v, inFunction);
  };
  m.functions.forEach((f) => walk(f.body, true));
  for (const d of m.decisions) {
    if (d.type === "table") {
      const n = d.table.rules.length;
      found.add(n < 20 ? "table < 20 rules" : n < 100 ? "table 20-99 rules" : "table 100+ rules");
      found.add(`table of ${d.table.output.type}`);
      found.add(`table ${d.table.hit}`);
      walk(d.table, false);
    } else {
      if (d.lets.length > 0) found.add("let");
      walk(d.lets, false);
      walk(d.expr, false);
    }
  }
  return [...found].sort();
}

/**
 * What a pass is timed by: the process's CPU time (the default; bench/generated.ts runs the models
 * single-threaded, so that is this thread's, garbage collection and compilation included), or the
 * wall clock (`BENCH_GENERATED_CLOCK=wall`), which counts the time the process waits for a core.
 */
const CPU_CLOCK = (process.env.BENCH_GENERATED_CLOCK ?? "cpu") === "cpu";
const nowNs = CPU_CLOCK
  ? () => {
      const { user, system } = process.cpuUsage();
      return (user + system) * 1000;
    }
  : () => Number(process.hrtime.bigint());

/** How a call is timed, for the report: the clock, the passes and the warm-up. */
export function timingNote(): string {
  const clock = CPU_CLOCK
    ? "CPU time (`process.cpuUsage`; each process single-threaded, so garbage collection and compilation are counted, on this thread)"
    : "wall-clock time";
  return `the best of ${ROUNDS} passes of about ${PASS_MS} ms each by ${clock}, taking turns, after each side has run for ${WARM_MS} ms and ${WARM_CALLS.toLocaleString("en")} calls or more`;
}

/**
 * nanoseconds a call, of each function over the states: best of ROUNDS passes, taking turns
 * (`clock` in nanoseconds: the benchmark's, or a test's)
 */
export function time(states: State[], fns: Evaluate[], clock: () => number = nowNs): number[] {
  let sink = 0;
  const pass = (fn: Evaluate, reps: number) => {
    const start = clock();
    for (let r = 0; r < reps; r++) for (const s of states) if (fn(s) !== undefined) sink++;
    return (clock() - start) / (reps * states.length);
  };
  // warm up (at least 3 passes over the states, WARM_MS and WARM_CALLS), then size the passes to about PASS_MS each
  const reps = fns.map((fn) => {
    const warmed = clock() + WARM_MS * 1e6;
    let calls = 0;
    do {
      pass(fn, 3);
      calls += 3 * states.length;
    } while (clock() < warmed || calls < WARM_CALLS);
    const ns = pass(fn, 3);
    return Math.max(1, Math.round((PASS_MS * 1e6) / (ns * states.length)));
  });
  const best = fns.map(() => Infinity);
  for (let round = 0; round < ROUNDS; round++) fns.forEach((fn, i) => (best[i] = Math.min(best[i]!, pass(fn, reps[i]!))));
  if (sink === 0) throw new Error("nothing was computed");
  return best;
}

/**
 * The model measured: compiled by `compiler` (a model it refuses is reported so), its answers and
 * time those of the compiled model's `evaluate`, or of `side` when given (the same model built
 * another way, e.g. a `-o` module with other numbers: bench/generated/module-side.ts); `hitWeights`
 * draw its tables' hit policies (FIRST_ONLY: the model as drawn before there were others).
 */
export function measureModel(
  compiler: Compiler,
  seed: number,
  { time: timed = true, side, hitWeights = HIT_WEIGHTS }: { time?: boolean; side?: Evaluate; hitWeights?: typeof HIT_WEIGHTS } = {},
): ModelResult {
  const m = typedModel(seed, hitWeights);
  const base: ModelResult = { seed, states: 0, dropped: 0, equal: 0, apart: 0, differing: 0, features: features(m) };
  const compiled = compiler.compileModel(contentOf(m), compileOptionsOf(m));
  if (!compiled.ok) {
    const first = compiled.check.stages.flatMap((s) => s.diagnostics).find((d) => d.severity === "error");
    return { ...base, refused: `${first?.code ?? "?"} at ${first?.address ?? "?"}: ${first?.message ?? ""}` };
  }
  const model: CompiledModel = compiled.model;
  const evaluate: Evaluate = side ?? ((s) => model.evaluate(s));
  const checked = doublesChecked(m);
  const baseline = doublesBaseline(m);
  const states: State[] = [];
  const result = { ...base };
  for (const state of typedStates(m, STATES, seed).map((s) => JSON.parse(JSON.stringify(s)) as State)) {
    const expected = checked.evaluate(state);
    if (checked.flags.empty) {
      result.dropped++;
      continue;
    }
    states.push(state);
    const got = evaluate(state);
    const plain = baseline(state);
    for (const [name, value] of Object.entries(expected)) {
      if (same(plain[name], value) !== "equal") throw new Error(`the plain and checked baselines differ on ${name} (seed ${seed})`);
      const verdict = same(got[name], value);
      if (verdict === "equal") result.equal++;
      else if (verdict === "close" || checked.flags.nearEdge) result.apart++;
      else {
        result.differing++;
        result.example ??= `${name}: compiled ${JSON.stringify(got[name])}, baseline ${JSON.stringify(value)} on ${JSON.stringify(state)}`;
      }
    }
  }
  result.states = states.length;
  if (states.length === 0 || !timed) return result;
  const [compiledNs, baselineNs] = time(states, [evaluate, baseline]);
  return { ...result, compiledNs, baselineNs, ratio: compiledNs! / baselineNs! };
}
