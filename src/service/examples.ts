// The `examples` of a Draft (spec 4.1): a few states built from the drafted model's input types
// (low, middle and high values; each choice in turn) and, first, the request's own JSON state
// when it matches. Each is evaluated, so the author sees what the model decides before using it.
import type { CompiledModel } from "../compiler/index.js";
import { expandedSize, type Type } from "../ir/types.js";
import type { ServiceDeps } from "./deps.js";
import { decisionRecords } from "./receipt.js";
import { onLoopLimits } from "./evaluation.js";
import { withinBudget } from "./run.js";

const VARIANTS = 3;

/** The largest state examples are made for, in parts of the input types written out. */
const MAX_EXAMPLE_PARTS = 10_000;

const TEMPORAL: Partial<Record<Type["kind"], string[]>> = {
  date: ["2024-01-15", "2024-06-30", "2025-12-31"],
  time: ["09:00:00", "12:30:00", "18:45:00"],
  "date and time": ["2024-01-15T09:00:00", "2024-06-30T12:30:00", "2025-12-31T18:45:00"],
  "days and time duration": ["P1D", "P30D", "P365D"],
  "years and months duration": ["P1M", "P1Y", "P5Y"],
};

function numberAt(t: Extract<Type, { kind: "number" }>, k: number): number {
  const c = t.constraint;
  const lo = c?.minimum ?? (c?.exclusiveMinimum !== undefined ? c.exclusiveMinimum + 1 : undefined);
  const hi = c?.maximum ?? (c?.exclusiveMaximum !== undefined ? c.exclusiveMaximum - 1 : undefined);
  const low = lo ?? (hi !== undefined ? Math.min(0, hi) : 0);
  const high = hi ?? Math.max(low + 100, 100);
  return [low, Math.round((low + high) / 2), high][k]!;
}

/** A value of type `t` for variant k (0: low, 1: middle, 2: high). */
function sampleValue(t: Type, k: number): unknown {
  switch (t.kind) {
    case "number":
      return numberAt(t, k);
    case "boolean":
      return k % 2 === 0;
    case "choice":
    case "levels":
      return t.values.length === 0
        ? null
        : t.values[Math.min(t.values.length - 1, Math.round((k * (t.values.length - 1)) / (VARIANTS - 1)))];
    case "string":
      return "example";
    case "struct":
      return Object.fromEntries(t.fields.map(([name, ft]) => [name, sampleValue(ft, k)]));
    case "list":
      return [sampleValue(t.element, k)];
    case "any":
    case "null":
    case "context":
    case "range":
    case "function":
      return null;
    default:
      return TEMPORAL[t.kind]?.[k] ?? null;
  }
}

export interface Example {
  state: Record<string, unknown>;
  decisions: Record<string, unknown>;
  answers: Record<string, unknown>;
}

export function draftExamples(compiled: CompiledModel, deps: ServiceDeps, requestState?: unknown): Example[] {
  const states: Record<string, unknown>[] = [];
  if (requestState && typeof requestState === "object" && !Array.isArray(requestState) && compiled.validate(requestState).ok) {
    states.push(requestState as Record<string, unknown>);
  }
  // a type that shares its parts can need a state far larger than the model to fill it
  const parts = compiled.ir.inputs.reduce((n, i) => n + expandedSize(i.type), 0);
  for (let k = 0; k < (parts <= MAX_EXAMPLE_PARTS ? VARIANTS : 0); k++) {
    const s = Object.fromEntries(compiled.ir.inputs.map((i) => [i.name, sampleValue(i.type, k)]));
    if (compiled.validate(s).ok && !states.some((t) => JSON.stringify(t) === JSON.stringify(s))) states.push(s);
  }
  const out: Example[] = [];
  // examples are samples: one that needs more than the event loop's share of the budget is left out
  const limits = onLoopLimits(deps.limits);
  for (const state of states) {
    const run = withinBudget(limits, () => compiled.evaluateTraced(state));
    if (!run.ok) continue;
    const { decisions, trace } = run.value.result;
    out.push({ state, decisions: decisionRecords(decisions, trace), answers: compiled.answers(decisions) as Record<string, unknown> });
  }
  return out;
}
