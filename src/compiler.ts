// The compiler's public API: check, compile (cached by content hash), and the compiled model's
// entry points. Everything built on the compiler (CLI, service, packages, batch) goes through here.
import { answersFor } from "./answers.js";
import { emitModule } from "./codegen/module.js";
import { loadModule } from "./codegen/load.js";
import { verifyGenerated } from "./codegen/verify.js";
import { contentHash } from "./content-hash.js";
import type { Diagnostic } from "./frontend/diagnostics.js";
import { analyseModel } from "./frontend/model/index.js";
import { createStateValidator } from "./ir/schema/validate.js";
import { Lru } from "./lru.js";
import { neededDecisions, optimise } from "./optimise/index.js";
import { entryPoints } from "./runtime/entry.js";
import type { ModelIR } from "./ir/ir.js";
import type { FeelValue, FeelFunction } from "./runtime/values.js";

/** A portable model `{content, questions}`, or bare content. */
export type ModelInput = { content: Record<string, unknown>; questions?: Record<string, unknown> } | Record<string, unknown>;

export interface Stage {
  name: string;
  ok: boolean;
  diagnostics: Diagnostic[];
}

/** Spec 2.12. */
export interface CheckResult {
  valid: boolean;
  stages: Stage[];
  warnings: string[];
  content: Record<string, unknown>;
  input: Record<string, unknown>;
}

export interface CompileOptions {
  /** strict (public API, default) or lenient (imports: every DMN hit policy, looser inputs) */
  strict?: boolean;
  /** -O0 when false */
  optimise?: boolean;
  /** compute only these decisions (and what they need) */
  outputs?: string[];
}

export interface EvaluateOptions {
  /** numbers as exact decimal strings instead of JS numbers */
  exactDecimals?: boolean;
}

export interface StateError {
  address: string;
  code: string;
  message: string;
}

export interface TraceEntry {
  /** 1-based rule number(s) that fired in a table decision (several for multi-hit tables) */
  rule?: number | number[];
  lets?: Record<string, unknown>;
}

export interface Answer {
  value: unknown;
  probability?: number;
  distribution?: Record<string, number> | { value: unknown; p: number }[];
}

export interface CompiledModel {
  hash: string;
  ir: ModelIR;
  check: CheckResult;
  inputSchema: Record<string, unknown>;
  source: string;
  validate(state: unknown): { ok: true } | { ok: false; errors: StateError[] };
  evaluate(state: Record<string, unknown>, options?: EvaluateOptions): Record<string, unknown>;
  evaluateTraced(
    state: Record<string, unknown>,
    options?: EvaluateOptions,
  ): { decisions: Record<string, unknown>; trace: Record<string, TraceEntry> };
  answers(decisions: Record<string, unknown>): Record<string, Answer>;
  /** FEEL values in, FEEL values out: for the TCK runner and other runtime-level callers */
  evaluateValues(inputs: Record<string, FeelValue>): Record<string, FeelValue>;
  /** a JSON state in (already valid), FEEL values out: for writers that format the values themselves */
  evaluateToValues(state: Record<string, unknown>): Record<string, FeelValue>;
  functions: Record<string, FeelFunction>;
}

export type CompileResult = { ok: true; model: CompiledModel } | { ok: false; check: CheckResult };

const cache = new Lru<string, CompileResult>(256);

/** `{content, questions}` as written, or bare content wrapped with no questions. */
export function splitModel(model: ModelInput): { content: Record<string, unknown>; questions: Record<string, unknown> | undefined } {
  if (model && typeof model === "object" && "content" in model && typeof model.content === "object" && model.content !== null) {
    return { content: model.content as Record<string, unknown>, questions: model.questions as Record<string, unknown> | undefined };
  }
  return { content: model as Record<string, unknown>, questions: undefined };
}

function analyse(model: ModelInput, options: CompileOptions) {
  const result = analyseModel(model, { strict: options.strict ?? true });
  const check: CheckResult = {
    valid: result.ir !== null,
    stages: result.stages,
    warnings: result.warnings,
    content: result.content,
    input: result.input,
  };
  return { ir: result.ir, check };
}

export function checkModel(model: ModelInput, options: CompileOptions = {}): CheckResult {
  return analyse(model, options).check;
}

/** Compiles a model (cached by content hash and options); a model that does not check is not compiled. */
export function compileModel(model: ModelInput, options: CompileOptions = {}): CompileResult {
  const hash = contentHash(splitModel(model));
  const key = `${hash}/${options.strict ?? true}/${options.optimise ?? true}/${options.outputs?.join("\u0000") ?? "*"}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const result = compileUncached(model, options, hash);
  cache.set(key, result);
  return result;
}

export function compileUncached(model: ModelInput, options: CompileOptions = {}, hash = contentHash(splitModel(model))): CompileResult {
  const { ir, check } = analyse(model, options);
  if (!ir) return { ok: false, check };
  const decisions = options.optimise === false ? neededDecisions(ir, options.outputs) : optimise(ir, options.outputs);
  const source = emitModule(ir, { decisions });
  const problems = verifyGenerated(source);
  if (problems.length > 0) {
    // An emitter bug, never a user error: report it as a failed stage rather than loading the code.
    check.stages.push({ name: "codegen", ok: false, diagnostics: problems });
    check.valid = false;
    return { ok: false, check };
  }
  const entry = entryPoints(loadModule(source));
  const validator = createStateValidator(check.input);
  const compiled: CompiledModel = {
    hash,
    ir,
    check,
    inputSchema: check.input,
    source,
    validate(state) {
      const errors = validator(state);
      return errors.length === 0 ? { ok: true } : { ok: false, errors };
    },
    evaluate: entry.evaluate,
    evaluateTraced: entry.evaluateTraced,
    evaluateValues: entry.evaluateValues,
    evaluateToValues: entry.evaluateToValues,
    answers: (decisions) => answersFor(ir.questions, decisions),
    functions: entry.functions,
  };
  return { ok: true, model: compiled };
}
