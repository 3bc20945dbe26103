// Generate, check, and on failure hand the compiler's diagnostics back to the generator for a
// repair, a bounded number of times. Pure apart from the generator call and the compile.
import type { CompiledModel, CompileResult } from "../compiler/index.js";
import type { Diagnostic } from "../ir/diagnostics.js";
import type { PortableModel } from "../ir/model.js";
import { addUsage } from "./llm/structured.js";
import { NO_USAGE, ProviderError, type GenerateRequest, type Generator, type Usage } from "./types.js";

export type DraftOutcome =
  | { ok: true; model: PortableModel; compiled: CompiledModel; usage: Usage; attempts: number }
  | { ok: false; model: PortableModel; diagnostics: Diagnostic[]; usage: Usage; attempts: number };

const errorsOf = (r: Extract<CompileResult, { ok: false }>): Diagnostic[] =>
  r.check.stages.flatMap((s) => s.diagnostics.filter((d) => d.severity === "error"));

export async function draftModel(
  generator: Generator,
  request: GenerateRequest,
  compile: (model: PortableModel) => CompileResult | Promise<CompileResult>,
  maxAttempts: number,
  signal?: AbortSignal,
): Promise<DraftOutcome> {
  let usage = NO_USAGE;
  let next: GenerateRequest = request;
  for (let attempt = 1; ; attempt++) {
    let model: PortableModel;
    let compiled: CompileResult;
    try {
      const generated = await generator.generate(next, signal);
      usage = addUsage(usage, generated.usage);
      model = { content: generated.content, questions: generated.questions };
      // `compile` may refuse the draft as the provider's failure (a model past the size limit)
      compiled = await compile(model);
    } catch (e) {
      // a round that fails still leaves the rounds before it paid for: the error carries them all
      if (e instanceof ProviderError) throw new ProviderError(e.kind, e.message, addUsage(usage, e.usage));
      throw e;
    }
    if (compiled.ok) return { ok: true, model, compiled: compiled.model, usage, attempts: attempt };
    const diagnostics = errorsOf(compiled);
    if (attempt >= maxAttempts) return { ok: false, model, diagnostics, usage, attempts: attempt };
    next = { ...request, current: { content: model.content, output: model.questions }, diagnostics };
  }
}
