// Questions without a model (spec 4.2 rule 1): the configured generator builds a model for them,
// or the account's questions cache already holds one. The cache key is the canonical questions,
// the mode, the generator and the state's shape the generator drafted from, never the state's
// values (rule 2). The generator's tokens are added to the call's spend whatever comes of the draft.
import type { CompiledModel } from "../compiler/index.js";
import { draftModel } from "../providers/drafting.js";
import { DIRECT } from "../providers/direct-generator.js";
import { stateShape } from "../providers/state-shape.js";
import { NO_USAGE, type Usage } from "../providers/types.js";
import type { ServiceDeps } from "./deps.js";
import type { ProviderSpend } from "./failed-work.js";
import { nextTurn } from "./next-turn.js";
import { guardProvider } from "./provider-problems.js";
import { failure, problem, success, type Outcome } from "./problems.js";
import { questionsCacheKey } from "./questions-cache.js";
import type { PortableModel } from "./resolve-model.js";
import { compileOrProblem, diagnosticEntries } from "./run.js";

export interface QuestionsModel {
  model: PortableModel;
  compiled: CompiledModel;
  cacheHit: boolean;
  usage: Usage;
}

/**
 * `state` is shown to a language-model generator only as its shape (keys and types, never values:
 * providers/state-shape.ts), so the model it drafts reads what the caller has. The draft is cached
 * per shape: a later call whose state has other keys or types gets a draft of its own rather than
 * one whose inputs read evidence it does not send; one with the same shape and other values reuses
 * it. The Direct generator is shown no shape, so its drafts are cached per questions alone.
 */
export async function modelForQuestions(
  questions: Record<string, unknown>,
  mode: "fast" | "thinking",
  accountId: string | null,
  deps: ServiceDeps,
  spend: ProviderSpend,
  state?: unknown,
): Promise<Outcome<QuestionsModel>> {
  const generator = deps.providers.questionsGenerator;
  const shape = generator.name === DIRECT ? undefined : stateShape(state);
  const key = questionsCacheKey(accountId, questions, mode, generator.name, shape);
  const cached = await deps.questionsCache.get(key);
  if (cached) {
    const compiled = await compileOrProblem(cached, deps);
    if (compiled.ok) return success({ model: cached, compiled: compiled.value, cacheHit: true, usage: NO_USAGE });
  }
  // The Direct generator is deterministic: a failed draft means the questions themselves are wrong.
  const attempts = generator.name === DIRECT ? 1 : deps.providers.maxAttempts;
  const request = { questions, mode, ...(shape ? { stateShape: shape } : {}) };
  // a drafted model's identity is hashed, and the model sent to the compile worker, in a turn after
  // its drafting (5,000 questions: about 60 ms of CPU each, 130 ms in one stretch before)
  const compile = async (m: PortableModel) => {
    await nextTurn();
    return deps.compiler.compile(m);
  };
  const drafted = await guardProvider(() => draftModel(generator, request, compile, attempts), spend);
  if (!drafted.ok) return drafted;
  const d = drafted.value;
  spend.add(d.usage);
  if (!d.ok) {
    const errors = diagnosticEntries(d.diagnostics);
    return failure(
      generator.name === DIRECT
        ? problem("invalid_model", `the questions do not make a valid model: ${errors.length} error(s); see errors`, errors)
        : problem("generation_failed", `the generator's model still failed the Check after ${d.attempts} attempt(s)`, errors),
    );
  }
  await deps.questionsCache.set(key, d.model);
  return success({ model: d.model, compiled: d.compiled, cacheHit: false, usage: d.usage });
}
