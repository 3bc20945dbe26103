// The compiler's public API: check, compile (cached by content hash), and the compiled model's
// entry points. Everything built on the compiler (CLI, service, packages, batch) goes through here.
import type { Diagnostic } from "./frontend/diagnostics.js";
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
  functions: Record<string, FeelFunction>;
}

export type CompileResult = { ok: true; model: CompiledModel } | { ok: false; check: CheckResult };

export declare function checkModel(model: ModelInput, options?: CompileOptions): CheckResult;
export declare function compileModel(model: ModelInput, options?: CompileOptions): CompileResult;
