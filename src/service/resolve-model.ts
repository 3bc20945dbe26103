// Which model a System One request carries. Three spellings of a complete model:
//   model: {content, questions}                      the portable model
//   model: "<the portable model as a JSON string>"   for clients that keep models as text
//   content: {...} with the outer questions           and no model field
// Questions without any model mean "generate or reuse a model" (the generator path).
import { canonicalJson, identifyModel, type ModelIdentity } from "../compiler/index.js";
import type { PortableModel } from "../ir/model.js";
import { jsonFault, MAX_JSON_DEPTH } from "./json-limits.js";
import { failure, invalidRequest, jsonFaultProblem, problem, success, type Outcome, type ProblemEntry } from "./problems.js";
import { kindOf } from "./schemas/validate.js";
import { isKnownModel } from "./known-models.js";

export type { PortableModel };

export type ModelSource =
  | {
      kind: "complete";
      model: PortableModel;
      bytes: number;
      /** the model's JSON text (as answered back) and hash, made once for the whole request */
      identity: ModelIdentity;
    }
  | { kind: "questions"; questions: Record<string, unknown> };

const isObject = (v: unknown): v is Record<string, unknown> => kindOf(v) === "object";
const entry = (address: string, code: string, message: string): ProblemEntry => ({ address, code, message });

/** The sources of recognised models (known-models.ts), resolved once: their identity, text and size. */
const knownSources = new WeakMap<object, Outcome<ModelSource>>();

/**
 * Each body's answer, for one asked twice (a call whose client is over its compile share is looked
 * at before the operation runs: systemone.ts, systemOneAdmission), with the size limit it was made under.
 */
const resolvedBodies = new WeakMap<object, { maxBytes: number; source: Outcome<ModelSource> }>();

/** `maxBytes`: the model size limit, checked on a model sent as text before it is parsed. */
export function resolveModel(body: Record<string, unknown>, maxBytes: number): Outcome<ModelSource> {
  const done = resolvedBodies.get(body);
  if (done?.maxBytes === maxBytes) return done.source;
  const source = resolveOnce(body, maxBytes);
  resolvedBodies.set(body, { maxBytes, source });
  return source;
}

function resolveOnce(body: Record<string, unknown>, maxBytes: number): Outcome<ModelSource> {
  const { model, content, questions } = body;
  if (content !== undefined || questions !== undefined || !isKnownModel(model)) return resolveFresh(body, maxBytes);
  const known = knownSources.get(model);
  if (known) return known;
  const source = resolveFresh(body, maxBytes);
  if (source.ok && source.value.kind === "complete") {
    Object.freeze(source.value.model);
    knownSources.set(model, source);
  }
  return source;
}

function resolveFresh(body: Record<string, unknown>, maxBytes: number): Outcome<ModelSource> {
  const { model, content, questions } = body;
  if (model !== undefined && content !== undefined) {
    return failure(invalidRequest([entry("body.content", "request.conflict", "content is an alternative to model: send one of them")]));
  }
  if (content !== undefined) {
    if (!isObject(questions)) {
      return failure(invalidRequest([entry("body.questions", "request.missing", "content requires the outer questions")]));
    }
    const m = { content: content as Record<string, unknown>, questions };
    const identity = identifyModel(m);
    return success({ kind: "complete", model: m, bytes: identity.text.length, identity });
  }
  if (model === undefined) {
    if (isObject(questions)) return success({ kind: "questions", questions });
    return failure(invalidRequest([entry("body.model", "request.missing", "send a model, content with questions, or questions")]));
  }
  const parsed = typeof model === "string" ? parseModelString(model, maxBytes) : success(model);
  if (!parsed.ok) return parsed;
  const pm = parsed.value;
  if (!isObject(pm) || !isObject(pm.content)) {
    return failure(
      invalidRequest([entry("body.model.content", "request.missing", "a portable model is an object with content and questions")]),
    );
  }
  const own = pm.questions;
  if (own !== undefined && !isObject(own)) {
    return failure(invalidRequest([entry("body.model.questions", "request.type", "model.questions must be an object")]));
  }
  if (own !== undefined && questions !== undefined && canonicalJson(own) !== canonicalJson(questions)) {
    return failure(
      invalidRequest([entry("body.questions", "request.conflict", "the outer questions differ from model.questions: send one set")]),
    );
  }
  const q = (own ?? questions) as Record<string, unknown> | undefined;
  if (!q) return failure(invalidRequest([entry("body.model.questions", "request.missing", "the portable model has no questions")]));
  const m = { content: pm.content, questions: q };
  // {content, questions} with both present: the identity's text is JSON.stringify(m) itself
  const identity = identifyModel(m);
  return success({ kind: "complete", model: m, bytes: typeof model === "string" ? model.length : identity.text.length, identity });
}

/**
 * A model sent as JSON text, parsed with the checks a body gets (json-limits.ts: depth, lone
 * surrogates) and within the model size limit, so it answers what the same model as an object
 * would.
 */
function parseModelString(text: string, maxBytes: number): Outcome<unknown> {
  if (text.length > maxBytes) return failure(tooLarge(text.length, maxBytes));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return failure(
      invalidRequest([entry("body.model", "model.not_json", `model is a string but not a JSON portable model: ${(e as Error).message}`)]),
    );
  }
  // the model sits one level into the body, as it would sent as an object
  const fault = jsonFault(parsed, "body.model", MAX_JSON_DEPTH, 1);
  return fault ? failure(jsonFaultProblem(fault)) : success(parsed);
}

/** 422 for a model over the size limit. */
export const tooLarge = (size: number, maxBytes: number) =>
  problem(
    "model_too_large",
    `the model has ${size} characters; the limit is ${maxBytes}: send a smaller model (fewer rules or shorter texts)`,
  );
