// Answers under the reader's uncertainty (docs/answers.md, "Runs with a reader"): every read input
// is a distribution over values; the compiled model runs on each combination (all of them while
// there are few, a seeded sample beyond) and the answers are the probability-weighted mixture of
// the point-mass answers of each run.
import type { Answer, CompiledModel, TraceEntry } from "../compiler/index.js";
import type { InputIR } from "../ir/ir.js";
import type { ReadValue } from "./types.js";
import { namedRecord } from "../runtime/json.js";
import { seeded } from "./seeded-random.js";

export interface UncertaintyOptions {
  /** enumerate exactly while the number of combinations is at most this (default 4096) */
  maxCombinations?: number;
  /** samples drawn beyond it (default 2000) */
  samples?: number;
  /** sampling seed (default 1) */
  seed?: number;
}

export interface Outcome {
  value: unknown;
  p: number;
}

export interface UncertainAnswers {
  /** the decisions of the most probable combination of input values */
  decisions: Record<string, unknown>;
  answers: Record<string, Answer>;
  /** the trace of that combination */
  trace: Record<string, TraceEntry>;
  uncertainty: {
    method: "exact" | "sampled";
    /** combinations of input values (the cartesian product) */
    combinations: number;
    /** distinct combinations evaluated */
    evaluated: number;
    samples?: number;
    /** each uncertain input's distribution, most likely first */
    inputs: Record<string, Outcome[]>;
  };
}

/** Float noise from products of probabilities (0.30000000000000004) is not information. */
const clean = (p: number): number => Math.round(p * 1e12) / 1e12;

const key = (v: unknown): string => JSON.stringify(v) ?? "undefined";

/**
 * A read value as a distribution: the value with its confidence and the alternatives with theirs,
 * merged by value. The mass the reader left unassigned is "unknown": null for a `blank` input,
 * otherwise shared among the candidates in proportion (renormalised).
 */
export function distributionOf(input: InputIR | undefined, read: ReadValue): Outcome[] {
  const merged = new Map<string, Outcome>();
  for (const { value, p } of [{ value: read.value, p: read.confidence }, ...(read.alternatives ?? [])]) {
    if (!(p > 0)) continue;
    const k = key(value);
    const prev = merged.get(k);
    merged.set(k, { value, p: (prev?.p ?? 0) + p });
  }
  const outcomes = [...merged.values()];
  const total = outcomes.reduce((s, o) => s + o.p, 0);
  if (outcomes.length === 0) return [{ value: read.value, p: 1 }];
  if (input?.blank && total < 1 && !merged.has("null")) outcomes.push({ value: null, p: clean(1 - total) });
  else for (const o of outcomes) o.p = clean(o.p / total);
  return outcomes.sort((a, b) => b.p - a.p);
}

function draw(outcomes: Outcome[], u: number): number {
  let acc = 0;
  for (let i = 0; i < outcomes.length; i++) {
    acc += outcomes[i]!.p;
    if (u < acc) return i;
  }
  return outcomes.length - 1;
}

/** Mixes per-run answers (point masses) with their weights into answers of the same shapes. */
class AnswerMixer {
  private readonly acc = new Map<
    string,
    { values: Map<string, Outcome>; noul: number; noulKnown: boolean; dist?: Record<string, number>; list?: Map<string, Outcome> }
  >();

  add(answers: Record<string, Answer>, weight: number): void {
    for (const [id, a] of Object.entries(answers)) {
      let e = this.acc.get(id);
      if (!e) this.acc.set(id, (e = { values: new Map(), noul: 0, noulKnown: false }));
      const k = key(a.value);
      e.values.set(k, { value: a.value, p: (e.values.get(k)?.p ?? 0) + weight });
      if (typeof a.probability === "number") {
        e.noul += weight * a.probability;
        e.noulKnown = true;
      }
      if (Array.isArray(a.distribution)) {
        e.list ??= new Map();
        for (const o of a.distribution) {
          const ok = key(o.value);
          e.list.set(ok, { value: o.value, p: (e.list.get(ok)?.p ?? 0) + weight * o.p });
        }
      } else if (a.distribution) {
        e.dist ??= Object.fromEntries(Object.keys(a.distribution).map((o) => [o, 0]));
        for (const [o, p] of Object.entries(a.distribution)) e.dist[o] = (e.dist[o] ?? 0) + weight * p;
      }
    }
  }

  result(template: Record<string, Answer>): Record<string, Answer> {
    const out = namedRecord<Answer>();
    for (const [id, shape] of Object.entries(template)) {
      const e = this.acc.get(id)!;
      const mode = [...e.values.values()].sort((a, b) => b.p - a.p)[0]!;
      const answer: Answer = { value: mode.value };
      if ("probability" in shape) answer.probability = e.noulKnown ? clean(e.noul) : (null as unknown as number);
      if (e.dist) answer.distribution = Object.fromEntries(Object.entries(e.dist).map(([o, p]) => [o, clean(p)]));
      else if ("distribution" in shape)
        answer.distribution = [...(e.list?.values() ?? [])]
          .map((o) => ({ value: o.value, p: clean(o.p) }))
          .filter((o) => o.p > 0)
          .sort((a, b) => b.p - a.p || (key(a.value) < key(b.value) ? -1 : 1));
      out[id] = answer;
    }
    return out;
  }
}

export function answersUnderUncertainty(
  compiled: CompiledModel,
  given: Record<string, unknown>,
  read: Record<string, ReadValue>,
  options: UncertaintyOptions = {},
): UncertainAnswers {
  const maxCombinations = options.maxCombinations ?? 4096;
  const inputsByName = new Map(compiled.ir.inputs.map((i) => [i.name, i]));
  const names = Object.keys(read).filter((n) => !Object.hasOwn(given, n));
  const dists = names.map((n) => distributionOf(inputsByName.get(n), read[n]!));
  const base: Record<string, unknown> = { ...given };
  const stateOf = (choice: number[]): Record<string, unknown> => {
    const s = { ...base };
    names.forEach((n, i) => {
      const v = dists[i]![choice[i]!]!.value;
      if (v !== null) s[n] = v;
    });
    return s;
  };
  const cache = new Map<string, Record<string, Answer>>();
  const answersAt = (choice: number[]): Record<string, Answer> => {
    const k = choice.join(",");
    let a = cache.get(k);
    if (!a) cache.set(k, (a = compiled.answers(compiled.evaluate(stateOf(choice)))));
    return a;
  };

  // the mode: inputs are independent, so the most probable combination takes each one's mode
  const modeChoice = names.map(() => 0);
  const traced = compiled.evaluateTraced(stateOf(modeChoice));
  const mixer = new AnswerMixer();
  const combinations = dists.reduce((n, d) => n * d.length, 1);
  let method: "exact" | "sampled" = "exact";
  let samples: number | undefined;
  if (combinations <= maxCombinations) {
    const choice = names.map(() => 0);
    for (let c = 0; c < combinations; c++) {
      let p = 1;
      let rest = c;
      for (let i = dists.length - 1; i >= 0; i--) {
        choice[i] = rest % dists[i]!.length;
        rest = Math.floor(rest / dists[i]!.length);
      }
      for (let i = 0; i < dists.length; i++) p *= dists[i]![choice[i]!]!.p;
      if (p > 0) mixer.add(answersAt(choice), p);
    }
  } else {
    method = "sampled";
    samples = options.samples ?? 2000;
    const next = seeded(options.seed ?? 1);
    for (let s = 0; s < samples; s++) mixer.add(answersAt(dists.map((d) => draw(d, next()))), 1 / samples);
  }
  const template = compiled.answers(traced.decisions);
  return {
    decisions: traced.decisions,
    answers: mixer.result(template),
    trace: traced.trace,
    uncertainty: {
      method,
      combinations,
      evaluated: cache.size,
      ...(samples !== undefined ? { samples } : {}),
      inputs: Object.fromEntries(names.filter((_, i) => dists[i]!.length > 1).map((n) => [n, dists[names.indexOf(n)]!])),
    },
  };
}
