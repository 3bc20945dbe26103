// The compiler's public API: check, and compile (cached by model identity) through the phases
// parse → analyse → optimise → codegen → load. Everything built on the compiler (CLI, service,
// packages, batch) goes through here or, to run what was compiled elsewhere, through 5-load.
import type { CheckResult } from "../ir/check.js";
import type { DecisionIR, ModelIR } from "../ir/ir.js";
import type { ModelInput } from "../ir/model.js";
import { analyseModel } from "./2-analyse/index.js";
import { forCodegen, neededDecisions, optimise, optimiseForSql } from "./3-optimise/index.js";
import { emitModule } from "./4-codegen/module.js";
import { CodeTooLarge } from "./4-codegen/emitter.js";
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import { verifyGenerated } from "./4-codegen/verify.js";
import { loadModel, verifiedExplainSource, type CompiledModel, type LoadableModel } from "./5-load/compiled-model.js";
import { lowerModel, type SqlLowering, type SqlOptions } from "./4-sql/query.js";
import { createCompileCache } from "./cache.js";
import { modelHash } from "./identity.js";

export type { Answer } from "../runtime/answers.js";
export type { CheckResult, Stage } from "../ir/check.js";
export type { ModelInput, PortableModel } from "../ir/model.js";
export type { CompiledModel, EvaluateOptions, LoadableModel, LoadedModel, TraceEntry } from "./5-load/compiled-model.js";
export type { StateError } from "./5-load/state-errors.js";
export type { ColumnMapping, Digits, InputColumn, OutputColumn, SqlOptions, SqlQuery } from "./4-sql/query.js";
export { DIALECTS, type DialectName } from "./4-sql/dialects.js";
export { ruleColumn, SCORED } from "./4-sql/query.js";
export {
  createCompileCache,
  createResultCache,
  DEFAULT_CACHE_LIMITS,
  type CacheLimits,
  type CacheStats,
  type CompileCache,
  type ResultCache,
} from "./cache.js";
export { splitModel } from "./1-parse/content/split-model.js";
export { canonicalHash, identifyModel, modelHash, moduleKey, type ModelIdentity } from "./identity.js";
export { canonicalJson, canonicalJsonOfText, canonicalJsonWithMember } from "./canonical-json.js";
export { textMemo, type TextMemo } from "./text-memo.js";
export { sha256 } from "./sha256.js";

export interface CompileOptions {
  /** strict (public API, default) or lenient (imports: every DMN hit policy, looser inputs) */
  strict?: boolean;
  /** -O0 when false */
  optimise?: boolean;
  /** compute only these decisions (and what they need) */
  outputs?: string[];
  /**
   * Check the explain part's code now too, so that loading it for the first explanation is parsing
   * it (a server's compile worker does: the check of a large table's explain code takes longer than
   * an event loop may be held). Otherwise it is checked when first loaded.
   */
  verifyExplain?: boolean;
  /** the most characters of generated code; a model past it fails with `codegen.too-large` at the place (default: no limit) */
  maxCodeChars?: number;
}

export type CompileResult = { ok: true; model: CompiledModel } | { ok: false; check: CheckResult };

/**
 * A compilation up to the verified module source, not yet loaded: plain data (structured-clonable),
 * so it can be made in another thread and loaded where it runs (loadCompiled).
 */
export type SourceResult =
  { ok: true; hash: string; ir: ModelIR; check: CheckResult; loadable: LoadableModel } | { ok: false; check: CheckResult };

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

/** Phases 1–4: the verified module source and what the compiler knows of the model, unloaded. */
export function compileToSource(model: ModelInput, options: CompileOptions = {}, hash = modelHash(model)): SourceResult {
  const { ir, check, decisions } = analysedForSource(model, options);
  if (!ir) return { ok: false, check };
  const failed = (diagnostics: Diagnostic[]): SourceResult => {
    check.stages.push({ name: "codegen", ok: false, diagnostics });
    check.valid = false;
    return { ok: false, check };
  };
  let emitted;
  try {
    emitted = emitModule(ir, { decisions, maxChars: options.maxCodeChars, strict: options.strict ?? true });
  } catch (e) {
    if (!(e instanceof CodeTooLarge)) throw e;
    return failed([diagnostic("codegen.too-large", { limit: e.limit }, { address: e.address })]);
  }
  const { source, explainSource } = emitted;
  // The explain part is checked when it is first loaded (5-load), unless asked for here: evaluation never loads it.
  const problems = [...verifyGenerated(source), ...(options.verifyExplain ? verifyGenerated(explainSource) : [])];
  // An emitter bug, never a user error: reported as a failed stage rather than loading the code.
  if (problems.length > 0) return failed(problems);
  const loadable: LoadableModel = {
    source,
    explainSource,
    ...(options.verifyExplain ? { explainVerified: true } : {}),
    inputSchema: check.input,
    decisions: ir.decisions.map((d) => d.name),
    questions: ir.questions,
  };
  return { ok: true, hash, ir, check, loadable };
}

/** Phase 5: loads a compilation made here or in another thread. */
export function loadCompiled(compiled: SourceResult): CompileResult {
  if (!compiled.ok) return compiled;
  const { hash, check, loadable } = compiled;
  const source = verifiedExplainSource(loadable, verifyGenerated);
  const loaded = loadModel(loadable, source);
  return {
    ok: true,
    model: {
      ...loaded,
      hash,
      // read when asked: a compilation from a worker may carry it as text until then (server/compile-pool)
      get ir() {
        return compiled.ir;
      },
      check,
      get source() {
        return source();
      },
      loadable,
    },
  };
}

export function compileUncached(model: ModelInput, options: CompileOptions = {}, hash = modelHash(model)): CompileResult {
  return loadCompiled(compileToSource(model, options, hash));
}

const defaultCache = createCompileCache(compileUncached);

/** Compiles a model (cached by identity and options); a model that does not check is not compiled. */
export const compileModel = (model: ModelInput, options: CompileOptions = {}): CompileResult => defaultCache.get(model, options);

/** `inputs`: the names of the model's inputs (a column mapping names only these), when the model checks. */
export type SqlResult = SqlLowering & { check: CheckResult; inputs?: string[] };

/**
 * A model as one SQL query of a dialect (docs/sql.md), from the same optimised IR codegen reads:
 * the query, or every `sql.unsupported` that stops it. A model that does not check has no query.
 */
export function compileToSql(model: ModelInput, options: SqlOptions & Pick<CompileOptions, "strict" | "outputs">): SqlResult {
  const { ir, check, decisions } = analysedForSql(model, options);
  if (!ir) return { ok: false, diagnostics: [], check };
  return { ...lowerModel(ir, decisions, options), check, inputs: ir.inputs.map((i) => i.name) };
}

/**
 * The last model analysed and optimised for SQL, by its JSON text (key order included: it orders
 * the decisions) and options: a batch engine lowers
 * the same model twice (to plan, then over the file's columns and the digits its data needs), and
 * the analysis of a large table takes seconds. The lowering reads the IR and never changes it.
 */
let lastForSql:
  { key: string; ir: ModelIR | null; check: CheckResult; decisions: ReturnType<typeof optimise>; specialised: boolean } | undefined;

const analysisKey = (model: ModelInput, options: Pick<CompileOptions, "strict" | "outputs">): string =>
  JSON.stringify([model, options.strict ?? true, options.outputs ?? null]);

function analysedForSql(model: ModelInput, options: Pick<CompileOptions, "strict" | "outputs">) {
  const key = analysisKey(model, options);
  if (lastForSql?.key !== key) {
    const { ir, check } = analyse(model, options);
    lastForSql = { key, ir, check, decisions: ir ? optimiseForSql(ir, options.outputs) : [], specialised: false };
  }
  return lastForSql;
}

/**
 * The analysed and optimised model for its JS module: the one last analysed for SQL when it is
 * the same model (a batch engine compiles both, and the analysis of a large table is most of
 * either), else a fresh analysis. The check is a copy: a failed codegen adds its stage to it.
 */
function analysedForSource(
  model: ModelInput,
  options: CompileOptions,
): { ir: ModelIR | null; check: CheckResult; decisions: DecisionIR[] } {
  if (lastForSql && options.optimise !== false && lastForSql.key === analysisKey(model, options)) {
    // the passes for codegen run once (the lowering never reads what they mark)
    if (lastForSql.ir && !lastForSql.specialised) forCodegen(lastForSql.ir);
    lastForSql.specialised = true;
    const { ir, check, decisions } = lastForSql;
    return { ir, check: { ...check, stages: [...check.stages] }, decisions };
  }
  const { ir, check } = analyse(model, options);
  if (!ir) return { ir, check, decisions: [] };
  return { ir, check, decisions: options.optimise === false ? neededDecisions(ir, options.outputs) : optimise(ir, options.outputs) };
}
