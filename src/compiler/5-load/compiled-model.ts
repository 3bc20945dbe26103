// The one way a compiled model is loaded: generated module source, the input schema and the
// questions become the evaluators. The compiler loads what it just generated through here, and so
// does a batch worker from the plain-data part it is sent, without loading the compiler.
import type { CheckResult } from "../../ir/check.js";
import type { Explanation } from "../../ir/explanation.js";
import type { ModelIR, QuestionIR } from "../../ir/ir.js";
import { answersFor, type Answer } from "../../runtime/answers.js";
import { entryPoints } from "../../runtime/entry.js";
import type { FeelFunction, FeelValue } from "../../runtime/values.js";
import { loadModule } from "./load-module.js";
import type { StateError } from "./state-errors.js";
import { createStateValidator } from "./validate-state.js";

export interface EvaluateOptions {
  /** numbers as exact decimal strings instead of JS numbers */
  exactDecimals?: boolean;
}

export interface TraceEntry {
  /** 1-based rule number(s) that fired in a table decision (several for multi-hit tables) */
  rule?: number | number[];
  lets?: Record<string, unknown>;
}

/** Plain data (structured-clonable): everything loading needs, nothing of the compiler. */
export interface LoadableModel {
  /** generated module source, verified by the compile that produced it */
  source: string;
  inputSchema: Record<string, unknown>;
  /** the decisions in the model's order */
  decisions: string[];
  questions: QuestionIR[];
}

export interface LoadedModel {
  decisions: readonly string[];
  inputSchema: Record<string, unknown>;
  validate(state: unknown): { ok: true } | { ok: false; errors: StateError[] };
  /**
   * Does not check the state: the service, `pdm run` and batch scoring validate first, once. (Packages and
   * `-o` modules check by default; runtime/api.ts in 6-package.)
   */
  evaluate(state: Record<string, unknown>, options?: EvaluateOptions): Record<string, unknown>;
  evaluateTraced(
    state: Record<string, unknown>,
    options?: EvaluateOptions,
  ): { decisions: Record<string, unknown>; trace: Record<string, TraceEntry> };
  /** like `evaluate`, with an explanation of every decision (docs/explanations.md) */
  explain(state: Record<string, unknown>, options?: EvaluateOptions): { decisions: Record<string, unknown>; explanation: Explanation };
  /** decisions in, answers out (spec 2.8) */
  answers(decisions: Record<string, unknown>): Record<string, Answer>;
  /** FEEL values in, FEEL values out: for the TCK runner and other runtime-level callers */
  evaluateValues(inputs: Record<string, FeelValue>): Record<string, FeelValue>;
  /** a JSON state in (already valid), FEEL values out: for writers that format the values themselves */
  evaluateToValues(state: Record<string, unknown>): Record<string, FeelValue>;
  functions: Record<string, FeelFunction>;
}

/** A loaded model together with what the compiler knows of it. */
export interface CompiledModel extends LoadedModel {
  /** the model's identity (compiler/identity.ts) */
  hash: string;
  ir: ModelIR;
  check: CheckResult;
  source: string;
  /** the plain-data part another thread or process loads it from */
  loadable: LoadableModel;
}

const VALID = { ok: true } as const;

export function loadModel(loadable: LoadableModel): LoadedModel {
  const entry = entryPoints(loadModule(loadable.source));
  const validator = createStateValidator(loadable.inputSchema);
  const { questions } = loadable;
  return {
    decisions: loadable.decisions,
    inputSchema: loadable.inputSchema,
    validate(state) {
      const errors = validator(state);
      return errors.length === 0 ? VALID : { ok: false, errors };
    },
    evaluate: entry.evaluate,
    evaluateTraced: entry.evaluateTraced,
    explain: entry.explain,
    evaluateValues: entry.evaluateValues,
    evaluateToValues: entry.evaluateToValues,
    answers: (decisions) => answersFor(questions, decisions),
    functions: entry.functions,
  };
}
