// The one way a compiled model is loaded: generated module source, the input schema and the
// questions become the evaluators. The compiler loads what it just generated through here, and so
// does a batch worker from the plain-data part it is sent, without loading the compiler.
import type { CheckResult } from "../../ir/check.js";
import type { Explanation } from "../../ir/explanation.js";
import type { ModelIR, QuestionIR } from "../../ir/ir.js";
import { answersFor, type Answer } from "../../runtime/answers.js";
import { entryPoints, type GeneratedModule } from "../../runtime/entry.js";
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
  /** generated module source (`run` and the model's functions), verified by the compile that produced it */
  source: string;
  /** the same module with the explain function too: verified and loaded when the model is first explained */
  explainSource: string;
  /** true when the compile that produced it has verified `explainSource` already */
  explainVerified?: boolean;
  inputSchema: Record<string, unknown>;
  /** the decisions in the model's order */
  decisions: string[];
  questions: QuestionIR[];
}

export interface LoadedModel {
  decisions: readonly string[];
  inputSchema: Record<string, unknown>;
  validate(state: unknown): { ok: true } | { ok: false; errors: StateError[] };
  /** makes the state check now (true) unless made already (false): else the first `validate` makes it */
  prepareValidation(): boolean;
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
  /** the whole module, explain function included (packages embed it), verified on first use */
  readonly source: string;
  /** the plain-data part another thread or process loads it from */
  loadable: LoadableModel;
}

const VALID = { ok: true } as const;

/** The problems the compiler's check of generated code finds in a module source (none: it may be loaded). */
type SourceVerifier = (source: string) => readonly { message: string }[];

/**
 * `explainSource`, once `verify` has passed it (checked on the first call, then remembered), or at
 * once when the compile checked it (`explainVerified`). A model loaded without the verifier (a
 * batch worker, which never explains) cannot explain.
 */
export function verifiedExplainSource(loadable: LoadableModel, verify?: SourceVerifier): () => string {
  let verified = loadable.explainVerified === true;
  return () => {
    if (verified) return loadable.explainSource;
    if (!verify) throw new Error("this model was loaded for evaluation only: explaining needs the compiler's check of its code");
    const problems = verify(loadable.explainSource);
    if (problems.length > 0) throw new Error(`the generated explain code did not pass its check: ${problems[0]!.message}`);
    verified = true;
    return loadable.explainSource;
  };
}

/**
 * Loads a model. Its explain part is loaded on the first explanation, from `explainSource` (by
 * default unverified and so unavailable: the compiler gives its checked source, verifiedExplainSource).
 */
export function loadModel(loadable: LoadableModel, explainSource = verifiedExplainSource(loadable)): LoadedModel {
  let explaining: GeneratedModule | undefined;
  const explainer = (): GeneratedModule => (explaining ??= loadModule(explainSource()));
  // The explain entry point of the same runtime code, over the module that has the explain function.
  const entry = entryPoints({ ...loadModule(loadable.source), explain: (S, X) => explainer().explain(S, X) });
  const validator = createStateValidator(loadable.inputSchema);
  const { questions } = loadable;
  return {
    decisions: loadable.decisions,
    inputSchema: loadable.inputSchema,
    validate(state) {
      const errors = validator(state);
      return errors.length === 0 ? VALID : { ok: false, errors };
    },
    prepareValidation: validator.prepare,
    evaluate: entry.evaluate,
    evaluateTraced: entry.evaluateTraced,
    explain: entry.explain,
    evaluateValues: entry.evaluateValues,
    evaluateToValues: entry.evaluateToValues,
    answers: (decisions) => answersFor(questions, decisions),
    functions: entry.functions,
  };
}
